/// <reference lib="dom" />
/**
 * npm run -s bench:pages [-- --base URL --http1 --screenshots DIR]: how soon each
 * page is usable on a slow phone (issue 33, "Fast to use"). Each page is
 * opened cold (a fresh browser context: empty cache and storage) in the
 * browser tests' Chromium (test/e2e/browser.ts), RUNS times (5 by default)
 * after one warm-up round, the pages taking turns so that a change in the
 * machine's load falls on all of them. Prints Markdown tables of the medians
 * and ranges, with the machine's load average.
 *
 * The phone, set through a DevTools session of the page's own
 * (`context.newCDPSession(page)`) before it navigates:
 *
 * - CPU: `Emulation.setCPUThrottlingRate {rate: 4}`, Lighthouse's mobile
 *   slowdown (`cpuSlowdownMultiplier: 4`).
 * - Network: `Network.emulateNetworkConditions` with Chrome DevTools' "Slow 4G"
 *   preset (chrome-devtools-frontend, front_end/core/sdk/NetworkManager.ts,
 *   `Slow4GConditions`, renamed from "Fast 3G" in 2024 to match Lighthouse):
 *   latency 150 ms × 3.75 = 562.5 ms, down 1.6 Mbit/s × 0.9, up 750 kbit/s ×
 *   0.9. That is Lighthouse's `throttling.mobileSlow4G` (core/config/
 *   constants.js: rttMs 150, throughputKbps 1.6 × 1024, uploadThroughputKbps
 *   750, with DEVTOOLS_RTT_ADJUSTMENT_FACTOR 3.75 and
 *   DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR 0.9) as its DevTools throttling
 *   applies it; DevTools counts a kbit as 1000 bits where Lighthouse counts
 *   1024, 2.4 % less bandwidth here. Latency is added per request, so every
 *   request the page waits on before the next costs at least 562.5 ms. The
 *   socket's handshake is delayed so, but not its frames: the `hello` →
 *   `welcome` exchange costs no latency here, where a phone would pay a
 *   round trip (some 150 ms) for it.
 * - Screen: 390 × 844 CSS px (the browser tests' phone), `isMobile` and
 *   `hasTouch` on, as a phone is: the page's meta viewport applies, the
 *   board's touch assistance (touch.ts) is what a finger gets, and the first
 *   click is a tap (`page.touchscreen.tap`). Device scale factor 1: the
 *   headless shell rasterises in software on this machine's shared cores,
 *   where a phone has a GPU, so a denser screen would time the machine's
 *   rasteriser rather than the page.
 *
 * The times are taken in the page, from the start of its navigation
 * (`performance.now()`), by a script added before the page's own
 * (`addInitScript`): a MutationObserver checks after each batch of DOM
 * changes whether the page's condition holds, and when it first does, waits
 * for the next frame (`requestAnimationFrame`, then a message, so the time
 * falls after that frame's style, layout and paint): the figure is when the
 * change was drawn, not when it was in the DOM. Node is told through an
 * exposed function (`context.exposeFunction`), so nothing polls the page,
 * and Playwright's selector engine and actionability checks are never used
 * during a timed load: the page is read with DevTools' `Runtime.evaluate`
 * and the tap is raw touch input at the middle of the element. The
 * conditions:
 *
 * - table `/t/<id>` and embed `/embed/<id>`, "board drawn": an `svg.board`
 *   with its 121 `.hole[data-hole]` and exactly the table's pieces, hole by
 *   hole (`data-piece`, from the rules engine's replay of the table's
 *   moves). The table is a two-player race made through the API before the
 *   runs, a move played by each (so its position is not the starting one,
 *   which a page could draw without asking the table); the table page's
 *   visitor is its seat 1 and host (Aino), whose turn it is: her tokens are
 *   in localStorage as the client keeps them (src/client/sdk/storage.ts,
 *   `chinese-checkers:seat:<id>`, `host:<id>`, `seat-number:<id>`), and the
 *   board's turn in the cookie her page keeps for the table's address
 *   (`board-turn`, from which the worker turns the board it draws in the
 *   HTML: src/server/http/table-picture.ts), as after an earlier visit. Her
 *   opponent stays connected from Node all along. The embed's visitor is a
 *   stranger (no tokens), as on another site.
 * - a table waiting for players, `/t/<id>` (its own page since issue 33's
 *   between-games stage: pages/table-between.ts), "usable": a stranger's
 *   Sit down button in the page (`.join-card button.sit-down`), under the
 *   name field, where one tap takes the seat (sent once the page's client
 *   has come, if it has not yet). Aino, seated at a table for two, stays
 *   connected from Node all along; no click is timed, as one would fill it.
 * - front page `/`, "usable": the "Play a friend" button in the page and
 *   enabled (`form button[type=submit][value=friend]:not([disabled])`);
 *   what a click on it does may still be on its way then (a part fetched
 *   after the page is drawn), which the click, a second after the load
 *   event, does not show.
 * - rules `/rules`: the contents' links (`main.rules nav.contents a`).
 * - My tables `/tables`: the row of the table the visitor sits at with its
 *   players, i.e. its snapshot read (`main.my-tables li.my-table
 *   .table-players`), or the empty state (`main.my-tables p.empty`); the
 *   visitor holds Aino's tokens.
 * - 404 `/no-such-page`: its link to the front page (`main.not-found
 *   a[href="/"]`).
 *
 * "First click answered", from the click event's time (`event.timeStamp`)
 * to the frame that shows the answer, both in the page, once the page has
 * loaded and been still for a second:
 *
 * - table: a tap on one of Aino's movable pieces (`.hole.movable`, which
 *   appears once the page knows it is her turn: from the snapshot in its
 *   HTML, or before that change from its socket), answered by its
 *   destinations (`.hole.destination`).
 * - front page: the name typed (an `input` event, untimed), then a tap on
 *   "Play a friend", answered by the form going busy (the button disabled);
 *   also timed to the new table's page with its board drawn (`#app
 *   [data-status]` and a 121-hole board with pieces), by the two pages'
 *   `performance.timeOrigin`.
 *
 * "Offered": when the page could first take that click, from the start of
 * the load to the frame that shows the movable piece or the enabled button.
 *
 * Also from each load: the first contentful paint; the layout shifts
 * (PerformanceObserver 'layout-shift', the sum of the values without recent
 * input, from the start until a second after the load event, before the
 * click: "nothing jumps", as a figure); and from the DevTools session's Network events, the bytes
 * received (`encodedDataLength`, headers included, compressed as served)
 * and the requests finished before the page was usable. The first timed
 * table-page load's requests and socket frames are listed with their times,
 * on the page's clock.
 *
 * The pages are served over HTTPS and HTTP/2 by a front in this process
 * (`http2Front`), as Cloudflare serves browsers, where `wrangler dev` and
 * `npm start` speak HTTP/1.1: under per-request latency and Chromium's 6
 * connections a host, a page of many files would pay the latency once per
 * wave of 6. `--http1` loads them straight from the server instead.
 *
 * Options: `--base URL` measures a server already running (an older
 * checkout's `npm start`) instead of building the client and starting
 * `wrangler dev` (scripts/dev-server.ts); `--screenshots DIR` also loads the
 * front page, the table page and the waiting table's once more each, filming them
 * (`Page.startScreencast`), and saves the frame shown at every 200 ms of the
 * page's clock as DIR/<page>-<ms>.png (where it changed since the last),
 * until a second after its load event: a filmstrip to look for jumps in
 * (that load is not one of the timed ones).
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes, X509Certificate } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { createSecureServer, type ServerHttp2Stream } from "node:http2";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Browser, type BrowserContext, type CDPSession, chromium } from "playwright-core";
import { greedyMove } from "../src/bots/index.ts";
import {
  createTable,
  hostTokenKey,
  memoryTokens,
  seatNumberKey,
  seatTokenKey,
  TableClient,
} from "../src/client/sdk/index.ts";
import { turnFor } from "../src/client/ui/table-page/turn-toggle.ts";
import type { Snapshot } from "../src/protocol/index.ts";
import { BOARD_TURN_COOKIE } from "../src/protocol/table-picture.ts";
import { formatPath, Game, parseMove } from "../src/rules/index.ts";
import { browserArgs, browserFiles } from "../test/e2e/browser.ts";
import { makeTestCertificate } from "../test/push/certificate.ts";
import { type Server, sleep, startServer } from "./dev-server.ts";
import { kib, median, ms, table } from "./page-weight.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`RUNS is ${process.env.RUNS}: a whole number of runs, 1 or more`);
const { values: options } = parseArgs({
  options: {
    base: { type: "string" },
    screenshots: { type: "string" },
    http1: { type: "boolean", default: false },
  },
});

/** Chrome DevTools' "Slow 4G" preset, in the units of `Network.emulateNetworkConditions` (ms, bytes per second). */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  connectionType: "cellular4g",
} as const;
const CPU_SLOWDOWN = 4;
const PHONE = { width: 390, height: 844 };
/** The target of issue 33: the table page's board drawn within this on that phone. */
const TARGET_MS = 1500;
/** How long a page may take to be usable, or a click to be answered, before the run fails. */
const TIMEOUT_MS = 60_000;
/** The key prefix of the client's token store (`webStorageTokens`). */
const KEY_PREFIX = "chinese-checkers:";

