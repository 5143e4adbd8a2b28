/**
 * npm run -s bench:chat -- [--rounds R] [--moves N] [--think T] [--spectators A] [--addresses D] [--warmup S] [--factor K] [--length L] [--observability on|off]
 *
 * What table chat costs the players' moves (issue 22). Under `wrangler dev`
 * (loadtest/wrangler.toml) it builds a 6-player table, each seat a socket
 * from an address of its own, and A spectators (default 30) from D addresses
 * in turn (default 2: 15 sockets each, within the 16 per address); the host
 * opens the chat to everyone. The players play 30 moves to warm up. Then, R
 * times (default 3), the players play N moves (default 60) in turn, T ms
 * (default 100) after the last one's `ack`, so that the moves are spread
 * over seconds of chat, timing each from the `move` sent to its `ack`: first
 * with chat idle (every socket connected, none writing), then while every
 * socket, players and spectators, sends chat messages of L characters
 * (default 280, the most a message may have) and reactions at K times
 * (default 1) its own per-socket rate (src/server/chat/chat-limits.ts: a message
 * every 2 s, a reaction every second), from S seconds (default 5) before the
 * players start, so that the address and table buckets' bursts are spent. At
 * K = 1 those two buckets refuse what the sockets' own would let through (by
 * default 30 spectators share two addresses, and 36 sockets one table);
 * above 1 the sockets' own buckets refuse too. Below the flood guard's 20
 * messages a second (K < 13) no socket is closed. wrangler's local trace
 * collector is off unless `--observability on` (production has none).
 *
 * Reports per round and as medians over the rounds: move → ack p50 and p95,
 * idle and chatting, and the difference; chat messages and reactions sent,
 * accepted and refused (by code) a second, and how many of each came
 * from players (the requests sent while the players moved, by their
 * answers, which may come later: a socket's count is off by at most one
 * over the window); the frames and KiB a second all the table's sockets
 * received (pongs included), and the chat broadcasts among them; the CPU
 * time of wrangler dev's processes and of this driver, ms a second. Prints
 * one JSON line last. Exits 1 on anything unexpected: an error other than
 * `chat-rate-limited` to a chat request, any other error, a socket the
 * server closed, an event stream out of order, a request left unanswered,
 * a request acknowledged but not broadcast to the host's socket (or the
 * other way round), a move not acknowledged within 60 s.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { MAX_CHAT_LENGTH, REACTIONS } from "../src/protocol/index.ts";
import { MESSAGE_RATES, REACTION_RATES } from "../src/server/chat/chat-limits.ts";
import {
  type Message,
  median,
  nodeVersion,
  openTableSocket,
  type PlayingTable,
  playingTable,
  playMoves,
  processUsage,
  quantile,
  type Server,
  type Socket,
  sleep,
  startServer,
  totalCpuMs,
  wranglerVersion,
} from "./loadtest-lib.ts";

const usage =
  "usage: npm run -s bench:chat -- [--rounds R] [--moves N] [--think T ≥ 0] [--spectators A ≤ 240] [--addresses D ≥ A/16] [--warmup S ≥ 0] [--factor K > 0] [--length 1–280] [--observability on|off]";
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    moves: { type: "string", default: "60" },
    think: { type: "string", default: "100" },
    spectators: { type: "string", default: "30" },
    addresses: { type: "string", default: "2" },
    warmup: { type: "string", default: "5" },
    factor: { type: "string", default: "1" },
    length: { type: "string", default: String(MAX_CHAT_LENGTH) },
    observability: { type: "string", default: "off" },
  },
});
const rounds = Number(values.rounds);
const moves = Number(values.moves);
const thinkMs = Number(values.think);
const spectators = Number(values.spectators);
const addresses = Number(values.addresses);
const warmupSeconds = Number(values.warmup);
const factor = Number(values.factor);
const length = Number(values.length);
if (
  ![rounds, moves].every((n) => Number.isInteger(n) && n >= 1) ||
  !(Number.isInteger(spectators) && spectators >= 0 && spectators <= 240) ||
  !(Number.isInteger(addresses) && addresses >= Math.max(1, Math.ceil(spectators / 16)) && addresses <= 250) ||
  !(warmupSeconds >= 0) ||
  !(thinkMs >= 0) ||
  !(factor > 0) ||
  !(Number.isInteger(length) && length >= 1 && length <= MAX_CHAT_LENGTH) ||
  !["on", "off"].includes(values.observability)
) {
  console.error(usage);
  process.exit(1);
}

const PLAYERS = 6;
/** A move not acknowledged within this long fails the bench. */
const ACK_TIMEOUT_MS = 60_000;
/** Moves played before the first round, not timed: the engine's code and the worker warmed up. */
const WARMUP_MOVES = 30;
/** How long the chat's last requests may take to be answered once the sockets stop writing. */
const DRAIN_MS = 10_000;

