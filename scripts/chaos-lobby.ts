/**
 * npm run -s chaos:lobby -- [--seekers N] [--pools A,B,…] [--over S] [--kills K] [--gap MIN-MAX] [--cancel P] [--fill-after S] [--seed X]
 *
 * Kills the server in the middle of quick play's waves, starts it again, and
 * checks that no seeker is lost and none is seated twice (issue 31).
 *
 * Starts `wrangler dev -c loadtest/wrangler.toml` (offline, trace collector
 * off, storage in a temporary folder; scripts/dev-server.ts) with computers
 * offered after --fill-after seconds (default 5; POOL_FILL_AFTER_SECONDS) and
 * the pools' other times as in production: a wave every 2 s, a dropped
 * socket's seek kept 10 s. N seekers (default 200) arrive at random moments
 * over S seconds (default 30), spread evenly over the pools (default
 * classic-2-live, classic-3-live, classic-4-live, classic-6-live,
 * capture-2-live), each from an address of its own, with a seeker key of its
 * own and a name of its own; each opens a socket to its pool, sends `seek`,
 * pings every 2 s as the SDK does, and closes its socket once `paired`. A
 * share P of them (default 0.1) send `cancel` 0 to 6 s after their seek, if
 * not paired by then. K times (default 2), --gap ms (default 3000-6000) after
 * the start or the last restart, the script waits for the next `paired` (a
 * wave making its tables, at most 5 s) and at once kills wrangler dev's whole
 * process group with SIGKILL (npx, wrangler and workerd: nothing else), as a
 * crash would; the sockets drop. It starts wrangler dev again on the same
 * port, with the same storage and vars. Every seeker still seeking
 * reconnects as soon as the server answers and sends `seek` again with the
 * same key (well within the 10 s grace): the pool keeps its place (`since`
 * unchanged) or tells it its seat. A seeker whose `cancel` had no answer when
 * the server died does not come back (its seek, if it was kept, ends after
 * the grace, never seated). Every seeker paired before the kill seeks again
 * with its key too: the pool must tell it the same seat. Seekers arriving
 * while the server is down retry until it answers. Once all of a pool's
 * seekers have come, those left waiting send `fill` two waves later, from
 * their `fillAt`, so that everyone ends seated. At the end every paired
 * seeker seeks once more with its key, to be told its seat again.
 *
 * Checks: every seeker that did not cancel was paired, to one table and seat
 * only (however often told); a cancelled seeker (its `cancel` acknowledged)
 * never; no table and seat given to two seekers; the pool kept each waiting
 * seeker's place; every table a seeker was paired to, or the lobby lists,
 * exists (GET /api/tables/:id) and is playing, with each seeker's name at
 * the seat it was given; no seeker's name at two seats of those tables, nor
 * at a seat it was not given (a seeker whose cancel was lost in a kill may be
 * seated once, unknowing: counted, not a violation). Reports the restarts
 * (kill to the server answering), the re-seeks (the server answering to each
 * `seek` sent again), the seats told again, the paired tables the lobby does
 * not list (its report is an after-commit effect that a kill can cut: counted,
 * not a violation), and how many of those were first told within 3 s before
 * a kill or as the server came back. Exits 1 on any violation; prints one JSON line last.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seededRandom } from "../src/bots/random.ts";
import { DROP_GRACE_MS, WAVE_MS } from "../src/lobby/index.ts";
import { type LobbyMessage, PoolNameSchema, type QuickServerMessage } from "../src/protocol/index.ts";
import * as v from "../src/protocol/schema.ts";
import {
  freePort,
  livePids,
  median,
  nodeVersion,
  type Server,
  Socket,
  sleep,
  startServer,
  stopAll,
  wranglerVersion,
} from "./loadtest-lib.ts";

const usage =
  "usage: npm run -s chaos:lobby -- [--seekers N] [--pools A,B,…] [--over S] [--kills K] [--gap MIN-MAX] [--cancel 0–1] [--fill-after S] [--seed X]";
const { values } = parseArgs({
  options: {
    seekers: { type: "string", default: "200" },
    pools: { type: "string", default: "classic-2-live,classic-3-live,classic-4-live,classic-6-live,capture-2-live" },
    over: { type: "string", default: "30" },
    kills: { type: "string", default: "2" },
    gap: { type: "string", default: "3000-6000" },
    cancel: { type: "string", default: "0.1" },
    "fill-after": { type: "string", default: "5" },
    seed: { type: "string", default: String(Math.floor(Math.random() * 2 ** 31)) },
  },
});
const seekerCount = Number(values.seekers);
const pools = values.pools.split(",");
const overSeconds = Number(values.over);
const kills = Number(values.kills);
const [gapMin, gapMax] = values.gap.split("-").map(Number) as [number, number];
const cancelShare = Number(values.cancel);
const fillAfterSeconds = Number(values["fill-after"]);
const seed = Number(values.seed);
if (
  !(Number.isInteger(seekerCount) && seekerCount >= 1) ||
  !pools.every((name) => v.safeParse(PoolNameSchema, name).success) ||
  !(overSeconds > 0) ||
  !(Number.isInteger(kills) && kills >= 0) ||
  ![gapMin, gapMax, seed].every((n) => Number.isInteger(n) && n >= 0) ||
  gapMax < gapMin ||
  !(cancelShare >= 0 && cancelShare <= 1) ||
  !(Number.isInteger(fillAfterSeconds) && fillAfterSeconds >= 1)
) {
  console.error(usage);
  process.exit(1);
}

/** How long a seeker may take to reach the server again, and the last seekers to be seated at the end. */
const RECONNECT_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 60_000;
/** How long a seek or a re-seek may wait for its answer. */
const ANSWER_TIMEOUT_MS = 20_000;

