#!/usr/bin/env node
/**
 * npm start [-- --port N --ip ADDRESS]: runs the service locally with
 * wrangler dev, Durable Object storage under .wrangler/state. Extra
 * arguments go to wrangler dev unchanged. Prints the local URL once the
 * service answers.
 *
 * The worker signs table ids with the secret TABLE_ID_KEY, which wrangler dev
 * reads from .dev.vars (gitignored): the first start writes a random one
 * there. Keep it: tables in .wrangler/state made under it answer 404 under
 * another. Likewise the VAPID key pair "your turn" notifications are sent
 * with (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { newVapidKeys } from "./vapid-keys.mjs";
import { runWrangler } from "./wrangler.mjs";

const devVars = new URL("../.dev.vars", import.meta.url);
/** Adds `lines` to .dev.vars (readable only by its owner), on a line of their own. */
function addVars(lines) {
  const vars = existsSync(devVars) ? readFileSync(devVars, "utf8") : "";
  const text = lines.map((line) => `${line}\n`).join("");
  appendFileSync(devVars, vars === "" || vars.endsWith("\n") ? text : `\n${text}`, { mode: 0o600 });
}
const has = (name) =>
  new RegExp(`^\\s*${name}\\s*=`, "m").test(existsSync(devVars) ? readFileSync(devVars, "utf8") : "");
if (!has("TABLE_ID_KEY")) {
  addVars([`TABLE_ID_KEY=${randomBytes(32).toString("base64url")}`]);
  console.log("Made a table id key for local use in .dev.vars.");
}
if (!has("VAPID_PUBLIC_KEY") && !has("VAPID_PRIVATE_KEY")) {
  addVars(Object.entries(newVapidKeys()).map(([name, value]) => `${name}=${value}`));
  console.log("Made VAPID keys for local notifications in .dev.vars.");
}

const args = process.argv.slice(2);
const { values } = parseArgs({ args, options: { port: { type: "string" }, ip: { type: "string" } }, strict: false });
const host = typeof values.ip === "string" ? values.ip : "localhost";
const url = `http://${host.includes(":") ? `[${host}]` : host}:${typeof values.port === "string" ? values.port : "8787"}/`;

const child = runWrangler(["dev", "--log-level", "warn", ...args]);
child.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));

// wrangler dev at log level warn does not print its address: say it once the worker answers.
for (let attempt = 0; attempt < 600; attempt++) {
  try {
    await fetch(url);
    console.log(`Chinese Checkers is running at ${url}`);
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