type Kind = "chat" | "react";
type Role = "player" | "spectator";
/** Each socket's own rate, a second, from the limits the table applies. */
const RATE: Record<Kind, number> = {
  chat: MESSAGE_RATES.socket.perSecond * factor,
  react: REACTION_RATES.socket.perSecond * factor,
};

/** The host's socket, seat 0's, which counts what the table posted. */
const HOST = "Player 1";

/** Players from 10.1.0.1 to 10.1.0.6; spectators in turn from 10.2.0.1, 10.2.1.1, … (`addresses` of them). */
const playerAddress = (seat: number) => `10.1.0.${seat + 1}`;
const spectatorAddress = (i: number) => `10.2.${i % addresses}.1`;

/** A chat request and its answer: `code` null for an `ack`, else the refusal's code. */
interface Answer {
  readonly kind: Kind;
  readonly role: Role;
  readonly sentAt: number;
  readonly code: string | null;
}

/** What every socket at the table got and what its chat requests came to, counted as they come. */
class Tally {
  /** Frames by message type (pongs are in the sockets' own counts, not here). */
  readonly frames = new Map<string, number>();
  /** Requests acknowledged over the whole run, by kind. */
  readonly accepted: Record<Kind, number> = { chat: 0, react: 0 };
  /** Chat messages and reactions the table broadcast, as the host's socket (seat 0's) received them. */
  readonly posted: Record<Kind, number> = { chat: 0, react: 0 };
  /** Requests sent and not yet answered, by id (each id names its socket). */
  readonly pending = new Map<string, { kind: Kind; role: Role; sentAt: number }>();
  /** Every request answered, with when it was sent: a window's rates count what was sent in it. */
  readonly answers: Answer[] = [];
  /** What should not have happened; any of it fails the bench. */
  readonly problems: string[] = [];

  /** The frames all sockets had received by now, to subtract later. */
  snapshot(sockets: readonly Socket[]): Counts {
    return {
      at: performance.now(),
      frames: sockets.reduce((sum, s) => sum + s.received.frames, 0),
      chars: sockets.reduce((sum, s) => sum + s.received.chars, 0),
      broadcasts: (this.frames.get("chatMessage") ?? 0) + (this.frames.get("reaction") ?? 0),
    };
  }

  problem(text: string): void {
    if (this.problems.length < 20) this.problems.push(text);
    else if (this.problems.length === 20) this.problems.push("… and more");
  }

  /** Counts a message one of the table's sockets received. */
  receive(socketName: string, message: Message): void {
    this.frames.set(message.type, (this.frames.get(message.type) ?? 0) + 1);
    if (socketName === HOST) {
      if (message.type === "chatMessage") this.posted.chat += 1;
      else if (message.type === "reaction") this.posted.react += 1;
    }
    if (message.type !== "ack" && message.type !== "error") return;
    const request = message.id === undefined ? undefined : this.pending.get(message.id);
    if (request) {
      this.pending.delete(message.id as string);
      const code = message.type === "ack" ? null : (message.code ?? "?");
      this.answers.push({ ...request, code });
      if (code === null) this.accepted[request.kind] += 1;
      else if (code !== "chat-rate-limited") {
        this.problem(`${socketName}: ${request.kind} ${message.id}: ${code}: ${message.message}`);
      }
      return;
    }
    // Moves, the join, the start and the policy are answered to whoever waits for them; errors are not expected.
    if (message.type === "error") {
      this.problem(`${socketName}: error ${message.id ?? "(no id)"}: ${message.code}: ${message.message}`);
    }
  }
}

