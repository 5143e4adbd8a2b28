/**
 * npm run -s bench:lobby -- [--seekers N] [--watchers W] [--over S] [--rounds R] [--moves M] [--seed X] [--profile FILE]
 *
 * Quick play and the lobby under load (issue 31). Under `wrangler dev`
 * (loadtest/wrangler.toml, trace collector off) it connects W lobby watchers
 * (default 1,000) to `/api/lobby/ws`, each from an address of its own, and
 * keeps them connected throughout. It measures the server's CPU with only
 * them connected for 5 s (the idle baseline). Then N seekers (default 2,000)
 * arrive at random moments over S seconds (default 60; X seeds the moments
 * and the pools, default random), each from an address
 * of its own and with a seeker key of its own (22 base64url characters),
 * spread over the 16 pools by POOL_WEIGHTS below, weighted toward the
 * 2-player live race as real traffic would be: classic live 2/3/4/6 players
 * 35/8/10/7 %, capture live 10/3/3/2 %, classic long 8/2/2/1 %, capture long
 * 4/2/2/1 %. Each opens a socket to its pool (`/api/quick/:pool/ws`), sends
 * `seek` under a name of its own, pings every 2 s as the SDK does, and closes
 * its socket once `paired`, as a browser goes to its table. If the pool
 * closes its socket first (1011: taken for silent, when the server falls
 * behind its pings), it opens another and seeks again with its key at once,
 * as the SDK does: the pool keeps its place if it comes back within the
 * grace (10 s), else it seeks anew, at the back (counted). Seekers left over
 * in a pool once all its seekers have come (its count not a multiple of its
 * players) send `fill` two waves after the last one came, once their `fillAt`
 * is reached (again after a new seek), so that everyone ends seated, with
 * computers in the empty seats. On a server that has fallen behind, seekers
 * still queued then are not left over, but ask all the same, as people would.
 *
 * Then the moves, with the lobby on and off: two 2-player tables, one listed
 * by its host (the watchers hear of it) and one not, 20 warm-up moves each;
 * R rounds (default 3) of M moves (default 40) on each, alternating which
 * goes first, each move timed from `move` sent to its `ack`.
 *
 * Reports: the time from `seek` sent to `paired` received, p50 and p95,
 * overall and by players per table (the pools' waits included: a thin pool
 * waits for its players, and a left-over seeker for its fill); lost seekers
 * (not paired once a minute has gone by, after the last fill, with no
 * seeker paired; each with what became of it) and double-seated ones (a
 * seeker paired twice, or two seekers given one table's seat); how long the
 * seekers' sockets took to open, and how late their seeks went for it (an
 * overloaded server shows here first); the sockets the pools closed under a
 * waiting seeker, by code, and whether its place was kept; each table's
 * snapshot (GET /api/tables/:id) checked: playing, each seeker's name at its
 * seat; the tables each watcher heard of; the CPU time of wrangler dev's
 * processes over the seeking window (the first seek to the last `paired`),
 * by process, and divided by the tables made: "CPU per pairing", an upper
 * bound, as it includes every socket's cost and the lobby's broadcasts (also
 * given with the idle baseline's rate taken off). With --profile FILE it
 * writes a CPU profile of the worker's isolate over the seeking window and
 * sums, from it, the time inside the pool's and the table's functions that
 * pair (the pool's alarm, and in it pairWave and makeTables; seatPlayers,
 * the table's side), those that take a seek
 * (webSocketMessage) and the lobby's broadcast (report): the pairing's cost
 * alone, of an instrumented (slower) run. Then move → ack p50 and p95 for
 * the listed and the unlisted table, medians over the rounds, and their
 * ratio (moves never report to the lobby: it should be noise). Prints the
 * load average at the start and end, and one JSON line last.
 *
 * Exits 1 on a lost or double-seated seeker, a table whose snapshot is not
 * as paired, an error other than `not-seeking` to a `fill` (a seeker seated
 * as it asked), an `ended`, a watcher's socket the server closed, a watcher
 * that missed a table, a lobby message about the listed table while it played
 * its moves, or a move not acknowledged within 60 s.
 */
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { seededRandom } from "../src/bots/random.ts";
import { FILL_AFTER_MS, WAVE_MS } from "../src/lobby/index.ts";
import type { LobbyMessage, QuickServerMessage } from "../src/protocol/index.ts";
import {
  freePort,
  median,
  nodeVersion,
  type PlayingTable,
  playingTable,
  playMoves,
  pool,
  processUsage,
  profileWorker,
  quantile,
  type Server,
  Socket,
  sleep,
  startServer,
  stopAll,
  totalCpuMs,
  wranglerVersion,
} from "./loadtest-lib.ts";