/** What the page's script waits for: a selector matching, or a board with 121 holes and these pieces. */
type Condition =
  | { readonly kind: "selector"; readonly selector: string }
  | {
      readonly kind: "board";
      /** Hole name → `data-piece`; null: any pieces, on a table page that knows its table (`#app[data-status]`). */
      readonly pieces: Readonly<Record<string, string>> | null;
    };

/** The page script's configuration: the condition for each path (the first whose pattern matches), and the click's answer. */
interface ProbeConfig {
  readonly rules: readonly (readonly [string, Condition])[];
  /** Present in the page when it can take the click (reported as "clickable"). */
  readonly clickable: string | null;
  readonly answer: Condition | null;
}

/** What the page's script notes, in ms of the page's clock. */
interface Marks {
  readyDom: number | null;
  ready: number | null;
  /** When the page could first take the click (its `clickable` drawn). */
  clickable: number | null;
  click: number | null;
  answerDom: number | null;
  answer: number | null;
  /** The first contentful paint's time (as presented, a frame after its rendering). */
  fcp: number | null;
  /** Layout shifts without recent input: [startTime, value]. */
  shifts: [number, number][];
}

/**
 * The page's own probe, run before any of its scripts in every document of the
 * context (the front page's click leads to a table's). Self-contained: it is
 * sent to the page as source.
 */
