/**
 * A model-based protocol fuzzer: fast-check builds random sequences of valid,
 * malformed, replayed and out-of-turn messages from the host, would-be players,
 * a spectator and extra tabs, and sends them one at a time to a live table (the
 * worker and its Durable Object, through the worker's own `fetch`). After each
 * message:
 *
 * - the sender got exactly what the model (fuzz-model.ts) predicts: its events
 *   and `ack` (or `joined`, `welcome`, `identity`, `pong`), or an `error` whose
 *   code is one of ERROR_CODES and the one the model predicts, with the
 *   request's id;
 * - every other socket got the events the model logs and the `identity`
 *   messages of seats that changed, and nothing else (no error, no event on a
 *   refusal); `presence` is outside the log: its shape is checked on the way,
 *   and its content once at the end of each run;
 * - every message from the server passes the protocol's schema;
 * - the table's snapshot equals the model's on everything but times: seats,
 *   names, who is connected, scores, rematch and swap offers, status, whose
 *   turn, the pieces on every hole, the moves, the departures, the result, the
 *   last seq (whether there is a deadline or a bank, not their values). It is
 *   read over HTTP (`GET /api/tables/:id`) after every tenth message and at
 *   the end of each run, and from the object's `snapshot()`, which that route
 *   sends, after the others (see `snapshotOf`).
 *
 * Now and then the object is evicted in the middle of a run (its sockets
 * hibernate), and must come back from storage as the same table.
 *
 * Each run has a table of its own with random legal settings (2, 3 or 4
 * players, the race or capture, 10 or 15 pieces, two colours, long jumps, a
 * clock too long to run out or none, a set or drawn first player), created and
 * connected from an address of its own (`CF-Connecting-IP`, 10.x.y.z), so that
 * the per-address limits never bite; no socket spends more than 290 of its 300
 * flood tokens, and every socket pings every 1.5 s, as the SDK does, so none
 * goes silent.
 *
 * Left out, because they need time to pass or a computer player: computer
 * players (addComputer is only sent where it is refused), turns running out,
 * away seats, remedies that succeed, sockets that close (a seat is left
 * unconnected only by its sockets saying hello as someone else), floods and the
 * socket caps (test/server/errors.test.ts, limits.test.ts), and chat, which is
 * outside the log (test/server/chat.test.ts): a hello's answer ends with the
 * chat's empty history.
 *
 * `npm test` runs at least 1,000 messages; `npm run fuzz` at least
 * FUZZ_MESSAGES (100,000 by default), the benchmark. FUZZ_SEED=n replays the
 * runs of a seed: run i uses seed n + i, printed with a failure. (The table
 * draws the first player and the tokens itself, so a run with a drawn first
 * player may pick other moves when replayed.)
 */
import { evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import {
  ERROR_CODES,
  type ErrorCode,
  MAX_MESSAGE_BYTES,
  ServerMessageSchema,
  type Snapshot,
} from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import { formatPath, HOLE_COUNT, holeName, type Settings } from "../../src/rules/index.ts";
import {
  type Expected,
  MAX_REPLAY,
  type TableModel as Model,
  type NameVerdict,
  type Request,
  sameNameKey,
  TableModel,
  type View,
} from "./fuzz-model.ts";
import { Activity } from "./helpers.ts";

const ORIGIN = "http://example.com";
const DEFAULT_MESSAGES = 1000;
const TARGET = inject("fuzzMessages") || DEFAULT_MESSAGES;
const BENCHMARK = TARGET !== DEFAULT_MESSAGES;
const SEED = inject("fuzzSeed") >= 0 ? inject("fuzzSeed") : Math.floor(Math.random() * 2 ** 31);
/** Commands in one run at most: each socket's 300 flood tokens are the other bound. */
const MAX_COMMANDS = 160;
const FLOOD_BUDGET = 290;
const MAX_SOCKETS = 10;
const REPLY_MS = 10_000;
const KEEPALIVE_MS = 1_500;
/** Every this many messages, the snapshot is read over HTTP rather than from the object (see `snapshotOf`). */
const HTTP_EVERY = 10;
/** wrangler.toml's STALL_GRACE_SECONDS, as presence tells it. */
const STALL_GRACE_MS = 60_000;

// --- Statistics ------------------------------------------------------------------------------

const stats = {
  runs: 0,
  failed: false,
  /** Frames sent to the table by the fuzzer's commands (setup and final syncs included, keepalive pings not). */
  messages: 0,
  keepalive: 0,
  /** Times the object was evicted and rebuilt from storage in the middle of a run. */
  evictions: 0,
  snapshotsHttp: 0,
  snapshotsRpc: 0,
  outcomes: new Map<string, number>(),
  kinds: new Map<string, number>(),
  /** Outcomes by command kind: "move accepted", "move not-your-turn", … */
  byKind: new Map<string, number>(),
};

function tally(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

// --- Addresses ---------------------------------------------------------------------------------

/** A fabricated client address per run (10.x.y.z), so that runs never meet each other's per-address limits. */
let addresses = Math.floor(Math.random() * 0x8000) * 0x100;
function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

// --- Sockets -----------------------------------------------------------------------------------

/** One client socket: every text frame it receives, in order. */
class Wire {
  readonly label: string;
  readonly ws: WebSocket;
  private readonly frames: string[] = [];
  private cursor = 0;
  closed: string | null = null;
  /** The last `presence` received. */
  presence: unknown;
  private readonly activity = new Activity();

  constructor(label: string, ws: WebSocket) {
    this.label = label;
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      this.frames.push(typeof event.data === "string" ? event.data : "<binary>");
      this.activity.notify();
    });
    ws.addEventListener("close", (event) => {
      this.closed = `${event.code} ${event.reason}`;
      this.activity.notify();
    });
    ws.accept();
  }

  send(data: string | ArrayBuffer): void {
    this.ws.send(data);
  }

  /** The next frame not yet read, if one has come. */
  take(): string | undefined {
    return this.cursor < this.frames.length ? this.frames[this.cursor++] : undefined;
  }

  /** The next frame, waiting until `deadline` at most. */
  async next(deadline: number): Promise<string | undefined> {
    for (;;) {
      const frame = this.take();
      if (frame !== undefined) return frame;
      if (this.closed) throw new Error(`${this.label}: closed (${this.closed})`);
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await this.activity.wait(left);
    }
  }

  close(): void {
    try {
      this.ws.close(1000, "fuzz run over");
    } catch {
      // Already closed.
    }
  }
}

