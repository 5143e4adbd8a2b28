/**
 * The end-to-end tests' world: the client bundle, built fresh, and the whole
 * service under `wrangler dev` on a free localhost port with its Durable
 * Object storage in a new temporary folder, so every run starts clean, and
 * with a stall grace of seconds rather than a minute and a computer that
 * waits half a second before its moves rather than one and a half.
 * Tests read the address with `inject("baseUrl")`.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain ES module without types
import { runWrangler } from "../../scripts/wrangler.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    screenshotDir: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const STARTUP_MS = 90_000;
/** The stall remedies' grace period under test (the service's default is 60 s). */
const STALL_GRACE_SECONDS = 3;
/** How long the computer waits before it plays a turn under test (the service's default is 1500 ms): a whole game against it fits a test. */
const COMPUTER_DELAY_MS = 500;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer at ${url} within ${STARTUP_MS / 1000} s:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "inherit" });
  const port = await freePort();
  const state = await mkdtemp(join(tmpdir(), "cc-e2e-"));
  const child: ChildProcess = runWrangler(
    // A 3-second stall grace instead of a minute: the browser tests reach the stall remedies without waiting;
    // the computer's moves come after half a second: a game against it is played out in well under a minute.
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      state,
      "--log-level",
      "warn",
      "--var",
      `STALL_GRACE_SECONDS:${STALL_GRACE_SECONDS}`,
      "--var",
      `COMPUTER_DELAY_MS:${COMPUTER_DELAY_MS}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let log = "";
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM"); // the whole group: npx, wrangler and workerd
      } catch {
        // Already gone.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Gone.
      }
    }
    await rm(state, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${baseUrl}/`, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  const screenshotDir = join(root, "test-results", "screenshots");
  await rm(screenshotDir, { recursive: true, force: true }); // only this run's pictures
  project.provide("baseUrl", baseUrl);
  project.provide("screenshotDir", screenshotDir);
  console.log(`e2e: wrangler dev at ${baseUrl}; screenshots go to ${screenshotDir}`);
  return stop;
}
