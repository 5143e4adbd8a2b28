import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../src/protocol/index.ts";
import { TIMEOUTS_BEFORE_AWAY } from "../../src/table/index.ts";
import {
  age,
  alarmAt,
  api,
  type Client,
  closeAll,
  connect,
  createTable,
  type Game,
  getSnapshot,
  hello,
  identity,
  join,
  leaveAndRematch,
  legalMoves,
  playOne,
  rid,
  setUpTable,
  stateOf,
  stub,
  toMove,
} from "./helpers.ts";

const DAY_MS = 86_400_000;

/** Plays the first legal move for whoever is to move until the game ends. */
async function playToTheEnd(game: Game): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const snapshot = await getSnapshot(game.table.id);
    if (snapshot.status === "over") return;
    await playOne(game);
  }
  throw new Error("the game did not end");
}

describe("the host removes a player before the start", () => {
  it("`unseated` (removed) for everyone; the socket becomes a spectator; the token stops working", async () => {
    const game = await setUpTable({}, false);
    const removed = game.players[1];
    game.host.send({ type: "remove", id: rid(), seat: 1 });
    for (const client of game.clients) {
      expect((await client.event("unseated")).event).toEqual({ type: "unseated", seat: 1, reason: "removed" });
    }
    expect(await removed.client.next("identity")).toEqual({ type: "identity", you: identity(null) });
    expect((await getSnapshot(game.table.id)).seats[1].name).toBeNull();

    const again = await connect(game.table.id, "again");
    again.send({ type: "hello", token: removed.token });
    await again.error("bad-token");

    // The freed seat can be taken, by the removed socket too.
    const token = await join(removed.client, 1, "Back");
    expect(token).not.toBe(removed.token);
    expect((await game.host.event("seated")).event).toEqual({ type: "seated", seat: 1, name: "Back" });
    closeAll([...game.clients, again]);
  });
});

describe("leaving before the start frees the seat", () => {
  it("`unseated` (left); the leaver is a spectator; another visitor takes the seat", async () => {
    const game = await setUpTable({}, false);
    const leaver = game.players[0];
    leaver.client.send({ type: "leave", id: rid() });
    expect((await game.spectator.event("unseated")).event).toEqual({ type: "unseated", seat: 0, reason: "left" });
    expect(await leaver.client.next("identity")).toEqual({ type: "identity", you: identity(null) });
    const { client: visitor } = await hello(game.table.id, "visitor");
    visitor.send({ type: "hello", token: leaver.token });
    await visitor.error("bad-token");
    await join(visitor, 0, "Newcomer");
    game.host.send({ type: "start", id: rid() });
    await visitor.event("started");
    expect((await getSnapshot(game.table.id)).seats.map((s) => s.name)).toEqual(["Newcomer", "Player 2"]);
    closeAll([...game.clients, visitor]);
  });
});

describe("leaving during a game resigns: the pieces leave the board, the turns are skipped", () => {
  it("three players: the leaver's turns are skipped, its seat stays, its pieces leave the board", async () => {
    const game = await setUpTable({ players: 3 });
    const { seat: first } = await toMove(game.table.id);
    const leaver = (first + 1) % 3; // the next to move
    const before = await getSnapshot(game.table.id);
    game.players[leaver].client.send({ type: "leave", id: rid() });
    const resigned = await game.spectator.event("resigned");
    expect(resigned.event).toEqual({ type: "resigned", seat: leaver, reason: "left" });
    // The leaver keeps its seat (no identity change) until the game is over.
    await game.players[leaver].client.flush();
    expect(game.players[leaver].client.messages.some((m) => m.type === "identity")).toBe(false);

    const moved = await playOne(game);
    expect(moved.event.seat).toBe(first);
    const after = await getSnapshot(game.table.id);
    expect(after.game?.turn?.seat).toBe((first + 2) % 3);
    expect(after.status).toBe("playing");
    // Standings are live: the snapshot says at once that the leaver has resigned, and ranks it last.
    expect(after.seats[leaver]).toMatchObject({ name: `Player ${leaver + 1}`, resigned: true, place: 3 });
    const leaverColour = before.seats[leaver].colours[0];
    const leaverPieces = (snapshot: Snapshot) =>
      Object.entries(snapshot.game?.pieces ?? {}).filter(([, colour]) => colour === leaverColour);
    expect(leaverPieces(before)).toHaveLength(10);
    expect(leaverPieces(after)).toEqual([]);
    expect(after.game?.moves[0]).toBe(`resign(${leaver + 1})`);
    closeAll(game.clients);
  });

  it("two players: the one who stays wins; `ended` follows", async () => {
    const game = await setUpTable();
    game.players[1].client.send({ type: "leave", id: rid() });
    const resigned = await game.spectator.event("resigned");
    expect(resigned.event).toEqual({ type: "resigned", seat: 1, reason: "left" });
    const ended = await game.spectator.event("ended");
    expect(ended.seq).toBe(resigned.seq + 1);
    expect(ended.event.result).toMatchObject({ reason: "resigned", winners: [0] });
    expect(ended.event.result.standings[1]).toMatchObject({ seat: 1, place: 2, resigned: true });
    expect((await getSnapshot(game.table.id)).status).toBe("over");
    closeAll(game.clients);
  });
});

