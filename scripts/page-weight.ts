/// <reference lib="dom" />
/**
 * npm run -s weight: what a first visit costs. Builds the client, starts
 * `wrangler dev` (scripts/dev-server.ts), and loads the front page and a
 * table's page in the browser tests' Chromium (test/e2e/browser.ts), each in
 * a fresh context (an empty cache), RUNS times (7 by default) after one
 * warm-up load. Prints, as Markdown:
 *
 * - the weight: every response the page loads until it is interactive, by
 *   file, as served and compressed. `wrangler dev` serves the files
 *   uncompressed, while Cloudflare compresses them for browsers, so the
 *   compressed sizes are computed here from each body: gzip with Node's zlib
 *   at its default level (as `npm run -s size` does) and brotli at quality 11.
 * - the time to interactive, median and range of the runs: from the start of
 *   the navigation to the moment the page's first control can be used, that
 *   is, the later of the first contentful paint and the control being in the
 *   page and enabled (the front page: its first button, "Play a friend"; a table: the
 *   board drawn and the table's state arrived over the socket, so a seat can
 *   be taken), with when the files had arrived, DOMContentLoaded and the
 *   first contentful paint beside it. Locally, with no network delay: a measure of the page's own work and
 *   of the machine's load (printed with the figures), not of a phone on a
 *   slow network.
 *
 * `-- --write` also puts the tables in README.md, between the page-weight
 * markers of its "Page weight" section.
 */
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { browserArgs, browserFiles } from "../test/e2e/browser.ts";
import { startServer } from "./dev-server.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.RUNS ?? 7);
const write = process.argv.includes("--write");

interface Load {
  /** Each response: the path, its body's size as served, gzipped and brotli'd. */
  files: { path: string; raw: number; gzip: number; brotli: number }[];
  ready: number;
  fcp: number;
  dcl: number;
  /** When the last of the page's files had arrived. */
  filesIn: number;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const ms = (value: number) => `${Math.round(value)} ms`;

/** A Markdown table with its columns padded, as the formatter (biome) writes it. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Loads `url` in a fresh context and times it until `selector` matches. */
async function load(browser: Browser, url: string, selector: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "en-GB" });
  const page = await context.newPage();
  // Notes when the page first matches the selector, from inside (DevTools' scripts are outside the page's CSP).
  await page.addInitScript((wanted: string) => {
    const mark = window as unknown as { __ready?: number };
    const check = () => {
      if (mark.__ready === undefined && document.querySelector(wanted)) {
        mark.__ready = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  }, selector);
  const responses: Promise<Load["files"][number] | null>[] = [];
  page.on("response", (response) => {
    responses.push(
      (async () => {
        const path = new URL(response.url()).pathname;
        if (response.status() >= 300 && response.status() < 400) return null;
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        return { path, raw: body.length, gzip: gzipSync(body).length, brotli };
      })(),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, null, {
    timeout: 30_000,
  });
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      filesIn: Math.max(navigation?.responseEnd ?? 0, ...resources.map((entry) => entry.responseEnd)),
      ready: (window as unknown as { __ready: number }).__ready,
      fcp: paint?.startTime ?? Number.NaN,
      dcl: navigation?.domContentLoadedEventEnd ?? Number.NaN,
    };
  });
  const files = (await Promise.all(responses)).filter((file) => file !== null);
  await context.close();
  return { files, ...timing };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "inherit" });
  const server = await startServer();
  const { executablePath, env } = await browserFiles();
  const browser = await chromium.launch({ executablePath, args: browserArgs(), env: { ...process.env, ...env } });
  try {
    const created = await fetch(`${server.url}/api/tables`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    const { id } = (await created.json()) as { id: string };
    const pages = [
      { name: "front page (`/`)", url: `${server.url}/`, ready: "form button[type=submit]:not([disabled])" },
      { name: "table (`/t/:id`)", url: `${server.url}/t/${id}`, ready: "#app[data-status] svg.board .hole" },
    ];
    const weight: string[][] = [["page", "files (gzip)", "as served", "gzip", "brotli"]];
    const times: string[][] = [
      [
        "page",
        `interactive (median of ${RUNS})`,
        "range",
        "files arrived",
        "DOMContentLoaded",
        "first contentful paint",
      ],
    ];
    for (const { name, url, ready } of pages) {
      await load(browser, url, ready); // warm-up: wrangler's first answers are slower
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) loads.push(await load(browser, url, ready));
      const { files } = loads[0] as Load;
      const sum = (key: "raw" | "gzip" | "brotli") => files.reduce((total, file) => total + file[key], 0);
      const list = files.map((file) => `${file.path.replace(/^\/t\/.*/, "/t/:id")} ${kib(file.gzip)}`).join(", ");
      weight.push([name, list, kib(sum("raw")), kib(sum("gzip")), kib(sum("brotli"))]);
      const readies = loads.map((one) => Math.max(one.ready, one.fcp));
      times.push([
        name,
        ms(median(readies)),
        `${ms(Math.min(...readies))}–${ms(Math.max(...readies))}`,
        ms(median(loads.map((one) => one.filesIn))),
        ms(median(loads.map((one) => one.dcl))),
        ms(median(loads.map((one) => one.fcp))),
      ]);
    }
    const averages = loadavg()
      .map((value) => value.toFixed(1))
      .join(", ");
    const machine = `Measured on ${new Date().toISOString().slice(0, 10)} with ${availableParallelism()} cores, load average ${averages}.`;
    const report = `${table(weight)}\n\n${table(times)}\n\n${machine}\n`;
    console.log(report);
    if (write) {
      const readme = `${root}README.md`;
      const text = await readFile(readme, "utf8");
      const start = "<!-- page-weight:start -->";
      const end = "<!-- page-weight:end -->";
      const from = text.indexOf(start);
      const to = text.indexOf(end);
      if (from < 0 || to < from) throw new Error("README.md has no page-weight markers");
      await writeFile(readme, `${text.slice(0, from + start.length)}\n\n${report}\n${text.slice(to)}`);
      console.log("written to README.md");
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

// Run, not imported (scripts/bench-pages.ts takes its table and median).
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
