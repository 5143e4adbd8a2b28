/**
 * What the load test (scripts/loadtest.ts), the wake, replay and chat
 * benches (scripts/bench-wake.ts, scripts/bench-replay.ts,
 * scripts/bench-chat.ts) and the chaos test (scripts/chaos.ts) share:
 * `wrangler dev` with loadtest/wrangler.toml (scripts/dev-server.ts); the
 * CPU time and I/O of its processes, and which are alive, from /proc; a
 * small socket client that checks every event's `seq`, and tables made and
 * started through it, and played move by move; and medians and percentiles.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatPath, Game } from "../src/rules/index.ts";
import { type Server, type ServerOptions, sleep, startServer as startDevServer } from "./dev-server.ts";

export { freePort, type Server, sleep, stopAll } from "./dev-server.ts";

/** `wrangler dev` with loadtest/wrangler.toml: the service and, beside it, the bare Durable Object. */
export function startServer(options: Omit<ServerOptions, "config">): Promise<Server> {
  return startDevServer({ ...options, config: "loadtest/wrangler.toml" });
}

export const root = fileURLToPath(new URL("..", import.meta.url));

/** Ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

export interface ProcessUsage {
  /** CPU time (user + system) in ms, by process name (`workerd`, `node`, …). */
  readonly cpuMs: Record<string, number>;
  /** Write system calls and bytes (all of them, sockets included), and bytes that reached the storage layer. */
  readonly syscw: number;
  readonly wchar: number;
  readonly writeBytes: number;
}

/**
 * The processes of a group (wrangler dev's: npx, wrangler's node, workerd),
 * or the given pids: CPU time from /proc/<pid>/stat (utime + stime), writes
 * from /proc/<pid>/io.
 */
export async function processUsage(group: number | undefined, pids: readonly number[] = []): Promise<ProcessUsage> {
  const cpuMs: Record<string, number> = {};
  let syscw = 0;
  let wchar = 0;
  let writeBytes = 0;
  const all = group === undefined ? pids.map(String) : (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  for (const pid of all) {
    let stat: string;
    try {
      stat = await readFile(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields from the third (state) on: pgrp is the 5th, utime the 14th, stime the 15th.
    if (group !== undefined && Number(fields[2]) !== group) continue;
    const ticks = Number(fields[11]) + Number(fields[12]);
    const name = comm.startsWith("workerd") ? "workerd" : comm;
    cpuMs[name] = (cpuMs[name] ?? 0) + (ticks * 1000) / CLOCK_TICKS;
    try {
      const io = await readFile(`/proc/${pid}/io`, "utf8");
      const value = (key: string) => Number(new RegExp(`^${key}: (\\d+)$`, "m").exec(io)?.[1] ?? 0);
      if (name === "workerd") {
        syscw += value("syscw");
        wchar += value("wchar");
        writeBytes += value("write_bytes");
      }
    } catch {
      // Not ours to read.
    }
  }
  return { cpuMs, syscw, wchar, writeBytes };
}

/** The change in usage between two readings. */
export function usageDelta(before: ProcessUsage, after: ProcessUsage): ProcessUsage {
  const cpuMs: Record<string, number> = {};
  for (const name of new Set([...Object.keys(before.cpuMs), ...Object.keys(after.cpuMs)])) {
    cpuMs[name] = (after.cpuMs[name] ?? 0) - (before.cpuMs[name] ?? 0);
  }
  return {
    cpuMs,
    syscw: after.syscw - before.syscw,
    wchar: after.wchar - before.wchar,
    writeBytes: after.writeBytes - before.writeBytes,
  };
}

export function totalCpuMs(usage: ProcessUsage): number {
  return Object.values(usage.cpuMs).reduce((sum, ms) => sum + ms, 0);
}

/** The processes of a group (from /proc), with their command names and states (`Z`: dead, not yet reaped). */
async function groupProcesses(group: number): Promise<{ pid: number; comm: string; state: string }[]> {
  const found: { pid: number; comm: string; state: string }[] = [];
  for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (Number(fields[2]) === group) found.push({ pid: Number(pid), comm, state: fields[0] });
    } catch {
      // Gone.
    }
  }
  return found;
}

/** The workerd processes of a group. */
export async function workerdPids(group: number): Promise<number[]> {
  return (await groupProcesses(group)).filter((p) => p.comm.startsWith("workerd")).map((p) => p.pid);
}

/** The processes of a group still alive (zombies, dead but not yet reaped, left out). */
export async function livePids(group: number): Promise<number[]> {
  return (await groupProcesses(group)).filter((p) => p.state !== "Z").map((p) => p.pid);
}

export interface DiskWrites {
  /** Write system calls to files (not sockets or pipes), and the bytes they wrote, by kind of file. */
  readonly calls: number;
  readonly bytes: number;
  readonly syncs: number;
  readonly byFile: Record<string, { calls: number; bytes: number }>;
}

/**
 * Counts the write system calls of processes to files with strace (attached
 * to every thread), until `stop`. Slows the processes a great deal: only the
 * counts are worth reading, not the speed of a traced run.
 */
export async function traceWrites(pids: readonly number[]): Promise<{ stop(): Promise<DiskWrites> }> {
  const dir = await mkdtemp(join(tmpdir(), "cc-strace-"));
  const out = join(dir, "trace");
  const args = ["-f", "-qq", "-y", "-e", "trace=write,pwrite64,writev,pwritev,pwritev2,fsync,fdatasync", "-o", out];
  const child = spawn("strace", [...args, ...pids.flatMap((pid) => ["-p", String(pid)])], { stdio: "ignore" });
  await sleep(1000); // attached
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await Promise.race([exited, sleep(5000)]);
      const text = await readFile(out, "utf8").catch(() => "");
      await rm(dir, { recursive: true, force: true });
      const byFile: Record<string, { calls: number; bytes: number }> = {};
      let calls = 0;
      let bytes = 0;
      let syncs = 0;
      for (const line of text.split("\n")) {
        const match = /^(?:\d+\s+)?(\w+)\(\d+<([^>]*)>.*\)\s+=\s+(-?\d+)/.exec(line);
        if (!match) continue;
        const [, call, path, result] = match;
        if (!path.startsWith("/")) continue; // sockets, pipes, event fds
        const kind = /-wal$/.test(path) ? "wal" : /-shm$/.test(path) ? "shm" : /\.sqlite$/.test(path) ? "sqlite" : path;
        if (call === "fsync" || call === "fdatasync") {
          syncs++;
          continue;
        }
        const written = Math.max(0, Number(result));
        calls++;
        bytes += written;
        const entry = byFile[kind] ?? { calls: 0, bytes: 0 };
        byFile[kind] = entry;
        entry.calls++;
        entry.bytes += written;
      }
      return { calls, bytes, syncs, byFile };
    },
  };
}