const usage =
  "usage: npm run -s bench:lobby -- [--seekers N] [--watchers W ≤ 60000] [--over S] [--rounds R] [--moves M] [--seed X] [--profile FILE]";
const { values } = parseArgs({
  options: {
    seekers: { type: "string", default: "2000" },
    watchers: { type: "string", default: "1000" },
    over: { type: "string", default: "60" },
    rounds: { type: "string", default: "3" },
    moves: { type: "string", default: "40" },
    seed: { type: "string", default: String(Math.floor(Math.random() * 2 ** 31)) },
    profile: { type: "string" },
  },
});
const seekerCount = Number(values.seekers);
const watcherCount = Number(values.watchers);
const overSeconds = Number(values.over);
const rounds = Number(values.rounds);
const moves = Number(values.moves);
const seed = Number(values.seed);
if (
  ![seekerCount, rounds, moves].every((n) => Number.isInteger(n) && n >= 1) ||
  !(Number.isInteger(watcherCount) && watcherCount >= 0 && watcherCount <= 60_000) ||
  !(overSeconds > 0) ||
  !Number.isInteger(seed)
) {
  console.error(usage);
  process.exit(1);
}

/** Each pool's share of the seekers, in %: most want a quick 2-player race; long clocks and 6 players are rarer. */
const POOL_WEIGHTS: Readonly<Record<string, number>> = {
  "classic-2-live": 35,
  "classic-3-live": 8,
  "classic-4-live": 10,
  "classic-6-live": 7,
  "capture-2-live": 10,
  "capture-3-live": 3,
  "capture-4-live": 3,
  "capture-6-live": 2,
  "classic-2-long": 8,
  "classic-3-long": 2,
  "classic-4-long": 2,
  "classic-6-long": 1,
  "capture-2-long": 4,
  "capture-3-long": 2,
  "capture-4-long": 2,
  "capture-6-long": 1,
};
/** A seeker not paired when no seeker has been for this long, after the last fill, is lost. */
const LOST_AFTER_MS = 60_000;
/** How long the idle baseline (the watchers connected, nobody seeking) is measured. */
const IDLE_MS = 5_000;
const WARMUP_MOVES = 20;
const ACK_TIMEOUT_MS = 60_000;
/** The functions whose time --profile sums: the pairing's, a seek's, the lobby's broadcast. */
const PROFILED = ["pairWave", "makeTables", "seatPlayers", "webSocketMessage", "report", "alarm"] as const;

const problems: string[] = [];
function problem(text: string): void {
  if (problems.length < 30) problems.push(text);
  else if (problems.length === 30) problems.push("… and more");
}

const random = seededRandom(seed);