interface Sent {
  readonly from: number;
  readonly text: string;
  readonly message: Request;
  readonly name: NameVerdict | undefined;
  /** Whether the table applied it (the model says so), so that a repeat is acknowledged. */
  readonly applied: boolean;
}

/** The system under test for one run: the table, its sockets, and what each socket should still receive. */
interface Real {
  readonly id: string;
  readonly address: string;
  readonly wires: Wire[];
  readonly queues: Expected[][];
  /** Requests sent with an id, for replays. */
  readonly sent: Sent[];
  lastPing: number;
  /** Commands run so far: fresh ids are made from it. */
  step: number;
}

async function connect(real: { id: string; address: string }, label: string): Promise<Wire> {
  const response = await exports.default.fetch(`${ORIGIN}/api/tables/${real.id}/ws`, {
    headers: { Upgrade: "websocket", "CF-Connecting-IP": real.address },
  });
  if (response.status !== 101 || !response.webSocket) {
    throw new Error(`${label}: upgrade refused: ${response.status} ${await response.text()}`);
  }
  return new Wire(label, response.webSocket);
}

// --- Checking what arrives ----------------------------------------------------------------------

/** Deep equality that ignores the order of object keys. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function mismatch(what: string, expected: unknown, actual: unknown): Error {
  return new Error(`${what}\n  expected: ${JSON.stringify(expected)}\n  actual:   ${JSON.stringify(actual)}`);
}

/** The snapshot on what the model tracks (fuzz-model.ts `View`): times become whether there is one. */
function project(snapshot: Snapshot): View {
  const game = snapshot.game;
  return {
    settings: snapshot.settings,
    clock: snapshot.clock,
    firstPlayer: snapshot.firstPlayer,
    startWhenFull: snapshot.startWhenFull as false,
    seq: snapshot.seq,
    status: snapshot.status,
    seats: snapshot.seats.map((seat) => ({
      seat: seat.seat,
      name: seat.name,
      connected: seat.connected,
      colours: seat.colours,
      finished: seat.finished,
      resigned: seat.resigned,
      place: seat.place,
      captures: seat.captures,
      computer: seat.computer as null,
      away: seat.away as false,
      timeouts: seat.timeouts as 0,
      bank: seat.bank !== null,
      score: seat.score,
      rematch: seat.rematch,
      swapTo: seat.swapTo,
    })),
    hostSeat: snapshot.hostSeat,
    game: game && {
      number: game.number,
      firstPlayer: game.firstPlayer,
      turn: game.turn,
      deadline: game.deadline !== null,
      pieces: game.pieces,
      moves: game.moves,
      playedFor: game.playedFor as never[],
      departures: game.departures as { seat: number; reason: "left" }[],
      players: game.players,
      computers: game.computers as null[],
      result: game.result,
    },
  };
}

/** Checks one received frame against what the socket should receive next; false for frames outside the log (presence, pong). */
function check(wire: Wire, frame: string, want: Expected | undefined, players: number): boolean {
  const { label } = wire;
  if (frame === "pong") return want?.kind === "pong";
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    throw new Error(`${label}: the server sent a frame that is not JSON: ${frame.slice(0, 200)}`);
  }
  const parsed = v.safeParse(ServerMessageSchema, message);
  if (!parsed.success) throw mismatch(`${label}: a server message fails the schema`, parsed.issues, message);
  const got = parsed.output;
  if (got.type === "presence") {
    wire.presence = got;
    return false;
  }
  if (!want) throw mismatch(`${label}: an unexpected message`, "nothing", got);
  const fail = () => mismatch(`${label}: not the message expected`, want, got);
  switch (want.kind) {
    case "pong":
      throw fail();
    case "event": {
      if (got.type !== "event" || got.seq !== want.entry.seq) throw fail();
      const drawn = want.entry.drawn;
      if (drawn && got.event.type === "started") {
        const { firstPlayer } = got.event;
        if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= players) throw fail();
        want.entry.drawn = undefined;
        drawn(firstPlayer);
      }
      if (!same(got.event, want.entry.event)) throw mismatch(`${label}: event ${got.seq}`, want.entry.event, got.event);
      return true;
    }
    case "identity":
      if (got.type !== "identity" || !same(got.you, want.you)) throw fail();
      return true;
    case "joined":
      if (got.type !== "joined" || got.id !== want.id || got.seat !== want.seat) throw fail();
      if (!/^[A-Za-z0-9_-]{22}$/.test(got.token)) throw fail();
      want.token(got.token);
      return true;
    case "ack":
      if (got.type !== "ack" || got.id !== want.id || got.seq !== want.seq) throw fail();
      return true;
    case "error":
      if (got.type !== "error") throw fail();
      if (!(ERROR_CODES as readonly string[]).includes(got.code)) throw fail();
      if (got.code !== want.code || got.id !== want.id || got.message.length === 0) throw fail();
      return true;
    case "chatHistory":
      if (got.type !== "chatHistory" || got.policy !== "players" || got.messages.length > 0 || got.silenced)
        throw fail();
      return true;
    case "welcome": {
      if (got.type !== "welcome" || !same(got.you, want.you)) throw fail();
      const view = project(got.snapshot);
      if (!same(view, want.view)) throw mismatch(`${label}: the welcome's snapshot`, want.view, view);
      return true;
    }
  }
}

/**
 * Reads what socket `i` received against its queue. With `wait`, until the
 * queue is empty (the sender's answer); without, only what has come.
 */
async function drain(real: Real, i: number, players: number, wait: boolean): Promise<void> {
  const wire = real.wires[i];
  const queue = real.queues[i];
  const deadline = Date.now() + REPLY_MS;
  for (;;) {
    const frame = wait && queue.length > 0 ? await wire.next(deadline) : wire.take();
    if (frame === undefined) {
      if (!wait || queue.length === 0) return;
      throw new Error(`${wire.label}: nothing within ${REPLY_MS} ms; still expected ${JSON.stringify(queue)}`);
    }
    if (check(wire, frame, queue[0], players)) queue.shift();
  }
}

