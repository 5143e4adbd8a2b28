/**
 * npm run -s chaos -- [--tables N] [--spectators S] [--kills K] [--seed X] [--think MS] [--gap MIN-MAX] [--final MS]
 *
 * Kills the server in the middle of many games, starts it again, and checks
 * that no event any client saw is lost and that every client resumes.
 *
 * Starts `wrangler dev -c loadtest/wrangler.toml` (offline, trace collector
 * off, storage in a temporary folder; scripts/dev-server.ts) and sets up N
 * 2-player tables (default 40), each with S spectators (default 1). The
 * players play random legal moves (src/rules), each after a think time of 0
 * to twice --think ms (default 60), one request at a time. Every client keeps
 * every event it saw (seq → event). K times (default 3), at a random moment
 * --gap ms (default 2000-6000) after play resumed, the script kills wrangler
 * dev's whole process group at once with SIGKILL (npx, wrangler and workerd:
 * nothing else), as a crash would, and the clients' sockets drop. It starts
 * wrangler dev again on the same port, with the same storage and the same
 * vars, and every client reconnects as soon as it answers (all at once): a
 * `hello` with its seat token (the host also its host token) and the last
 * seq it saw, then, once the server has answered, the move it had sent
 * without an `ack`, with the same request id. After the last restart the
 * games go on for --final ms (default 3000), then stop.
 *
 * Checks, per table: every event any client saw, before or after a kill, is
 * in the stored log at the same seq with the same content (a fresh
 * spectator's `hello` from seq 0 replays the whole log: a table takes no
 * move past seq 250, so that its log stays within the 256 events a hello
 * replays); the record (`GET /api/tables/:id/record`) has the log's moves;
 * each player's moves are in the log once each, as many as were
 * acknowledged; each client's events came without a gap, a duplicate or a
 * step back across all its sockets, and no error; every client got its seat
 * (the host its host rights, a spectator its place) back with its token and
 * a replay from its last seq; every table still playing had a move after
 * each kill. Reports the events seen before each kill, events lost and
 * duplicated (both must be 0), the resends (acknowledged as already applied,
 * or applied on resend), the restart (kill to the server answering) and the
 * time from the server answering to each client resumed. Exits 1 on any
 * violation, with the table, seqs and messages.
 *
 * Options also come from the environment: CHAOS_TABLES, CHAOS_SPECTATORS,
 * CHAOS_KILLS, CHAOS_SEED, CHAOS_THINK, CHAOS_GAP, CHAOS_FINAL.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seededRandom } from "../src/bots/random.ts";
import { formatPath, Game, notate, readRecord } from "../src/rules/index.ts";
import {
  freePort,
  livePids,
  type Message,
  median,
  nodeVersion,
  pool,
  type Server,
  Socket,
  sleep,
  startServer,
  stopAll,
  wranglerVersion,
} from "./loadtest-lib.ts";

const usage =
  "usage: npm run -s chaos -- [--tables N] [--spectators S ≤ 12] [--kills K] [--seed X] [--think MS] [--gap MIN-MAX] [--final MS]";
const env = process.env;
const { values } = parseArgs({
  options: {
    tables: { type: "string", default: env.CHAOS_TABLES ?? "40" },
    spectators: { type: "string", default: env.CHAOS_SPECTATORS ?? "1" },
    kills: { type: "string", default: env.CHAOS_KILLS ?? "3" },
    seed: { type: "string", default: env.CHAOS_SEED ?? String(Math.floor(Math.random() * 2 ** 31)) },
    think: { type: "string", default: env.CHAOS_THINK ?? "60" },
    gap: { type: "string", default: env.CHAOS_GAP ?? "2000-6000" },
    final: { type: "string", default: env.CHAOS_FINAL ?? "3000" },
    concurrency: { type: "string", default: "16" },
  },
});
const tableCount = Number(values.tables);
const spectatorCount = Number(values.spectators);
const kills = Number(values.kills);
const seed = Number(values.seed);
const think = Number(values.think);
const [gapMin, gapMax] = values.gap.split("-").map(Number);
const finalMs = Number(values.final);
const concurrency = Number(values.concurrency);
if (
  ![tableCount, kills, concurrency].every((n) => Number.isInteger(n) && n >= 1) ||
  // One address may hold 16 sockets at a table: two players, the spectators, and the checker's.
  !(Number.isInteger(spectatorCount) && spectatorCount >= 0 && spectatorCount <= 12) ||
  ![seed, think, gapMin, gapMax, finalMs].every((n) => Number.isInteger(n) && n >= 0) ||
  gapMax < gapMin
) {
  console.error(usage);
  process.exit(1);
}

/** A table takes no move once its log reaches this seq: the whole log then fits in one replay (256 events). */
const MAX_SEQ = 250;
const REPLAY_LIMIT = 256;
/** How long a client may take to reconnect and resume, and the games to settle at the end. */
const RESUME_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 15_000;

