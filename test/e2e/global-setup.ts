/**
 * The end-to-end tests' world: the client bundle, built fresh, and the whole
 * service under `wrangler dev` on a free localhost port with its Durable
 * Object storage in a new temporary folder, so every run starts clean, and
 * with a stall grace of seconds rather than a minute and a computer that
 * waits half a second before its moves rather than one and a half.
 * Tests read the address with `inject("baseUrl")`.
 */
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startServer } from "../../scripts/dev-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    screenshotDir: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The stall remedies' grace period under test (the service's default is 60 s). */
const STALL_GRACE_SECONDS = 3;
/** How long the computer waits before it plays a turn under test (the service's default is 1500 ms): a whole game against it fits a test. */
const COMPUTER_DELAY_MS = 250;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "inherit" });
  const server = await startServer({ vars: { STALL_GRACE_SECONDS, COMPUTER_DELAY_MS } });
  const baseUrl = server.url;
  const screenshotDir = join(root, "test-results", "screenshots");
  await rm(screenshotDir, { recursive: true, force: true }); // only this run's pictures
  project.provide("baseUrl", baseUrl);
  project.provide("screenshotDir", screenshotDir);
  console.log(`e2e: wrangler dev at ${baseUrl}; screenshots go to ${screenshotDir}`);
  return server.stop;
}