function probe(config: ProbeConfig): void {
  if (window !== window.top || location.protocol === "about:") return;
  const marks: Marks = {
    readyDom: null,
    ready: null,
    clickable: null,
    click: null,
    answerDom: null,
    answer: null,
    fcp: null,
    shifts: [],
  };
  const global = window as unknown as { __bench: Marks; __benchSignal?: (what: string) => void };
  global.__bench = marks;
  const signal = (what: string) => {
    try {
      global.__benchSignal?.(`${what} ${location.pathname}`);
    } catch {
      // No binding: nobody listens.
    }
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) marks.shifts.push([entry.startTime, entry.value]);
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName("first-contentful-paint")) marks.fcp ??= entry.startTime;
    }).observe({ type: "paint", buffered: true });
  } catch {
    // No layout shift or paint timing.
  }
  const rule = config.rules.find(([pattern]) => new RegExp(pattern).test(location.pathname));
  const ready = rule?.[1] ?? null;
  const boardDrawn = (pieces: Readonly<Record<string, string>> | null): boolean => {
    for (const board of Array.from(document.querySelectorAll("svg.board"))) {
      if (board.querySelectorAll(".hole[data-hole]").length !== 121) continue;
      const occupied = Array.from(board.querySelectorAll(".hole[data-piece]"));
      if (pieces === null) {
        if (occupied.length > 0 && document.querySelector("#app[data-status]")) return true;
      } else if (
        occupied.length === Object.keys(pieces).length &&
        occupied.every((hole) => pieces[hole.getAttribute("data-hole") ?? ""] === hole.getAttribute("data-piece"))
      ) {
        return true;
      }
    }
    return false;
  };
  const holds = (condition: Condition) =>
    condition.kind === "board" ? boardDrawn(condition.pieces) : document.querySelector(condition.selector) !== null;
  /** Calls `done` with the time after the next frame's rendering. */
  const afterNextFrame = (done: (time: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  let clickable = false;
  const check = () => {
    if (ready && marks.readyDom === null && holds(ready)) {
      marks.readyDom = performance.now();
      afterNextFrame((time) => {
        marks.ready = time;
        signal("ready");
      });
    }
    if (config.clickable && !clickable && document.querySelector(config.clickable)) {
      clickable = true;
      afterNextFrame((time) => {
        marks.clickable = time;
        signal("clickable");
      });
    }
    if (config.answer && marks.click !== null && marks.answerDom === null && holds(config.answer)) {
      marks.answerDom = performance.now();
      afterNextFrame((time) => {
        marks.answer = time;
        signal("answer");
      });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  addEventListener(
    "click",
    (event) => {
      if (marks.click !== null || !event.isTrusted) return;
      marks.click = event.timeStamp;
      // For the page the click leads to: when it was, on the clock both pages share.
      sessionStorage.setItem("bench-click", String(performance.timeOrigin + event.timeStamp));
      check();
    },
    { capture: true },
  );
}

/** Puts a table's tokens where the client keeps them, before the page runs. */
function putTokens(entries: Readonly<Record<string, string>>): void {
  try {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  } catch {
    // A document without storage (about:blank).
  }
}

/** A request or a socket's frame, on the page's clock (ms). */
interface Traffic {
  readonly what: string;
  readonly start: number;
  readonly end: number;
  readonly bytes: number;
}

/**
 * The page's traffic from its DevTools session's Network events: the HTTP
 * requests (bytes as received, headers included) and the socket's handshake
 * and frames. Times are DevTools' monotonic clock until `toPageClock` maps
 * them with the document's own request (Navigation Timing's `requestStart`).
 */
function recordTraffic(cdp: CDPSession) {
  const requests = new Map<string, { url: string; type: string; start: number; end?: number; bytes?: number }>();
  const frames: { what: string; time: number; bytes: number }[] = [];
  const sockets = new Map<string, { url: string; start: number; open?: number }>();
  let documentTiming: { requestTime: number; sendStart: number } | null = null;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.url.startsWith("data:")) return;
    requests.set(event.requestId, { url: event.request.url, type: event.type ?? "", start: event.timestamp });
  });
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Document" && documentTiming === null && event.response.timing) {
      documentTiming = { requestTime: event.response.timing.requestTime, sendStart: event.response.timing.sendStart };
    }
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  cdp.on("Network.webSocketCreated", (event) => {
    sockets.set(event.requestId, { url: event.url, start: Number.NaN });
  });
  cdp.on("Network.webSocketWillSendHandshakeRequest", (event) => {
    const socket = sockets.get(event.requestId);
    if (socket) socket.start = event.timestamp;
  });
  cdp.on("Network.webSocketHandshakeResponseReceived", (event) => {
    const socket = sockets.get(event.requestId);
    if (socket) socket.open = event.timestamp;
  });
  const frame = (direction: string) => (event: { timestamp: number; response: { payloadData: string } }) => {
    const text = event.response.payloadData;
    const type = /"type":"([^"]+)"/.exec(text)?.[1] ?? text.slice(0, 12);
    frames.push({ what: `${direction} ${type}`, time: event.timestamp, bytes: text.length });
  };
  cdp.on("Network.webSocketFrameSent", frame("socket sent"));
  cdp.on("Network.webSocketFrameReceived", frame("socket received"));

  return {
    /** Everything so far, on the page's clock, given the document's `requestStart` there. */
    toPageClock(requestStart: number): Traffic[] {
      if (documentTiming === null) return [];
      const { requestTime, sendStart } = documentTiming;
      const at = (seconds: number) => seconds * 1000 - (requestTime * 1000 + sendStart - requestStart);
      const path = (url: string) => {
        const { pathname, search } = new URL(url);
        return `${pathname}${search}`;
      };
      return [
        ...[...requests.values()].map((request) => ({
          what: `${request.type} ${path(request.url)}`,
          start: at(request.start),
          end: request.end === undefined ? Number.NaN : at(request.end),
          bytes: request.bytes ?? 0,
        })),
        ...[...sockets.values()].map((socket) => ({
          what: `socket ${path(socket.url)} (handshake)`,
          start: at(socket.start),
          end: socket.open === undefined ? Number.NaN : at(socket.open),
          bytes: 0,
        })),
        ...frames.map((one) => ({ what: one.what, start: at(one.time), end: at(one.time), bytes: one.bytes })),
      ].sort((a, b) => a.start - b.start);
    },
  };
}