const violations: string[] = [];
function violation(text: string): void {
  violations.push(text);
  if (violations.length <= 20) console.log(`  VIOLATION ${text}`);
}

/** JSON with every object's keys sorted: a live broadcast and a replay of one event compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** One kill and what was at stake when it came. */
interface Round {
  readonly number: number;
  /** Just before the SIGKILL, and once none of the group's processes was left alive. */
  killedAt: number;
  deadAt: number;
  /** Events some client of a table had seen when the server died, summed over the tables. */
  eventsSeen: number;
  /** Of them, events first seen in the last second before the kill. */
  eventsLastSecond: number;
  /** Moves sent and not yet acknowledged when the SIGKILL went out. */
  inFlight: number;
  /** Tables still playing (not over, not at MAX_SEQ) when the server died. */
  running: Set<Table>;
  /** Kill to the new server answering HTTP, and from then to each client resumed. */
  restartMs: number;
  upAt: number;
  resumeMs: number[];
  /** From the server answering: each client's socket open, and its hello answered. */
  openMs: number[];
  answerMs: number[];
}

const resends = { duplicate: 0, applied: 0, seenBeforeKill: 0 };
let stopping = false;
let wsBase = "";

class Table {
  id = "";
  hostToken = "";
  firstPlayer = 0;
  readonly players: Player[] = [];
  readonly spectators: Client[] = [];
  /** When some client first saw each event (this machine's clock), by seq. */
  readonly firstSeen = new Map<number, number>();
  maxSeq = 0;
  over = false;

  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }

  get clients(): Client[] {
    return [...this.players, ...this.spectators];
  }

  get running(): boolean {
    return !this.over && this.maxSeq < MAX_SEQ;
  }

  noteEvent(seq: number): void {
    if (!this.firstSeen.has(seq)) this.firstSeen.set(seq, Date.now());
    this.maxSeq = Math.max(this.maxSeq, seq);
  }
}

/** A client of a table: a spectator, or a player (below). It keeps every event it saw, across its sockets. */
class Client {
  /** seq → the event message as seen (canonical JSON). */
  readonly seen = new Map<number, string>();
  /** Events that reached a new socket before its hello was answered: not applied (the replay brings them), but seen. */
  readonly early = new Map<number, string>();
  readonly sockets: Socket[] = [];
  socket: Socket | undefined;
  lastSeq = 0;
  /** Connected and resumed: its hello answered. */
  live = false;
  token: string | undefined;
  readonly table: Table;
  readonly seat: number | null;
  private readonly name: string;

  constructor(table: Table, seat: number | null, name: string) {
    this.table = table;
    this.seat = seat;
    this.name = name;
  }

  get label(): string {
    return `table ${this.table.id} ${this.name}`;
  }

  get host(): boolean {
    return this.seat === 0;
  }

  hello(lastSeq?: number): object {
    return {
      type: "hello",
      ...(this.token === undefined ? {} : { token: this.token }),
      ...(this.host ? { hostToken: this.table.hostToken } : {}),
      ...(lastSeq === undefined ? {} : { lastSeq }),
    };
  }