describe("game over: the result, the record, and a rematch with the same seats", () => {
  it("a capture game played to the end: `ended` with the scores; then no more moves", async () => {
    const game = await setUpTable({ variant: "capture" });
    await playToTheEnd(game);
    const ended = await game.spectator.event("ended");
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.status).toBe("over");
    expect(snapshot.game?.turn).toBeNull();
    expect(legalMoves(snapshot)).toEqual([]);
    expect(snapshot.game?.result).toEqual(ended.event.result);
    expect(ended.event.result.reason).toBe("no-jumps");
    const captures = ended.event.result.standings.map((s) => s.captures);
    expect(captures).toEqual(snapshot.seats.map((s) => s.captures));
    const best = Math.max(...captures);
    expect(ended.event.result.winners).toEqual([0, 1].filter((seat) => captures[seat] === best));
    for (const client of game.clients.slice(2)) expect((await client.event("ended")).seq).toBe(ended.seq);

    const record = await (await api(`/api/tables/${game.table.id}/record`)).text();
    expect(record).toMatch(/^\[Variant "capture"\]/);
    expect(record).not.toContain('[Result "*"]');

    game.players[0].client.send({ type: "move", id: rid(), path: "pass" });
    await game.players[0].client.error("game-over");
    closeAll(game.clients);
  });

  it("rematch: `started` with game 2 once both accepted, the same seats, a fresh board; the old record is replaced", async () => {
    const game = await setUpTable({ variant: "capture" });
    await playToTheEnd(game);
    const ended = await game.host.event("ended");

    game.spectator.send({ type: "rematch", id: rid() });
    await game.spectator.error("not-seated");
    game.players[0].client.send({ type: "rematch", id: "again" });
    const accepted = await game.host.event("rematchAccepted");
    expect(accepted).toMatchObject({ seq: ended.seq + 1, event: { type: "rematchAccepted", seats: [0] } });
    expect((await getSnapshot(game.table.id)).seats.map((s) => s.rematch)).toEqual([true, false]);
    game.players[1].client.send({ type: "rematch", id: "again" });
    const started = await game.host.event("started");
    expect(started.seq).toBe(accepted.seq + 2);
    expect(started.event).toEqual({ type: "started", game: 2, firstPlayer: started.event.firstPlayer });
    expect([0, 1]).toContain(started.event.firstPlayer);
    for (const client of game.clients.slice(1)) {
      expect(await client.event("started", (e) => e.game === 2)).toEqual(started);
    }

    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.status).toBe("playing");
    expect(snapshot.game).toMatchObject({ number: 2, moves: [], result: null });
    expect(snapshot.seats.map((s) => [s.name, s.resigned, s.place, s.score.games])).toEqual([
      ["Player 1", false, null, 1],
      ["Player 2", false, null, 1],
    ]);
    // The seats' sockets and tokens still play.
    const moved = await playOne(game);
    expect(moved.seq).toBe(started.seq + 1);
    const { client: back, welcome } = await hello(game.table.id, "back", { token: game.players[0].token });
    expect(welcome.you).toEqual(identity(0));
    const record = await (await api(`/api/tables/${game.table.id}/record`)).text();
    expect(record).toContain('[Game "2"]');
    expect(record).toContain(`1. ${moved.event.path}`);
    closeAll([...game.clients, back]);
  });

  it("every game draws its first player anew", async () => {
    const game = await setUpTable();
    const firstPlayers = new Set<number>();
    for (let number = 2; number <= 17; number++) firstPlayers.add((await leaveAndRematch(game, 0)).event.firstPlayer);
    // 16 fair draws all alike: a chance of 1 in 32768.
    expect([...firstPlayers].sort()).toEqual([0, 1]);
    closeAll(game.clients);
  });

  it("a table that chose who begins starts every game with that seat", async () => {
    const game = await setUpTable({ firstPlayer: 1 });
    expect((await getSnapshot(game.table.id)).game?.turn?.seat).toBe(1);
    for (let number = 2; number <= 4; number++) {
      const started = await leaveAndRematch(game, 0);
      expect(started.event).toEqual({ type: "started", game: number, firstPlayer: 1 });
    }
    closeAll(game.clients);
  });

  it("the host accepts for a player who has gone; a repeated rematch id is acknowledged", async () => {
    const game = await setUpTable({ variant: "capture" });
    await playToTheEnd(game);
    await game.host.event("ended");
    game.players[1].client.close();
    await game.host.next("presence", (m) => !m.connected[1]);
    game.players[0].client.send({ type: "rematch", id: rid() });
    await game.host.event("rematchAccepted");
    game.host.send({ type: "rematch", id: "host-rematch" });
    expect((await game.host.event("rematchAccepted")).event.seats).toEqual([1]);
    const started = await game.host.event("started");
    game.host.send({ type: "rematch", id: "host-rematch" });
    expect(await game.host.next("ack")).toEqual({ type: "ack", id: "host-rematch", seq: started.seq });
    expect((await getSnapshot(game.table.id)).game?.number).toBe(2);
    closeAll(game.clients);
  });

  it("the game survives an eviction after a rematch: game 2 is rebuilt, not game 1", async () => {
    const game = await setUpTable();
    await playOne(game);
    await leaveAndRematch(game, 1);
    await playOne(game);
    const before = await getSnapshot(game.table.id);
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    expect(await getSnapshot(game.table.id)).toEqual(before);
    closeAll(game.clients);
  });
});

