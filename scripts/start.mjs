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
 * another.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runWrangler } from "./wrangler.mjs";

const devVars = new URL("../.dev.vars", import.meta.url);
const vars = existsSync(devVars) ? readFileSync(devVars, "utf8") : "";
if (!/^\s*TABLE_ID_KEY\s*=/m.test(vars)) {
  const line = `TABLE_ID_KEY=${randomBytes(32).toString("base64url")}\n`;
  appendFileSync(devVars, vars === "" || vars.endsWith("\n") ? line : `\n${line}`, { mode: 0o600 });
  console.log("Made a table id key for local use in .dev.vars.");
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
