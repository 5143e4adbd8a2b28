/**
 * The server killed with SIGKILL in the middle of games, a small run of the
 * chaos test (scripts/chaos.ts, `npm run chaos`): every event a client saw is
 * still stored after the restart, every client resumes with its token and its
 * last seq, and a move resent after the crash is applied once. The script
 * starts, kills and restarts a wrangler dev of its own, not global-setup's.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const args = ["--tables", "3", "--kills", "1", "--gap", "1000-1000", "--final", "500", "--seed", "1"];

it("a kill -9 mid-game loses no event a client saw, and every client resumes", async () => {
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--experimental-strip-types", "--no-warnings", "scripts/chaos.ts", ...args],
      // On a timeout the script gets SIGTERM, and stops its server before it exits.
      { cwd: root, timeout: 150_000 },
      (error, out) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out }),
    );
  });
  const summary = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
  expect(code, stdout).toBe(0);
  expect(summary).toMatchObject({
    kills: 1,
    clients: 9,
    resumed: [9],
    violations: 0,
    lost: 0,
    changed: 0,
    duplicated: 0,
  });
  expect((summary.eventsSeenBeforeKills as number[])[0]).toBeGreaterThan(0);
}, 180_000);