interface PageSpec {
  readonly name: string;
  readonly path: string;
  /** Whether the visitor holds Aino's tokens. */
  readonly seated: boolean;
  readonly ready: Condition;
  /** The click: what to tap once `clickable` is in the page, and its answer. */
  readonly click?: {
    readonly clickable: string;
    readonly target: string;
    readonly answer: Condition;
    /** Run in the page before the tap (untimed), e.g. typing a name. */
    readonly prepare?: string;
    /** The click leads to a table's page: also time its board. */
    readonly leadsToTable?: boolean;
  };
}

interface Load {
  readonly ready: number;
  /** When the page could first take the click (NaN for a page without one). */
  readonly clickable: number;
  readonly fcp: number;
  readonly cls: number;
  /** From the click to its answer drawn. */
  click: number | null;
  /** From the click to the new table's board drawn (the front page). */
  atTable: number | null;
  /** The requests and socket frames until the page had been still for a second, before the click. */
  readonly traffic: Traffic[];
}

/** A random client address (`CF-Connecting-IP`, which wrangler dev passes on): the service's limits are per address. */
function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Evaluates `expression` in the page through DevTools (no Playwright script in the page). */
async function evaluate<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", { expression, returnByValue: true });
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.exception?.description ?? "failed"}`);
  return result.value as T;
}

/**
 * The page's signals ("ready /path", "clickable /path", "answer /path") as
 * they come, through a function exposed to every document of the context
 * (Playwright's binding, which outlives the process swap of the first
 * navigation where a DevTools `Runtime.addBinding` did not).
 */
async function signals(context: BrowserContext) {
  const seen: string[] = [];
  const waiters: { test: (what: string) => boolean; resolve: () => void }[] = [];
  await context.exposeFunction("__benchSignal", (payload: string) => {
    seen.push(payload);
    for (const waiter of waiters.filter((one) => one.test(payload))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return (test: (what: string) => boolean, what: string): Promise<void> =>
    seen.some(test)
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`never: ${what} (saw ${seen.join(", ") || "nothing"})`)),
            TIMEOUT_MS,
          );
          waiters.push({
            test,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
}

/** Films the page (`Page.startScreencast`): each frame and when it was shown (epoch ms). */
async function film(cdp: CDPSession): Promise<{ stop(): Promise<{ time: number; data: Buffer }[]> }> {
  const frames: { time: number; data: Buffer }[] = [];
  cdp.on("Page.screencastFrame", (event) => {
    frames.push({
      time: (event.metadata.timestamp ?? Date.now() / 1000) * 1000,
      data: Buffer.from(event.data, "base64"),
    });
    void cdp.send("Page.screencastFrameAck", { sessionId: event.sessionId }).catch(() => {});
  });
  await cdp.send("Page.enable");
  await cdp.send("Page.startScreencast", { format: "png", everyNthFrame: 1 });
  return {
    async stop() {
      await cdp.send("Page.stopScreencast");
      return frames;
    },
  };
}

/** What a seated visitor's browser keeps of the table: her tokens in localStorage, the board's turn in a cookie. */
interface Kept {
  readonly tokens: Readonly<Record<string, string>>;
  readonly boardTurn: { readonly path: string; readonly sixths: number };
}

/** Opens `spec`'s page in a fresh context on the throttled phone and times it; with `filmTo`, films it. */
async function load(browser: Browser, base: string, spec: PageSpec, kept: Kept, filmTo?: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
  });
  try {
    const config: ProbeConfig = {
      rules: [
        [`^${spec.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, spec.ready],
        ["^/t/", { kind: "board", pieces: null }],
      ],
      clickable: spec.click?.clickable ?? null,
      answer: spec.click?.answer ?? null,
    };
    await context.addInitScript(probe, config);
    if (spec.seated) {
      await context.addInitScript(putTokens, kept.tokens);
      const { hostname } = new URL(base);
      const { path, sixths } = kept.boardTurn;
      await context.addCookies([{ name: BOARD_TURN_COOKIE, value: String(sixths), domain: hostname, path }]);
    }
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`${spec.path}: page error: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    const until = await signals(context);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const traffic = recordTraffic(cdp);
    const filming = filmTo ? await film(cdp) : null;
    const here = (what: string) => (seen: string) => seen === `${what} ${spec.path}`;
    await page.goto(`${base}${spec.path}`, { waitUntil: "commit", timeout: TIMEOUT_MS });
    await until(here("ready"), `${spec.name} usable`);
    if (spec.click) await until(here("clickable"), `${spec.name} clickable`);
    // Then the page is let be until its load event and a second after, as a visitor looks before tapping:
    // the first paint's entry and any late layout shift come in meanwhile.
    await page.waitForLoadState("load", { timeout: TIMEOUT_MS });
    await sleep(1000);
    const marks = () => evaluate<Marks>(cdp, "window.__bench");
    const loaded = await marks();
    const times = await evaluate<{ requestStart: number; timeOrigin: number }>(
      cdp,
      `({ requestStart: performance.getEntriesByType("navigation")[0].requestStart, timeOrigin: performance.timeOrigin })`,
    );
    const result: Load = {
      ready: loaded.ready ?? Number.NaN,
      clickable: loaded.clickable ?? Number.NaN,
      fcp: loaded.fcp ?? Number.NaN,
      // The layout shifts of the load: until now, before any click.
      cls: loaded.shifts.reduce((sum, [, value]) => sum + value, 0),
      click: null,
      atTable: null,
      traffic: traffic.toPageClock(times.requestStart),
    };
    if (filming && filmTo) {
      await saveFilmstrip(await filming.stop(), filmTo, times.timeOrigin, result.ready);
      return result;
    }
    if (!spec.click) return result;
    const { clickable, target, prepare, leadsToTable } = spec.click;
    if (prepare) await evaluate(cdp, prepare);
    const box = await evaluate<{ x: number; y: number } | null>(
      cdp,
      `(() => {
        const element = document.querySelector(${JSON.stringify(target)});
        if (!element) return null;
        const box = element.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      })()`,
    );
    if (!box) throw new Error(`${spec.name}: nothing to tap (${target}, clickable: ${clickable})`);
    await page.touchscreen.tap(box.x, box.y);
    await until(here("answer"), `${spec.name}: the click answered`);
    const answered = await marks();
    result.click = (answered.answer ?? Number.NaN) - (answered.click ?? Number.NaN);
    if (leadsToTable) {
      await until((seen) => /^ready \/t\//.test(seen), `${spec.name}: the new table's board`);
      const there = await evaluate<{ ready: number; origin: number; click: number }>(
        cdp,
        `({ ready: window.__bench.ready, origin: performance.timeOrigin, click: Number(sessionStorage.getItem("bench-click")) })`,
      );
      result.atTable = there.origin + there.ready - there.click;
    }
    return result;
  } finally {
    await context.close();
  }
}