/** Spreads `total` over the pools by their weights (largest remainders), so that the counts sum to it. */
function poolCounts(total: number): Map<string, number> {
  const weightSum = Object.values(POOL_WEIGHTS).reduce((a, b) => a + b, 0);
  const exact = Object.entries(POOL_WEIGHTS).map(([name, weight]) => ({ name, share: (total * weight) / weightSum }));
  const counts = new Map(exact.map(({ name, share }) => [name, Math.floor(share)]));
  let left = total - [...counts.values()].reduce((a, b) => a + b, 0);
  for (const { name } of [...exact].sort((a, b) => (b.share % 1) - (a.share % 1))) {
    if (left-- <= 0) break;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

interface Seat {
  readonly tableId: string;
  readonly seat: number;
}

interface Seeker {
  readonly index: number;
  readonly pool: string;
  readonly players: number;
  readonly key: string;
  readonly name: string;
  readonly address: string;
  /** When it seeks, in ms from the start of the seeking window. */
  readonly arriveMs: number;
  socket?: Socket;
  /** When its socket was asked for and opened, its `seek` went (performance.now()), and its `paired` came. */
  openAskedAt?: number;
  openedAt?: number;
  seekSentAt?: number;
  pairedAt?: number;
  /** From when it may ask for computers (server time, ms since the epoch; this machine's clock). */
  fillAt?: number;
  fillSent: boolean;
  fillAcked: boolean;
  /** The socket a `fill` went on, not answered yet. */
  fillPendingOn?: Socket;
  /** Its place in the queue, as the pool first told it. */
  since?: number;
  seat?: Seat;
  /** Every `paired` it got (more than one is a double seat, unless the same seat told again). */
  pairedCount: number;
}

/** 16 random bytes, base64url: 22 characters, as a browser makes its key. */
const seekerKey = () => randomBytes(16).toString("base64url");
const seekerAddress = (i: number) => `10.3.${i >> 8}.${i & 255}`;
const watcherAddress = (i: number) => `10.4.${i >> 8}.${i & 255}`;
const playerAddress = (table: number, seat: number) => `10.5.${table}.${seat + 1}`;

function makeSeekers(): Seeker[] {
  const pools = [...poolCounts(seekerCount)].flatMap(([name, count]) => Array<string>(count).fill(name));
  // A random order of pools, at random moments over the window.
  for (let i = pools.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pools[i], pools[j]] = [pools[j] as string, pools[i] as string];
  }
  const moments = pools.map(() => random() * overSeconds * 1000).sort((a, b) => a - b);
  return pools.map((name, index) => ({
    index,
    pool: name,
    players: Number(name.split("-")[1]),
    key: seekerKey(),
    name: `Seeker ${index + 1}`,
    address: seekerAddress(index),
    arriveMs: moments[index] as number,
    fillSent: false,
    fillAcked: false,
    pairedCount: 0,
  }));
}

/** What the watchers heard: how many `listed` of each table, summed over them. */
const heard = new Map<string, number>();
let closing = false;

async function connectWatchers(wsUrl: string): Promise<Socket[]> {
  return pool(
    Array.from({ length: watcherCount }, (_, i) => i),
    25,
    async (i) => {
      const socket = await Socket.open(`${wsUrl}/api/lobby/ws`, { "CF-Connecting-IP": watcherAddress(i) });
      const first = socket.next((m) => m.type === "lobby", 30_000);
      socket.onMessage = (raw) => {
        const message = raw as unknown as LobbyMessage;
        if (message.type === "changes") {
          for (const table of message.listed) heard.set(table.tableId, (heard.get(table.tableId) ?? 0) + 1);
        } else if (message.type === "error") problem(`watcher ${i}: ${message.code}: ${message.message}`);
      };
      socket.onClose = (code) => {
        if (!closing) problem(`watcher ${i}: closed by the server (${code})`);
      };
      await first;
      return socket;
    },
  );
}

/** Seeks, as a browser does: the socket, then `seek`; on `paired`, the seat kept and the socket closed. */
async function runSeeker(seeker: Seeker, wsUrl: string, start: number, onSent: (s: Seeker) => void): Promise<void> {
  await sleep(start + seeker.arriveMs - performance.now());
  seeker.openAskedAt = performance.now();
  if (await connect(seeker, wsUrl)) onSent(seeker);
}

/** Sockets the pools closed under a seeker still waiting (1011: taken for silent), each followed by a seek again. */
const closedByServer = new Map<number, number>();
/** Seeks sent again after such a close whose `seeking` kept the seeker's place (its first `since`), and those that did not. */
const place = { kept: 0, lost: 0 };

/**
 * Opens a seeker's socket to its pool and sends `seek` with its key; if the
 * server closes it before the seeker is paired, it does it again at once, as
 * the SDK does (`again`), and asks for computers again if it had asked
 * without an answer.
 */
async function connect(seeker: Seeker, wsUrl: string, again = false): Promise<boolean> {
  let socket: Socket;
  try {
    socket = await Socket.open(`${wsUrl}/api/quick/${seeker.pool}/ws`, { "CF-Connecting-IP": seeker.address });
  } catch (error) {
    problem(`${seeker.name} (${seeker.pool}): ${error}`);
    return false;
  }
  seeker.socket = socket;
  // Its fillAt is this socket's seek's, once told: a seek taken up again may be a new one.
  seeker.fillAt = undefined;
  if (!again) seeker.openedAt = performance.now();
  socket.onMessage = (raw) => {
    const message = raw as unknown as QuickServerMessage;
    switch (message.type) {
      case "seeking":
        if (seeker.since === undefined) seeker.since = message.since;
        else if (seeker.since === message.since) place.kept++;
        else {
          // Its seek ended while it was away (past the grace): a new one, at the back, that has not asked to fill.
          place.lost++;
          seeker.since = message.since;
          seeker.fillAcked = false;
        }
        seeker.fillAt = message.fillAt;
        return;
      case "paired": {
        seeker.pairedCount++;
        const seat = { tableId: message.tableId, seat: message.seat };
        if (seeker.seat && (seeker.seat.tableId !== seat.tableId || seeker.seat.seat !== seat.seat)) {
          problem(`${seeker.name}: paired twice, ${JSON.stringify(seeker.seat)} then ${JSON.stringify(seat)}`);
        }
        if (!seeker.seat) {
          seeker.seat = seat;
          seeker.pairedAt = performance.now();
          void socket.close();
        }
        return;
      }
      case "ack":
        if (message.id === "fill") seeker.fillAcked = true;
        return;
      case "ended":
        problem(`${seeker.name}: its seek ended (${message.reason})`);
        return;
      case "error":
        // A fill that crossed the wave that seated it: harmless.
        if (message.id === "fill") seeker.fillPendingOn = undefined;
        if (!(message.code === "not-seeking" && message.id === "fill")) {
          problem(`${seeker.name}: error ${message.id ?? ""} ${message.code}: ${message.message}`);
        }
        return;
      default:
        return;
    }
  };
  socket.onClose = (code) => {
    if (closing || seeker.seat || seeker.socket !== socket) return;
    closedByServer.set(code, (closedByServer.get(code) ?? 0) + 1);
    void connect(seeker, wsUrl, true);
  };
  if (!again) seeker.seekSentAt = performance.now();
  socket.send({ type: "seek", id: again ? "seek-again" : "seek", seeker: seeker.key, name: seeker.name, lang: "en" });
  return true;
}

/**
 * Every 250 ms: each seeker still waiting in a pool whose seekers have all
 * come, two waves after the last came, asks for computers once its (current)
 * seek's fillAt is reached, on its open socket, until that is acknowledged.
 */
function startFilling(seekers: readonly Seeker[], poolsDoneAt: ReadonlyMap<string, number>): () => void {
  const timer = setInterval(() => {
    const now = Date.now();
    for (const seeker of seekers) {
      const doneAt = poolsDoneAt.get(seeker.pool);
      if (seeker.seat || !seeker.socket || seeker.fillAcked || seeker.fillPendingOn === seeker.socket) continue;
      if (doneAt === undefined || performance.now() < doneAt + 2 * WAVE_MS + 500) continue;
      if (seeker.fillAt === undefined || now < seeker.fillAt + 100) continue;
      seeker.fillSent = true;
      seeker.fillPendingOn = seeker.socket;
      seeker.socket.send({ type: "fill", id: "fill" });
    }
  }, 250);
  return () => clearInterval(timer);
}

interface Cpu {
  readonly at: number;
  readonly total: number;
  readonly byProcess: Record<string, number>;
  readonly driver: number;
}

async function cpu(server: Server): Promise<Cpu> {
  const usage = await processUsage(server.group);
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    total: totalCpuMs(usage),
    byProcess: usage.cpuMs,
    driver: (own.user + own.system) / 1000,
  };
}