/**
 * The table's snapshot: `GET /api/tables/:id` through the worker after every
 * `HTTP_EVERY`th message and at the end of each run; otherwise the Durable
 * Object's `snapshot()`, which is what that route answers with (unwrapped and
 * sent as JSON), in a third of the time (3.5 ms against 9 here).
 */
async function snapshotOf(real: Real, http: boolean): Promise<Snapshot> {
  if (!http) {
    stats.snapshotsRpc += 1;
    const outcome = await env.TABLES.getByName(real.id).snapshot();
    if (!outcome.ok || !outcome.value.value) throw mismatch("snapshot() refused", "a snapshot", outcome);
    return outcome.value.value;
  }
  const response = await exports.default.fetch(`${ORIGIN}/api/tables/${real.id}`, {
    headers: { "CF-Connecting-IP": real.address },
  });
  if (response.status !== 200) throw new Error(`snapshot: ${response.status} ${await response.text()}`);
  stats.snapshotsHttp += 1;
  return (await response.json()) as Snapshot;
}

/** Compares the table's snapshot with the model's. */
async function compareSnapshot(model: Model, real: Real, http: boolean): Promise<void> {
  const view = project(await snapshotOf(real, http));
  const expected = model.view();
  if (!same(view, expected)) throw mismatch("the snapshot differs from the model", expected, view);
}

/** Sockets ping every 1.5 s, as the SDK does every 2 s, so that none is taken for silent (the runtime answers). */
function keepAlive(real: Real): void {
  if (Date.now() - real.lastPing < KEEPALIVE_MS) return;
  real.lastPing = Date.now();
  for (const wire of real.wires) {
    wire.send("ping");
    stats.keepalive += 1;
  }
}

// --- Frames ------------------------------------------------------------------------------------

/** One frame a command sends, and what the model makes of it. */
type Frame =
  | { readonly kind: "request"; readonly text: string; readonly message: Request; readonly name?: NameVerdict }
  | { readonly kind: "unreadable"; readonly data: string | ArrayBuffer; readonly code: ErrorCode; readonly id?: string }
  | { readonly kind: "ping" };

function cost(frame: Frame): number {
  if (frame.kind === "ping") return 0; // answered by the runtime: it never reaches the table
  const size =
    frame.kind === "request"
      ? frame.text.length
      : typeof frame.data === "string"
        ? frame.data.length
        : frame.data.byteLength;
  return 1 + Math.floor(size / 1024);
}

/**
 * Sends one frame from socket `from`, then checks everything: the sender's
 * answer, what the others received so far, the snapshot.
 */
async function exchange(model: Model, real: Real, from: number, frame: Frame, kind: string): Promise<void> {
  keepAlive(real);
  tally(stats.kinds, kind);
  const outcome =
    frame.kind === "ping"
      ? model.pong()
      : frame.kind === "unreadable"
        ? model.unreadable(frame.code, frame.id)
        : model.receive(from, frame.message, frame.name);
  model.sockets[from].cost += cost(frame);
  const wire = real.wires[from];
  if (frame.kind === "ping") wire.send("ping");
  else if (frame.kind === "unreadable") wire.send(frame.data);
  else {
    wire.send(frame.text);
    if ("id" in frame.message) {
      const applied = outcome.refused === undefined && frame.message.type !== "join";
      real.sent.push({ from, text: frame.text, message: frame.message, name: frame.name, applied });
    }
  }
  stats.messages += 1;
  const repeat = outcome.reply.some((reply) => reply.kind === "ack" && reply.repeat);
  const result = outcome.refused ?? (frame.kind === "ping" ? "pong" : repeat ? "repeat acknowledged" : "accepted");
  tally(stats.outcomes, result);
  tally(stats.byKind, `${frame.kind === "request" ? frame.message.type : frame.kind} ${result}`);
  for (const queue of real.queues) queue.push(...outcome.events.map((entry) => ({ kind: "event" as const, entry })));
  for (const [socket, you] of outcome.identities) real.queues[socket].push({ kind: "identity", you });
  real.queues[from].push(...outcome.reply);
  const players = model.settings.players;
  await drain(real, from, players, true);
  for (let i = 0; i < real.wires.length; i++) if (i !== from) await drain(real, i, players, false);
  await compareSnapshot(model, real, stats.messages % HTTP_EVERY === 0);
}

// --- What the generator builds ---------------------------------------------------------------------

/** Names that show, as sent and as stored (NFC, trimmed, spaces as one). Some are one another's twins. */
const GOOD_NAMES: readonly [sent: string, stored: string][] = [
  ["Aino", "Aino"],
  ["Bo", "Bo"],
  ["Cai", "Cai"],
  ["Élodie", "Élodie"],
  ["E\u0301lodie", "Élodie"], // decomposed: the same name once in NFC
  ["Zoë", "Zoë"],
  ["李雷", "李雷"],
  ["👨‍👩‍👧", "👨‍👩‍👧"],
  ["👨👩👧", "👨👩👧"], // the same without the joiners, which names are compared without
  ["❤️ Ana", "❤️ Ana"],
  ["Player 7", "Player 7"],
  ["x".repeat(24), "x".repeat(24)],
  ["  Spaced   Out  ", "Spaced Out"],
  ["x\u00a0\u00a0y", "x y"],
  ["Ｆｕｌｌ", "Ｆｕｌｌ"], // full-width: the same as "full"
  ["full", "full"],
  ["O'Brien", "O'Brien"],
  ["می\u200Cخواهم", "می\u200Cخواهم"],
  ["a", "a"],
];

/** Names refused with bad-name (docs/protocol.md, docs/security.md). */
const BAD_NAMES: readonly string[] = [
  "",
  "   ",
  "x".repeat(25),
  "Al\u0007ice",
  "Ali\nce",
  "Ali\u007fce",
  "Ali\u202Ece",
  "\u200B",
  "\u00AD",
  "\u2067Bob\u2069",
  "\u3164",
  "\u0301\u0308",
  "Al\ud800ice",
  "\u200DBob",
  "Bo\u2028b", // a line separator inside (at either end it is trimmed away)
];

/** Ways to write a seated player's name again: all of them the same name. */
const TWINS: readonly ((name: string) => string)[] = [
  (name) => name.toUpperCase(),
  (name) => name.toLowerCase(),
  (name) => name.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  (name) => `  ${name.replace(/ /g, "\u00a0\u00a0")} `,
];