/**
 * Saves the frame shown at each 200 ms of the page's clock, from the start
 * until the filming stopped (a second after the load event: the table page
 * builds its panels around its board after it is usable), where it changed
 * since the last one saved.
 */
async function saveFilmstrip(
  frames: readonly { time: number; data: Buffer }[],
  prefix: string,
  timeOrigin: number,
  ready: number,
): Promise<void> {
  let last: Buffer | undefined;
  let saved = 0;
  const end = Math.max(ready + 1000, (frames.at(-1)?.time ?? 0) - timeOrigin);
  for (let at = 0; at <= end + 200; at += 200) {
    const shown = frames.filter((frame) => frame.time - timeOrigin <= at).at(-1);
    if (!shown || shown.data === last) continue;
    last = shown.data;
    await writeFile(`${prefix}-${String(at).padStart(5, "0")}ms.png`, shown.data);
    saved++;
  }
  console.log(`filmstrip: ${frames.length} frames, usable at ${ms(ready)}, ${saved} pictures as ${prefix}-<ms>.png`);
}

/**
 * The table the pages show: a two-player race, Aino (seat 1, the host) and
 * Bjørn, a move each, Aino to move. Bjørn stays connected until `close`.
 */
/** A table for two where Aino waits for a second player, connected from Node until `close`. */
async function tableWaiting(base: string) {
  const fetcher: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("CF-Connecting-IP", clientAddress());
    return fetch(input, { ...init, headers });
  };
  const created = await createTable(base, { players: 2 }, fetcher);
  const aino = new TableClient({ baseUrl: base, tableId: created.id, WebSocket });
  try {
    await aino.join(0, "Aino");
  } catch (error) {
    aino.close();
    throw error;
  }
  return { id: created.id, close: () => aino.close() };
}

