/**
 * npm run -s bench -- [--runs N] [--depth6] [--no-native]
 *
 * Perft throughput of the rules engine, timed inside this process: one
 * warm-up run, then N timed runs (default 7) of 2-player perft(5) and
 * capture perft(4), and with --depth6 also 2-player perft(6). Every run's
 * node count is checked against the known count; a mismatch fails the bench.
 *
 * The native baseline (bench/native, a std-only Rust u128-bitboard perft of
 * the 2-player race) is built with `cargo build --release` and run as a child
 * process in the same bench run, with the same number of runs; its own
 * in-process timing is used. Without cargo the baseline is skipped.
 *
 * Prints a table, then one JSON line with every figure.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Game, perft, type Settings } from "../src/rules/index.ts";

interface Case {
  readonly name: string;
  readonly settings: Partial<Settings>;
  readonly depth: number;
  /** The known count. Capture perft(4) is confirmed by `perft-native --capture 4`. */
  readonly nodes: number;
  /** Arguments for the native baseline, when it covers the case. */
  readonly native?: readonly string[];
}

interface Timing {
  readonly runs: number;
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly timesMs: readonly number[];
}

interface NativeTiming extends Timing {
  readonly nodes: number;
}

const usage = "usage: npm run -s bench -- [--runs N] [--depth6] [--no-native]";
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    depth6: { type: "boolean", default: false },
    "no-native": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) fail(usage);

const cases: Case[] = [
  { name: "2-player perft(5)", settings: { players: 2 }, depth: 5, nodes: 3_188_520, native: ["5"] },
  { name: "capture perft(4)", settings: { variant: "capture" }, depth: 4, nodes: 25_688_472 },
];
if (values.depth6) {
  cases.push({ name: "2-player perft(6)", settings: { players: 2 }, depth: 6, nodes: 87_946_884, native: ["6"] });
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

function summarise(timesMs: number[]): Timing {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { runs: timesMs.length, medianMs, minMs: sorted[0], maxMs: sorted[sorted.length - 1], timesMs };
}

function timeEngine(c: Case): Timing {
  const position = Game.create(c.settings).searchPosition;
  const check = (nodes: number, run: string) => {
    if (nodes !== c.nodes) fail(`${c.name} ${run} counted ${nodes} leaves, expected ${c.nodes}`);
  };
  check(perft(position, c.depth), "warm-up");
  const timesMs: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const start = performance.now();
    const nodes = perft(position, c.depth);
    timesMs.push(performance.now() - start);
    check(nodes, `run ${run}`);
  }
  return summarise(timesMs);
}

const nativeDir = fileURLToPath(new URL("../bench/native/", import.meta.url));
const nativeBinary = `${nativeDir}target/release/perft-native`;

/** Builds the native baseline; returns why it is unavailable, or undefined when it is ready. */
function buildNative(): string | undefined {
  if (values["no-native"]) return "skipped (--no-native)";
  const cargo = spawnSync("cargo", ["--version"], { encoding: "utf8" });
  if (cargo.error || cargo.status !== 0) return "skipped: cargo not found";
  const build = spawnSync("cargo", ["build", "--release", "--quiet"], { cwd: nativeDir, stdio: "inherit" });
  if (build.status !== 0) fail("cargo build --release failed in bench/native");
  return undefined;
}

function timeNative(c: Case, args: readonly string[]): NativeTiming {
  const child = spawnSync(nativeBinary, ["--runs", String(runs), ...args], { encoding: "utf8" });
  if (child.status !== 0) fail(`native baseline failed for ${c.name}: ${child.stderr}`);
  const lines = child.stdout.trim().split("\n");
  const result = JSON.parse(lines[lines.length - 1]) as NativeTiming;
  if (result.nodes !== c.nodes) fail(`native ${c.name} counted ${result.nodes} leaves, expected ${c.nodes}`);
  return result;
}

const nativeStatus = buildNative();
const results = cases.map((c) => {
  // The baseline runs first, right before the engine, so both see the same machine load.
  const native = nativeStatus === undefined && c.native ? timeNative(c, c.native) : undefined;
  const engine = timeEngine(c);
  const leavesPerSecond = Math.round(c.nodes / (engine.medianMs / 1000));
  const ratio = native ? engine.medianMs / native.medianMs : undefined;
  return { name: c.name, depth: c.depth, nodes: c.nodes, engine, leavesPerSecond, native, ratio };
});

const ms = (value: number) => value.toFixed(1);
const rows = [
  ["case", "leaves", "median ms", "min ms", "max ms", "leaves/s", "native median ms", "JS/native"],
  ...results.map((r) => [
    r.name,
    String(r.nodes),
    ms(r.engine.medianMs),
    ms(r.engine.minMs),
    ms(r.engine.maxMs),
    `${(r.leavesPerSecond / 1e6).toFixed(1)} M`,
    r.native ? ms(r.native.medianMs) : "-",
    r.ratio === undefined ? "-" : `${r.ratio.toFixed(2)}×`,
  ]),
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
const line = (row: string[]) => row.map((cell, column) => cell.padStart(widths[column])).join("  ");
console.log(`node ${process.version}, ${runs} timed runs after a warm-up, medians`);
console.log(line(rows[0]));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const row of rows.slice(1)) console.log(line(row));
console.log(`native baseline: ${nativeStatus ?? "bench/native (Rust, u128 bitboards), same runs, in-process timing"}`);
console.log(
  JSON.stringify({
    node: process.version,
    runs,
    native: nativeStatus ?? "ok",
    results: results.map((r) => ({
      case: r.name,
      depth: r.depth,
      nodes: r.nodes,
      medianMs: round(r.engine.medianMs),
      minMs: round(r.engine.minMs),
      maxMs: round(r.engine.maxMs),
      leavesPerSecond: r.leavesPerSecond,
      nativeMedianMs: r.native ? round(r.native.medianMs) : null,
      ratio: r.ratio === undefined ? null : round(r.ratio),
    })),
  }),
);

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
