// Bundles entry.js and the locked @discord/embedded-app-sdk into one file, discord-sdk.js, served
// to the Activity page as /static/discord-sdk.js. Run `npm ci && npm run build` here after changing
// the SDK's version; commit discord-sdk.js with package-lock.json.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const sdk = JSON.parse(readFileSync("node_modules/@discord/embedded-app-sdk/package.json", "utf8"));
const license = readFileSync("node_modules/@discord/embedded-app-sdk/LICENSE.md", "utf8").replaceAll("*/", "* /").trim();
await build({
  entryPoints: ["entry.js"],
  bundle: true,
  format: "iife",
  globalName: "DiscordEmbeddedAppSdk",
  target: "es2020",
  minify: true,
  legalComments: "eof",
  banner: {
    js: `/* ${sdk.name} ${sdk.version}, bundled by bot/web/activity: npm ci && npm run build\n\n${license}\n*/`,
  },
  outfile: "discord-sdk.js",
});
