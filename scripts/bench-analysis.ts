/**
 * npm run -s bench:analysis -- [--runs N] [--rates 1,4,6]
 *
 * What the game analysis (src/bots/analysis.ts) costs where it runs: in the
 * browser, in the analysis worker the table page starts (public/build/
 * analysis.js, built first), on a phone-class CPU.
 *
 * - The game: the strong computer player (20,000 positions a move, a clock
 *   that stands still) against the greedy one, two players, seat 1 first, as
 *   the browser test plays it: 67 moves. Its first 60 moves are "a 2-player
 *   game of 60 moves"; the whole game is measured too.
 * - In the browser: Chromium (@sparticuz/chromium, as the browser tests) on a
 *   bare page of a local server, which starts the real worker, posts it the
 *   request the table page posts, and times from `new Worker` to the result
 *   (the worker's start, its script's parse and first run included: each
 *   analysis is a fresh worker, as on the page). A phone-class CPU is
 *   Chromium's CPU throttling (DevTools protocol,
 *   `Emulation.setCPUThrottlingRate`): 4× is Lighthouse's mid-tier phone, 6×
 *   a low-end one. Medians of N runs (default 5), each in a new page. The
 *   throttling slows a page's own thread by the rate but its workers by less,
 *   as a fixed loop in a worker shows (the probe): so the phone-class figure
 *   is also estimated as the unthrottled time times the rate, an upper bound.
 * - In Node: the same analysis, CPU time, the first run in the process (cold)
 *   and the median of the next N.
 *
 * Prints the figures, then one JSON line with all of them.
 */
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { analyseGame } from "../src/bots/index.ts";
import { analysisRequest } from "../src/client/ui/analysis/protocol.ts";
import { Game, notatedOf } from "../src/rules/index.ts";
import { referenceGame } from "../test/analysis-game.ts";
import { browserArgs, browserFiles } from "../test/e2e/browser.ts";

const usage = "usage: npm run -s bench:analysis -- [--runs N] [--rates 1,4,6]";
const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, rates: { type: "string", default: "1,4,6" } },
});
const RUNS = Number(values.runs);
const RATES = values.rates.split(",").map(Number);
if (!Number.isInteger(RUNS) || RUNS < 1 || RATES.some((rate) => !(rate >= 1))) {
  console.error(usage);
  process.exit(1);
}

const root = fileURLToPath(new URL("..", import.meta.url));

/** The game after its first `moves` actions. */
function firstMoves(game: Game, moves: number): Game {
  return Game.replay(game.settings, { firstPlayer: game.firstPlayer }, game.history.slice(0, moves).map(notatedOf));
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const full = referenceGame();
const games = { "60 moves": firstMoves(full, 60), [`${full.history.length} moves (whole game)`]: full };

// --- Node ---------------------------------------------------------------------------------------
const node: Record<string, { coldMs: number; medianMs: number }> = {};
for (const [name, game] of Object.entries(games)) {
  let start = cpuMs();
  analyseGame(game);
  const coldMs = cpuMs() - start;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    start = cpuMs();
    analyseGame(game);
    times.push(cpuMs() - start);
  }
  node[name] = { coldMs, medianMs: median(times) };
}

// --- The browser ----------------------------------------------------------------------------------
execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "ignore" });
const workerScript = await readFile(`${root}public/build/analysis.js`);
/**
 * A fixed loop timed inside a worker: how much of the throttling rate reaches the page's workers. Chromium
 * throttles a page's own thread by the rate, its dedicated workers by less (and not always the same), so
 * the phone-class figure is also estimated as the unthrottled time times the rate (`estimate`).
 */
const PROBE = `onmessage = (event) => {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < event.data; i++) sum = (sum + i) | 0;
  postMessage(performance.now() - started + (sum & 0));
};`;
const PROBE_LOOPS = 30_000_000;

