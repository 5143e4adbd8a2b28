#!/usr/bin/env node
/**
 * npm run deploy [-- wrangler deploy arguments]: `wrangler deploy`, making
 * sure the worker has its table id key, the secret TABLE_ID_KEY. It asks
 * wrangler which secrets the worker has; if the key is not among them (the
 * first deploy, or a worker deployed before ids were signed), it makes one,
 * 32 random bytes, and uploads it with this deploy (`--secrets-file`, a file
 * readable only by its owner, removed afterwards; the key is never printed).
 * Secrets the worker has are kept: wrangler does not delete them on deploy.
 *
 * The VAPID key pair "your turn" notifications are sent with
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) is made the same way, together, on
 * the first deploy that lacks both; a worker with only one of them is not
 * deployed (a new pair would not match the other).
 *
 * If wrangler cannot say which secrets the worker has (not logged in, no
 * network), nothing is deployed: a new key in place of one it did not see
 * would break every table link made under the old one.
 *
 * PUSH_ALLOW_LOOPBACK, which lets the tests' push service on loopback be
 * sent to, is refused in any form (a var in the configuration, or `--var`),
 * dry runs included: a deployed worker must send only to the browsers' push
 * services.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { LOOPBACK_VARIABLE, newVapidKeys } from "./vapid-keys.mjs";
import { runWrangler } from "./wrangler.mjs";

const KEY = "TABLE_ID_KEY";

/** Runs wrangler; its exit code, and what it printed if `capture`. */
function wrangler(args, capture = false) {
  return new Promise((resolve, reject) => {
    const child = runWrangler(args, capture ? { stdio: ["ignore", "pipe", "pipe"] } : {});
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code: signal ? 1 : (code ?? 1), stdout, stderr }));
  });
}

/** The names of the worker's secrets; an empty list for a worker not deployed yet; undefined if unknown. */
async function secretNames(target) {
  const listed = await wrangler(["secret", "list", "--format", "json", ...target], true);
  if (listed.code === 0) {
    const json = listed.stdout.slice(listed.stdout.indexOf("["), listed.stdout.lastIndexOf("]") + 1);
    try {
      return JSON.parse(json).map((secret) => secret.name);
    } catch {
      // Not the list: said below.
    }
  }
  const output = `${listed.stdout}${listed.stderr}`;
  // wrangler's words for a worker that does not exist yet.
  if (/not found[\s\S]*If this is a new Worker/.test(output)) return [];
  process.stderr.write(output);
  return undefined;
}

const args = process.argv.slice(2);
// The worker the deploy goes to: the same configuration, environment and name for the secrets.
const { values } = parseArgs({
  args,
  options: { config: { type: "string", short: "c" }, env: { type: "string", short: "e" }, name: { type: "string" } },
  strict: false,
});

const configuration = readFileSync(typeof values.config === "string" ? values.config : "wrangler.toml", "utf8");
if (configuration.includes(LOOPBACK_VARIABLE) || args.some((arg) => arg.includes(LOOPBACK_VARIABLE))) {
  console.error(`deploy: ${LOOPBACK_VARIABLE} is for tests only (push to loopback): nothing deployed.`);
  process.exit(1);
}
if (args.includes("--dry-run")) process.exit((await wrangler(["deploy", ...args])).code);
const target = [];
for (const option of ["config", "env", "name"]) {
  if (typeof values[option] === "string") target.push(`--${option}`, values[option]);
}

const names = await secretNames(target);
if (names === undefined) {
  console.error(`deploy: could not list the worker's secrets, so cannot tell whether it has ${KEY}: nothing deployed.`);
  process.exit(1);
}
const made = {};
if (!names.includes(KEY)) made[KEY] = randomBytes(32).toString("base64url");
const vapid = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"].filter((name) => names.includes(name));
if (vapid.length === 1) {
  console.error(
    `deploy: the worker has ${vapid[0]} but not its pair: put both, or delete it, first. Nothing deployed.`,
  );
  process.exit(1);
}
if (vapid.length === 0) Object.assign(made, newVapidKeys());
if (Object.keys(made).length === 0) process.exit((await wrangler(["deploy", ...args])).code);

console.log(`deploy: the worker has no ${Object.keys(made).join(", ")}: making them, uploaded with this deploy.`);
const folder = await mkdtemp(join(tmpdir(), "cc-deploy-"));
try {
  const file = join(folder, "secrets.json");
  await writeFile(file, JSON.stringify(made), { mode: 0o600 });
  process.exitCode = (await wrangler(["deploy", "--secrets-file", file, ...args])).code;
} finally {
  await rm(folder, { recursive: true, force: true });
}