async function tableInPlay(base: string) {
  const fetcher: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("CF-Connecting-IP", clientAddress());
    return fetch(input, { ...init, headers });
  };
  const created = await createTable(base, { players: 2, firstPlayer: 0 }, fetcher);
  const ainoTokens = memoryTokens();
  ainoTokens.set(hostTokenKey(created.id), created.hostToken);
  const aino = new TableClient({ baseUrl: base, tableId: created.id, tokens: ainoTokens, WebSocket });
  const bjorn = new TableClient({ baseUrl: base, tableId: created.id, WebSocket });
  const play = async (player: TableClient) => {
    for (let waited = 0; player.model?.turn?.seat !== player.you.seat; waited += 10) {
      if (waited > 10_000) throw new Error(`seat ${player.you.seat}'s turn did not come`);
      await sleep(10);
    }
    const action = player.model?.game ? greedyMove(player.model.game) : null;
    if (!action) throw new Error("no move");
    await player.move(formatPath(action.move.path));
  };
  try {
    await aino.join(0, "Aino");
    await bjorn.join(1, "Bjørn");
    await aino.start();
    await play(aino);
    await play(bjorn);
  } catch (error) {
    aino.close();
    bjorn.close();
    throw error;
  }
  aino.close();
  // The position from the table's own record, by the rules engine, not by the client's model.
  const snapshot = (await (await fetcher(`${base}/api/tables/${created.id}`)).json()) as Snapshot;
  if (!snapshot.game) throw new Error("the table has no game");
  const game = Game.replay(
    snapshot.settings,
    { firstPlayer: snapshot.game.firstPlayer },
    snapshot.game.moves.map(parseMove),
  );
  const seatToken = ainoTokens.get(seatTokenKey(created.id));
  if (!seatToken) throw new Error("Aino has no seat token");
  return {
    id: created.id,
    pieces: game.pieces() as Record<string, string>,
    tokens: {
      [KEY_PREFIX + seatTokenKey(created.id)]: seatToken,
      [KEY_PREFIX + hostTokenKey(created.id)]: created.hostToken,
      [KEY_PREFIX + seatNumberKey(created.id)]: "0",
    },
    // Her point at the bottom, as her page turns the board (table-page/turn-toggle.ts).
    boardTurn: { path: `/t/${created.id}`, sixths: turnFor(snapshot.settings, 0, true) },
    close: () => bjorn.close(),
  };
}

/** Headers of one HTTP/1.1 connection, which HTTP/2 has no place for. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host"]);

/** A request's or response's headers without the pseudo-headers and the connection's own. */
function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(":") && !HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * HTTPS with HTTP/2 in front of `upstream`, as Cloudflare serves browsers:
 * `wrangler dev` speaks HTTP/1.1, where Chromium opens at most 6 connections
 * to a host and each request waits for a free one, and under DevTools'
 * per-request latency a page of 20 files pays that latency once per wave of 6.
 * Over HTTP/2 they go out at once on one connection. Every request is
 * passed on to `upstream` as it came; a WebSocket comes as an HTTP/2 stream
 * (RFC 8441, `:protocol websocket`, which Chromium uses once the server
 * offers it) and is passed on as an HTTP/1.1 upgrade, its frames copied
 * both ways unchanged. The certificate is the push tests' (a CA made for
 * the run, test/push/certificate.ts); the browser accepts it by its key's
 * hash (`spki`, for `--ignore-certificate-errors-spki-list`), so the pages
 * load as from a trusted site (cached as usual, not as a certificate error).
 */
