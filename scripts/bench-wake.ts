/**
 * npm run -s bench:wake -- [--tables K] [--moves N] [--restarts R] [--profile PREFIX]
 *
 * What waking costs a table with a long game. Under `wrangler dev`
 * (loadtest/wrangler.toml, storage in a temporary folder) it builds K
 * 6-player tables (default 5) whose current game has N moves (default 1,500:
 * random legal moves, 250 per player), and one table with no move. Then, R
 * times (default 3), it restarts wrangler dev on the same storage, warms the
 * worker up on another table, and for each table opens a socket and says
 * `hello`: the object is not in memory, so the upgrade wakes it and it
 * rebuilds itself from its log before it answers. It times the open (which
 * wakes it), the hello to the welcome, and the two together, then the same
 * again on a second socket with the table awake. Then it opens a socket to
 * every table, waits until the objects hibernate (the sockets stay open),
 * and times each hello to its welcome: the hello wakes the object, which
 * rebuilds itself before it answers. Prints medians and one JSON line last.
 * --profile PREFIX writes a CPU profile of the worker over each restart's
 * hibernated wakes, PREFIX-R.cpuprofile (scripts/cpuprofile-summary.mjs reads it).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatPath, Game } from "../src/rules/index.ts";
import {
  createTable,
  freePort,
  median,
  nodeVersion,
  profileWorker,
  Socket,
  sleep,
  startedTable,
  startServer,
  wranglerVersion,
} from "./loadtest-lib.ts";

const { values } = parseArgs({
  options: {
    tables: { type: "string", default: "5" },
    moves: { type: "string", default: "1500" },
    restarts: { type: "string", default: "3" },
    profile: { type: "string" },
  },
});
const tableCount = Number(values.tables);
const moves = Number(values.moves);
const restarts = Number(values.restarts);
const PLAYERS = 6;
if (![tableCount, moves, restarts].every((n) => Number.isInteger(n) && n >= 1) || moves > PLAYERS * 280) {
  console.error(`usage: npm run -s bench:wake -- [--tables K] [--moves N ≤ ${PLAYERS * 280}] [--restarts R]`);
  process.exit(1);
}

interface Built {
  readonly id: string;
  readonly moves: number;
}

/** A 6-player table whose game has `target` moves, played at random by six sockets, each on its turn. */
async function build(url: string, target: number): Promise<Built> {
  const { id, players, firstPlayer } = await startedTable(url, PLAYERS);
  if (target === 0) {
    await Promise.all(players.map((socket) => socket.close()));
    return { id, moves: 0 };
  }
  const game = Game.create({ players: PLAYERS }, { firstPlayer });
  let count = 0;
  await new Promise<void>((resolve, reject) => {
    const next = () => {
      if (game.isOver) return reject(new Error(`the game ended after ${game.plies} plies`));
      if (count >= target) return resolve();
      const seat = game.turn?.player ?? 0;
      const legal = game.legalMoves();
      const move = legal[Math.floor(Math.random() * legal.length)];
      players[seat].send({ type: "move", id: `m${++count}`, path: formatPath(move.path) });
    };
    players[0].onMessage = (message) => {
      if (message.type === "error") reject(new Error(`${message.code}: ${message.message}`));
      const event = message.type === "event" ? message.event : undefined;
      if (event?.type === "moved" && event.path !== undefined) {
        game.play(event.path, event.seat);
        next();
      } else if (event?.type === "passed") {
        game.play("pass");
        next();
      }
    };
    next();
  });
  const faults = players.reduce((n, s) => n + s.check.errors + s.check.gaps + s.check.duplicates, 0);
  if (faults > 0) throw new Error(`table ${id}: ${faults} errors or stream faults while building`);
  await Promise.all(players.map((socket) => socket.close()));
  return { id, moves: count };
}

interface Timing {
  readonly openMs: number;
  readonly helloMs: number;
  readonly totalMs: number;
}

/** Opens a socket to the table and says hello: the open, the hello to the welcome, and both. */
async function time(url: string, id: string): Promise<Timing> {
  const t0 = performance.now();
  const socket = await Socket.open(`${url.replace(/^http/, "ws")}/api/tables/${id}/ws`);
  const t1 = performance.now();
  const welcome = socket.next((m) => m.type === "welcome");
  socket.send({ type: "hello" });
  await welcome;
  const t2 = performance.now();
  await socket.close();
  return { openMs: t1 - t0, helloMs: t2 - t1, totalMs: t2 - t0 };
}

interface Sample extends Timing {
  readonly moves: number;
  /** Whether the worker had played moves before (so the engine's code was compiled) or only served a hello. */
  readonly isolate: "fresh" | "warm";
  readonly warm: Timing;
}

/** workerd hibernates an object whose sockets have been quiet for about ten seconds. */
const HIBERNATE_MS = 15_000;