describe("the turn clock: when a turn's time runs out, the table plays it for the player", () => {
  // Turns of 10 s: the shortest clock.
  it("the snapshot shows the deadline and the alarm is set no later than it", async () => {
    const game = await setUpTable({ clock: { kind: "move", seconds: 10 } });
    const snapshot = await getSnapshot(game.table.id);
    const deadline = snapshot.game?.deadline ?? 0;
    expect(deadline).toBeGreaterThan(Date.now());
    expect(deadline).toBeLessThanOrEqual(Date.now() + 10_000);
    expect(await alarmAt(game.table.id)).toBeLessThanOrEqual(deadline);
    // With no seat connected only the table's own alarm is left: the deadline.
    closeAll(game.players.map((player) => player.client));
    for (const player of game.players) await player.client.waitForClose();
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    expect(await alarmAt(game.table.id)).toBe(deadline);
    closeAll(game.clients);
  });

  it("an alarm before the deadline changes nothing", async () => {
    const game = await setUpTable({ clock: { kind: "move", seconds: 10 } });
    const before = await getSnapshot(game.table.id);
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    expect(stateOf(await getSnapshot(game.table.id))).toEqual(stateOf(before));
    expect(await alarmAt(game.table.id)).toBeLessThanOrEqual(before.game?.deadline ?? 0);
    closeAll(game.clients);
  });

  it("after the deadline the turn is played `by: timeout`, over the hibernated sockets; the game goes on", async () => {
    const game = await setUpTable({ clock: { kind: "move", seconds: 10 } });
    const { seat } = await toMove(game.table.id);
    await age(game.table.id, 11_000);
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    for (const client of game.clients) {
      expect((await client.event("moved")).event).toMatchObject({ type: "moved", seat, by: "timeout" });
    }
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.status).toBe("playing");
    expect(snapshot.game?.turn?.seat).toBe(1 - seat);
    expect(snapshot.seats[seat]).toMatchObject({ timeouts: 1, away: false, resigned: false });
    expect(snapshot.game?.deadline).toBeGreaterThan(Date.now());
    closeAll(game.clients);
  });

  it(`after ${TIMEOUTS_BEFORE_AWAY} in a row the seat is away; its player takes it back by moving`, async () => {
    const game = await setUpTable({ players: 3, clock: { kind: "move", seconds: 10 } });
    const { seat } = await toMove(game.table.id);
    for (let turn = 0; turn < 3 * (TIMEOUTS_BEFORE_AWAY - 1) + 1; turn++) {
      await age(game.table.id, 11_000);
      await runDurableObjectAlarm(stub(game.table.id));
    }
    expect((await game.spectator.event("away")).event).toEqual({ type: "away", seat, reason: "timeouts" });
    expect((await getSnapshot(game.table.id)).seats[seat].away).toBe(true);
    // The others play on; when the away seat's turn comes, its player moves and is back.
    await playOne(game);
    await playOne(game);
    const { move } = await toMove(game.table.id);
    game.players[seat].client.send({ type: "move", id: rid(), path: move });
    expect((await game.spectator.event("back")).event).toEqual({ type: "back", seat });
    expect((await game.spectator.event("moved")).event).toMatchObject({ seat, path: move });
    expect((await getSnapshot(game.table.id)).seats[seat]).toMatchObject({ away: false, timeouts: 0 });
    closeAll(game.clients);
  });

  it("another player leaving does not give the player to move a fresh clock", async () => {
    const game = await setUpTable({ players: 3, clock: { kind: "move", seconds: 60 } });
    const { seat } = await toMove(game.table.id);
    await age(game.table.id, 30_000);
    const before = (await getSnapshot(game.table.id)).game?.deadline;
    const other = game.players.find((p) => p.seat !== seat);
    if (!other) throw new Error("no other seat");
    other.client.send({ type: "leave", id: rid() });
    await game.spectator.event("resigned");
    const after = await getSnapshot(game.table.id);
    expect(after.game?.turn?.seat).toBe(seat);
    expect(after.game?.deadline).toBe(before);
    closeAll(game.clients);
  });
});