  async connect(): Promise<Socket> {
    const socket = await Socket.open(`${wsBase}/api/tables/${this.table.id}/ws`);
    this.sockets.push(socket);
    this.socket = socket;
    // The stream check goes on from where the last socket left off.
    socket.lastSeq = this.lastSeq;
    socket.awaitingAnswer = true;
    socket.onMessage = (message) => this.receive(message, socket);
    socket.onClose = () => {
      if (this.socket !== socket) return;
      this.live = false;
      this.socket = undefined;
      // Closed while the server runs (counted as an error by the socket): reconnect, as a client would.
      if (!socket.dropExpected && !stopping) void this.resume(undefined);
    };
    return socket;
  }

  /** First connection: a hello without a last seq, answered by a welcome. */
  async enter(): Promise<void> {
    const socket = await this.connect();
    const welcome = socket.next((m) => m.type === "welcome");
    socket.send(this.hello());
    await welcome;
    this.live = true;
  }

  /**
   * Reconnects (retrying until the server takes the socket), says hello with
   * its token and last seq, and checks the answer: its seat back and a replay
   * of what it missed, not a snapshot.
   */
  async resume(round: Round | undefined): Promise<boolean> {
    const deadline = Date.now() + RESUME_TIMEOUT_MS;
    let socket: Socket | undefined;
    while (!socket) {
      try {
        socket = await this.connect();
      } catch {
        if (Date.now() > deadline) {
          violation(`${this.label}: could not reconnect within ${RESUME_TIMEOUT_MS / 1000} s`);
          return false;
        }
        await sleep(100);
      }
    }
    if (round) round.openMs.push(Date.now() - round.upAt);
    const before = this.lastSeq;
    const reply = socket.next((m) => ["identity", "welcome", "error"].includes(m.type), RESUME_TIMEOUT_MS);
    socket.send(this.hello(before));
    let answer: Message;
    try {
      answer = await reply;
    } catch {
      violation(`${this.label}: no answer to hello (lastSeq ${before})`);
      return false;
    }
    if (round) round.answerMs.push(Date.now() - round.upAt);
    if (answer.type === "error") {
      violation(`${this.label}: hello with lastSeq ${before} refused: ${answer.code}: ${answer.message}`);
      return false;
    }
    let resumed = true;
    if (answer.type === "welcome") {
      // A replay was due (never more than 256 events behind): the table is behind what this client saw.
      violation(
        `${this.label}: a welcome at seq ${answer.snapshot?.seq} instead of a replay after seq ${before}: events the client saw are gone`,
      );
      resumed = false;
    }
    if (answer.you?.seat !== this.seat || answer.you?.host !== this.host) {
      violation(
        `${this.label}: resumed as ${JSON.stringify(answer.you)}, expected seat ${this.seat}${this.host ? " and host" : ""}`,
      );
      resumed = false;
    }
    this.live = true;
    return (await this.resumed(socket, round)) && resumed;
  }

  /** After a resume: a player resends what was not acknowledged. */
  protected async resumed(_socket: Socket, _round: Round | undefined): Promise<boolean> {
    return true;
  }

  protected receive(message: Message, socket: Socket): void {
    if (message.type === "event" && message.seq !== undefined && socket.awaitingAnswer) {
      this.early.set(message.seq, canonical(message));
    } else if (message.type === "event" && message.seq !== undefined) {
      // The socket passes each seq once, in order (it counts and drops repeats and steps back).
      const text = canonical(message);
      const known = this.seen.get(message.seq);
      if (known !== undefined && known !== text) {
        violation(`${this.label}: seq ${message.seq} came again with other content: ${known} then ${text}`);
      }
      if (known === undefined) this.seen.set(message.seq, text);
      this.lastSeq = message.seq;
      this.table.noteEvent(message.seq);
      this.event(message);
    } else if (message.type === "welcome" && message.snapshot) {
      this.lastSeq = message.snapshot.seq;
    } else {
      this.other(message);
    }
  }

  protected event(message: Message): void {
    if (message.event?.type === "ended") this.table.over = true;
  }

  protected other(_message: Message): void {}
}

interface Pending {
  readonly id: string;
  readonly path: string;
  /** The seq and server time of this move's `moved` event, once seen. */
  movedSeq?: number;
  movedAt?: number;
  /** The kill it was resent after, and whether the client had seen its `moved` event before that kill. */
  resentAfter?: Round;
  sawBeforeKill?: boolean;
}

