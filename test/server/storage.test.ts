/**
 * What a table writes: a move is one row in the log and nothing else (no
 * index to update, no request lookup row, no alarm moved), and tables
 * stored with the old indexes are migrated when they wake and play on.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatPath, Game as Game_, parseMove } from "../../src/rules/index.ts";
import {
  alarmAt,
  closeAll,
  type Game,
  getSnapshot,
  join,
  leaveAndRematch,
  playOne,
  rid,
  setUpTable,
  stub,
  toMove,
} from "./helpers.ts";

/** Every row of every table of the object (the runtime's own `_cf_` tables left out), by table. */
function dump(id: string): Promise<Record<string, unknown[]>> {
  return runInDurableObject(stub(id), (_instance, state) => {
    const { sql } = state.storage;
    const tables = sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
      )
      .toArray()
      .map((row) => row.name);
    return Object.fromEntries(tables.map((name) => [name, sql.exec(`SELECT * FROM "${name}"`).toArray()]));
  });
}

/** The one column a query of the object's SQLite selects, row by row. */
function column<T extends SqlStorageValue>(id: string, query: string): Promise<T[]> {
  return runInDurableObject(stub(id), (_instance, state) =>
    Array.from(state.storage.sql.exec(query).raw(), ([value]) => value as T),
  );
}

function indexesOf(id: string): Promise<string[]> {
  return column(id, "SELECT name FROM sqlite_master WHERE type = 'index'");
}

/** Plays a move with a chosen request id; resolves with its event's seq once the mover has the ack. */
async function moveWithId(game: Game, id: string): Promise<number> {
  const { seat, move } = await toMove(game.table.id);
  const { client } = game.players[seat];
  client.send({ type: "move", id, path: move });
  const moved = await game.spectator.event("moved", (e) => e.path === move);
  await client.next("ack", (m) => m.id === id);
  return moved.seq;
}

describe("a move is one row", () => {
  it("the log has no index but its key; a move adds its row and changes nothing else, the alarm included", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    expect(await indexesOf(id)).toEqual([]);
    for (const wake of [false, true]) {
      // After a wake too: the table reads the alarm it set, and leaves it.
      if (wake) await evictDurableObject(stub(id), { webSockets: "hibernate" });
      const before = await dump(id);
      const alarm = (await alarmAt(id)) ?? 0;
      expect(alarm).toBeGreaterThan(0);
      const movedAt = Date.now();
      const moved = await playOne(game);
      const after = await dump(id);
      expect(after.events).toHaveLength(before.events.length + 1);
      expect(after.events.at(-1)).toMatchObject({ seq: moved.seq, type: "moved" });
      // Leaving out presence's own rows: a socket not heard from for 6 s counts as gone, so on a slow
      // machine a seat may be noted absent before the move and present again when the move is heard.
      expect({ ...after, events: [], absences: [] }).toEqual({ ...before, events: [], absences: [] });
      // A move in the last 2 s before the alarm carries it forward (heartbeat.test.ts); this one came earlier,
      // as it does unless the machine stalled for seconds.
      if (alarm - movedAt > 2_000) expect(await alarmAt(id)).toBe(alarm);
      else expect(await alarmAt(id)).toBeGreaterThanOrEqual(alarm);
    }
    closeAll(game.clients);
  });

  it("a rematch resent after a wake in the game it started is acknowledged; each game resumes from its start", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    await playOne(game);
    const leave = rid();
    game.players[0].client.send({ type: "leave", id: leave });
    await game.players[0].client.next("ack", (m) => m.id === leave);
    game.players[1].client.send({ type: "rematch", id: "again" });
    const accepted = await game.spectator.event("rematchAccepted");
    const token = await join(game.players[0].client, 0, "Back");
    game.players[0] = { ...game.players[0], token };
    game.players[0].client.send({ type: "rematch", id: rid() });
    await game.spectator.event("started", (e) => e.game === 2);
    await playOne(game);
    const second = await getSnapshot(id);
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    expect(await getSnapshot(id)).toEqual(second);
    game.players[1].client.send({ type: "rematch", id: "again" });
    expect(await game.players[1].client.next("ack", (m) => m.id === "again")).toEqual({
      type: "ack",
      id: "again",
      seq: accepted.seq,
    });
    // A third game, started after a wake, resumes from its own start after the next.
    await leaveAndRematch(game, 0);
    await playOne(game);
    const third = await getSnapshot(id);
    expect(third.game?.number).toBe(3);
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    expect(await getSnapshot(id)).toEqual(third);
    closeAll(game.clients);
  });
});

describe("a table stored with the old indexes (a UNIQUE request column, an index by type)", () => {
  it("is migrated when it wakes: the indexes go, the log and its request ids stay, the game plays on", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    const { seat } = await toMove(id);
    const seq = await moveWithId(game, "old");
    await playOne(game);
    const before = await getSnapshot(id);
    await runInDurableObject(stub(id), (_instance, state) => {
      const { sql } = state.storage;
      sql.exec(`CREATE TABLE old_events (
        seq INTEGER PRIMARY KEY, type TEXT NOT NULL, payload TEXT NOT NULL, at INTEGER NOT NULL, request TEXT UNIQUE
      )`);
      sql.exec("INSERT INTO old_events SELECT seq, type, payload, at, request FROM events");
      sql.exec("DROP TABLE events");
      sql.exec("ALTER TABLE old_events RENAME TO events");
      sql.exec("CREATE INDEX events_by_type ON events (type, seq)");
      // The carry row as it was stored then: without where its game starts.
      const {
        start: _start,
        previousStart: _previous,
        ...carry
      } = JSON.parse(sql.exec<{ state: string }>("SELECT state FROM carry").one().state);
      sql.exec("UPDATE carry SET state = ?", JSON.stringify(carry));
    });
    expect(await indexesOf(id)).toHaveLength(2);
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    expect(await getSnapshot(id)).toEqual(before);
    expect(await indexesOf(id)).toEqual([]);
    const { client } = game.players[seat];
    client.send({ type: "move", id: "old", path: "a1-b1" });
    expect(await client.next("ack", (m) => m.id === "old")).toEqual({ type: "ack", id: "old", seq });
    await playOne(game);
    expect((await getSnapshot(id)).seq).toBe(before.seq + 1);
    closeAll(game.clients);
  });
});