const violations: string[] = [];
function violation(text: string): void {
  violations.push(text);
  if (violations.length <= 20) console.log(`  VIOLATION ${text}`);
}

const random = seededRandom(seed);
let wsBase = "";
/** False while the server is down (between a kill and the restart answering). */
let serverUp = false;
/** When the server last started answering. */
let upAt = 0;
let stopping = false;
/** When each table's first `paired` came (this machine's clock), and when each kill was sent. */
const firstToldAt = new Map<string, number>();
const killTimes: number[] = [];
/** Resolved at the next `paired` any seeker gets: a wave is making its tables. */
let onPaired: (() => void) | undefined;

interface Seat {
  readonly tableId: string;
  readonly seat: number;
}

type State =
  | "arriving"
  | "seeking"
  /** Its `cancel` sent, no answer yet. */
  | "cancelling"
  | "cancelled"
  /** Its `cancel` had no answer when the server died: it does not come back. */
  | "cancel-lost"
  | "paired";

const stats = {
  reseeks: 0,
  placeKept: 0,
  retoldSame: 0,
  /** From the server answering to each seek sent again, by restart. */
  reseekMs: [] as number[],
  fillsSent: 0,
  /** Sockets the server closed while it ran (a seeker taken for silent): each seeks again. */
  closedByServer: 0,
  cancelsAcked: 0,
  cancelsTooLate: 0,
};

class Seeker {
  readonly key = randomBytes(16).toString("base64url");
  readonly name: string;
  readonly address: string;
  readonly players: number;
  state: State = "arriving";
  socket: Socket | undefined;
  /** Every distinct seat it was told, and how many `paired` it got in all. */
  readonly seats: Seat[] = [];
  pairedMessages = 0;
  /** Its place in the queue, as the pool first told it (`seeking.since`), and from when it may fill. */
  since: number | undefined;
  fillAt: number | undefined;
  fillAcked = false;
  fillPendingOn: Socket | undefined;
  /** Whether the current socket's `seek` was answered (`seeking` or `paired`). */
  answered = false;
  readonly index: number;
  readonly pool: string;
  readonly arriveMs: number;
  readonly cancelAfterMs: number | undefined;

  constructor(index: number, pool: string, arriveMs: number, cancelAfterMs: number | undefined) {
    this.index = index;
    this.pool = pool;
    this.arriveMs = arriveMs;
    this.cancelAfterMs = cancelAfterMs;
    this.name = `Seeker ${index + 1}`;
    this.address = `10.7.${index >> 8}.${index & 255}`;
    this.players = Number(pool.split("-")[1]);
  }

  get label(): string {
    return `${this.name} (${this.pool})`;
  }