/** A player: moves at random on its turn, one request at a time, and resends an unacknowledged one after a drop. */
class Player extends Client {
  game: Game;
  private readonly random: () => number;
  private begun = false;
  pending: Pending | undefined;
  private count = 0;
  private thinking = false;
  private broken = false;
  /** Moves acknowledged (each once, whether by its first ack or by a repeat's). */
  acked = 0;

  constructor(table: Table, seat: number) {
    super(table, seat, `seat ${seat}`);
    this.game = Game.create({ players: 2 }, { firstPlayer: table.firstPlayer });
    this.random = seededRandom((seed + table.index * 7919 + seat * 104_729 + 1) | 0);
  }

  /** The server just died: whether this player had seen the move it is waiting on broadcast. */
  killed(): void {
    if (this.pending) this.pending.sawBeforeKill = this.pending.movedSeq !== undefined;
  }

  /** Starts playing: the game begins with `firstPlayer`, known once `started` has come. */
  begin(firstPlayer: number): void {
    this.game = Game.create({ players: 2 }, { firstPlayer });
    this.begun = true;
    this.maybeMove();
  }

  private canMove(): boolean {
    return (
      this.begun &&
      this.live &&
      this.pending === undefined &&
      !stopping &&
      !this.broken &&
      !this.game.isOver &&
      this.game.turn?.player === this.seat &&
      this.lastSeq < MAX_SEQ
    );
  }

  maybeMove(): void {
    if (this.thinking || !this.canMove()) return;
    this.thinking = true;
    setTimeout(
      () => {
        this.thinking = false;
        if (this.canMove()) this.move();
      },
      this.random() * 2 * think,
    );
  }

  private move(): void {
    const legal = this.game.legalMoves();
    if (legal.length === 0) return;
    const path = formatPath(legal[Math.floor(this.random() * legal.length)].path);
    this.pending = { id: `m${++this.count}`, path };
    this.socket?.send({ type: "move", id: this.pending.id, path });
  }

  protected override async resumed(socket: Socket, round: Round | undefined): Promise<boolean> {
    const pending = this.pending;
    let answered = true;
    if (pending) {
      pending.resentAfter = round;
      const answer = socket.next((m) => (m.type === "ack" || m.type === "error") && m.id === pending.id, 20_000);
      socket.send({ type: "move", id: pending.id, path: pending.path });
      try {
        answered = (await answer).type === "ack";
      } catch {
        violation(`${this.label}: no answer to the resent move ${pending.id} (${pending.path})`);
        answered = false;
      }
    }
    this.maybeMove();
    return answered;
  }

  protected override event(message: Message): void {
    super.event(message);
    const event = message.event;
    if (!event) return;
    try {
      if (event.type === "moved" && event.path !== undefined) {
        this.game.play(event.path, event.seat);
        if (event.seat === this.seat && this.pending) {
          this.pending.movedSeq = message.seq;
          this.pending.movedAt = message.at;
        }
      } else if (event.type === "passed") {
        this.game.play("pass");
      }
    } catch (error) {
      this.broken = true;
      violation(`${this.label}: event ${message.seq} does not follow from the ones before: ${error}`);
    }
    this.maybeMove();
  }

  protected override other(message: Message): void {
    const pending = this.pending;
    if (!pending || message.id !== pending.id) return;
    if (message.type === "error") {
      violation(`${this.label}: move ${pending.id} (${pending.path}) refused: ${message.code}: ${message.message}`);
      this.pending = undefined;
      this.broken = true;
      return;
    }
    if (message.type !== "ack") return;
    // The ack names the request's last event: its `moved`, or a `passed` or `ended` that came of it.
    if (pending.movedSeq === undefined || message.seq === undefined || message.seq < pending.movedSeq) {
      violation(
        `${this.label}: ack of ${pending.id} names seq ${message.seq}, its moved event was ${pending.movedSeq}`,
      );
    }
    const round = pending.resentAfter;
    if (round) {
      // This machine's clock and the server's are one: a move stamped before the kill was stored by the dead server.
      const before = pending.movedAt !== undefined && pending.movedAt <= round.deadAt;
      if (before) {
        resends.duplicate++;
        if (pending.sawBeforeKill) resends.seenBeforeKill++;
      } else {
        resends.applied++;
        if (pending.sawBeforeKill) {
          violation(
            `${this.label}: move ${pending.id} (${pending.path}) was broadcast before kill ${round.number}, yet the resend applied it again at seq ${pending.movedSeq}`,
          );
        }
      }
    }
    this.acked++;
    this.pending = undefined;
    this.maybeMove();
  }
}

