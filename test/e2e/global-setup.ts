/**
 * The end-to-end tests' world: the client bundle, built fresh, and the whole
 * service under `wrangler dev` on a free localhost port with its Durable
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
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startServer } from "../../scripts/dev-server.ts";
import { trustTestCertificate } from "../push/certificate.ts";
import { startPushReceiver } from "../push/receiver.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    screenshotDir: string;
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
  execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "inherit" });
  // Made already by vitest.config.ts in this process; made here if not (and then this process's children trust it).
  const tls = await trustTestCertificate();
  const receiver = await startPushReceiver({ tls });
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
    throw error;
  }
  const baseUrl = server.url;
  const screenshotDir = join(root, "test-results", "screenshots");
  await rm(screenshotDir, { recursive: true, force: true }); // only this run's pictures
  project.provide("baseUrl", baseUrl);
  project.provide("screenshotDir", screenshotDir);
  project.provide("pushReceiver", receiver.origin);
  console.log(
    `e2e: wrangler dev at ${baseUrl}, test push service at ${receiver.origin}; screenshots go to ${screenshotDir}`,
  );
  return async () => {
    await server.stop();
    await receiver.close();
  };
}
