#!/usr/bin/env node
/**
 * Runs wrangler offline-friendly: no metrics, no network look-ups of
 * Cloudflare's API, no update banner, logs kept in the project's .wrangler
 * folder. Usage: node scripts/wrangler.mjs <wrangler arguments…>
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_LOG_PATH: process.env.WRANGLER_LOG_PATH ?? `${root}.wrangler/logs`,
};

export function runWrangler(args, options = {}) {
  return spawn("npx", ["wrangler", ...args], { cwd: root, env: wranglerEnv, stdio: "inherit", ...options });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = runWrangler(process.argv.slice(2));
  child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