async function setUp(table: Table, url: string): Promise<void> {
  const response = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players: 2 }),
  });
  if (response.status !== 201) throw new Error(`POST /api/tables: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { id: string; hostToken: string };
  table.id = created.id;
  table.hostToken = created.hostToken;
  for (let seat = 0; seat < 2; seat++) {
    const player = new Player(table, seat);
    await player.enter();
    const socket = player.socket as Socket;
    const joined = socket.next((m) => m.type === "joined");
    const acked = socket.next((m) => m.type === "ack" && m.id === "join");
    socket.send({ type: "join", id: "join", seat, name: `Player ${seat + 1}` });
    player.token = (await joined).token;
    await acked;
    table.players.push(player);
  }
  for (let i = 0; i < spectatorCount; i++) {
    const spectator = new Client(table, null, `spectator ${i + 1}`);
    await spectator.enter();
    table.spectators.push(spectator);
  }
  const started = table.players[0].socket?.next((m) => m.event?.type === "started");
  table.players[0].socket?.send({ type: "start", id: "start" });
  table.firstPlayer = (await started)?.event?.firstPlayer ?? 0;
}

/** The stored log of a table, as a fresh spectator's hello from seq 0 replays it. */
async function readLog(table: Table): Promise<{ log: Map<number, string>; seq: number; movesInSnapshot: number }> {
  const base = wsBase.replace(/^ws/, "http");
  const response = await fetch(`${base}/api/tables/${table.id}`);
  const snapshot = (await response.json()) as { seq: number; game: { moves: string[] } | null };
  const log = new Map<number, string>();
  if (snapshot.seq > REPLAY_LIMIT) {
    violation(`table ${table.id}: its log (${snapshot.seq} events) is too long to replay`);
    return { log, seq: snapshot.seq, movesInSnapshot: snapshot.game?.moves.length ?? 0 };
  }
  const socket = await Socket.open(`${wsBase}/api/tables/${table.id}/ws`);
  const done = new Promise<void>((resolve) => {
    socket.onMessage = (message) => {
      if (message.type === "event" && message.seq !== undefined) log.set(message.seq, canonical(message));
      if (log.size >= snapshot.seq) resolve();
    };
    if (snapshot.seq === 0) resolve();
  });
  socket.send({ type: "hello", lastSeq: 0 });
  await Promise.race([done, sleep(10_000)]);
  await socket.close();
  return { log, seq: snapshot.seq, movesInSnapshot: snapshot.game?.moves.length ?? 0 };
}

interface Verdict {
  /** Events clients saw (each seq of each table once), and how many of them are not in the log as seen. */
  seen: number;
  /** Events that reached a new socket before its hello was answered, and came again in the replay. */
  early: number;
  lost: number;
  changed: number;
  duplicates: number;
  reordered: number;
  gaps: number;
  errors: number;
}

async function verify(table: Table, rounds: readonly Round[], verdict: Verdict): Promise<void> {
  const { log, seq, movesInSnapshot } = await readLog(table);
  const name = `table ${table.id}`;
  for (let s = 1; s <= seq; s++) if (!log.has(s)) violation(`${name}: seq ${s} missing from the replay of its log`);
  // (1) Every event any client saw is in the log, at its seq, as it was seen.
  const seen = new Map<number, string>();
  for (const client of table.clients) {
    verdict.early += client.early.size;
    for (const [s, text] of [...client.seen, ...client.early]) {
      seen.set(s, text);
      const stored = log.get(s);
      if (stored === undefined) {
        verdict.lost++;
        violation(`${client.label}: saw seq ${s} ${text}, not in the stored log (which ends at ${seq})`);
      } else if (stored !== text) {
        verdict.changed++;
        violation(`${client.label}: saw seq ${s} ${text}, the stored log has ${stored}`);
      }
    }
  }
  verdict.seen += seen.size;
  // (2) Each client's stream: no gap, repeat or step back on any of its sockets, no error, every seq to the end.
  for (const client of table.clients) {
    const sum = (key: "duplicates" | "reordered" | "gaps" | "errors") =>
      client.sockets.reduce((n, socket) => n + socket.check[key], 0);
    const faults = {
      duplicates: sum("duplicates"),
      reordered: sum("reordered"),
      gaps: sum("gaps"),
      errors: sum("errors"),
    };
    verdict.duplicates += faults.duplicates;
    verdict.reordered += faults.reordered;
    verdict.gaps += faults.gaps;
    verdict.errors += faults.errors;
    if (Object.values(faults).some((n) => n > 0)) {
      const samples = client.sockets.flatMap((socket) => socket.errorMessages).slice(0, 3);
      violation(
        `${client.label}: stream ${JSON.stringify(faults)} over ${client.sockets.length} sockets ${samples.join("; ")}`,
      );
    }
    const seqs = [...client.seen.keys()].sort((a, b) => a - b);
    const first = seqs[0] ?? 0;
    const missing = seqs.length === 0 ? 0 : seqs[seqs.length - 1] - first + 1 - seqs.length;
    if (missing > 0)
      violation(`${client.label}: ${missing} seqs missing between ${first} and ${seqs[seqs.length - 1]}`);
    if (client.lastSeq !== seq) violation(`${client.label}: ended at seq ${client.lastSeq}, the log at ${seq}`);
  }
  // Each player's moves are in the log once each: as many as it had acknowledged, none pending.
  const events = [...log.values()].map((text) => JSON.parse(text) as Required<Pick<Message, "seq" | "at">> & Message);
  const actions: string[] = [];
  for (const { event } of events) {
    if (event?.type === "moved" && event.path !== undefined) actions.push(event.path);
    if (event?.type === "passed") actions.push("pass");
  }
  for (const player of table.players) {
    const moved = events.filter((e) => e.event?.type === "moved" && e.event.seat === player.seat).length;
    if (player.pending) violation(`${player.label}: move ${player.pending.id} never acknowledged`);
    if (moved !== player.acked) {
      violation(`${player.label}: ${player.acked} moves acknowledged, ${moved} in the log`);
    }
  }
  if (movesInSnapshot !== actions.length) {
    violation(`${name}: the snapshot has ${movesInSnapshot} moves, the log ${actions.length}`);
  }
  // The record is written from the same log: it has every move, in order.
  const base = wsBase.replace(/^ws/, "http");
  const record = readRecord(await (await fetch(`${base}/api/tables/${table.id}/record`)).text());
  const recorded = record.game.history.map(notate);
  if (recorded.join(" ") !== actions.join(" ")) {
    violation(`${name}: the record's ${recorded.length} moves differ from the log's ${actions.length}`);
  }
  // (3) A move after each kill on every table that was still playing (stamped by the restarted server).
  rounds.forEach((round, i) => {
    if (!round.running.has(table)) return;
    const until = rounds[i + 1]?.killedAt ?? Number.POSITIVE_INFINITY;
    const after = events.filter((e) => e.event?.type === "moved" && e.at > round.deadAt && e.at < until).length;
    if (after === 0) violation(`${name}: no move between kill ${round.number} and the next`);
  });
}

/**
 * Starts wrangler dev (again), on the same port and storage with the same
 * vars; tries three times, since a start can fail for reasons of its own
 * (another wrangler dev on the machine taking a port it wanted).
 */
async function start(): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(options);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  wrangler dev did not start (attempt ${attempt}): ${String(error).split("\n")[0]}`);
      starts.failed++;
    }
  }
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

