/**
 * npm run -s bench:replay -- [--rounds R] [--moves N] [--attackers A] [--warmup S] [--rate Q]
 *
 * What a stranger with the share link can make the table send, and what it
 * costs the players. Under `wrangler dev` (loadtest/wrangler.toml) it builds a
 * 6-player table whose game has 300 moves (random legal moves), so that a
 * `sync` can ask for 256 events. Then, R times (default 3), the players
 * (six sockets, each from an address of its own) play N moves (default 60)
 * in turn, timing each from the `move` sent to its `ack`: first with the
 * table otherwise idle, then while A spectators (default 30, from two
 * addresses, 15 each: within the 16 per address) each send a `sync` 256
 * events behind Q times a second (default 19, under the flood bucket's refill
 * of 20 a second), from S seconds (default 12: their burst spent) before
 * the players start. It counts what the attackers were sent back while the
 * players moved (frames and bytes a second) and how many of them the table
 * had closed. Prints medians over the rounds, and one JSON line last.
 */
import { parseArgs } from "node:util";
import {
  median,
  nodeVersion,
  openTableSocket,
  type PlayingTable,
  playingTable,
  playMoves,
  quantile,
  type Socket,
  sleep,
  startServer,
  wranglerVersion,
} from "./loadtest-lib.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    moves: { type: "string", default: "60" },
    attackers: { type: "string", default: "30" },
    warmup: { type: "string", default: "12" },
    rate: { type: "string", default: "19" },
  },
});
const rounds = Number(values.rounds);
const moves = Number(values.moves);
const attackers = Number(values.attackers);
const warmupSeconds = Number(values.warmup);
/** Syncs a second from each attacker: 19 by default, under the flood bucket's refill of 20 messages a second. */
const SYNCS_PER_SECOND = Number(values.rate);
if (
  ![rounds, moves, attackers].every((n) => Number.isInteger(n) && n >= 1) ||
  attackers > 30 ||
  !(warmupSeconds >= 0) ||
  !(SYNCS_PER_SECOND > 0)
) {
  console.error(
    "usage: npm run -s bench:replay -- [--rounds R] [--moves N] [--attackers A ≤ 30] [--warmup S ≥ 0] [--rate Q > 0]",
  );
  process.exit(1);
}

const PLAYERS = 6;
const BUILD_MOVES = 300;
const SYNC_BEHIND = 256;
/** A move not acknowledged within this long stalls the round: the table is reported stalled. */
const ACK_TIMEOUT_MS = 60_000;

const address = (group: number, n: number) => `10.${group}.0.${n + 1}`;

/** A 6-player table, each seat a socket of its own address, with a game of `BUILD_MOVES` random moves. */
async function build(url: string): Promise<PlayingTable> {
  const table = await playingTable(url, PLAYERS, (seat) => ({ "CF-Connecting-IP": address(1, seat) }));
  await playMoves(table, BUILD_MOVES, { ackTimeoutMs: ACK_TIMEOUT_MS });
  return table;
}

/** Plays `count` random legal moves in turn; the time of each from its `move` to its `ack`, in ms. */
function play(table: PlayingTable, count: number): Promise<number[]> {
  return playMoves(table, count, { ackTimeoutMs: ACK_TIMEOUT_MS });
}

interface Attack {
  readonly frames: number;
  readonly bytes: number;
  readonly closed: number;
  stop(): Promise<void>;
}

/** `attackers` spectators, from two addresses, each sending a sync 256 events behind 19 times a second. */
async function attack(url: string, table: PlayingTable): Promise<Attack> {
  let frames = 0;
  let bytes = 0;
  let closed = 0;
  const sockets: Socket[] = [];
  for (let i = 0; i < attackers; i++) {
    const socket = await openTableSocket(url, table.id, {}, { "CF-Connecting-IP": address(2 + (i % 2), i) });
    socket.onRaw = (text) => {
      frames += 1;
      bytes += text.length;
    };
    socket.onClose = () => {
      closed += 1;
    };
    sockets.push(socket);
  }
  let running = true;
  const senders = sockets.map(async (socket, i) => {
    await sleep((i * 1000) / SYNCS_PER_SECOND / attackers);
    while (running) {
      socket.send({ type: "sync", lastSeq: Math.max(0, table.players[0].lastSeq - SYNC_BEHIND) });
      await sleep(1000 / SYNCS_PER_SECOND);
    }
  });
  return {
    get frames() {
      return frames;
    },
    get bytes() {
      return bytes;
    },
    get closed() {
      return closed;
    },
    async stop() {
      running = false;
      await Promise.all(senders);
      await Promise.all(sockets.map((socket) => socket.close()));
    },
  };
}

/**
 * What one `sync` 256 events behind is answered with, presence, pongs and the
 * hello's `chatHistory` (which follows its welcome) aside: its
 * frames, their size, and what they cost the asker at the flood bucket's
 * price (a token a frame, one more per KiB).
 */
