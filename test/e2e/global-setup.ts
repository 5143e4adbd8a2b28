/**
 * The end-to-end tests' world: the whole service (its client built by
 * vitest.config.ts, once for the run) under `wrangler dev` on a free localhost port with its Durable
 * Object storage in a new temporary folder, so every run starts clean, and
 * with a stall grace of seconds rather than a minute and a computer that
 * waits half a second before its moves rather than one and a half.
 * Tests read the address with `inject("baseUrl")`.
 *
 * Beside it, the test push service (test/push/receiver.ts) on an https
 * loopback port, `inject("pushReceiver")`: wrangler dev's workerd trusts its
 * CA (NODE_EXTRA_CA_CERTS in wrangler's environment), and the worker is told
 * it may push to loopback (PUSH_ALLOW_LOOPBACK, here only, never in
 * wrangler.toml). Test files reach it by its control API
 * (test/push/control.ts); their own fetch trusts the CA, the variable being
 * set before vitest started them (vitest.config.ts).
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startServer } from "../../scripts/dev-server.ts";
import { trustTestCertificate } from "../push/certificate.ts";
import { startPushReceiver } from "../push/receiver.ts";
import { browserArgs, browserFiles } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    screenshotDir: string;
    /** Whether to take pictures of the pages: SCREENSHOTS=1 (`npm run screenshots`). */
    screenshots: boolean;
    /** The shared browser's address for `chromium.connect` (helpers.ts's `launch`); "" for a browser per file. */
    browserEndpoint: string;
    /** The test push service's origin, https://127.0.0.1:<port>. */
    pushReceiver: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The stall remedies' grace period under test (the service's default is 60 s). */
const STALL_GRACE_SECONDS = 3;
/** How long the computer waits before it plays a turn under test (the service's default is 1500 ms): a whole game against it fits a test. */
const COMPUTER_DELAY_MS = 250;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Made already by vitest.config.ts in this process; made here if not (and then this process's children trust it).
  const tls = await trustTestCertificate();
  const receiver = await startPushReceiver({ tls });
  // The browser starts while wrangler dev does.
  const browser = launchBrowserServer();
  browser.catch(() => {}); // awaited below
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      vars: {
        STALL_GRACE_SECONDS,
        COMPUTER_DELAY_MS,
        PUSH_ALLOW_LOOPBACK: "true",
        // vitest.config.ts's key pair for this run, and a grace of a second.
        VAPID_PUBLIC_KEY: process.env.TEST_VAPID_PUBLIC_KEY ?? "",
        VAPID_PRIVATE_KEY: process.env.TEST_VAPID_PRIVATE_KEY ?? "",
        NOTIFY_GRACE_SECONDS: 1,
        // Quick play offers computer players after 3 s of waiting rather than 20.
        POOL_FILL_AFTER_SECONDS: 3,
      },
      env: { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? "" },
    });
  } catch (error) {
    await receiver.close();
    await (await browser.catch(() => null))?.close();
    throw error;
  }
  let browserServer: BrowserServer | null;
  try {
    browserServer = await browser;
  } catch (error) {
    await server.stop();
    await receiver.close();
    throw error;
  }
  const baseUrl = server.url;
  const screenshotDir = join(root, "test-results", "screenshots");
  const screenshots = process.env.SCREENSHOTS === "1";
  if (screenshots) await rm(screenshotDir, { recursive: true, force: true }); // only this run's pictures
  project.provide("baseUrl", baseUrl);
  project.provide("screenshotDir", screenshotDir);
  project.provide("screenshots", screenshots);
  project.provide("browserEndpoint", browserServer?.wsEndpoint() ?? "");
  project.provide("pushReceiver", receiver.origin);
  console.log(
    `e2e: wrangler dev at ${baseUrl}, test push service at ${receiver.origin}; ${screenshots ? `screenshots go to ${screenshotDir}` : "no screenshots (npm run screenshots takes them)"}`,
  );
  return async () => {
    await browserServer?.close();
    await server.stop();
    await receiver.close();
  };
}

/**
 * With E2E_SHARED_BROWSER=1, one browser the test files share (each connects to it: helpers.ts's
 * `launch`); by default none, and each file launches its own: measured on two cores (BENCHMARKS.md,
 * "Test time"), the e2e project took 817 s sharing one and 604 s with one a file.
 */
async function launchBrowserServer(): Promise<BrowserServer | null> {
  if (process.env.E2E_SHARED_BROWSER !== "1") return null;
  const { executablePath, env } = await browserFiles();
  return chromium.launchServer({ executablePath, args: browserArgs(), env: { ...process.env, ...env } });
}