/** The time inside each function of `names` (inclusive, a recursive call once), from a .cpuprofile, in ms. */
function profileTimes(profile: unknown, names: readonly string[]): { totalMs: number; byName: Record<string, number> } {
  const { nodes, samples, timeDeltas } = profile as {
    nodes: { id: number; callFrame: { functionName: string }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map(nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const inside = new Map(names.map((name) => [name, 0]));
  let total = 0;
  samples.forEach((id, i) => {
    // A sample stands for the time since the last, at most 1 ms (scripts/cpuprofile-summary.mjs says why).
    const us = Math.min(timeDeltas[i] ?? 0, 1000);
    const name0 = byId.get(id)?.callFrame.functionName;
    if (name0 !== "(idle)" && name0 !== "(program)") total += us;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)?.callFrame.functionName ?? "";
      if (inside.has(name) && !seen.has(name)) inside.set(name, (inside.get(name) as number) + us);
      seen.add(name);
    }
  });
  return { totalMs: total / 1000, byName: Object.fromEntries([...inside].map(([name, us]) => [name, us / 1000])) };
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
const percentiles = (times: readonly number[]) => ({
  count: times.length,
  p50Ms: median(times),
  p95Ms: quantile(times, 0.95),
});

/** Checks each table's snapshot: playing, and each seeker's name at the seat it was given. */
async function verifyTables(url: string, seekers: readonly Seeker[]): Promise<{ checked: number; wrong: number }> {
  const byTable = new Map<string, Seeker[]>();
  for (const seeker of seekers) {
    if (seeker.seat) byTable.set(seeker.seat.tableId, [...(byTable.get(seeker.seat.tableId) ?? []), seeker]);
  }
  let wrong = 0;
  await pool([...byTable], 8, async ([tableId, seated]) => {
    const response = await fetch(`${url}/api/tables/${tableId}`, { headers: { "CF-Connecting-IP": "10.6.0.1" } });
    if (response.status !== 200) {
      wrong++;
      problem(`table ${tableId}: GET ${response.status}`);
      return;
    }
    const snapshot = (await response.json()) as { status: string; seats: { seat: number; name: string | null }[] };
    const bad: string[] = [];
    if (snapshot.status !== "playing") bad.push(`status ${snapshot.status}`);
    for (const seeker of seated) {
      const name = snapshot.seats[seeker.seat?.seat ?? -1]?.name;
      if (name !== seeker.name) bad.push(`seat ${seeker.seat?.seat}: ${name}, not ${seeker.name}`);
    }
    if (snapshot.seats.length !== (seated[0] as Seeker).players || snapshot.seats.some((seat) => seat.name === null)) {
      bad.push(`seats ${JSON.stringify(snapshot.seats.map((seat) => seat.name))}`);
    }
    if (bad.length > 0) {
      wrong++;
      problem(`table ${tableId}: ${bad.join("; ")}`);
    }
  });
  return { checked: byTable.size, wrong };
}

/** The same moves on a listed table and an unlisted one, alternating, the watchers connected. */
async function movesListedAndNot(url: string) {
  const tables: { listed: PlayingTable; unlisted: PlayingTable } = {
    listed: await playingTable(url, 2, (seat) => ({ "CF-Connecting-IP": playerAddress(1, seat) })),
    unlisted: await playingTable(url, 2, (seat) => ({ "CF-Connecting-IP": playerAddress(2, seat) })),
  };
  const host = tables.listed.players[0] as Socket;
  const acked = host.next((m) => (m.type === "ack" || m.type === "error") && m.id === "list");
  host.send({ type: "listing", id: "list", listed: true, lang: "en" });
  if ((await acked).type !== "ack") throw new Error("the host could not list its table");
  const listedId = tables.listed.id;
  const deadline = Date.now() + 10_000;
  while ((heard.get(listedId) ?? 0) < watcherCount && Date.now() < deadline) await sleep(50);
  if ((heard.get(listedId) ?? 0) < watcherCount) {
    problem(`the listed table reached ${heard.get(listedId) ?? 0} of ${watcherCount} watchers`);
  }
  await playMoves(tables.listed, WARMUP_MOVES, { ackTimeoutMs: ACK_TIMEOUT_MS });
  await playMoves(tables.unlisted, WARMUP_MOVES, { ackTimeoutMs: ACK_TIMEOUT_MS });
  const heardBefore = heard.get(listedId) ?? 0;
  const results: { listedP50: number; listedP95: number; unlistedP50: number; unlistedP95: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (["listed", "unlisted"] as const) : (["unlisted", "listed"] as const);
    const times: Record<"listed" | "unlisted", number[]> = { listed: [], unlisted: [] };
    for (const which of order) times[which] = await playMoves(tables[which], moves, { ackTimeoutMs: ACK_TIMEOUT_MS });
    const result = {
      listedP50: median(times.listed),
      listedP95: quantile(times.listed, 0.95),
      unlistedP50: median(times.unlisted),
      unlistedP95: quantile(times.unlisted, 0.95),
    };
    results.push(result);
    console.log(
      `moves round ${round + 1} (${order[0]} first): listed p50 ${fixed(result.listedP50)} ms, p95 ${fixed(result.listedP95)} ms; ` +
        `unlisted p50 ${fixed(result.unlistedP50)} ms, p95 ${fixed(result.unlistedP95)} ms`,
    );
  }
  await sleep(500);
  const heardDuringMoves = (heard.get(listedId) ?? 0) - heardBefore;
  if (heardDuringMoves > 0) problem(`the watchers heard ${heardDuringMoves} listings of the listed table as it played`);
  const med = (pick: (r: (typeof results)[number]) => number) => median(results.map(pick));
  const summary = {
    listedP50Ms: med((r) => r.listedP50),
    listedP95Ms: med((r) => r.listedP95),
    unlistedP50Ms: med((r) => r.unlistedP50),
    unlistedP95Ms: med((r) => r.unlistedP95),
    ratioP50: med((r) => r.listedP50 / r.unlistedP50),
    ratioP95: med((r) => r.listedP95 / r.unlistedP95),
    heardDuringMoves,
    perRound: results,
  };
  for (const table of Object.values(tables)) await Promise.all(table.players.map((socket) => socket.close()));
  return summary;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`bench:lobby: ${signal}, stopping the server`);
    void stopAll().finally(() => process.exit(130));
  });
}