async function oneSync(url: string, table: PlayingTable): Promise<{ frames: number; kib: number; tokens: number }> {
  const socket = await openTableSocket(url, table.id, {}, { "CF-Connecting-IP": address(4, 0) });
  const answer = { frames: 0, kib: 0, tokens: 0 };
  socket.onRaw = (text) => {
    if (text === "pong" || text.startsWith('{"type":"presence"') || text.startsWith('{"type":"chatHistory"')) return;
    answer.frames += 1;
    answer.kib += text.length / 1024;
    answer.tokens += 1 + Math.floor(text.length / 1024);
  };
  socket.send({ type: "sync", lastSeq: Math.max(0, table.players[0].lastSeq - SYNC_BEHIND) });
  await sleep(1000);
  await socket.close();
  return answer;
}

const server = await startServer({});
try {
  const table = await build(server.url);
  const answer = await oneSync(server.url, table);
  console.log(
    `one sync ${SYNC_BEHIND} events behind is answered with ${answer.frames} frames, ` +
      `${answer.kib.toFixed(1)} KiB: ${answer.tokens} tokens at the flood bucket's price`,
  );
  const results: {
    idleP50: number;
    idleP95: number;
    attackP50: number;
    attackP95: number;
    framesPerSecond: number;
    kibPerSecond: number;
    closed: number;
  }[] = [];
  let stalled = 0;
  for (let round = 0; round < rounds; round++) {
    const idle = await play(table, moves);
    const running = await attack(server.url, table);
    // The attack under way long enough to have spent its sockets' burst: what the table sends it now is sustained.
    await sleep(warmupSeconds * 1000);
    const [frames0, bytes0] = [running.frames, running.bytes];
    const t0 = performance.now();
    const busy = await play(table, moves).catch((error: unknown) => {
      console.log(`round ${round + 1}: stalled: a move had no ack within ${ACK_TIMEOUT_MS / 1000} s (${error})`);
      return null;
    });
    if (busy === null) {
      stalled += 1;
      await running.stop();
      break;
    }
    const seconds = (performance.now() - t0) / 1000;
    const [frames, bytes, closed] = [running.frames - frames0, running.bytes - bytes0, running.closed];
    await running.stop();
    results.push({
      idleP50: median(idle),
      idleP95: quantile(idle, 0.95),
      attackP50: median(busy),
      attackP95: quantile(busy, 0.95),
      framesPerSecond: frames / seconds,
      kibPerSecond: bytes / 1024 / seconds,
      closed,
    });
    const last = results[results.length - 1];
    console.log(
      `round ${round + 1}: move to ack idle p50 ${last.idleP50.toFixed(1)} ms, p95 ${last.idleP95.toFixed(1)} ms; ` +
        `under attack p50 ${last.attackP50.toFixed(1)} ms, p95 ${last.attackP95.toFixed(1)} ms; ` +
        `the attackers got ${last.framesPerSecond.toFixed(0)} frames/s, ${last.kibPerSecond.toFixed(0)} KiB/s; ${closed} closed`,
    );
  }
  const summary = {
    rounds,
    moves,
    attackers,
    syncsPerSecond: SYNCS_PER_SECOND,
    oneSync: answer,
    warmupSeconds,
    idleP50Ms: median(results.map((r) => r.idleP50)),
    idleP95Ms: median(results.map((r) => r.idleP95)),
    attackP50Ms: median(results.map((r) => r.attackP50)),
    attackP95Ms: median(results.map((r) => r.attackP95)),
    addedP50Ms: median(results.map((r) => r.attackP50 - r.idleP50)),
    addedP95Ms: median(results.map((r) => r.attackP95 - r.idleP95)),
    attackerFramesPerSecond: median(results.map((r) => r.framesPerSecond)),
    attackerKiBPerSecond: median(results.map((r) => r.kibPerSecond)),
    attackersClosed: median(results.map((r) => r.closed)),
    stalledRounds: stalled,
    node: nodeVersion(),
    wrangler: wranglerVersion(),
  };
  console.log(
    `medians over ${rounds} rounds: idle p50 ${summary.idleP50Ms.toFixed(1)} ms, p95 ${summary.idleP95Ms.toFixed(1)} ms; ` +
      `under attack p50 ${summary.attackP50Ms.toFixed(1)} ms, p95 ${summary.attackP95Ms.toFixed(1)} ms ` +
      `(added: p50 ${summary.addedP50Ms.toFixed(1)} ms, p95 ${summary.addedP95Ms.toFixed(1)} ms); ` +
      `attackers got ${summary.attackerFramesPerSecond.toFixed(0)} frames/s, ${summary.attackerKiBPerSecond.toFixed(0)} KiB/s`,
  );
  console.log(JSON.stringify(summary));
  await Promise.all(table.players.map((socket) => socket.close()));
} finally {
  await server.stop();
}