const server = createServer((request, response) => {
  if (request.url === "/probe.js") {
    response.setHeader("Content-Type", "text/javascript");
    response.end(PROBE);
    return;
  }
  if (request.url === "/build/analysis.js") {
    response.setHeader("Content-Type", "text/javascript");
    response.end(workerScript);
    return;
  }
  response.setHeader("Content-Type", "text/html");
  response.end("<!doctype html><title>analysis benchmark</title>");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
const { executablePath, env } = await browserFiles();
const browser = await chromium.launch({ executablePath, args: browserArgs(), env: { ...process.env, ...env } });
const browserVersion = `Chromium ${browser.version()}`;

/** A new page of the local server, its CPU throttled `rate` times (its workers' too, as far as Chromium does). */
async function throttledPage(rate: number): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(origin);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return page;
}

const inBrowser: Record<string, Record<string, { medianMs: number; runs: number[] }>> = {};
/** The probe's loop in a worker, median ms at each rate. */
const probe: Record<string, number> = {};
try {
  for (const rate of RATES) {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const page = await throttledPage(rate);
      const ms = await page.evaluate(
        (loops) =>
          new Promise<number>((resolve) => {
            const worker = new Worker("/probe.js");
            worker.onmessage = (event: MessageEvent<number>) => {
              worker.terminate();
              resolve(event.data);
            };
            worker.postMessage(loops);
          }),
        PROBE_LOOPS,
      );
      runs.push(Math.round(ms));
      await page.close();
    }
    probe[`${rate}x`] = median(runs);
  }
  for (const [name, game] of Object.entries(games)) {
    const request = analysisRequest(game, 1);
    inBrowser[name] = {};
    for (const rate of RATES) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const page = await throttledPage(rate);
        const result = await page.evaluate(
          (message) =>
            new Promise<{ ms: number; moves: number }>((resolve, reject) => {
              const started = performance.now();
              const worker = new Worker("/build/analysis.js");
              worker.onmessage = (event: MessageEvent<{ type: string; analysis?: { moves: unknown[] } }>) => {
                if (event.data.type === "progress") return;
                worker.terminate();
                if (event.data.type !== "result") reject(new Error(JSON.stringify(event.data)));
                else resolve({ ms: performance.now() - started, moves: event.data.analysis?.moves.length ?? 0 });
              };
              worker.postMessage(message);
            }),
          request,
        );
        if (result.moves !== game.history.length) throw new Error(`analysed ${result.moves} moves`);
        runs.push(Math.round(result.ms));
        await page.close();
      }
      inBrowser[name][`${rate}x`] = { medianMs: median(runs), runs };
    }
  }
} finally {
  await browser.close();
  server.close();
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.versions.node}, ${browserVersion}`;
console.log(`Game analysis, ${new Date().toISOString().slice(0, 10)}, ${machine}; ${RUNS} runs each`);
for (const [name, times] of Object.entries(inBrowser)) {
  const rates = Object.entries(times)
    .map(([rate, { medianMs, runs }]) => `${rate} CPU: ${medianMs} ms (${runs.join(", ")})`)
    .join("; ");
  console.log(`  ${name}, in the browser's worker: ${rates}`);
  console.log(
    `  ${name}, in Node (CPU): first ${node[name]?.coldMs.toFixed(0)} ms, then median ${node[name]?.medianMs.toFixed(0)} ms`,
  );
}
const base = probe["1x"];
console.log(
  `  throttling in a worker (a fixed loop, median of 3): ${Object.entries(probe)
    .map(([rate, ms]) => `${rate} ${ms} ms${base ? ` (${(ms / base).toFixed(1)}×)` : ""}`)
    .join(", ")}`,
);
/** The unthrottled worker's median times each rate: every millisecond of it stretched, the worker's start included. */
const estimate = Object.fromEntries(
  Object.entries(inBrowser).flatMap(([name, times]) => {
    const unthrottled = times["1x"]?.medianMs;
    return unthrottled === undefined
      ? []
      : [[name, Object.fromEntries(RATES.map((rate) => [`${rate}x`, Math.round(unthrottled * rate)]))]];
  }),
);
for (const [name, times] of Object.entries(estimate)) {
  const rates = Object.entries(times)
    .map(([rate, ms]) => `${rate} ${ms} ms`)
    .join(", ");
  console.log(`  ${name}, the unthrottled worker's time times the rate: ${rates}`);
}
console.log(JSON.stringify({ machine, runs: RUNS, browser: inBrowser, probe, estimate, node }));