/**
 * Plays `count` moves as fast as the players can: each move a random legal one
 * (seeded), found by the engine from the moves so far; resolves once the
 * spectator has seen the last.
 */
async function playMany(game: Game, count: number): Promise<void> {
  const snapshot = await getSnapshot(game.table.id);
  const view = snapshot.game;
  if (!view) throw new Error("no game");
  const local = Game_.replay(snapshot.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
  let seed = 7;
  for (let i = 0; i < count; i++) {
    const seat = local.turn?.player ?? 0;
    const moves = local.legalMoves();
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const path = formatPath(moves[seed % moves.length].path);
    game.players[seat].client.send({ type: "move", id: rid("many"), path });
    await game.spectator.event("moved", (e) => e.path === path && e.seat === seat);
    local.play(path, seat);
  }
}

describe("a long game wakes from its checkpoint", () => {
  it("the table stores itself every 200 events; a wake takes up from there and is the same table", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    const early = await moveWithId(game, "early");
    await playMany(game, 230);
    const checkpoint = () =>
      runInDurableObject(stub(id), (_instance, state) =>
        state.storage.sql.exec<{ seq: number; version: number }>("SELECT seq, version FROM checkpoint").toArray(),
      );
    const [stored] = await checkpoint();
    expect(stored.seq).toBeGreaterThanOrEqual(200);
    const before = await getSnapshot(id);
    expect(before.game?.moves).toHaveLength(231);
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    expect(await getSnapshot(id)).toEqual(before);
    // A request of before the checkpoint is still known to the player who made it (the first to move).
    const { client } = game.players[before.game?.firstPlayer ?? 0];
    client.send({ type: "move", id: "early", path: "a1-b1" });
    expect(await client.next("ack", (m) => m.id === "early")).toEqual({ type: "ack", id: "early", seq: early });
    await playOne(game);
    expect((await getSnapshot(id)).game?.moves).toHaveLength(232);
    closeAll(game.clients);
  }, 60_000);

  it("a checkpoint that cannot be used is passed over: the game is replayed from its start", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    await playMany(game, 205);
    const before = await getSnapshot(id);
    await runInDurableObject(stub(id), (_instance, state) => {
      state.storage.sql.exec("UPDATE checkpoint SET state = ?", '{"seq": 3, "broken": true}');
    });
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    expect(await getSnapshot(id)).toEqual(before);
    await playOne(game);
    closeAll(game.clients);
  }, 60_000);
});

/** Stores an entry after the log's last behind the table's back: a move the engine refuses. Returns its number. */
function storeBehindItsBack(id: string, seat: number): Promise<number> {
  return runInDurableObject(stub(id), (_instance, state) => {
    const { sql } = state.storage;
    const seq = sql.exec<{ seq: number }>("SELECT max(seq) AS seq FROM events").one().seq + 1;
    const event = { type: "moved", seat, path: "a1-i5" };
    sql.exec("INSERT INTO events (seq, type, payload, at) VALUES (?, 'moved', ?, ?)", seq, JSON.stringify(event), 1);
    return seq;
  });
}

function storedSeqs(id: string): Promise<number[]> {
  return column(id, "SELECT seq FROM events ORDER BY seq");
}

describe("a table never writes over its own log", () => {
  it("an entry it does not know of after its last: a move is refused with an error, the entry kept, and the next move follows it", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    await playOne(game);
    const { seat, move } = await toMove(id);
    const foreign = await storeBehindItsBack(id, seat);
    const { client } = game.players[seat];
    client.send({ type: "move", id: "over-the-log", path: move });
    const refused = await client.next("error", (m) => m.id === "over-the-log");
    expect(refused.code).toBe("internal-error");
    const seqs = await storedSeqs(id);
    expect(seqs.at(-1)).toBe(foreign);
    expect(seqs).toEqual(Array.from({ length: foreign }, (_, i) => i + 1));
    // Reloaded from storage, it skips the entry the engine refuses and numbers the next after it.
    client.send({ type: "move", id: "after-the-log", path: move });
    expect(await client.next("ack", (m) => m.id === "after-the-log")).toEqual({
      type: "ack",
      id: "after-the-log",
      seq: foreign + 1,
    });
    closeAll(game.clients);
  });

  it("woken from a checkpoint with an entry after it that the engine refuses, it plays on after that entry", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    await playMany(game, 205);
    const { seat, move } = await toMove(id);
    const refused = await storeBehindItsBack(id, seat);
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    const { client } = game.players[seat];
    client.send({ type: "move", id: "after-the-wake", path: move });
    expect(await client.next("ack", (m) => m.id === "after-the-wake")).toEqual({
      type: "ack",
      id: "after-the-wake",
      seq: refused + 1,
    });
    expect((await storedSeqs(id)).slice(-2)).toEqual([refused, refused + 1]);
    closeAll(game.clients);
  }, 60_000);
});