  /**
   * Opens a socket to its pool, retrying while the server is down; sends
   * `seek` with its key. `again`: after its socket dropped in a kill.
   */
  async seek(again = false): Promise<Socket | undefined> {
    const deadline = Date.now() + RECONNECT_TIMEOUT_MS;
    let socket: Socket | undefined;
    while (!socket) {
      try {
        if (!serverUp) throw new Error("down");
        socket = await Socket.open(`${wsBase}/api/quick/${this.pool}/ws`, { "CF-Connecting-IP": this.address });
      } catch {
        if (Date.now() > deadline || stopping) {
          violation(`${this.label}: could not reach its pool within ${RECONNECT_TIMEOUT_MS / 1000} s`);
          return undefined;
        }
        await sleep(100);
      }
    }
    this.socket = socket;
    this.answered = false;
    this.fillPendingOn = undefined;
    socket.onMessage = (message) => this.receive(message as unknown as QuickServerMessage, socket);
    socket.onClose = () => {
      if (this.socket === socket) this.socket = undefined;
      if (stopping || this.state !== "seeking") return;
      // Dropped: seek again with the same key, as the SDK does.
      if (!socket.dropExpected) stats.closedByServer++;
      void this.seek(socket.dropExpected);
    };
    if (again) {
      stats.reseeks++;
      stats.reseekMs.push(Date.now() - upAt);
    }
    socket.send({ type: "seek", id: "seek", seeker: this.key, name: this.name, lang: "en" });
    return socket;
  }

  private receive(message: QuickServerMessage, socket: Socket): void {
    switch (message.type) {
      case "seeking":
        this.answered = true;
        if (this.state === "paired") {
          violation(`${this.label}: sought again after its seat ${JSON.stringify(this.seats[0])}, told it is seeking`);
          return;
        }
        if (this.since === undefined) this.since = message.since;
        else if (message.since === this.since) stats.placeKept++;
        else violation(`${this.label}: its place was lost: since ${this.since}, then ${message.since}`);
        this.since = message.since;
        this.fillAt = message.fillAt;
        return;
      case "paired": {
        this.answered = true;
        this.pairedMessages++;
        onPaired?.();
        const seat = { tableId: message.tableId, seat: message.seat };
        if (!firstToldAt.has(seat.tableId)) firstToldAt.set(seat.tableId, Date.now());
        const known = this.seats.find((s) => s.tableId === seat.tableId && s.seat === seat.seat);
        if (!known) this.seats.push(seat);
        if (this.seats.length > 1) {
          violation(`${this.label}: paired to ${JSON.stringify(this.seats)}`);
        } else if (known) {
          stats.retoldSame++;
        }
        if (this.state === "cancelled") violation(`${this.label}: paired after its cancel was acknowledged`);
        this.state = "paired";
        void socket.close();
        return;
      }
      case "ack":
        if (message.id === "cancel" && this.state === "cancelling") {
          this.state = "cancelled";
          stats.cancelsAcked++;
          void socket.close();
        } else if (message.id === "fill") {
          this.fillAcked = true;
        }
        return;
      case "error":
        if (message.id === "cancel" && message.code === "not-seeking") {
          // Paired (or its `paired` on the way) before the cancel came: it stays seated.
          stats.cancelsTooLate++;
          if (this.state === "cancelling") this.state = "seeking";
          return;
        }
        if (message.id === "fill" && message.code === "not-seeking") return;
        violation(`${this.label}: error ${message.id ?? ""} ${message.code}: ${message.message}`);
        return;
      case "ended":
        violation(`${this.label}: its seek ended (${message.reason})`);
        return;
      default:
        return;
    }
  }

  /** Cancels, if still seeking with its seek answered on an open socket. */
  cancel(): void {
    if (this.state !== "seeking" || !this.socket || !this.answered) return;
    this.state = "cancelling";
    this.socket.send({ type: "cancel", id: "cancel" });
  }

  /** Asks for computers, once its fillAt is reached, on a socket whose seek was answered. */
  maybeFill(): void {
    if (this.state !== "seeking" || this.fillAcked || !this.socket || !this.answered) return;
    if (this.fillAt === undefined || Date.now() < this.fillAt + 100 || this.fillPendingOn === this.socket) return;
    this.fillPendingOn = this.socket;
    stats.fillsSent++;
    this.socket.send({ type: "fill", id: "fill" });
  }

  /** The server is about to die: its socket's close is expected. */
  killed(): void {
    if (this.socket) this.socket.dropExpected = true;
    if (this.state === "cancelling") this.state = "cancel-lost";
  }
}

/** A paired seeker seeks again with its key: the pool must tell it the same seat, not seat it anew. */
async function retell(seeker: Seeker): Promise<void> {
  const before = seeker.pairedMessages;
  const socket = await seeker.seek();
  if (!socket) return;
  try {
    await socket.next((m) => m.type === "paired" || m.type === "seeking" || m.type === "error", ANSWER_TIMEOUT_MS);
  } catch {
    violation(`${seeker.label}: no answer when it sought again after its seat`);
  }
  if (seeker.pairedMessages === before) violation(`${seeker.label}: sought again, not told its seat`);
  await socket.close();
}