describe("idle tables are deleted by the alarm", () => {
  it("the alarm is set for 30 days after the last event", async () => {
    const { id } = await createTable();
    const at = (await alarmAt(id)) ?? 0;
    expect(at).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it("after 31 quiet days: the sockets close, the table and its link answer 404", async () => {
    const game = await setUpTable();
    await playOne(game);
    await age(game.table.id, 31 * DAY_MS);
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    for (const client of game.clients) expect((await client.waitForClose()).code).toBe(1001);
    for (const path of [`/api/tables/${game.table.id}`, `/api/tables/${game.table.id}/record`, `/t/${game.table.id}`]) {
      const response = await api(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("table-not-found");
    }
    const ws = await api(`/api/tables/${game.table.id}/ws`, { headers: { Upgrade: "websocket" } });
    expect(ws.status).toBe(404);
    expect(((await ws.json()) as { error: { code: string } }).error.code).toBe("table-not-found");
    // Nothing is left in storage, and nothing comes back after another eviction.
    expect(await alarmAt(game.table.id)).toBeNull();
    const rows = await runInDurableObject(stub(game.table.id), (_instance, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
        )
        .toArray()
        .map((row) => row.name);
      const count = (name: string) =>
        state.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`).one().n;
      return tables.reduce((n, name) => n + count(name), 0);
    });
    expect(rows).toBe(0);
    await evictDurableObject(stub(game.table.id));
    expect((await api(`/api/tables/${game.table.id}`)).status).toBe(404);
  });

  it("29 quiet days are not enough", async () => {
    const { id } = await createTable();
    await age(id, 29 * DAY_MS);
    expect(await runDurableObjectAlarm(stub(id))).toBe(true);
    expect((await getSnapshot(id)).id).toBe(id);
    const at = (await alarmAt(id)) ?? 0;
    expect(at).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect(at).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });

  it("a move keeps a table alive", async () => {
    const game = await setUpTable();
    await age(game.table.id, 31 * DAY_MS);
    await playOne(game); // between the aging and the alarm: activity
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    expect((await getSnapshot(game.table.id)).status).toBe("playing");
    expect(game.clients.every((c: Client) => c.closed === null)).toBe(true);
    closeAll(game.clients);
  });
});