/**
 * Profiles the worker's isolate (the worker and its Durable Objects) through
 * the DevTools inspector of wrangler dev, until `stop`, which resolves with
 * the profile (a .cpuprofile's JSON).
 */
export async function profileWorker(inspectorPort: number): Promise<{ stop(): Promise<unknown> }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error("no inspector target");
  // The inspector proxy takes local origins only; Node's WebSocket (undici) sends none unless told.
  const init = { headers: { Origin: "http://localhost" } } as unknown as string[];
  const ws = new WebSocket(target.webSocketDebuggerUrl, init);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 100 });
  await call("Profiler.start");
  return {
    async stop() {
      const result = (await call("Profiler.stop")) as { profile: unknown };
      ws.close();
      return result.profile;
    },
  };
}

/** The q-quantile (0 to 1) of a list, by the nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A server message, as far as the load test reads it. */
export interface Message {
  readonly type: string;
  readonly id?: string;
  readonly seq?: number;
  /** An event's time, by the server's clock (in ms since the epoch). */
  readonly at?: number;
  readonly token?: string;
  readonly code?: string;
  readonly message?: string;
  readonly event?: {
    readonly type: string;
    readonly seat?: number;
    readonly path?: string;
    readonly firstPlayer?: number;
  };
  readonly snapshot?: { readonly seq: number };
  readonly you?: { readonly seat: number | null; readonly host: boolean };
}

/** What one socket saw of the event stream. */
export interface StreamCheck {
  /** Events whose seq was at or below one already seen. */
  duplicates: number;
  /** Events that came after a gap (seq more than one ahead). */
  gaps: number;
  /** Events that came back in time (seq below the last one). */
  reordered: number;
  /** Error messages and unexpected closes. */
  errors: number;
}

/**
 * One WebSocket of a simulated client: it checks that the events it gets
 * come in order, each `seq` one more than the last, and hands every message
 * to `onMessage`.
 */
