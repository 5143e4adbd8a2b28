/**
 * No "your turn" notice is lost under load: many tables at once, each with a
 * subscribed player who goes away while the other moves, the machine kept
 * busy by a CPU burner in this isolate (which shares workerd's thread with
 * the tables' objects, so every event, close and alarm runs late). Every
 * turn owed is pushed exactly once, within the grace (1 s in the tests) and
 * a bound.
 *
 * The player goes away as a closed browser tab does: the socket is closed
 * and the other player moves at once, without waiting for the table to see
 * the close; under load the move often arrives first.
 */
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { STALE_MS } from "../../src/server/presence/presence.ts";
import { pushControl } from "../push/control.ts";
import type { Client, Game } from "./helpers.ts";
import { ask, closeAll, hello, setUpTable, toMove } from "./helpers.ts";

const push = pushControl(inject("pushReceiver"));

/** Tables played at once, and rounds of each: a turn push a round. */
const TABLES = 12;
const ROUNDS = 3;
/** The tests' grace (vitest.config.ts), and how much later than it a push may arrive under this load. */
const GRACE_MS = Number(env.NOTIFY_GRACE_SECONDS) * 1_000;
const BOUND_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps workerd's thread busy `share` of the time, in slices, until stopped. */
function burnCpu(share: number, sliceMs = 40): () => void {
  let running = true;
  void (async () => {
    while (running) {
      const until = Date.now() + sliceMs * share;
      let x = 0;
      while (Date.now() < until) x += Math.sqrt(x + 1);
      await sleep(sliceMs * (1 - share));
    }
  })();
  return () => {
    running = false;
  };
}

interface Round {
  /** When the move that passed the turn was acknowledged. */
  readonly movedAt: number;
  /** When the table last heard the waiter, and whether its socket was left open (silent) rather than closed. */
  readonly heardAt: number;
  readonly silent: boolean;
}

/**
 * One table: the waiter subscribes; each round the waiter goes away as the
 * mover moves, the push is awaited, and the waiter comes back and moves. In
 * the rounds but the last the waiter's tab closes; in the last its socket
 * stays open and goes silent, as a phone's does when it is locked (the
 * table takes it for gone after STALE_MS). Returns each round.
 */
async function playTable(game: Game, mover: number, waiter: number, endpoint: string): Promise<Round[]> {
  const rounds: Round[] = [];
  let waiterClient = game.players[waiter]?.client as Client;
  const moverClient = game.players[mover]?.client as Client;
  let heardAt = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    const silent = round === ROUNDS - 1;
    const { move } = await toMove(game.table.id);
    // The tab closes as the other player moves: which the table hears first is the network's to say.
    const answered = ask(moverClient, { type: "move", path: move });
    if (!silent) waiterClient.close();
    const answer = await answered;
    if (answer.type !== "ack") throw new Error(`move refused: ${answer.code}`);
    rounds.push({ movedAt: Date.now(), heardAt, silent });
    const within = GRACE_MS + BOUND_MS + (silent ? STALE_MS : 0) + 4_000;
    await push.deliveries(endpoint, { count: round + 1, timeoutMs: within });
    if (silent) break;
    // Back, and the waiter plays its turn: the mover is connected, so no push is owed to it.
    waiterClient = (await hello(game.table.id, `back${round}`, { token: game.players[waiter]?.token })).client;
    const reply = await toMove(game.table.id);
    const back = await ask(waiterClient, { type: "move", path: reply.move });
    if (back.type !== "ack") throw new Error(`move refused: ${back.code}`);
    heardAt = Date.now();
  }
  waiterClient.close();
  return rounds;
}

describe("under load, every turn owed to a player away is pushed exactly once, within the grace and a bound", () => {
  it(`${TABLES} tables at once, ${ROUNDS} rounds each, the CPU busy`, { timeout: 90_000 }, async () => {
    const setups = await Promise.all(
      Array.from({ length: TABLES }, async () => {
        const game = await setUpTable();
        const { seat: mover } = await toMove(game.table.id);
        const waiter = 1 - mover;
        const subscription = await push.subscribe();
        const client = game.players[waiter]?.client as Client;
        const answer = await ask(client, { type: "pushSubscribe", subscription, lang: "en" });
        expect(answer.type).toBe("ack");
        return { game, mover, waiter, endpoint: subscription.endpoint };
      }),
    );
    const stop = burnCpu(0.6);
    let results: PromiseSettledResult<Round[]>[];
    try {
      results = await Promise.allSettled(setups.map((s) => playTable(s.game, s.mover, s.waiter, s.endpoint)));
    } finally {
      stop();
    }
    // A moment for any push too many to arrive.
    await sleep(GRACE_MS + 1_000);
    const report = await Promise.all(
      setups.map(async ({ game, endpoint }, i) => {
        const result = results[i];
        const deliveries = await push.deliveries(endpoint);
        const rounds = result?.status === "fulfilled" ? result.value : [];
        const keys = deliveries.map((d) => (d.payload as { kind: string }).kind);
        // A closed tab is away from the move on; a silent socket from when the table takes it for gone.
        const late = rounds.filter((round, r) => {
          const delivery = deliveries[r];
          const awaySince = round.silent ? Math.max(round.movedAt, round.heardAt + STALE_MS) : round.movedAt;
          return delivery === undefined || delivery.at - awaySince > GRACE_MS + BOUND_MS;
        });
        const delays = rounds.flatMap((round, r) => {
          const delivery = deliveries[r];
          const awaySince = round.silent ? Math.max(round.movedAt, round.heardAt + STALE_MS) : round.movedAt;
          return delivery ? [delivery.at - awaySince] : [];
        });
        return {
          delays,
          table: game.table.id,
          failed: result?.status === "rejected" ? String(result.reason) : null,
          pushes: deliveries.length,
          kinds: keys,
          late: late.length,
        };
      }),
    );
    for (const { game } of setups) closeAll(game.clients);
    const bad = report.filter((r) => r.failed !== null || r.pushes !== ROUNDS || r.late > 0);
    const pushes = report.reduce((sum, r) => sum + r.pushes, 0);
    const slowest = Math.max(0, ...report.flatMap((r) => r.delays));
    console.log(
      `notifications under load: ${TABLES} tables, ${TABLES * ROUNDS} turns owed, ${pushes} pushes, ` +
        `${bad.length} tables wrong, slowest ${slowest} ms after the player went`,
    );
    expect(bad).toEqual([]);
    expect((await push.rejected()).filter((r) => setups.some((s) => s.endpoint === r.endpoint))).toEqual([]);
  });
});
