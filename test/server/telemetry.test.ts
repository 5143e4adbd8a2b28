/**
 * The operator's logs and figures (src/server/observability/): what a table's
 * life writes, line by line and point by point, and that none of it carries
 * a secret or anything personal. The tables run in this isolate, so their
 * log lines are read from the console and their points from the dataset.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { dataPoint, type Signal, shortHash } from "../../src/server/observability/signals.ts";
import { pushControl } from "../push/control.ts";
import { api, closeAll, playOne, rid, setUpTable, toMove } from "./helpers.ts";

const push = pushControl(inject("pushReceiver"));

/** Every log line written while a test runs, parsed (each must be one JSON object). */
let lines: Signal[] = [];
/** Every point written to the dataset while a test runs. */
let points: unknown[] = [];

beforeEach(() => {
  lines = [];
  points = [];
  const capture = (...args: unknown[]) => {
    expect(args).toHaveLength(1);
    lines.push(JSON.parse(args[0] as string) as Signal);
  };
  vi.spyOn(console, "log").mockImplementation(capture);
  vi.spyOn(console, "error").mockImplementation(capture);
  const dataset = (env as { METRICS?: AnalyticsEngineDataset }).METRICS;
  if (dataset) vi.spyOn(dataset, "writeDataPoint").mockImplementation((point) => void points.push(point));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The signals of one table, in the order written. */
function signalsOf(id: string): Signal[] {
  const table = shortHash(id);
  return lines.filter((line) => "table" in line && line.table === table);
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`never: ${what}`);
}

describe("a table's life writes one log line and one point for each thing an operator counts", () => {
  it("created, sockets opened, started, a refusal, chat, a reaction, ended by a leave, sockets dropped", async () => {
    const game = await setUpTable({ players: 2 }, false);
    const { id } = game.table;
    const table = shortHash(id);
    game.host.send({ type: "start", id: rid("start") });
    for (const client of game.clients) await client.event("started");
    await playOne(game);
    await playOne(game);
    const { seat, move } = await toMove(id);
    const waiting = game.players[1 - seat].client;
    waiting.send({ type: "move", id: "out-of-turn", path: move });
    await waiting.next("error", (m) => m.id === "out-of-turn");
    const talker = game.players[0].client;
    const said = rid("chat");
    talker.send({ type: "chat", id: said, text: "good luck, Aino" });
    await talker.next("ack", (m) => m.id === said);
    const reacted = rid("react");
    talker.send({ type: "react", id: reacted, reaction: "clap" });
    await talker.next("ack", (m) => m.id === reacted);
    const left = rid("leave");
    game.players[seat].client.send({ type: "leave", id: left });
    await game.players[seat].client.next("ack", (m) => m.id === left);
    closeAll(game.clients);
    await until(() => signalsOf(id).filter((s) => s.event === "socket-dropped").length === 4, "four sockets dropped");

    const facts = { table, variant: "classic", players: 2, computers: 0 };
    const signals = signalsOf(id);
    const opened = [1, 2, 3, 4].map((n) => ({ event: "socket-opened", kind: "table", table, n }));
    expect(signals.slice(0, 9)).toEqual([
      { event: "table-created", kind: "link", ...facts },
      ...opened,
      { event: "game-started", ...facts },
      { event: "refused", kind: "table", code: "not-your-turn", table },
      { event: "chat-message", kind: "message", table },
      { event: "chat-message", kind: "reaction", table },
    ]);
    const ended = signals[9] as Extract<Signal, { event: "game-ended" }>;
    expect({ ...ended, ms: 0 }).toEqual({ event: "game-ended", ...facts, reason: "resigned", moves: 3, ms: 0 });
    expect(ended.ms).toBeGreaterThanOrEqual(0);
    const dropped = signals.slice(10);
    expect(dropped.map((s) => ({ ...s, n: 0 }))).toEqual(
      [0, 1, 2, 3].map(() => ({ event: "socket-dropped", kind: "table", table, code: "1000", n: 0 })),
    );
    expect(signals).toHaveLength(14);
    // Each line's point, column for column.
    expect(points).toEqual(lines.map(dataPoint));
  });

  it("a player away is pushed their turn: sent, failed or to be retried, with the push service's status", {
    timeout: 20_000,
  }, async () => {
    /** A started game whose waiting player subscribed and left, the push service answering `status` once; then a move. */
    const awayAndMove = async (status?: number) => {
      const game = await setUpTable({ players: 2 }, true);
      const { id } = game.table;
      const { seat: mover } = await toMove(id);
      const waiter = game.players[1 - mover].client;
      const subscription = await push.subscribe();
      const subscribed = rid("subscribe");
      waiter.send({ type: "pushSubscribe", id: subscribed, subscription, lang: "en" });
      await waiter.next("ack", (m) => m.id === subscribed);
      waiter.close();
      await until(() => signalsOf(id).some((s) => s.event === "socket-dropped"), "the waiter gone");
      if (status !== undefined) await push.failNext(subscription.endpoint, status);
      await playOne({ ...game, clients: game.clients.filter((client) => client !== waiter) });
      await until(() => signalsOf(id).some((s) => s.event.startsWith("push-")), "a push signal");
      closeAll(game.clients);
      const pushes = signalsOf(id).filter((s) => s.event.startsWith("push-"));
      return { table: shortHash(id), pushes: pushes.map((s) => ({ ...s, ms: 0 })), endpoint: subscription.endpoint };
    };
    const [sent, gone, busy] = await Promise.all([awayAndMove(), awayAndMove(410), awayAndMove(503)]);
    expect(sent.pushes).toEqual([{ event: "push-sent", table: sent.table, code: "201", ms: 0 }]);
    expect(gone.pushes).toEqual([{ event: "push-failed", table: gone.table, code: "410", ms: 0 }]);
    expect(busy.pushes).toEqual([{ event: "push-retried", table: busy.table, code: "503", ms: 0 }]);
    const written = [...lines, ...points].map((line) => JSON.stringify(line)).join("\n");
    for (const { endpoint } of [sent, gone, busy]) {
      expect(written).not.toContain(new URL(endpoint).pathname.split("/").pop());
    }
  });

  it("a refusal at the worker is counted by its code, with no table named", async () => {
    const response = await api("/api/tables/not-an-id");
    expect(response.status).toBe(400);
    // (Lines of the tables of the tests before, whose sockets close late, name their table.)
    expect(lines.filter((line) => !("table" in line))).toEqual([
      { event: "refused", kind: "http", code: "bad-table-id" },
    ]);
  });
});

describe("no log line or point carries a token, an id, a name, chat text, an address or a push endpoint", () => {
  it("through a game with chat, reactions, refusals and reconnects", async () => {
    const game = await setUpTable({ players: 3 }, true);
    const { id, hostToken } = game.table;
    await playOne(game);
    game.players[0].client.send({ type: "chat", id: rid(), text: "secret plans" });
    game.players[1].client.send({ type: "react", id: rid(), reaction: "clap" });
    game.players[2].client.send({ type: "hello", token: "not-a-token-of-this-table-at-all" });
    await game.players[2].client.next("error");
    await playOne(game);
    closeAll(game.clients);
    await until(() => lines.some((line) => line.event === "socket-dropped"), "a socket dropped");

    const written = [
      ...lines.map((line) => JSON.stringify(line)),
      ...points.map((point) => JSON.stringify(point)),
    ].join("\n");
    const secrets = [id, hostToken, ...game.players.map((p) => p.token), "Player 1", "Player 2", "secret plans"];
    for (const secret of secrets) expect(written).not.toContain(secret);
    // The helpers' addresses are 203.0.113.x and 2001:db8:…; no line names one.
    expect(written).not.toMatch(/203\.0\.113\.|2001:db8/);
    expect(lines.length).toBeGreaterThan(10);
  });
});