async function http2Front(upstream: string): Promise<{ url: string; spki: string; close(): Promise<void> }> {
  const { certPem, keyPem } = await makeTestCertificate();
  const target = new URL(upstream);
  const server = createSecureServer({ cert: certPem, key: keyPem, settings: { enableConnectProtocol: true } });
  const fail = (stream: ServerHttp2Stream) => {
    if (!stream.headersSent && !stream.destroyed) stream.respond({ ":status": 502 });
    stream.end();
  };
  server.on("stream", (stream, headers) => {
    stream.on("error", () => {});
    const path = headers[":path"] ?? "/";
    const forwarded = { ...endToEnd(headers), host: target.host };
    if (headers[":method"] === "CONNECT" && headers[":protocol"] === "websocket") {
      const upgrade = httpRequest({
        host: target.hostname,
        port: target.port,
        path,
        method: "GET",
        headers: {
          ...forwarded,
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-key": randomBytes(16).toString("base64"),
        },
      });
      // The page may have gone (its context closed) before the server answered: then nothing is left to answer.
      upgrade.on("upgrade", (response, socket, head) => {
        if (stream.destroyed) {
          socket.destroy();
          return;
        }
        const answer: OutgoingHttpHeaders = { ":status": 200 };
        for (const name of ["sec-websocket-protocol", "sec-websocket-extensions"]) {
          if (response.headers[name] !== undefined) answer[name] = response.headers[name];
        }
        stream.respond(answer);
        if (head.length > 0) stream.write(head);
        socket.pipe(stream);
        stream.pipe(socket);
        socket.on("error", () => stream.destroy());
        socket.on("close", () => stream.end());
        stream.on("close", () => socket.destroy());
      });
      upgrade.on("response", (response) => {
        if (stream.destroyed) return void response.resume();
        stream.respond({ ":status": response.statusCode ?? 502, ...endToEnd(response.headers) });
        response.pipe(stream);
      });
      upgrade.on("error", () => fail(stream));
      upgrade.end();
      return;
    }
    const request = httpRequest(
      { host: target.hostname, port: target.port, path, method: headers[":method"], headers: forwarded },
      (response) => {
        if (stream.destroyed) return void response.resume();
        stream.respond({ ":status": response.statusCode ?? 502, ...endToEnd(response.headers) });
        response.pipe(stream);
      },
    );
    request.on("error", () => fail(stream));
    stream.pipe(request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const key = new X509Certificate(certPem).publicKey.export({ type: "spki", format: "der" });
  return {
    url: `https://127.0.0.1:${port}`,
    spki: createHash("sha256").update(key).digest("base64"),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open sessions (the browser's, closed by now) would hold the server open.
        setTimeout(resolve, 2000).unref();
      }),
  };
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const range = (values: readonly number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;

async function main(): Promise<void> {
  let server: Server | null = null;
  const base = (options.base ?? "").replace(/\/$/, "");
  if (!base) {
    execFileSync(process.execPath, ["scripts/build-client.mjs"], { cwd: root, stdio: "inherit" });
    server = await startServer();
  }
  const upstream = base || (server as Server).url;
  const front = options.http1 ? null : await http2Front(upstream);
  const url = front?.url ?? upstream;
  const { executablePath, env } = await browserFiles();
  const args = [...browserArgs(), ...(front ? [`--ignore-certificate-errors-spki-list=${front.spki}`] : [])];
  const browser = await chromium.launch({ executablePath, args, env: { ...process.env, ...env } });
  // Made from Node, straight to the server.
  const game = await tableInPlay(upstream);
  const waiting = await tableWaiting(upstream);
  const averages = [loadAverage()];
  try {
    const board: Condition = { kind: "board", pieces: game.pieces };
    const pages: PageSpec[] = [
      {
        name: "front page `/`",
        path: "/",
        seated: false,
        ready: { kind: "selector", selector: "form button[type=submit][value=friend]:not([disabled])" },
        click: {
          clickable: "form button[type=submit][value=friend]:not([disabled])",
          target: "form button[type=submit][value=friend]",
          answer: { kind: "selector", selector: "form button[type=submit][value=friend][disabled]" },
          prepare: `(() => {
            const input = document.getElementById("creator-name");
            input.value = "Aino";
            input.dispatchEvent(new Event("input", { bubbles: true }));
          })()`,
          leadsToTable: true,
        },
      },
      {
        name: "table `/t/:id`",
        path: `/t/${game.id}`,
        seated: true,
        ready: board,
        click: {
          clickable: "svg.board .hole.movable",
          target: "svg.board .hole.movable .piece",
          answer: { kind: "selector", selector: "svg.board .hole.destination" },
        },
      },
      { name: "embed `/embed/:id`", path: `/embed/${game.id}`, seated: false, ready: board },
      {
        name: "table waiting `/t/:id`, a visitor",
        path: `/t/${waiting.id}`,
        seated: false,
        ready: { kind: "selector", selector: ".join-card button.sit-down" },
      },
      {
        name: "rules `/rules`",
        path: "/rules",
        seated: false,
        ready: { kind: "selector", selector: "main.rules nav.contents a" },
      },
      {
        name: "My tables `/tables`",
        path: "/tables",
        seated: true,
        ready: { kind: "selector", selector: "main.my-tables li.my-table .table-players, main.my-tables p.empty" },
      },
      {
        name: "404 `/no-such-page`",
        path: "/no-such-page",
        seated: false,
        ready: { kind: "selector", selector: 'main.not-found a[href="/"]' },
      },
    ];
    const loads = new Map<PageSpec, Load[]>(pages.map((spec) => [spec, []]));
    for (let round = 0; round <= RUNS; round++) {
      for (const spec of pages) {
        const one = await load(browser, url, spec, game);
        // Round 0 is the warm-up: wrangler's first answers are slower.
        if (round > 0) loads.get(spec)?.push(one);
        console.error(
          `${round === 0 ? "warm-up" : `run ${round}`}: ${spec.path.replace(game.id, ":id")} usable ${ms(one.ready)}` +
            (one.click === null ? "" : `, click ${ms(one.click)}`) +
            (one.atTable === null ? "" : `, at the new table ${ms(one.atTable)}`),
        );
      }
    }
    averages.push(loadAverage());

    const usable = (runs: readonly Load[]) =>
      runs.map((one) => ({
        ...one,
        before: one.traffic.filter((item) => item.end <= one.ready && !item.what.startsWith("socket sent")),
      }));
    const loadRows: string[][] = [
      [
        "page",
        "board drawn / usable",
        "range",
        "first contentful paint",
        "layout shift (max)",
        "received before usable",
        "requests before usable",
      ],
    ];
    for (const spec of pages) {
      const runs = usable(loads.get(spec) ?? []);
      const readies = runs.map((one) => one.ready);
      const shifts = runs.map((one) => one.cls);
      loadRows.push([
        spec.name,
        ms(median(readies)),
        range(readies),
        ms(median(runs.map((one) => one.fcp))),
        `${median(shifts).toFixed(3)} (${Math.max(...shifts).toFixed(3)})`,
        kib(median(runs.map((one) => one.before.reduce((sum, item) => sum + item.bytes, 0)))),
        String(median(runs.map((one) => one.before.filter((item) => !item.what.startsWith("socket")).length))),
      ]);
    }
    const clickRows: string[][] = [["first click", "offered", "answered", "range", "then"]];
    for (const spec of pages.filter((one) => one.click)) {
      const runs = loads.get(spec) ?? [];
      const clicks = runs.map((one) => one.click ?? Number.NaN);
      const atTables = runs.map((one) => one.atTable).filter((value) => value !== null);
      clickRows.push([
        spec.path === "/" ? 'front page: "Play a friend" (the form busy)' : "table: a movable piece (its destinations)",
        ms(median(runs.map((one) => one.clickable))),
        ms(median(clicks)),
        range(clicks),
        atTables.length ? `the new table's board drawn: ${ms(median(atTables))} (${range(atTables)})` : "",
      ]);
    }
    const tableSpec = pages[1] as PageSpec;
    const tableReady = median((loads.get(tableSpec) ?? []).map((one) => one.ready));
    const first = (loads.get(tableSpec) ?? [])[0];
    const requestRows: string[][] = [["start", "end", "what", "bytes"]];
    for (const item of first?.traffic ?? []) {
      requestRows.push([
        ms(item.start),
        item.what.startsWith("socket s") ? "" : Number.isNaN(item.end) ? "–" : ms(item.end),
        item.what.replace(game.id, ":id"),
        item.bytes ? String(item.bytes) : "",
      ]);
    }
    const report = [
      `Pages on a throttled phone: ${PHONE.width} × ${PHONE.height}, touch, ${CPU_SLOWDOWN}× CPU slowdown, ` +
        `Slow 4G (latency ${SLOW_4G.latency} ms, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ` +
        `${((SLOW_4G.uploadThroughput * 8) / 1e3).toFixed(0)} kbit/s up); ` +
        `${front ? "HTTPS and HTTP/2 (a local front)" : "HTTP/1.1 (straight to the server)"}; ` +
        `each load cold; medians of ${RUNS} runs after a warm-up.`,
      "",
      table(loadRows),
      "",
      table(clickRows),
      "",
      `Target: the table page's board drawn within ${ms(TARGET_MS)}: ${ms(tableReady)}, ` +
        `${tableReady <= TARGET_MS ? "met" : `missed by ${ms(tableReady - TARGET_MS)}`}.`,
      "",
      `Measured on ${new Date().toISOString().slice(0, 10)} against ${base ? upstream : "wrangler dev of this checkout"}, ` +
        `${availableParallelism()} cores, load average ${averages[0]} before and ${averages[1]} after.`,
      "",
      `One table-page load (run 1, usable at ${ms(first?.ready ?? Number.NaN)}): its requests and socket frames, ms on the page's clock.`,
      "",
      table(requestRows),
      "",
    ].join("\n");
    console.log(report);

    if (options.screenshots) {
      const dir = resolve(options.screenshots);
      await mkdir(dir, { recursive: true });
      const filmed: [PageSpec | undefined, string][] = [
        [pages[0], "front"],
        [pages[1], "table"],
        [pages.find(({ path }) => path.endsWith(waiting.id)), "table-waiting"],
      ];
      for (const [spec, name] of filmed) if (spec) await load(browser, url, spec, game, join(dir, name));
    }
  } finally {
    game.close();
    waiting.close();
    await browser.close();
    await front?.close();
    await server?.stop();
  }
}

await main();