/**
 * Frames the server cannot read, with their code, and the request id the
 * refusal carries: the frame's own, where it has a well-formed one.
 */
const UNREADABLE: readonly [string, ErrorCode, string?][] = [
  ["{ type: move", "bad-json"],
  ["", "bad-json"],
  ["nul", "bad-json"],
  ['{"type":"move","id":"x","path":"a1-b1"', "bad-json"],
  ['{"type":"dance","id":"x"}', "unknown-type", "x"],
  ['{"id":"x"}', "unknown-type", "x"],
  ["[1,2]", "unknown-type"],
  ["null", "unknown-type"],
  ["42", "unknown-type"],
  ['"hello"', "unknown-type"],
  ['{"type":42}', "unknown-type"],
  ['{"type":"Move","id":"x","path":"a1-b1"}', "unknown-type", "x"],
  ['{"type":"toString"}', "unknown-type"],
  ['{"type":"__proto__"}', "unknown-type"],
  ['{"type":"move","id":"x"}', "bad-message", "x"],
  ['{"type":"move","id":"x","path":"a1-b1","seat":0}', "bad-message", "x"],
  ['{"type":"move","id":"x","path":""}', "bad-message", "x"],
  [JSON.stringify({ type: "move", id: "x", path: "a".repeat(257) }), "bad-message", "x"],
  ['{"type":"move","id":1,"path":"a1-b1"}', "bad-message"],
  ['{"type":"join","id":"x","seat":"1","name":"A"}', "bad-message", "x"],
  ['{"type":"join","id":"x","seat":6,"name":"A"}', "bad-message", "x"],
  ['{"type":"join","id":"x","seat":-1,"name":"A"}', "bad-message", "x"],
  ['{"type":"join","id":"x","seat":1.5,"name":"A"}', "bad-message", "x"],
  ['{"type":"join","id":"x","seat":1}', "bad-message", "x"],
  ['{"type":"join","id":"x","seat":1,"name":7}', "bad-message", "x"],
  ['{"type":"start","id":""}', "bad-message"],
  [JSON.stringify({ type: "start", id: "x".repeat(65) }), "bad-message"],
  ['{"type":"start","id":"s\\udc00"}', "bad-message"],
  ['{"type":"start"}', "bad-message"],
  ['{"type":"leave","id":"x","__proto__":{}}', "bad-message", "x"],
  ['{"type":"hello","token":"not a token"}', "bad-message"],
  ['{"type":"hello","hostToken":"short"}', "bad-message"],
  ['{"type":"hello","lastSeq":"3"}', "bad-message"],
  ['{"type":"hello","extra":true}', "bad-message"],
  ['{"type":"sync","lastSeq":-1}', "bad-message"],
  ['{"type":"sync","lastSeq":1.5}', "bad-message"],
  ['{"type":"sync"}', "bad-message"],
  ['{"type":"remedy","id":"x","seat":1,"remedy":"forgive"}', "bad-message", "x"],
  ['{"type":"addComputer","id":"x","seat":1,"level":"godlike"}', "bad-message", "x"],
  ['{"type":"firstPlayer","id":"x"}', "bad-message", "x"],
  ['{"type":"swap","id":"x","seat":null}', "bad-message", "x"],
  ['{"type":"remove","id":"x","seat":true}', "bad-message", "x"],
  ['{"type":"rematch","id":["x"]}', "bad-message"],
];

/** Move notation that is not a move, or not one the rules allow (the engine says which). */
const ODD_PATHS: readonly string[] = [
  "hello",
  "z9-z10",
  "a1-",
  "resign(1)",
  "resign(7)",
  "pass",
  "a1--b2",
  "-",
  "A1-B2",
  " c1-d1 ",
  "i5",
  "i5-i5",
  "c2-e4-",
  "e5-e6-e7-e8-e9",
];

type Who = "host" | "turn" | "free" | "seated" | number;
type IdChoice = { readonly kind: "fresh"; readonly style: number } | { readonly kind: "reuse"; readonly k: number };
type NameChoice =
  | { readonly kind: "good"; readonly i: number }
  | { readonly kind: "twin"; readonly seat: number; readonly how: number }
  | { readonly kind: "bad"; readonly i: number };
type PathChoice =
  | { readonly kind: "legal"; readonly k: number; readonly ends: boolean }
  | { readonly kind: "reversed"; readonly k: number }
  | { readonly kind: "holes"; readonly a: number; readonly b: number }
  | { readonly kind: "odd"; readonly i: number };
type SeatChoice = "free" | "taken" | number;

type Recipe =
  | {
      readonly t: "join";
      readonly who: Who;
      readonly seat: SeatChoice;
      readonly name: NameChoice;
      readonly id: IdChoice;
    }
  | { readonly t: "move"; readonly who: Who; readonly path: PathChoice; readonly id: IdChoice }
  | { readonly t: "start" | "leave" | "rematch" | "back"; readonly who: Who; readonly id: IdChoice }
  | { readonly t: "remove" | "swap"; readonly who: Who; readonly seat: SeatChoice; readonly id: IdChoice }
  | { readonly t: "firstPlayer"; readonly who: Who; readonly seat: number | null; readonly id: IdChoice }
  | { readonly t: "addComputer"; readonly who: Who; readonly seat: SeatChoice; readonly id: IdChoice }
  | {
      readonly t: "remedy";
      readonly who: Who;
      readonly seat: SeatChoice;
      readonly resign: boolean;
      readonly id: IdChoice;
    }
  | { readonly t: "hello"; readonly who: Who; readonly token: number; readonly host: number; readonly lastSeq: number }
  | { readonly t: "sync"; readonly who: Who; readonly lastSeq: number }
  | {
      readonly t: "replay";
      readonly who: Who;
      readonly k: number;
      readonly which: "any" | "recent" | "applied";
      readonly sameSocket: boolean;
    }
  | { readonly t: "unreadable"; readonly who: Who; readonly i: number }
  | { readonly t: "oversized"; readonly who: Who; readonly size: number; readonly wide: boolean }
  | { readonly t: "binary"; readonly who: Who }
  | { readonly t: "padded"; readonly who: Who; readonly id: IdChoice }
  | { readonly t: "ping"; readonly who: Who }
  | { readonly t: "open"; readonly token: number; readonly host: boolean }
  | { readonly t: "fill"; readonly names: number; readonly go: boolean }
  | { readonly t: "evict" };

