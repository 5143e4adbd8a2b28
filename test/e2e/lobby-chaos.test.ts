/**
 * The server killed with SIGKILL in the middle of quick play's waves, a small
 * run of the lobby's chaos test (scripts/chaos-lobby.ts, `npm run
 * chaos:lobby`): every seeker that did not cancel is paired once, to one
 * table and seat, after seeking again with its key; no seat is given twice;
 * every table is playing with its seekers' names. The script starts, kills
 * and restarts a wrangler dev of its own, not global-setup's.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const args = [
  ...["--seekers", "24", "--pools", "classic-2-live,classic-3-live,classic-4-live", "--over", "6"],
  ...["--kills", "1", "--gap", "1500-1500", "--cancel", "0.15", "--fill-after", "3", "--seed", "1"],
];

it("a kill -9 mid-wave loses no seeker and seats none twice", async () => {
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--experimental-strip-types", "--no-warnings", "scripts/chaos-lobby.ts", ...args],
      // On a timeout the script gets SIGTERM, and stops its server before it exits.
      { cwd: root, timeout: 150_000 },
      (error, out) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out }),
    );
  });
  const summary = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
  expect(code, stdout).toBe(0);
  expect(summary).toMatchObject({ seekers: 24, lost: 0, doubleSeated: 0, tablesWrong: 0, violations: 0 });
  expect(summary.kills).toBeGreaterThanOrEqual(1);
  expect(summary.paired + summary.cancelled + summary.cancelLost).toBe(24);
}, 180_000);