export class Socket {
  readonly check: StreamCheck = { duplicates: 0, gaps: 0, reordered: 0, errors: 0 };
  /** Every frame received, pongs included, and their length in UTF-16 units (bytes, for ASCII JSON). */
  readonly received = { frames: 0, chars: 0 };
  /** The last event's seq; set from the welcome's snapshot, or 0. */
  lastSeq = 0;
  onMessage: (message: Message) => void = () => {};
  /** When set, every frame goes here unread instead (scripts/bench-replay.ts counts what attackers get). */
  onRaw: ((text: string) => void) | undefined;
  /** Called when the connection closes, whoever closed it. */
  onClose: (code: number) => void = () => {};
  /** Set just before the server is killed (scripts/chaos.ts): the close that follows is not an error. */
  dropExpected = false;
  /**
   * Set before sending a `hello`, until its answer (`identity` or `welcome`):
   * a socket gets every broadcast from the moment it opens, and the answer's
   * replay (or snapshot) covers them again, so events that come before it are
   * passed on without the stream check.
   */
  awaitingAnswer = false;
  readonly errorMessages: string[] = [];
  private readonly ws: WebSocket;
  private closing = false;
  private readonly waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("message", (event) => this.receive(String(event.data)));
    ws.addEventListener("close", (event) => {
      beating.delete(this);
      if (!this.closing && !this.dropExpected) this.fail(`closed by the server: ${event.code} ${event.reason}`);
      this.onClose(event.code);
    });
  }

  /** Opens a socket; `headers` go with the upgrade (Node's WebSocket takes them), e.g. a client address. */
  static open(url: string, headers?: Readonly<Record<string, string>>): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const ws = headers ? new WebSocket(url, { headers } as unknown as string[]) : new WebSocket(url);
      const socket = new Socket(ws);
      ws.addEventListener(
        "open",
        () => {
          beating.add(socket);
          resolve(socket);
        },
        { once: true },
      );
      ws.addEventListener("error", () => reject(new Error(`could not open ${url}`)), { once: true });
    });
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The heartbeat, as the SDK sends it; the runtime answers `pong` without waking the object. */
  ping(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send("ping");
  }

  /** The next message that passes `test` (not one already received). */
  next(test: (m: Message) => boolean, timeoutMs = 60_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a message")), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close(): Promise<void> {
    this.closing = true;
    beating.delete(this);
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.ws.addEventListener("close", () => resolve(), { once: true }));
    this.ws.close(1000, "done");
    return Promise.race([closed, sleep(5000)]);
  }

  private fail(text: string): void {
    this.check.errors++;
    if (this.errorMessages.length < 5) this.errorMessages.push(text);
  }

  private receive(text: string): void {
    this.received.frames += 1;
    this.received.chars += text.length;
    if (this.onRaw) {
      this.onRaw(text);
      return;
    }
    if (text === "pong") return;
    const message = JSON.parse(text) as Message;
    if (message.type === "welcome" || message.type === "identity") this.awaitingAnswer = false;
    if (message.type === "welcome" && message.snapshot) this.lastSeq = message.snapshot.seq;
    if (message.type === "error") this.fail(`${message.code}: ${message.message}`);
    if (message.type === "event" && message.seq !== undefined && !this.awaitingAnswer) {
      const { seq } = message;
      if (seq <= this.lastSeq) {
        this.check.duplicates++;
        if (seq < this.lastSeq) this.check.reordered++;
        return; // as a client would: a repeat is ignored
      }
      if (seq > this.lastSeq + 1) this.check.gaps++;
      this.lastSeq = seq;
    }
    for (let i = 0; i < this.waiters.length; i++) {
      const waiter = this.waiters[i];
      if (waiter.test(message)) {
        this.waiters.splice(i, 1);
        waiter.resolve(message);
        break;
      }
    }
    this.onMessage(message);
  }
}

/**
 * Every open socket pings every 2 seconds from the moment it opens, as the
 * SDK does: the table closes a socket it has not heard from for 6 seconds.
 * One timer for all of them; it does not keep the process alive.
 */
const HEARTBEAT_MS = 2_000;
const beating = new Set<Socket>();
setInterval(() => {
  for (const socket of beating) socket.ping();
}, HEARTBEAT_MS).unref();