/** Which socket sends: the host's, the one whose turn it is, one without a seat, a seated one, or any. */
function pickSocket(model: Model, who: Who, k = 0): number {
  const all = model.sockets.map((_, i) => i);
  const among = (indexes: number[]) => (indexes.length > 0 ? indexes[k % indexes.length] : k % all.length);
  switch (who) {
    case "host":
      return among(all.filter((i) => model.sockets[i].host));
    case "turn": {
      const seat = model.game?.turn?.player;
      const turn = all.filter((i) => seat !== undefined && model.sockets[i].seat === seat);
      return turn.length > 0 ? among(turn) : pickSocket(model, "seated", k);
    }
    case "free":
      return among(all.filter((i) => model.sockets[i].seat === null && !model.sockets[i].host));
    case "seated":
      return among(all.filter((i) => model.sockets[i].seat !== null));
    default:
      return who % all.length;
  }
}

function pickSeat(model: Model, choice: SeatChoice): number {
  const seats = model.seats.map((_, i) => i);
  if (choice === "free") return seats.find((i) => model.seats[i].name === null) ?? 0;
  if (choice === "taken") return seats.find((i) => model.seats[i].name !== null) ?? 0;
  return choice;
}

const ID_STYLES = [
  (n: number) => `r${n}`,
  (n: number) => `ид-${n}`,
  (n: number) => `🎲${n}`,
  (n: number) => `${n}`.padStart(64, "i"),
  (n: number) => ` ${n} `,
];

function requestId(real: Real, choice: IdChoice): string {
  if (choice.kind === "reuse" && real.sent.length > 0) {
    const old = real.sent[choice.k % real.sent.length].message;
    if ("id" in old) return old.id;
  }
  const style = choice.kind === "fresh" ? choice.style : 0;
  return ID_STYLES[style % ID_STYLES.length](real.step);
}

function nameFor(model: Model, choice: NameChoice): { name: string; verdict: NameVerdict } {
  if (choice.kind === "bad") return { name: BAD_NAMES[choice.i % BAD_NAMES.length], verdict: { ok: false } };
  if (choice.kind === "twin") {
    const seated = model.seats.flatMap((seat) => (seat.name === null ? [] : [seat.name]));
    if (seated.length > 0) {
      const name = TWINS[choice.how % TWINS.length](seated[choice.seat % seated.length]);
      // A twin is the same name to the table, and shows as well as the name it copies.
      return {
        name,
        verdict: {
          ok: true,
          stored: name
            .normalize("NFC")
            .trim()
            .replace(/\p{Zs}+/gu, " "),
        },
      };
    }
  }
  const [name, stored] = GOOD_NAMES[(choice.kind === "good" ? choice.i : 0) % GOOD_NAMES.length];
  return { name, verdict: { ok: true, stored } };
}

/** A small deterministic generator, for choices made from the model's position. */
function chooser(seed: number): (n: number) => number {
  let state = (seed * 2654435761 + 1) >>> 0;
  return (n: number) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % n;
  };
}

/** A legal move of the side to move, found by the engine: from its list (race), or hole by hole (capture). */
function legalPath(model: Model, k: number, ends: boolean): string | undefined {
  const game = model.game;
  if (!game || game.isOver) return undefined;
  if (model.settings.variant === "capture") {
    const pick = chooser(k);
    const path: number[] = [];
    for (;;) {
      const { next, isMove } = game.continuations(path);
      if (isMove && (next.length === 0 || pick(3) === 0)) return formatPath(path);
      if (next.length === 0) return undefined;
      path.push(next[pick(next.length)]);
    }
  }
  const moves = game.legalMoves();
  if (moves.length === 0) return undefined;
  const { path } = moves[k % moves.length];
  return ends && path.length > 2 ? formatPath([path[0], path[path.length - 1]]) : formatPath(path);
}

function pathFor(model: Model, choice: PathChoice): string {
  switch (choice.kind) {
    case "legal":
      return legalPath(model, choice.k, choice.ends) ?? "c1-d1";
    case "reversed":
      return (legalPath(model, choice.k, false) ?? "c1-d1").split("-").reverse().join("-");
    case "holes":
      return `${holeName(choice.a % HOLE_COUNT)}-${holeName(choice.b % HOLE_COUNT)}`;
    case "odd":
      return ODD_PATHS[choice.i % ODD_PATHS.length];
  }
}

function tokenFor(model: Model, real: Real, choice: number): string | undefined {
  const live = model.seats.flatMap((seat) => (seat.name !== null && seat.token ? [seat.token] : []));
  switch (choice % 5) {
    case 0:
      return undefined;
    case 1:
    case 2:
      return live.length > 0 ? live[choice % live.length] : undefined;
    case 3:
      return model.deadTokens.length > 0 ? model.deadTokens[choice % model.deadTokens.length] : "A".repeat(22);
    default:
      return `${real.id}forgedtoken`.slice(0, 22).padEnd(22, "_");
  }
}

function lastSeqFor(model: Model, choice: number): number {
  const options = [
    0,
    model.seq,
    Math.max(0, model.seq - 1 - (choice % 5)),
    model.seq + 1,
    Math.max(0, model.seq - MAX_REPLAY),
    Math.max(0, model.seq - MAX_REPLAY - 1),
    Number.MAX_SAFE_INTEGER,
  ];
  return options[choice % options.length];
}

function request(message: Request, name?: NameVerdict): Frame {
  return { kind: "request", text: JSON.stringify(message), message, ...(name ? { name } : {}) };
}

/** Which request a replay sends again: any, one of the last five (whose effects are fresh), or one the table applied. */
function replayed(real: Real, recipe: { readonly k: number; readonly which: "any" | "recent" | "applied" }): number {
  const n = real.sent.length;
  const applied = real.sent.flatMap((sent, i) => (sent.applied ? [i] : []));
  if (recipe.which === "applied" && applied.length > 0) return applied[recipe.k % applied.length];
  return recipe.which === "recent" ? n - 1 - (recipe.k % Math.min(5, n)) : recipe.k % n;
}