const load0 = loadavg();
console.log(
  `bench:lobby: ${seekerCount} seekers over ${overSeconds} s, ${watcherCount} watchers, seed ${seed}; ` +
    `load average ${load0.map((n) => fixed(n, 2)).join(" ")}; node ${nodeVersion()}, wrangler ${wranglerVersion()}`,
);
/** wrangler dev; tried three times, since a start can fail for reasons of its own (a port taken as it started). */
async function start(): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer({
        observability: false,
        ...(values.profile ? { inspectorPort: await freePort() } : {}),
      });
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  wrangler dev did not start (attempt ${attempt}): ${String(error).split("\n")[0]}`);
    }
  }
}
const server = await start();
let failed = true;
try {
  const wsUrl = server.url.replace(/^http/, "ws");
  const connectStart = performance.now();
  const watchers = await connectWatchers(wsUrl);
  console.log(`${watchers.length} watchers connected in ${fixed((performance.now() - connectStart) / 1000)} s`);

  const idle0 = await cpu(server);
  await sleep(IDLE_MS);
  const idle1 = await cpu(server);
  const idleMsPerSecond = ((idle1.total - idle0.total) * 1000) / (idle1.at - idle0.at);
  console.log(`idle, the watchers connected: server CPU ${fixed(idleMsPerSecond)} ms/s`);

  const seekers = makeSeekers();
  const byPool = new Map<string, Seeker[]>();
  for (const seeker of seekers) byPool.set(seeker.pool, [...(byPool.get(seeker.pool) ?? []), seeker]);
  const sentInPool = new Map<string, number>();
  /** When each pool's last seeker sought. */
  const poolsDoneAt = new Map<string, number>();
  const onSent = (seeker: Seeker) => {
    const sent = (sentInPool.get(seeker.pool) ?? 0) + 1;
    sentInPool.set(seeker.pool, sent);
    if (sent === byPool.get(seeker.pool)?.length) poolsDoneAt.set(seeker.pool, performance.now());
  };
  const stopFilling = startFilling(seekers, poolsDoneAt);
  const profiler =
    values.profile && server.inspectorPort !== undefined ? await profileWorker(server.inspectorPort) : undefined;
  const seek0 = await cpu(server);
  const start = performance.now();
  const progress = setInterval(() => {
    const count = (test: (s: Seeker) => boolean) => seekers.filter(test).length;
    console.log(
      `  +${fixed((performance.now() - start) / 1000, 0)} s: ${count((s) => s.seekSentAt !== undefined)} sought, ` +
        `${count((s) => s.seat !== undefined)} paired, ${count((s) => s.fillSent)} filled; ${problems.length} problems`,
    );
  }, 10_000);
  await Promise.all(seekers.map((seeker) => runSeeker(seeker, wsUrl, start, onSent)));
  const arrivedMs = performance.now() - start;
  console.log(`${seekers.length} seekers sought in ${fixed(arrivedMs / 1000)} s`);
  // Everyone paired, or the last chance gone.
  const fillsDone = performance.now() + FILL_AFTER_MS + 2 * WAVE_MS;
  const lastPairedAt = () => Math.max(fillsDone, ...seekers.map((seeker) => seeker.pairedAt ?? 0));
  while (seekers.some((seeker) => !seeker.seat) && performance.now() < lastPairedAt() + LOST_AFTER_MS) await sleep(200);
  clearInterval(progress);
  stopFilling();
  const seek1 = await cpu(server);
  const windowMs = seek1.at - start;
  const profile = profiler ? await profiler.stop() : undefined;
  if (profile && values.profile) await writeFile(values.profile, JSON.stringify(profile));

  // What the seekers came to.
  const lost = seekers.filter((seeker) => !seeker.seat);
  // Each lost seeker, first among the problems: what became of it.
  problems.unshift(
    ...lost
      .slice(0, 10)
      .map(
        (seeker) =>
          `${seeker.name} (${seeker.pool}): never paired; socket ${seeker.socket ? "held" : "never opened"}, ` +
          `${seeker.since === undefined ? "never told it was seeking" : `seeking since ${seeker.since}`}, fill ${seeker.fillSent ? (seeker.fillAcked ? "acknowledged" : "sent") : "not sent"}`,
      ),
  );
  const seatsTaken = new Map<string, Seeker>();
  let doubleSeated = seekers.filter((seeker) => seeker.pairedCount > 1).length;
  for (const seeker of seekers) {
    if (!seeker.seat) continue;
    const key = `${seeker.seat.tableId}#${seeker.seat.seat}`;
    const other = seatsTaken.get(key);
    if (other) {
      doubleSeated++;
      problem(`${seeker.name} and ${other.name} both given ${key}`);
    }
    seatsTaken.set(key, seeker);
  }
  const tables = new Map<string, { players: number; seekers: number }>();
  for (const seeker of seekers) {
    if (!seeker.seat) continue;
    const table = tables.get(seeker.seat.tableId) ?? { players: seeker.players, seekers: 0 };
    table.seekers++;
    tables.set(seeker.seat.tableId, table);
  }
  const withComputers = [...tables.values()].filter((table) => table.seekers < table.players).length;
  const waits = (filter: (seeker: Seeker) => boolean) =>
    percentiles(
      seekers
        .filter((seeker) => seeker.pairedAt !== undefined && filter(seeker))
        .map((seeker) => (seeker.pairedAt as number) - (seeker.seekSentAt as number)),
    );
  const seekToPaired = {
    all: waits(() => true),
    withoutFill: waits((seeker) => !seeker.fillSent),
    filled: waits((seeker) => seeker.fillSent),
    byPlayers: Object.fromEntries([2, 3, 4, 6].map((players) => [players, waits((s) => s.players === players)])),
  };
  const socketOpen = percentiles(
    seekers.flatMap((s) => (s.openedAt === undefined ? [] : [(s.openedAt as number) - (s.openAskedAt as number)])),
  );
  const lateBy = percentiles(
    seekers.flatMap((s) => (s.seekSentAt === undefined ? [] : [s.seekSentAt - start - s.arriveMs])),
  );
  const verified = await verifyTables(server.url, seekers);
  // The watchers' last broadcasts may still be on their way (this driver reads a great many): until none comes for 2 s.
  for (let total = -1, settle = performance.now() + 60_000; performance.now() < settle; ) {
    const now = [...heard.values()].reduce((a, b) => a + b, 0);
    if (now === total) break;
    total = now;
    await sleep(2000);
  }
  const missedByWatchers = [...tables.keys()].filter((id) => (heard.get(id) ?? 0) < watcherCount).length;
  if (missedByWatchers > 0) problem(`${missedByWatchers} tables not heard of by every watcher`);

  const serverCpuMs = seek1.total - seek0.total;
  const byProcess = Object.fromEntries(
    Object.keys(seek1.byProcess).map((name) => [name, (seek1.byProcess[name] ?? 0) - (seek0.byProcess[name] ?? 0)]),
  );
  const aboveIdleMs = serverCpuMs - (idleMsPerSecond * windowMs) / 1000;
  const profiled = profile ? profileTimes(profile, PROFILED) : undefined;
  const fills2 = seekers.filter((seeker) => seeker.fillSent).length;
  console.log(
    `seek → paired: p50 ${fixed(seekToPaired.all.p50Ms, 0)} ms, p95 ${fixed(seekToPaired.all.p95Ms, 0)} ms ` +
      `(not filled: p50 ${fixed(seekToPaired.withoutFill.p50Ms, 0)}, p95 ${fixed(seekToPaired.withoutFill.p95Ms, 0)}; ` +
      `${fills2} filled with computers: p50 ${fixed(seekToPaired.filled.p50Ms, 0)}, p95 ${fixed(seekToPaired.filled.p95Ms, 0)}); ` +
      [2, 3, 4, 6]
        .map((players) => {
          const w = seekToPaired.byPlayers[players] as ReturnType<typeof percentiles>;
          return `${players} players (${w.count}): p50 ${fixed(w.p50Ms, 0)}, p95 ${fixed(w.p95Ms, 0)}`;
        })
        .join("; "),
  );
  console.log(
    `a seeker's socket opened in p50 ${fixed(socketOpen.p50Ms, 0)} ms, p95 ${fixed(socketOpen.p95Ms, 0)} ms; ` +
      `its seek went p50 ${fixed(lateBy.p50Ms, 0)} ms, p95 ${fixed(lateBy.p95Ms, 0)} ms after its moment`,
  );
  console.log(
    `lost ${lost.length}, double-seated ${doubleSeated}; ${tables.size} tables (${withComputers} with computers), ` +
      `${verified.checked - verified.wrong}/${verified.checked} snapshots as paired; tables every watcher heard of: ` +
      `${tables.size - missedByWatchers}/${tables.size}; sockets the pools closed under a waiting seeker, by code: ` +
      `${JSON.stringify(Object.fromEntries(closedByServer))} (each sought again at once: place kept ${place.kept}, lost ${place.lost})`,
  );
  console.log(
    `seeking window ${fixed(windowMs / 1000)} s: server CPU ${fixed(serverCpuMs, 0)} ms ` +
      `(${Object.entries(byProcess)
        .map(([name, ms]) => `${name} ${fixed(ms, 0)}`)
        .join(", ")}), ${fixed(aboveIdleMs, 0)} ms above the idle baseline; ` +
      `CPU per pairing ${fixed(serverCpuMs / tables.size)} ms (${fixed(aboveIdleMs / tables.size)} above idle); ` +
      `driver ${fixed(seek1.driver - seek0.driver, 0)} ms`,
  );
  if (profiled) {
    console.log(
      `profile (${values.profile}): ${fixed(profiled.totalMs, 0)} ms in the worker's isolate; ` +
        Object.entries(profiled.byName)
          .map(([name, ms]) => `${name} ${fixed(ms, 0)} ms (${fixed(ms / tables.size, 2)}/table)`)
          .join(", "),
    );
  }

  const moveCost = await movesListedAndNot(server.url);
  console.log(
    `moves, medians over ${rounds} rounds of ${moves}: listed p50 ${fixed(moveCost.listedP50Ms)} ms, p95 ${fixed(moveCost.listedP95Ms)} ms; ` +
      `unlisted p50 ${fixed(moveCost.unlistedP50Ms)} ms, p95 ${fixed(moveCost.unlistedP95Ms)} ms; ` +
      `listed/unlisted p50 ${fixed(moveCost.ratioP50, 2)}, p95 ${fixed(moveCost.ratioP95, 2)}`,
  );
  const load1 = loadavg();
  console.log(`load average at the end ${load1.map((n) => fixed(n, 2)).join(" ")}`);
  failed = problems.length > 0 || lost.length > 0 || doubleSeated > 0 || verified.wrong > 0;
  if (problems.length > 0) console.error(`bench:lobby: ${problems.length} problem(s):\n${problems.join("\n")}`);
  const summary = {
    date: new Date().toISOString(),
    seekers: seekerCount,
    watchers: watcherCount,
    overSeconds,
    seed,
    poolWeights: POOL_WEIGHTS,
    arrivedMs,
    socketOpen,
    seekLateBy: lateBy,
    seekToPaired,
    lost: lost.length,
    doubleSeated,
    tables: tables.size,
    tablesWithComputers: withComputers,
    filled: fills2,
    snapshotsChecked: verified.checked,
    snapshotsWrong: verified.wrong,
    tablesMissedByWatchers: missedByWatchers,
    socketsClosedByServer: Object.fromEntries(closedByServer),
    placeKeptOnSeekAgain: place.kept,
    placeLostOnSeekAgain: place.lost,
    idleServerCpuMsPerSecond: idleMsPerSecond,
    seekingWindowMs: windowMs,
    seekingServerCpuMs: serverCpuMs,
    seekingServerCpuMsByProcess: byProcess,
    seekingServerCpuAboveIdleMs: aboveIdleMs,
    cpuPerPairingMs: serverCpuMs / tables.size,
    cpuPerPairingAboveIdleMs: aboveIdleMs / tables.size,
    seekingDriverCpuMs: seek1.driver - seek0.driver,
    ...(profiled ? { profile: { file: values.profile, ...profiled } } : {}),
    moves: { rounds, moves, ...moveCost },
    loadAverageStart: load0,
    loadAverageEnd: load1,
    problems,
    node: nodeVersion(),
    wrangler: wranglerVersion(),
  };
  console.log(JSON.stringify(summary));
  closing = true;
  await Promise.all([...watchers, ...seekers.flatMap((seeker) => seeker.socket ?? [])].map((socket) => socket.close()));
} catch (error) {
  console.error(`bench:lobby: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
} finally {
  closing = true;
  await server.stop();
}
process.exit(failed ? 1 : 0);