/** Runs `task` over `items`, at most `limit` at a time. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function nodeVersion(): string {
  return process.version;
}

export function wranglerVersion(): string {
  try {
    return JSON.parse(execFileSync("npm", ["ls", "wrangler", "--json"], { cwd: root }).toString()).dependencies.wrangler
      .version;
  } catch {
    return "unknown";
  }
}

/** A socket to table `id` that has said hello (with `hello`'s fields) and got its welcome. */
export async function openTableSocket(
  url: string,
  id: string,
  hello: object = {},
  headers?: Readonly<Record<string, string>>,
): Promise<Socket> {
  const socket = await Socket.open(`${url.replace(/^http/, "ws")}/api/tables/${id}/ws`, headers);
  const welcome = socket.next((m) => m.type === "welcome");
  socket.send({ type: "hello", ...hello });
  await welcome;
  return socket;
}

/** A new table of `players` seats (POST /api/tables): its id and host token. */
export async function createTable(url: string, players: number): Promise<{ id: string; hostToken: string }> {
  const response = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players }),
  });
  if (response.status !== 201) throw new Error(`POST /api/tables: ${response.status}`);
  return (await response.json()) as { id: string; hostToken: string };
}

/**
 * A new table of `players` seats, each taken by a socket of its own (seat 0's
 * is the host's), and its first game started. `headersFor(seat)`: the
 * headers of a seat's socket, e.g. its own client address.
 */
export async function startedTable(
  url: string,
  players: number,
  headersFor?: (seat: number) => Readonly<Record<string, string>>,
): Promise<{ id: string; players: Socket[]; firstPlayer: number }> {
  const { id, hostToken } = await createTable(url, players);
  const sockets: Socket[] = [];
  for (let seat = 0; seat < players; seat++) {
    const socket = await openTableSocket(url, id, seat === 0 ? { hostToken } : {}, headersFor?.(seat));
    const acked = socket.next((m) => m.type === "ack" && m.id === "join");
    socket.send({ type: "join", id: "join", seat, name: `Player ${seat + 1}` });
    await acked;
    sockets.push(socket);
  }
  const started = sockets[0].next((m) => m.event?.type === "started");
  sockets[0].send({ type: "start", id: "start" });
  return { id, players: sockets, firstPlayer: (await started).event?.firstPlayer ?? 0 };
}

/**
 * A started table whose game the script follows (seat 0's socket folds in
 * every `moved` and `passed`), so that `playMoves` can play random legal moves.
 */
export interface PlayingTable {
  readonly id: string;
  readonly players: Socket[];
  readonly game: Game;
  moveCount: number;
}

/**
 * `startedTable`, with the game followed through seat 0's socket's
 * `onMessage` (a caller that also listens there wraps it).
 */
export async function playingTable(
  url: string,
  players: number,
  headersFor?: (seat: number) => Readonly<Record<string, string>>,
): Promise<PlayingTable> {
  const { id, players: sockets, firstPlayer } = await startedTable(url, players, headersFor);
  const table: PlayingTable = { id, players: sockets, game: Game.create({ players }, { firstPlayer }), moveCount: 0 };
  sockets[0].onMessage = (message) => {
    const event = message.type === "event" ? message.event : undefined;
    if (event?.type === "moved" && event.path !== undefined) table.game.play(event.path, event.seat);
    else if (event?.type === "passed") table.game.play("pass");
  };
  return table;
}

/**
 * Plays `count` random legal moves in turn, one at a time, each from the
 * socket of the seat to move, `thinkMs` after the last one's `ack` (none
 * before the first); the time of each from its `move` sent to its `ack`, in
 * ms. Throws on an `error` answer, on a move not answered within
 * `ackTimeoutMs`, and if the game ends.
 */
export async function playMoves(
  table: PlayingTable,
  count: number,
  { ackTimeoutMs = 60_000, thinkMs = 0 }: { readonly ackTimeoutMs?: number; readonly thinkMs?: number } = {},
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0 && thinkMs > 0) await sleep(thinkMs);
    const { game } = table;
    if (game.isOver) throw new Error(`the game ended after ${game.plies} plies`);
    const seat = game.turn?.player ?? 0;
    const legal = game.legalMoves();
    const move = legal[Math.floor(Math.random() * legal.length)];
    const id = `m${++table.moveCount}`;
    const socket = table.players[seat];
    const plies = game.plies;
    const acked = socket.next((m) => (m.type === "ack" || m.type === "error") && m.id === id, ackTimeoutMs);
    const t0 = performance.now();
    socket.send({ type: "move", id, path: formatPath(move.path) });
    const answer = await acked;
    times.push(performance.now() - t0);
    if (answer.type === "error") throw new Error(`move ${id}: ${answer.code}`);
    // The next mover plays from the position with this move in it (seat 0's socket follows the game).
    while (game.plies === plies) await sleep(1);
  }
  return times;
}