/** The frame a recipe makes at this point of the run, and who sends it; null where the command does not apply. */
function frameOf(model: Model, real: Real, recipe: Recipe): { from: number; frame: Frame } | null {
  if (recipe.t === "open" || recipe.t === "fill" || recipe.t === "evict") return null;
  const from = pickSocket(model, recipe.who, real.step);
  const id = "id" in recipe ? requestId(real, recipe.id) : "";
  const frame = ((): Frame | null => {
    switch (recipe.t) {
      case "join": {
        const { name, verdict } = nameFor(model, recipe.name);
        return request({ type: "join", id, seat: pickSeat(model, recipe.seat), name }, verdict);
      }
      case "move":
        return request({ type: "move", id, path: pathFor(model, recipe.path) });
      case "start":
      case "leave":
      case "rematch":
      case "back":
        return request({ type: recipe.t, id });
      case "remove":
      case "swap":
        return request({ type: recipe.t, id, seat: pickSeat(model, recipe.seat) });
      case "firstPlayer":
        return request({ type: "firstPlayer", id, seat: recipe.seat });
      case "addComputer":
        return request({ type: "addComputer", id, seat: pickSeat(model, recipe.seat), level: "normal" });
      case "remedy":
        return request({
          type: "remedy",
          id,
          seat: pickSeat(model, recipe.seat),
          remedy: recipe.resign ? "resign" : "computer",
        });
      case "hello": {
        const token = tokenFor(model, real, recipe.token);
        const hostToken = [undefined, model.hostToken, "Z".repeat(22)][recipe.host % 3];
        const lastSeq = recipe.lastSeq % 3 === 0 ? undefined : lastSeqFor(model, recipe.lastSeq);
        return request({
          type: "hello",
          ...(token === undefined ? {} : { token }),
          ...(hostToken === undefined ? {} : { hostToken }),
          ...(lastSeq === undefined ? {} : { lastSeq }),
        });
      }
      case "sync":
        return request({ type: "sync", lastSeq: lastSeqFor(model, recipe.lastSeq) });
      case "replay": {
        if (real.sent.length === 0) return null;
        // The same frame again, from the socket that sent it or another.
        const old = real.sent[replayed(real, recipe)];
        return { kind: "request", text: old.text, message: old.message, ...(old.name ? { name: old.name } : {}) };
      }
      case "unreadable": {
        const [text, code, id] = UNREADABLE[recipe.i % UNREADABLE.length];
        return { kind: "unreadable", data: text, code, ...(id === undefined ? {} : { id }) };
      }
      case "oversized": {
        const unit = recipe.wide ? "é" : "a";
        const bytes = recipe.wide ? 2 : 1;
        const head = '{"type":"move","id":"big","path":"';
        const count = Math.ceil((MAX_MESSAGE_BYTES + 1 - head.length - 2) / bytes) + recipe.size;
        return { kind: "unreadable", data: `${head}${unit.repeat(count)}"}`, code: "too-large" };
      }
      case "binary":
        return {
          kind: "unreadable",
          data: new TextEncoder().encode('{"type":"sync","lastSeq":0}').buffer as ArrayBuffer,
          code: "bad-message",
        };
      case "padded": {
        // A request of exactly 4096 bytes is read; the trailing spaces are JSON whitespace.
        const message: Request = { type: "rematch", id };
        const json = JSON.stringify(message);
        const text = json + " ".repeat(MAX_MESSAGE_BYTES - new TextEncoder().encode(json).byteLength);
        return { kind: "request", text, message };
      }
      case "ping":
        return { kind: "ping" };
    }
  })();
  if (!frame) return null;
  const sender = recipe.t === "replay" && recipe.sameSocket ? real.sent[replayed(real, recipe)].from : from;
  return { from: sender, frame };
}

// --- Commands ------------------------------------------------------------------------------------

class Step implements fc.AsyncCommand<Model, Real> {
  readonly recipe: Recipe;
  private sent = "";

  constructor(recipe: Recipe) {
    this.recipe = recipe;
  }

  check(): boolean {
    return true;
  }

  async run(model: Model, real: Real): Promise<void> {
    real.step += 1;
    if (this.recipe.t === "open") return this.open(model, real);
    if (this.recipe.t === "evict") return this.evict(model, real);
    if (this.recipe.t === "fill") return this.fill(model, real, this.recipe.names, this.recipe.go);
    const made = frameOf(model, real, this.recipe);
    if (!made) return;
    const { from, frame } = made;
    // Within the flood bucket, and addComputer only where it is refused (computer players are left out).
    if (model.sockets[from].cost + cost(frame) > FLOOD_BUDGET - 2) return;
    if (
      frame.kind === "request" &&
      frame.message.type === "addComputer" &&
      !model.refusesComputer(from, frame.message)
    ) {
      return;
    }
    this.sent = `${model.sockets[from].label}: ${frame.kind === "request" ? frame.text.slice(0, 120) : frame.kind === "ping" ? "ping" : typeof frame.data === "string" ? frame.data.slice(0, 60) : "<binary>"}`;
    await exchange(model, real, from, frame, this.recipe.t);
  }

  /**
   * What players do to get a game going, so that runs play: sockets without a
   * seat take the free seats under names nobody has, then (with `go`) the
   * host starts the game, or every seat accepts the rematch.
   */
  private async fill(model: Model, real: Real, names: number, go: boolean): Promise<void> {
    if (model.status === "playing") return;
    const sent: string[] = [];
    const send = async (from: number, message: Request, verdict?: NameVerdict) => {
      if (model.sockets[from].cost + 2 > FLOOD_BUDGET - 2) return;
      sent.push(`${model.sockets[from].label}: ${JSON.stringify(message)}`);
      this.sent = sent.join("; ");
      await exchange(model, real, from, request(message, verdict), "fill");
    };
    for (let seat = 0; seat < model.seats.length; seat++) {
      if (model.seats[seat].name !== null) continue;
      const from = model.sockets.findIndex((socket) => socket.seat === null && !socket.host);
      if (from < 0) break;
      const taken = new Set(model.seats.flatMap((s) => (s.name === null ? [] : [sameNameKey(s.name)])));
      const [name, stored] = GOOD_NAMES.map((_, i) => GOOD_NAMES[(names + i) % GOOD_NAMES.length]).find(
        ([, stored]) => !taken.has(sameNameKey(stored)),
      ) as [string, string];
      real.step += 1;
      await send(
        from,
        { type: "join", id: requestId(real, { kind: "fresh", style: names }), seat, name },
        {
          ok: true,
          stored,
        },
      );
    }
    if (!go) return;
    if (model.status === "waiting") {
      const host = model.sockets.findIndex((socket) => socket.host);
      real.step += 1;
      if (host >= 0) await send(host, { type: "start", id: requestId(real, { kind: "fresh", style: names }) });
      return;
    }
    for (let seat = 0; seat < model.seats.length && model.status === "over"; seat++) {
      const from = model.sockets.findIndex((socket) => socket.seat === seat);
      real.step += 1;
      if (from >= 0) await send(from, { type: "rematch", id: requestId(real, { kind: "fresh", style: names }) });
    }
  }

