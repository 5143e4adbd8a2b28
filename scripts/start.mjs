#!/usr/bin/env node
/**
 * npm start [-- --port N --ip ADDRESS]: runs the service locally with
 * wrangler dev, Durable Object storage under .wrangler/state. Extra
 * arguments go to wrangler dev unchanged. Prints the local URL once the
 * service answers.
 */
import { parseArgs } from "node:util";
import { runWrangler } from "./wrangler.mjs";

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