interface Counts {
  readonly at: number;
  readonly frames: number;
  readonly chars: number;
  readonly broadcasts: number;
}

/**
 * A window's rates, a second: the frames all sockets received in it, and
 * the chat requests sent in it, by what became of them (once all are answered).
 */
function rates(before: Counts, after: Counts, answers: readonly Answer[]) {
  const seconds = (after.at - before.at) / 1000;
  const inWindow = answers.filter((a) => a.sentAt >= before.at && a.sentAt < after.at);
  const perKind = (kind: Kind) => {
    const mine = inWindow.filter((a) => a.kind === kind);
    const count = (test: (a: Answer) => boolean) => mine.filter(test).length / seconds;
    const refused: Record<string, number> = {};
    for (const code of new Set(mine.flatMap((a) => (a.code === null ? [] : [a.code])))) {
      refused[code] = count((a) => a.code === code);
    }
    return {
      sent: count(() => true),
      accepted: count((a) => a.code === null),
      acceptedFromPlayers: count((a) => a.code === null && a.role === "player"),
      refusedFromPlayers: count((a) => a.code !== null && a.role === "player"),
      refused,
    };
  };
  return {
    seconds,
    framesPerSecond: (after.frames - before.frames) / seconds,
    kibPerSecond: (after.chars - before.chars) / 1024 / seconds,
    broadcastsPerSecond: (after.broadcasts - before.broadcasts) / seconds,
    chat: perKind("chat"),
    react: perKind("react"),
  };
}

interface Member {
  readonly socket: Socket;
  readonly name: string;
  readonly role: Role;
  /** The name a spectator writes under; a player writes under the seat's. */
  readonly chatName?: string;
  /**
   * Requests sent, by kind, over the whole run: a request's id carries its
   * number, never used twice (the table acknowledges a repeated id without
   * posting it again, while the message it stored is among its last 100).
   */
  readonly numbered: Record<Kind, number>;
}

interface Chatter {
  stop(): Promise<void>;
}

/** A message's text: `length` characters, its writer and number first. */
function chatText(member: Member, n: number): string {
  const filler = " the quick brown fox jumps over the lazy dog and".repeat(Math.ceil(length / 40) + 1);
  return `${member.name} #${n}${filler}`.slice(0, length).trimEnd().padEnd(length, ".");
}

/**
 * Every member writes at `RATE`: chat messages and reactions, each on a
 * clock of its own (the next send at a fixed time after the last one's, so
 * that lateness does not add up), the members spread evenly over one period.
 */
