// What the Activity page uses of Discord's Embedded App SDK, bundled by `npm run build` into
// discord-sdk.js (a global `DiscordEmbeddedAppSdk`): the page's own script is bot/web/static/activity.js.
export { DiscordSDK } from "@discord/embedded-app-sdk";