const state = await mkdtemp(join(tmpdir(), "cc-chaos-"));
const port = await freePort();
// The same vars for every start: whatever keys the table ids must stay the same across the restarts.
const vars: Readonly<Record<string, string>> = {};
const options = { observability: false, persistTo: state, port, vars } as const;
const starts = { failed: 0 };
let cleaning: Promise<void> | undefined;
const cleanUp = () => {
  // Every server started here, the one starting too.
  cleaning ??= stopAll()
    .catch(() => {})
    .then(() => rm(state, { recursive: true, force: true }));
  return cleaning;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`chaos: ${signal}, stopping the server`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const random = seededRandom(seed);
const rounds: Round[] = [];
const tables = Array.from({ length: tableCount }, (_, i) => new Table(i));
const clientsPerTable = 2 + spectatorCount;
console.log(
  `chaos: ${tableCount} tables × 2 players + ${spectatorCount} spectator(s), ${kills} kills ${gapMin}-${gapMax} ms apart, ` +
    `think 0-${2 * think} ms, seed ${seed}; node ${nodeVersion()}, wrangler ${wranglerVersion()}`,
);
let exitCode = 1;
try {
  let server = await start();
  const { url } = server;
  wsBase = url.replace(/^http/, "ws");
  const setupStart = performance.now();
  await pool(tables, concurrency, (table) => setUp(table, url));
  console.log(
    `set up ${tableCount} tables (${tableCount * clientsPerTable} sockets) in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
  );
  const playStart = Date.now();
  // Time with every client connected: from the start, and from each resume to the next kill or the end.
  let playingMs = 0;
  let playingSince = playStart;
  for (const table of tables) for (const player of table.players) player.begin(table.firstPlayer);

  for (let number = 1; number <= kills; number++) {
    await sleep(gapMin + random() * (gapMax - gapMin));
    const round: Round = {
      number,
      killedAt: 0,
      deadAt: 0,
      eventsSeen: 0,
      eventsLastSecond: 0,
      inFlight: 0,
      running: new Set(tables.filter((table) => table.running)),
      restartMs: 0,
      upAt: 0,
      resumeMs: [],
      openMs: [],
      answerMs: [],
    };
    for (const table of tables)
      for (const client of table.clients) if (client.socket) client.socket.dropExpected = true;
    round.killedAt = Date.now();
    playingMs += round.killedAt - playingSince;
    for (const table of tables) round.inFlight += table.players.filter((player) => player.pending).length;
    await kill(server);
    round.deadAt = Date.now();
    for (const table of tables) {
      round.eventsSeen += table.firstSeen.size;
      for (const at of table.firstSeen.values()) if (at > round.killedAt - 1000) round.eventsLastSecond++;
      for (const player of table.players) player.killed();
    }
    rounds.push(round);
    // Every socket has seen its close (or is closed now), so no client is left on the dead server.
    const closing = Date.now() + 5_000;
    while (tables.some((table) => table.clients.some((client) => client.socket)) && Date.now() < closing)
      await sleep(20);
    for (const table of tables) {
      for (const client of table.clients) {
        if (client.socket) violation(`${client.label}: its socket did not close when the server died`);
      }
    }
    server = await start();
    round.upAt = Date.now();
    round.restartMs = round.upAt - round.killedAt;
    // Every client reconnects at once.
    await Promise.all(
      tables.flatMap((table) =>
        table.clients.map(async (client) => {
          if (await client.resume(round)) round.resumeMs.push(Date.now() - round.upAt);
        }),
      ),
    );
    playingSince = Date.now();
    console.log(
      `kill ${number} at +${((round.killedAt - playStart) / 1000).toFixed(1)} s: ${round.running.size} tables playing, ` +
        `${round.eventsSeen} events seen (${round.eventsLastSecond} in the last second), ${round.inFlight} moves in flight; ` +
        `server back in ${(round.restartMs / 1000).toFixed(1)} s; ${round.resumeMs.length}/${tableCount * clientsPerTable} clients resumed in ` +
        `median ${median(round.resumeMs).toFixed(0)} ms, all in ${Math.max(...round.resumeMs).toFixed(0)} ms ` +
        `(sockets open: median ${median(round.openMs).toFixed(0)} ms; hellos answered: median ${median(round.answerMs).toFixed(0)} ms)`,
    );
  }

  await sleep(finalMs);
  stopping = true;
  playingMs += Date.now() - playingSince;
  // Every move sent is answered, and every spectator has caught up.
  const settle = Date.now() + SETTLE_TIMEOUT_MS;
  const settled = () =>
    tables.every(
      (table) =>
        table.players.every((player) => !player.pending) &&
        table.clients.every((client) => client.lastSeq === table.maxSeq),
    );
  while (!settled() && Date.now() < settle) await sleep(50);
  const playedMs = Date.now() - playStart;

  const verdict: Verdict = { seen: 0, early: 0, lost: 0, changed: 0, duplicates: 0, reordered: 0, gaps: 0, errors: 0 };
  await pool(tables, concurrency, (table) => verify(table, rounds, verdict));
  await Promise.all(tables.flatMap((table) => table.clients.map((client) => client.socket?.close())));

  const allResumes = rounds.flatMap((round) => round.resumeMs);
  const allResumed = rounds.map((round) => Math.max(...round.resumeMs));
  const restarts = rounds.map((round) => round.restartMs);
  const moves = tables.reduce((n, table) => n + table.players.reduce((m, player) => m + player.acked, 0), 0);
  const summary = {
    date: new Date().toISOString(),
    node: nodeVersion(),
    wrangler: wranglerVersion(),
    seed,
    tables: tableCount,
    spectators: spectatorCount,
    kills: rounds.length,
    clients: tableCount * clientsPerTable,
    resumed: rounds.map((round) => round.resumeMs.length),
    playedMs,
    playingMs,
    movesPerSecond: (moves * 1000) / playingMs,
    moves,
    eventsSeen: verdict.seen,
    eventsSeenBeforeKills: rounds.map((round) => round.eventsSeen),
    eventsSeenInLastSecond: rounds.map((round) => round.eventsLastSecond),
    movesInFlight: rounds.map((round) => round.inFlight),
    lost: verdict.lost,
    changed: verdict.changed,
    duplicated: verdict.duplicates,
    reordered: verdict.reordered,
    gaps: verdict.gaps,
    errors: verdict.errors,
    beforeHelloAnswered: verdict.early,
    resends: { ...resends },
    restartMs: { median: median(restarts), max: Math.max(...restarts) },
    resumeMs: { median: median(allResumes), max: Math.max(...allResumes) },
    openMs: { median: median(rounds.flatMap((round) => round.openMs)) },
    answerMs: { median: median(rounds.flatMap((round) => round.answerMs)) },
    allResumedMs: { median: median(allResumed), max: Math.max(...allResumed) },
    failedStarts: starts.failed,
    violations: violations.length,
  };
  console.log(
    `\nplayed ${(playedMs / 1000).toFixed(1)} s (${(playingMs / 1000).toFixed(1)} s with every client connected), ` +
      `${moves} moves (${summary.movesPerSecond.toFixed(0)} a second); ${verdict.seen} events seen, ` +
      `before the kills ${summary.eventsSeenBeforeKills.join(", ")} (in each kill's last second ${summary.eventsSeenInLastSecond.join(", ")})`,
  );
  console.log(
    `lost ${verdict.lost}, changed ${verdict.changed}, duplicated ${verdict.duplicates}, reordered ${verdict.reordered}, ` +
      `gaps ${verdict.gaps}, errors ${verdict.errors}; ${verdict.early} events reached a new socket before its hello was answered (replayed after it, as the protocol says)`,
  );
  console.log(
    `moves in flight at the kills ${summary.movesInFlight.join(", ")}; resent ${resends.duplicate + resends.applied}: ` +
      `${resends.duplicate} acknowledged as already applied (${resends.seenBeforeKill} of them seen broadcast before the kill), ` +
      `${resends.applied} applied on resend`,
  );
  console.log(
    `restart (kill → answering) median ${(summary.restartMs.median / 1000).toFixed(1)} s, max ${(summary.restartMs.max / 1000).toFixed(1)} s; ` +
      `answering → client resumed median ${summary.resumeMs.median.toFixed(0)} ms, max ${summary.resumeMs.max.toFixed(0)} ms; ` +
      `→ all ${tableCount * clientsPerTable} resumed median ${summary.allResumedMs.median.toFixed(0)} ms, max ${summary.allResumedMs.max.toFixed(0)} ms`,
  );
  console.log(violations.length === 0 ? "no violations" : `${violations.length} VIOLATIONS`);
  console.log(JSON.stringify(summary));
  exitCode = violations.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`chaos: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