  /**
   * The runtime evicts the object (its sockets hibernate, as after some quiet
   * seconds): the next request rebuilds it from storage, and it must be the
   * same table. Not a message: the snapshot that follows wakes it.
   */
  private async evict(model: Model, real: Real): Promise<void> {
    this.sent = "evicted";
    stats.evictions += 1;
    await evictDurableObject(env.TABLES.getByName(real.id), { webSockets: "hibernate" });
    await compareSnapshot(model, real, false);
  }

  /** Another tab: a new socket, which says hello with a seat's token, the host token, or nothing. */
  private async open(model: Model, real: Real): Promise<void> {
    if (real.wires.length >= MAX_SOCKETS || this.recipe.t !== "open") return;
    const label = `tab${real.wires.length}`;
    real.wires.push(await connect(real, label));
    real.queues.push([]);
    const index = model.addSocket(label);
    const token = tokenFor(model, real, this.recipe.token);
    const message: Request = {
      type: "hello",
      ...(token === undefined ? {} : { token }),
      ...(this.recipe.host ? { hostToken: model.hostToken } : {}),
    };
    this.sent = `${label}: ${JSON.stringify(message)}`;
    await exchange(model, real, index, request(message), "open");
  }

  toString(): string {
    return `${JSON.stringify(this.recipe)}${this.sent ? ` → ${this.sent}` : ""}`;
  }
}

const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Who>("host", "turn", "free", "seated") },
  { weight: 2, arbitrary: fc.nat(20) },
);
/** Mostly the socket that may send it (`preferred`), sometimes any. */
function mostly(preferred: Who): fc.Arbitrary<Who> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(preferred) }, { weight: 1, arbitrary: who });
}
const id: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("fresh" as const), style: fc.nat(4) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reuse" as const), k: fc.nat() }) },
);
const seat: fc.Arbitrary<SeatChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<SeatChoice>("free", "taken") },
  { weight: 2, arbitrary: fc.nat(5) },
);
const name: fc.Arbitrary<NameChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("good" as const), i: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("twin" as const), seat: fc.nat(5), how: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("bad" as const), i: fc.nat() }) },
);
const path: fc.Arbitrary<PathChoice> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant("legal" as const), k: fc.nat(), ends: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reversed" as const), k: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("holes" as const), a: fc.nat(120), b: fc.nat(120) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("odd" as const), i: fc.nat() }) },
);

const recipe: fc.Arbitrary<Recipe> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ t: fc.constant("join" as const), who: mostly("free"), seat, name, id }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("start" as const), who: mostly("host"), id }) },
  {
    weight: 30,
    arbitrary: fc.record({
      t: fc.constant("move" as const),
      who: mostly("turn"),
      path,
      id,
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("leave" as const), who: mostly("seated"), id }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("remove" as const), who: mostly("host"), seat, id }) },
  { weight: 5, arbitrary: fc.record({ t: fc.constant("rematch" as const), who: mostly("seated"), id }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("swap" as const), who: mostly("seated"), seat, id }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("firstPlayer" as const),
      who: mostly("host"),
      seat: fc.option(fc.nat(5)),
      id,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("addComputer" as const), who: mostly("host"), seat, id }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("back" as const), who: mostly("seated"), id }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("remedy" as const),
      who: mostly("seated"),
      seat,
      resign: fc.boolean(),
      id,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant("hello" as const), who, token: fc.nat(), host: fc.nat(), lastSeq: fc.nat() }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("sync" as const), who, lastSeq: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("replay" as const),
      who,
      k: fc.nat(),
      which: fc.constantFrom("any" as const, "recent" as const, "applied" as const),
      sameSocket: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("unreadable" as const), who, i: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant("oversized" as const), who, size: fc.nat(3000), wide: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("binary" as const), who }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("padded" as const), who, id }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("ping" as const), who }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("open" as const), token: fc.nat(), host: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("evict" as const) }) },
  {
    weight: 5,
    arbitrary: fc.record({ t: fc.constant("fill" as const), names: fc.nat(), go: fc.nat(3).map((n) => n > 0) }),
  },
);

const commands = fc.commands([recipe.map((r) => new Step(r))], { maxCommands: MAX_COMMANDS, size: "max" });

// --- Tables ---------------------------------------------------------------------------------------

interface TableChoice {
  readonly rules: Pick<Settings, "variant" | "players" | "colours" | "pieces">;
  readonly longJump: boolean;
  readonly clock: null | { kind: "move"; seconds: number } | { kind: "bank"; seconds: number; increment: number };
  readonly firstPlayer: number | null;
}

const tableChoice: fc.Arbitrary<TableChoice> = fc.record({
  rules: fc.constantFrom<TableChoice["rules"]>(
    { variant: "classic", players: 2, colours: 1, pieces: 10 },
    { variant: "classic", players: 3, colours: 1, pieces: 10 },
    { variant: "classic", players: 4, colours: 1, pieces: 10 },
    { variant: "classic", players: 2, colours: 2, pieces: 10 },
    { variant: "classic", players: 2, colours: 1, pieces: 15 },
    { variant: "capture", players: 2, colours: 1, pieces: 10 },
    { variant: "capture", players: 3, colours: 1, pieces: 10 },
  ),
  longJump: fc.boolean(),
  // Clocks long enough never to run out during a run: the deadline and the bank are compared as present or not.
  clock: fc.constantFrom<TableChoice["clock"]>(
    null,
    null,
    { kind: "move", seconds: 3600 },
    { kind: "bank", seconds: 3600, increment: 5 },
  ),
  firstPlayer: fc.option(fc.nat(3), { freq: 2 }),
});