function startChatting(members: readonly Member[], tally: Tally): Chatter {
  let running = true;
  const loop = async (member: Member, index: number, kind: Kind) => {
    const period = 1000 / RATE[kind];
    let next = performance.now() + (period * index) / members.length;
    const prefix = `${kind === "chat" ? "c" : "r"}${index}.`;
    for (;;) {
      await sleep(next - performance.now());
      if (!running) return;
      const n = ++member.numbered[kind];
      const id = `${prefix}${n}`;
      tally.pending.set(id, { kind, role: member.role, sentAt: performance.now() });
      if (kind === "chat") {
        const name = member.chatName === undefined ? {} : { name: member.chatName };
        member.socket.send({ type: "chat", id, text: chatText(member, n), ...name });
      } else {
        member.socket.send({ type: "react", id, reaction: REACTIONS[n % REACTIONS.length] });
      }
      next += period;
    }
  };
  const loops = members.flatMap((member, index) => [loop(member, index, "chat"), loop(member, index, "react")]);
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Waits until every chat request has its answer; each one still without is a problem. */
async function drain(tally: Tally): Promise<void> {
  const deadline = performance.now() + DRAIN_MS;
  while (tally.pending.size > 0 && performance.now() < deadline) await sleep(20);
  for (const id of tally.pending.keys()) tally.problem(`request ${id}: no answer within ${DRAIN_MS / 1000} s`);
  tally.pending.clear();
}

/** CPU ms of wrangler dev's processes and of this driver. */
async function cpu(server: Server): Promise<{ server: number; driver: number; at: number }> {
  const usage = await processUsage(server.group);
  const own = process.cpuUsage();
  return { server: totalCpuMs(usage), driver: (own.user + own.system) / 1000, at: performance.now() };
}
const cpuRates = (a: Awaited<ReturnType<typeof cpu>>, b: Awaited<ReturnType<typeof cpu>>) => ({
  serverMsPerSecond: ((b.server - a.server) * 1000) / (b.at - a.at),
  driverMsPerSecond: ((b.driver - a.driver) * 1000) / (b.at - a.at),
});

/** Sets up the table: six players (the host at seat 0) and the spectators, the chat open to everyone. */
async function setUp(url: string, tally: Tally): Promise<{ table: PlayingTable; members: Member[] }> {
  const table = await playingTable(url, PLAYERS, (seat) => ({ "CF-Connecting-IP": playerAddress(seat) }));
  const members: Member[] = table.players.map((socket, seat) => ({
    socket,
    name: `Player ${seat + 1}`,
    role: "player",
    numbered: { chat: 0, react: 0 },
  }));
  const policy = table.players[0].next((m) => (m.type === "ack" || m.type === "error") && m.id === "policy");
  table.players[0].send({ type: "chatPolicy", id: "policy", policy: "everyone" });
  const answer = await policy;
  if (answer.type !== "ack") throw new Error(`chatPolicy: ${answer.code}: ${answer.message}`);
  for (let i = 0; i < spectators; i++) {
    const socket = await openTableSocket(url, table.id, {}, { "CF-Connecting-IP": spectatorAddress(i) });
    const name = `Watcher ${i + 1}`;
    members.push({ socket, name, role: "spectator", chatName: name, numbered: { chat: 0, react: 0 } });
  }
  for (const member of members) {
    const { socket, name } = member;
    const follow = socket.onMessage; // seat 0's follows the game
    socket.onMessage = (message) => {
      follow(message);
      tally.receive(name, message);
    };
    socket.onClose = (code) => {
      if (!closing) tally.problem(`${name}: closed by the server (${code})`);
    };
  }
  return { table, members };
}

let closing = false;

interface Round {
  idleP50: number;
  idleP95: number;
  chatP50: number;
  chatP95: number;
  idle: ReturnType<typeof rates> & ReturnType<typeof cpuRates>;
  chatting: ReturnType<typeof rates> & ReturnType<typeof cpuRates>;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const refusedText = (refused: Record<string, number>) =>
  Object.keys(refused).length === 0
    ? "none refused"
    : Object.entries(refused)
        .map(([code, perSecond]) => `${fixed(perSecond)}/s ${code}`)
        .join(", ");

const load0 = loadavg();
const server = await startServer({ observability: values.observability === "on" });
let failed = false;
try {
  const tally = new Tally();
  const { table, members } = await setUp(server.url, tally);
  const sockets = members.map((member) => member.socket);
  console.log(
    `a 6-player table and ${spectators} spectators (${addresses} addresses), chat open to everyone; each socket sends a ` +
      `${length}-character message every ${fixed(1 / RATE.chat, 2)} s and a reaction every ${fixed(1 / RATE.react, 2)} s ` +
      `(${factor}× its own limit), from ${warmupSeconds} s before the players start`,
  );
  await playMoves(table, WARMUP_MOVES, { ackTimeoutMs: ACK_TIMEOUT_MS });
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const idleCounts = tally.snapshot(sockets);
    const idleCpu = await cpu(server);
    const idleTimes = await playMoves(table, moves, { ackTimeoutMs: ACK_TIMEOUT_MS, thinkMs });
    const idle = { ...rates(idleCounts, tally.snapshot(sockets), []), ...cpuRates(idleCpu, await cpu(server)) };
    const chatter = startChatting(members, tally);
    await sleep(warmupSeconds * 1000);
    const chatCounts = tally.snapshot(sockets);
    const chatCpu = await cpu(server);
    const chatTimes = await playMoves(table, moves, { ackTimeoutMs: ACK_TIMEOUT_MS, thinkMs }).catch(
      async (error: unknown) => {
        await chatter.stop();
        throw error;
      },
    );
    const [chatEnd, chatEndCpu] = [tally.snapshot(sockets), await cpu(server)];
    await chatter.stop();
    await drain(tally);
    const chatting = { ...rates(chatCounts, chatEnd, tally.answers), ...cpuRates(chatCpu, chatEndCpu) };
    const result: Round = {
      idleP50: median(idleTimes),
      idleP95: quantile(idleTimes, 0.95),
      chatP50: median(chatTimes),
      chatP95: quantile(chatTimes, 0.95),
      idle,
      chatting,
    };
    results.push(result);
    console.log(
      `round ${round + 1}: move to ack idle p50 ${fixed(result.idleP50)} ms, p95 ${fixed(result.idleP95)} ms; ` +
        `chatting p50 ${fixed(result.chatP50)} ms, p95 ${fixed(result.chatP95)} ms; ` +
        `messages ${fixed(chatting.chat.sent)}/s sent, ${fixed(chatting.chat.accepted)}/s accepted ` +
        `(${fixed(chatting.chat.acceptedFromPlayers)}/s from players), ${refusedText(chatting.chat.refused)} ` +
        `(${fixed(chatting.chat.refusedFromPlayers)}/s from players); ` +
        `reactions ${fixed(chatting.react.sent)}/s sent, ${fixed(chatting.react.accepted)}/s accepted ` +
        `(${fixed(chatting.react.acceptedFromPlayers)}/s from players), ${refusedText(chatting.react.refused)} ` +
        `(${fixed(chatting.react.refusedFromPlayers)}/s from players); ` +
        `the table sent ${fixed(chatting.framesPerSecond, 0)} frames/s, ${fixed(chatting.kibPerSecond, 0)} KiB/s ` +
        `(idle ${fixed(idle.framesPerSecond, 0)}, ${fixed(idle.kibPerSecond, 0)}); ` +
        `server CPU ${fixed(chatting.serverMsPerSecond, 0)} ms/s (idle ${fixed(idle.serverMsPerSecond, 0)}), ` +
        `driver ${fixed(chatting.driverMsPerSecond, 0)} ms/s (idle ${fixed(idle.driverMsPerSecond, 0)})`,
    );
  }
  // Every acknowledged request was posted to everyone, once: the broadcasts the host got match the acks.
  await sleep(1000);
  for (const kind of ["chat", "react"] as const) {
    if (tally.posted[kind] !== tally.accepted[kind]) {
      tally.problem(`${kind}: ${tally.accepted[kind]} acknowledged, ${tally.posted[kind]} posted to the host's socket`);
    }
  }
  for (const { socket, name } of members) {
    const { duplicates, gaps, reordered } = socket.check;
    if (duplicates + gaps + reordered > 0) {
      tally.problem(`${name}: events duplicated ${duplicates}, after a gap ${gaps}, reordered ${reordered}`);
    }
  }
  const med = (pick: (r: Round) => number) => median(results.map(pick));
  const medRefused = (kind: Kind) => {
    const codes = new Set(results.flatMap((r) => Object.keys(r.chatting[kind].refused)));
    return Object.fromEntries([...codes].map((code) => [code, med((r) => r.chatting[kind].refused[code] ?? 0)]));
  };
  const perKind = (kind: Kind) => ({
    sentPerSecond: med((r) => r.chatting[kind].sent),
    acceptedPerSecond: med((r) => r.chatting[kind].accepted),
    acceptedFromPlayersPerSecond: med((r) => r.chatting[kind].acceptedFromPlayers),
    refusedFromPlayersPerSecond: med((r) => r.chatting[kind].refusedFromPlayers),
    refusedPerSecond: medRefused(kind),
  });
  const summary = {
    rounds,
    moves,
    thinkMs,
    players: PLAYERS,
    spectators,
    addresses,
    factor,
    length,
    warmupSeconds,
    observability: values.observability,
    messagesPerSocketPerSecond: RATE.chat,
    reactionsPerSocketPerSecond: RATE.react,
    idleP50Ms: med((r) => r.idleP50),
    idleP95Ms: med((r) => r.idleP95),
    chatP50Ms: med((r) => r.chatP50),
    chatP95Ms: med((r) => r.chatP95),
    addedP50Ms: med((r) => r.chatP50 - r.idleP50),
    addedP95Ms: med((r) => r.chatP95 - r.idleP95),
    chat: perKind("chat"),
    react: perKind("react"),
    idleFramesPerSecond: med((r) => r.idle.framesPerSecond),
    idleKiBPerSecond: med((r) => r.idle.kibPerSecond),
    chattingFramesPerSecond: med((r) => r.chatting.framesPerSecond),
    chattingKiBPerSecond: med((r) => r.chatting.kibPerSecond),
    chattingBroadcastsPerSecond: med((r) => r.chatting.broadcastsPerSecond),
    idleServerCpuMsPerSecond: med((r) => r.idle.serverMsPerSecond),
    chattingServerCpuMsPerSecond: med((r) => r.chatting.serverMsPerSecond),
    idleDriverCpuMsPerSecond: med((r) => r.idle.driverMsPerSecond),
    chattingDriverCpuMsPerSecond: med((r) => r.chatting.driverMsPerSecond),
    perRound: results.map((r) => ({
      idleP50Ms: r.idleP50,
      idleP95Ms: r.idleP95,
      chatP50Ms: r.chatP50,
      chatP95Ms: r.chatP95,
      chat: r.chatting.chat,
      react: r.chatting.react,
      framesPerSecond: r.chatting.framesPerSecond,
      kibPerSecond: r.chatting.kibPerSecond,
    })),
    loadAverageStart: load0,
    loadAverageEnd: loadavg(),
    problems: tally.problems,
    node: nodeVersion(),
    wrangler: wranglerVersion(),
  };
  console.log(
    `medians over ${rounds} rounds: idle p50 ${fixed(summary.idleP50Ms)} ms, p95 ${fixed(summary.idleP95Ms)} ms; ` +
      `chatting p50 ${fixed(summary.chatP50Ms)} ms, p95 ${fixed(summary.chatP95Ms)} ms ` +
      `(added: p50 ${fixed(summary.addedP50Ms)} ms, p95 ${fixed(summary.addedP95Ms)} ms); ` +
      `messages ${fixed(summary.chat.acceptedPerSecond)}/s accepted of ${fixed(summary.chat.sentPerSecond)}/s, ` +
      `${refusedText(summary.chat.refusedPerSecond)}; reactions ${fixed(summary.react.acceptedPerSecond)}/s accepted ` +
      `of ${fixed(summary.react.sentPerSecond)}/s, ${refusedText(summary.react.refusedPerSecond)}; ` +
      `the table sent ${fixed(summary.chattingFramesPerSecond, 0)} frames/s, ${fixed(summary.chattingKiBPerSecond, 0)} KiB/s ` +
      `(idle ${fixed(summary.idleFramesPerSecond, 0)}, ${fixed(summary.idleKiBPerSecond, 0)})`,
  );
  if (tally.problems.length > 0) {
    failed = true;
    console.error(`bench:chat: ${tally.problems.length} problem(s):\n${tally.problems.join("\n")}`);
  }
  console.log(JSON.stringify(summary));
  closing = true;
  await Promise.all(sockets.map((socket) => socket.close()));
} finally {
  closing = true;
  await server.stop();
}
if (failed) process.exit(1);