const state = await mkdtemp(join(tmpdir(), "cc-wake-"));
const samples: Sample[] = [];
const hibernated: { moves: number; coldMs: number; awakeMs: number }[] = [];
try {
  let server = await startServer({ observability: false, persistTo: state });
  let built: Built[];
  try {
    console.log(`building ${tableCount} tables of ${moves} moves (6 players) and one of none…`);
    const t0 = performance.now();
    built = await Promise.all([
      ...Array.from({ length: tableCount }, () => build(server.url, moves)),
      build(server.url, 0),
    ]);
    console.log(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The players' sockets are closed: each table's heartbeat check comes within 6 s and sets the next alarm
    // 30 days ahead. Stopped before that, the restarted server would wake every table for its overdue alarm.
    await sleep(8_000);
  } finally {
    await server.stop();
  }
  const long = built.filter((table) => table.moves > 0);
  const empty = built.filter((table) => table.moves === 0);
  const measure = async (url: string, table: Built, isolate: Sample["isolate"]) => {
    const cold = await time(url, table.id);
    samples.push({ ...cold, moves: table.moves, isolate, warm: await time(url, table.id) });
  };
  for (let restart = 0; restart < restarts; restart++) {
    server = await startServer({
      observability: false,
      persistTo: state,
      ...(values.profile ? { inspectorPort: await freePort() } : {}),
    });
    try {
      // The worker and the Table class loaded, on a table of their own, but no move played yet.
      const fresh = await createTable(server.url, PLAYERS);
      for (let i = 0; i < 3; i++) await time(server.url, fresh.id);
      const first = long[restart % long.length];
      await measure(server.url, first, "fresh");
      // Moves played on another table: the engine's code is compiled, as in a worker that serves many tables.
      await build(server.url, 60);
      for (const table of [...long.filter((t) => t !== first), ...empty]) await measure(server.url, table, "warm");
      // Hibernated: a socket stays open, the object leaves memory after some seconds without a message, and
      // the hello wakes it: the hello to the welcome is then the whole wake.
      const sockets = await Promise.all(
        built.map((table) => Socket.open(`${server.url.replace(/^http/, "ws")}/api/tables/${table.id}/ws`)),
      );
      await sleep(HIBERNATE_MS);
      const profiler =
        values.profile && server.inspectorPort !== undefined ? await profileWorker(server.inspectorPort) : undefined;
      for (const [i, table] of built.entries()) {
        const socket = sockets[i];
        const hello = async () => {
          const t0 = performance.now();
          const welcome = socket.next((m) => m.type === "welcome");
          socket.send({ type: "hello" });
          await welcome;
          return performance.now() - t0;
        };
        const cold = await hello();
        hibernated.push({ moves: table.moves, coldMs: cold, awakeMs: await hello() });
      }
      if (profiler) await writeFile(`${values.profile}-${restart}.cpuprofile`, JSON.stringify(await profiler.stop()));
      await Promise.all(sockets.map((socket) => socket.close()));
    } finally {
      await server.stop();
    }
  }
} finally {
  await rm(state, { recursive: true, force: true });
}

const summary = (isolate: Sample["isolate"], moveCount: number) => {
  const chosen = samples.filter((s) => s.isolate === isolate && s.moves === moveCount);
  const pick = (get: (s: Sample) => number) => median(chosen.map(get));
  return {
    isolate,
    moves: moveCount,
    samples: chosen.length,
    cold: { openMs: pick((s) => s.openMs), helloMs: pick((s) => s.helloMs), totalMs: pick((s) => s.totalMs) },
    warm: {
      openMs: pick((s) => s.warm.openMs),
      helloMs: pick((s) => s.warm.helloMs),
      totalMs: pick((s) => s.warm.totalMs),
    },
  };
};
const summaries = [summary("warm", moves), summary("warm", 0), summary("fresh", moves)];
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`node ${nodeVersion()}, wrangler ${wranglerVersion()}, ${restarts} restarts, medians:`);
for (const s of summaries) {
  console.log(
    `  ${String(s.moves).padStart(4)} moves, ${s.isolate} worker (${s.samples}): cold table: open ${ms(s.cold.openMs)}, ` +
      `hello→welcome ${ms(s.cold.helloMs)}, together ${ms(s.cold.totalMs)}; awake: open ${ms(s.warm.openMs)}, ` +
      `hello→welcome ${ms(s.warm.helloMs)}, together ${ms(s.warm.totalMs)}; the wake ${ms(s.cold.totalMs - s.warm.totalMs)}`,
  );
}
const afterHibernation = [moves, 0].map((moveCount) => {
  const chosen = hibernated.filter((h) => h.moves === moveCount);
  return {
    moves: moveCount,
    samples: chosen.length,
    coldMs: median(chosen.map((h) => h.coldMs)),
    awakeMs: median(chosen.map((h) => h.awakeMs)),
  };
});
for (const h of afterHibernation) {
  console.log(
    `  ${String(h.moves).padStart(4)} moves, hibernated with a socket open (${h.samples}): hello→welcome ${ms(h.coldMs)} (awake ${ms(h.awakeMs)})`,
  );
}
console.log(
  JSON.stringify({
    date: new Date().toISOString(),
    node: nodeVersion(),
    tables: tableCount,
    moves,
    restarts,
    summaries,
    afterHibernation,
    samples,
    hibernated,
  }),
);