/** Kills wrangler dev's whole process group at once and waits until none of its processes is left alive. */
async function kill(server: Server): Promise<void> {
  const group = server.group;
  if (group === undefined || !server.kill) throw new Error("no process group to kill");
  await server.kill(); // process.kill(-group, "SIGKILL")
  const deadline = Date.now() + 10_000;
  while ((await livePids(group)).length > 0) {
    if (Date.now() > deadline) throw new Error(`process group ${group} still alive 10 s after SIGKILL`);
    await sleep(20);
  }
}

async function start(): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    try {
      const server = await startServer(options);
      upAt = Date.now();
      serverUp = true;
      return server;
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  wrangler dev did not start (attempt ${attempt}): ${String(error).split("\n")[0]}`);
      failedStarts++;
    }
  }
}

interface Snapshot {
  status: string;
  seats: { seat: number; name: string | null }[];
}

/** Every table listed in the lobby now, from the first message of a fresh lobby socket. */
async function lobbyTables(): Promise<string[]> {
  const socket = await Socket.open(`${wsBase}/api/lobby/ws`, { "CF-Connecting-IP": "10.8.0.1" });
  const first = (await socket.next((m) => m.type === "lobby", ANSWER_TIMEOUT_MS)) as unknown as LobbyMessage;
  await socket.close();
  return first.type === "lobby" ? first.tables.map((table) => table.tableId) : [];
}

const state = await mkdtemp(join(tmpdir(), "cc-chaos-lobby-"));
const port = await freePort();
const vars: Readonly<Record<string, string>> = { POOL_FILL_AFTER_SECONDS: String(fillAfterSeconds) };
const options = { observability: false, persistTo: state, port, vars } as const;
let failedStarts = 0;
let cleaning: Promise<void> | undefined;
const cleanUp = () => {
  cleaning ??= stopAll()
    .catch(() => {})
    .then(() => rm(state, { recursive: true, force: true }));
  return cleaning;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`chaos:lobby: ${signal}, stopping the server`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const seekers = Array.from({ length: seekerCount }, (_, i) => i)
  .map(() => random() * overSeconds * 1000)
  .sort((a, b) => a - b)
  .map(
    (arriveMs, i) =>
      new Seeker(i, pools[i % pools.length] as string, arriveMs, random() < cancelShare ? random() * 6000 : undefined),
  );
console.log(
  `chaos:lobby: ${seekerCount} seekers over ${overSeconds} s in ${pools.join(", ")}; ${kills} kills ${gapMin}-${gapMax} ms apart; ` +
    `${seekers.filter((s) => s.cancelAfterMs !== undefined).length} cancel; computers after ${fillAfterSeconds} s; seed ${seed}; ` +
    `node ${nodeVersion()}, wrangler ${wranglerVersion()}`,
);

const restarts: number[] = [];
const killedAtPaired: boolean[] = [];
let exitCode = 1;
try {
  let server = await start();
  wsBase = server.url.replace(/^http/, "ws");
  const start0 = Date.now();
  // Arrivals, each on its own clock; cancels after their delay.
  const arrivals = Promise.all(
    seekers.map(async (seeker) => {
      await sleep(start0 + seeker.arriveMs - Date.now());
      seeker.state = "seeking";
      const socket = await seeker.seek();
      if (!socket || seeker.cancelAfterMs === undefined) return;
      await sleep(seeker.cancelAfterMs);
      // Asked once its seek was answered (after a kill, on the socket that sought again).
      while (seeker.state === "seeking" && !(seeker.socket && seeker.answered) && !stopping) await sleep(50);
      seeker.cancel();
    }),
  );
  // Fills: a pool's seekers all come, two waves later those still waiting ask for computers from their fillAt.
  let filling = true;
  const fills = (async () => {
    while (filling) {
      const now = Date.now();
      for (const name of pools) {
        const mine = seekers.filter((seeker) => seeker.pool === name);
        const lastMs = Math.max(...mine.map((seeker) => seeker.arriveMs));
        if (mine.some((seeker) => seeker.state === "arriving") || now < start0 + lastMs + 2 * WAVE_MS) continue;
        for (const seeker of mine) seeker.maybeFill();
      }
      await sleep(250);
    }
  })();

  for (let number = 1; number <= kills; number++) {
    await sleep(gapMin + random() * (gapMax - gapMin));
    // The next wave that makes a table, or at most 5 s.
    const paired = await Promise.race([
      new Promise<boolean>((resolve) => {
        onPaired = () => resolve(true);
      }),
      sleep(5000).then(() => false),
    ]);
    onPaired = undefined;
    killedAtPaired.push(paired);
    serverUp = false;
    for (const seeker of seekers) seeker.killed();
    const dropped = seekers.filter((seeker) => seeker.state === "seeking" && seeker.socket);
    const killedAt = Date.now();
    killTimes.push(killedAt);
    const before = stats.reseekMs.length;
    await kill(server);
    server = await start();
    restarts.push(upAt - killedAt);
    // Everyone seeking when it died seeks again as its socket's close tells it (Seeker.seek); everyone paired asks for its seat.
    await Promise.all(seekers.filter((seeker) => seeker.state === "paired").map(retell));
    const back = Date.now() + RECONNECT_TIMEOUT_MS;
    while (dropped.some((s) => s.state === "seeking" && !(s.socket && s.answered)) && Date.now() < back)
      await sleep(50);
    const seeking = dropped.length;
    const reseeks = stats.reseekMs.slice(before);
    console.log(
      `kill ${number} at +${((killedAt - start0) / 1000).toFixed(1)} s (${paired ? "as a wave made its tables" : "no wave within 5 s"}): ` +
        `${seeking} seeking, ${seekers.filter((s) => s.state === "paired").length} paired, ` +
        `${seekers.filter((s) => s.state === "cancel-lost").length} with a cancel lost; server back in ${((upAt - killedAt) / 1000).toFixed(1)} s; ` +
        `${reseeks.length} sought again in at most ${Math.max(0, ...reseeks)} ms (the grace is ${DROP_GRACE_MS / 1000} s)`,
    );
    if (Math.max(0, ...reseeks) >= DROP_GRACE_MS) violation(`kill ${number}: seekers came back after the grace`);
  }
  await arrivals;
  // Everyone seated who is to be.
  const settle = Date.now() + fillAfterSeconds * 1000 + SETTLE_TIMEOUT_MS;
  while (seekers.some((seeker) => seeker.state === "seeking" || seeker.state === "cancelling") && Date.now() < settle)
    await sleep(100);
  filling = false;
  await fills;
  stopping = true;
  // Each paired seeker asks once more for its seat.
  await Promise.all(seekers.filter((seeker) => seeker.state === "paired").map(retell));

  // The verdict.
  const lost = seekers.filter(
    (seeker) => seeker.state !== "paired" && seeker.state !== "cancelled" && seeker.state !== "cancel-lost",
  );
  for (const seeker of lost) violation(`${seeker.label}: never paired (${seeker.state})`);
  let doubleSeated = seekers.filter((seeker) => seeker.seats.length > 1).length;
  const seatOwner = new Map<string, Seeker>();
  for (const seeker of seekers) {
    for (const seat of seeker.seats) {
      const key = `${seat.tableId}#${seat.seat}`;
      const other = seatOwner.get(key);
      if (other && other !== seeker) {
        doubleSeated++;
        violation(`${seeker.label} and ${other.label} both given ${key}`);
      }
      seatOwner.set(key, seeker);
    }
  }
  const pairedTables = new Set(seekers.flatMap((seeker) => seeker.seats.map((seat) => seat.tableId)));
  const listed = new Set(await lobbyTables());
  const tableIds = new Set([...pairedTables, ...listed]);
  const byName = new Map(seekers.map((seeker) => [seeker.name, seeker]));
  const seatedByName = new Map<string, string[]>();
  let tablesWrong = 0;
  for (const tableId of tableIds) {
    const response = await fetch(`${server.url}/api/tables/${tableId}`, {
      headers: { "CF-Connecting-IP": "10.8.0.2" },
    });
    if (response.status !== 200) {
      tablesWrong++;
      violation(
        `table ${tableId}: GET ${response.status}${pairedTables.has(tableId) ? " (a seeker was paired to it)" : ""}`,
      );
      continue;
    }
    const snapshot = (await response.json()) as Snapshot;
    if (snapshot.status !== "playing") {
      tablesWrong++;
      violation(`table ${tableId}: ${snapshot.status}, not playing`);
    }
    for (const { seat, name } of snapshot.seats) {
      if (name === null) {
        tablesWrong++;
        violation(`table ${tableId}: seat ${seat} empty`);
        continue;
      }
      const seeker = byName.get(name);
      if (!seeker) continue; // a computer
      seatedByName.set(name, [...(seatedByName.get(name) ?? []), `${tableId}#${seat}`]);
      const given = seeker.seats.some((s) => s.tableId === tableId && s.seat === seat);
      if (!given && seeker.state !== "cancel-lost") {
        violation(`${seeker.label}: seated at ${tableId}#${seat} without being told (${seeker.state})`);
        doubleSeated++;
      }
    }
    for (const seeker of seekers) {
      for (const seat of seeker.seats) {
        if (seat.tableId === tableId && snapshot.seats[seat.seat]?.name !== seeker.name) {
          tablesWrong++;
          violation(
            `table ${tableId}: seat ${seat.seat} is ${snapshot.seats[seat.seat]?.name}, paired to ${seeker.name}`,
          );
        }
      }
    }
  }
  for (const [name, seats] of seatedByName) {
    if (seats.length > 1) {
      doubleSeated++;
      violation(`${name} seated at ${seats.join(", ")}`);
    }
  }
  const seatedUnknowing = seekers.filter((s) => s.state === "cancel-lost" && seatedByName.has(s.name)).length;
  const missing = [...pairedTables].filter((id) => !listed.has(id));
  const notInLobby = missing.length;
  // A table whose report a kill may have cut: first told within 3 s before a kill, or only after one (its seekers told on seeking again).
  const nearKill = missing.filter((id) => {
    const at = firstToldAt.get(id) ?? 0;
    return killTimes.some(
      (killedAt) =>
        at > killedAt - 3000 &&
        at < killedAt + RECONNECT_TIMEOUT_MS &&
        at - killedAt < (restarts[killTimes.indexOf(killedAt)] ?? 0) + 5000,
    );
  }).length;
  const summary = {
    date: new Date().toISOString(),
    node: nodeVersion(),
    wrangler: wranglerVersion(),
    seed,
    seekers: seekerCount,
    pools,
    overSeconds,
    fillAfterSeconds,
    kills: restarts.length,
    killedAsAWaveMadeTables: killedAtPaired.filter(Boolean).length,
    paired: seekers.filter((s) => s.state === "paired").length,
    cancelled: stats.cancelsAcked,
    cancelsTooLate: stats.cancelsTooLate,
    cancelLost: seekers.filter((s) => s.state === "cancel-lost").length,
    cancelLostSeated: seatedUnknowing,
    lost: lost.length,
    doubleSeated,
    tables: pairedTables.size,
    tablesOnlyInLobby: [...listed].filter((id) => !pairedTables.has(id)).length,
    pairedTablesNotInLobby: notInLobby,
    pairedTablesNotInLobbyMadeNearAKill: nearKill,
    tablesWrong,
    reseeks: stats.reseeks,
    placeKept: stats.placeKept,
    seatsToldAgain: stats.retoldSame,
    fillsSent: stats.fillsSent,
    restartMs: { median: median(restarts), max: Math.max(0, ...restarts) },
    reseekMs: { median: median(stats.reseekMs), max: Math.max(0, ...stats.reseekMs) },
    failedStarts,
    violations: violations.length,
  };
  console.log(
    `\n${summary.paired} paired at ${summary.tables} tables, ${summary.cancelled} cancelled (${summary.cancelsTooLate} too late: seated), ` +
      `${summary.cancelLost} with a cancel lost in a kill (${seatedUnknowing} of them seated); lost ${lost.length}, double-seated ${doubleSeated}, ` +
      `tables wrong ${tablesWrong}; ${stats.reseeks} sought again after a kill (place kept ${stats.placeKept}), ` +
      `seats told again ${stats.retoldSame}; paired tables the lobby does not list: ${notInLobby} (${nearKill} of them first told within 3 s before a kill or as the server came back)`,
  );
  console.log(violations.length === 0 ? "no violations" : `${violations.length} VIOLATIONS`);
  console.log(JSON.stringify(summary));
  exitCode = violations.length === 0 ? 0 : 1;
  stopping = true;
  await Promise.all(seekers.map((seeker) => seeker.socket?.close()));
} catch (error) {
  console.error(`chaos:lobby: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
} finally {
  stopping = true;
  await cleanUp();
}
process.exit(exitCode);
