// The Activity page inside Discord (the seat page's layout, with the history for a spectator):
// Discord's Embedded App SDK (discord-sdk.js, bundled from npm) says who opened it and where; the
// table then shows that person's seat page, or the public page for a spectator. The session lives
// in this page's memory only and rides on a request header: an Activity is a frame of another
// site, whose cookies browsers keep apart.
"use strict";

(async () => {
  const status = document.createElement("p");
  status.className = "lines signin";
  status.setAttribute("role", "status");
  status.textContent = t("Signing in with Discord…");
  document.querySelector("main").before(status);
  document.getElementById("live").textContent = t("signing in…");
  const clientId = document.querySelector('meta[name="discord-client-id"]').content;
  try {
    if (!window.DiscordEmbeddedAppSdk || window.parent === window) {
      throw new Error(t("This page opens inside Discord: ▶ Play → 🎲 Open in Discord."));
    }
    const sdk = new DiscordEmbeddedAppSdk.DiscordSDK(clientId);
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
    });
    const response = await fetch("/activity/session", {
      method: "POST",
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        code, instance_id: sdk.instanceId, channel_id: sdk.channelId, guild_id: sdk.guildId,
      }),
    });
    const answer = await response.json().catch(() => ({ error: t("The table did not answer.") }));
    if (!response.ok) throw new Error(answer.error || t("The table did not answer."));
    await sdk.commands.authenticate({ access_token: answer.access_token });
    status.hidden = true;
    window.gameTable.start(answer.kind, answer.page, answer.session);
  } catch (error) {
    status.textContent = String((error && error.message) || error);
    status.className = "error";
    document.getElementById("live").textContent = t("not signed in");
  }
})();