/** Creates the run's table over HTTP and connects the host, players + 1 would-be players and a spectator. */
async function setUp(choice: TableChoice): Promise<{ model: Model; real: Real }> {
  const settings: Settings = { ...choice.rules, longJump: choice.longJump, teams: false };
  const firstPlayer = choice.firstPlayer === null ? null : choice.firstPlayer % settings.players;
  const address = nextAddress();
  const response = await exports.default.fetch(`${ORIGIN}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify({ ...settings, clock: choice.clock, firstPlayer }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  const created = (await response.json()) as { id: string; hostToken: string };
  const model = new TableModel(settings, choice.clock, firstPlayer, created.hostToken);
  const real: Real = { id: created.id, address, wires: [], queues: [], sent: [], lastPing: Date.now(), step: 0 };
  const labels = ["host", ...Array.from({ length: settings.players + 1 }, (_, i) => `p${i}`), "spectator"];
  for (const label of labels) {
    real.wires.push(await connect(real, label));
    real.queues.push([]);
    model.addSocket(label);
  }
  for (let i = 0; i < labels.length; i++) {
    const hello: Request = i === 0 ? { type: "hello", hostToken: created.hostToken } : { type: "hello" };
    await exchange(model, real, i, request(hello), "setup");
  }
  return { model, real };
}

/**
 * The end of a run: every socket asks for a welcome, and must have received
 * everything it was owed; the last `presence` each one has (they come a moment
 * after a change) says who is connected as the model does; the snapshot is
 * read over HTTP.
 */
async function finish(model: Model, real: Real): Promise<void> {
  for (let i = 0; i < real.wires.length; i++) {
    await exchange(model, real, i, request({ type: "sync", lastSeq: Number.MAX_SAFE_INTEGER }), "final sync");
  }
  for (const wire of real.wires) if (wire.closed) throw new Error(`${wire.label} was closed: ${wire.closed}`);
  const connected = model.seats.map((_, seat) => model.connected(seat));
  const expected = {
    type: "presence",
    connected,
    spectators: model.sockets.filter((socket) => socket.seat === null).length,
    // Absent since some moment of the run: a seat with a player and no socket.
    absentSince: model.seats.map((seat, i) => (seat.name !== null && !connected[i] ? "a time" : null)),
    stallGraceMs: STALL_GRACE_MS,
  };
  const deadline = Date.now() + REPLY_MS;
  const settled = (wire: Wire) => {
    const presence = wire.presence as typeof expected | undefined;
    if (!presence) return false;
    const absent = presence.absentSince.map((since) => (typeof since === "number" ? "a time" : since));
    return same({ ...presence, absentSince: absent }, expected);
  };
  for (;;) {
    for (let i = 0; i < real.wires.length; i++) await drain(real, i, model.settings.players, false);
    const late = real.wires.filter((wire) => !settled(wire));
    if (late.length === 0) break;
    if (Date.now() > deadline) throw mismatch(`${late[0].label}: the last presence`, expected, late[0].presence);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await compareSnapshot(model, real, true);
}

const property = fc.asyncProperty(tableChoice, commands, async (choice, steps) => {
  const { model, real } = await setUp(choice);
  try {
    await fc.asyncModelRun(() => ({ model, real }), steps);
    await finish(model, real);
  } catch (error) {
    // Shrinking reruns the table many times: say at once what went wrong the first time.
    if (!stats.failed) console.log(`a run failed (fast-check shrinks it now):\n${(error as Error).message}`);
    stats.failed = true;
    throw error;
  } finally {
    for (const wire of real.wires) wire.close();
  }
  stats.runs += 1;
});

function report(elapsedMs: number): string {
  const codes = [...stats.outcomes].sort(([, a], [, b]) => b - a);
  const kinds = [...stats.kinds].sort(([, a], [, b]) => b - a);
  const rate = stats.messages / (elapsedMs / 1000);
  return [
    `protocol fuzzer: seed ${SEED}, ${stats.runs} runs, ${stats.messages} messages (+${stats.keepalive} keepalive pings; ${stats.evictions} evictions; snapshots: ${stats.snapshotsHttp} over HTTP, ${stats.snapshotsRpc} from the object)`,
    `  elapsed ${(elapsedMs / 1000).toFixed(1)} s, ${rate.toFixed(0)} messages/s`,
    `  outcomes: ${codes.map(([code, n]) => `${code} ${n}`).join(", ")}`,
    `  commands: ${kinds.map(([kind, n]) => `${kind} ${n}`).join(", ")}`,
    `  by message: ${[...stats.byKind]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([what, n]) => `${what} ${n}`)
      .join(", ")}`,
  ].join("\n");
}

describe("the table answers every message as the model of docs/protocol.md says", () => {
  it(`random valid, malformed, replayed and out-of-turn messages (at least ${TARGET.toLocaleString("en")}): answers, broadcasts and snapshots equal the model's`, {
    timeout: BENCHMARK ? 6 * 3600_000 : 120_000,
  }, async () => {
    const start = Date.now();
    for (let run = 0; stats.messages < TARGET; run++) {
      const seed = SEED + run;
      try {
        // A run takes seconds; shrinking a failure reruns it, and is cut short after two minutes.
        await fc.assert(property, {
          seed,
          numRuns: 1,
          includeErrorInReport: true,
          interruptAfterTimeLimit: 120_000,
          markInterruptAsFailure: true,
        });
      } catch (error) {
        throw new Error(`run ${run} (seed ${seed}; FUZZ_SEED=${SEED}) failed:\n${(error as Error).message}`);
      }
      if (BENCHMARK && run % 100 === 99) {
        const seconds = (Date.now() - start) / 1000;
        console.log(`${stats.runs} runs, ${stats.messages} messages, ${seconds.toFixed(0)} s`);
      }
    }
    console.log(report(Date.now() - start));
    expect(stats.messages).toBeGreaterThanOrEqual(TARGET);
    expect(stats.outcomes.get("accepted")).toBeGreaterThan(0);
  });
});
