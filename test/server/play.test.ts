import { describe, expect, it } from "vitest";
import { holeName, jumpedHole, parseHole } from "../../src/rules/index.ts";
import {
  closeAll,
  connect,
  createTable,
  type EventOf,
  getSnapshot,
  hello,
  identity,
  join,
  legalMoves,
  playOne,
  rid,
  type Sequenced,
  setUpTable,
  toMove,
} from "./helpers.ts";

describe("a visitor joins without signing up", () => {
  it("a new socket is a spectator and is welcomed with the whole table", async () => {
    const { id } = await createTable();
    const { client, welcome } = await hello(id, "visitor");
    expect(welcome.you).toEqual(identity(null));
    expect(welcome.snapshot).toEqual({ ...(await getSnapshot(id)), seats: welcome.snapshot.seats });
    expect(welcome.snapshot.seq).toBe(1);
    expect(welcome.snapshot.status).toBe("waiting");
    client.close();
  });

  it("joining answers the joiner alone with a seat token; everyone sees `seated`", async () => {
    const { id } = await createTable();
    const { client: watcher } = await hello(id, "watcher");
    const { client: alice } = await hello(id, "alice");
    alice.send({ type: "join", id: "j1", seat: 1, name: "  Alice  " });
    const joined = await alice.next("joined");
    expect(joined).toEqual({ type: "joined", id: "j1", seat: 1, token: joined.token });
    expect(joined.token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const seated = { seq: 2, at: expect.any(Number), event: { type: "seated", seat: 1, name: "Alice" } };
    expect(alice.events()).toEqual([seated]);
    expect(await watcher.event("seated")).toEqual(seated);
    await watcher.flush();
    expect(watcher.messages.some((m) => m.type === "joined")).toBe(false);
    expect((await alice.flush()).you).toEqual(identity(1));

    const snapshot = await getSnapshot(id);
    expect(snapshot.seats[1]).toMatchObject({ seat: 1, name: "Alice", connected: true });
    expect(snapshot.seats[0]).toMatchObject({ seat: 0, name: null, connected: false });
    expect(snapshot.hostSeat).toBeNull();
    closeAll([watcher, alice]);
  });

  it("the host's socket joining is marked `host`: the snapshot's `hostSeat` is its seat", async () => {
    const { id, hostToken } = await createTable();
    const { client: host } = await hello(id, "host", { hostToken });
    await join(host, 0, "Aino");
    expect(host.events().map((entry) => entry.event)).toEqual([{ type: "seated", seat: 0, name: "Aino", host: true }]);
    expect((await getSnapshot(id)).hostSeat).toBe(0);
    host.close();
  });

  it("presence tells everyone which seats are connected and how many watch", async () => {
    const { id } = await createTable();
    const { client: watcher } = await hello(id, "watcher");
    const { client: alice } = await hello(id, "alice");
    await join(alice, 0, "Alice");
    await watcher.next("presence", (m) => m.connected[0] === true);
    expect(watcher.messages.at(-1)).toMatchObject({ type: "presence", connected: [true, false], spectators: 1 });
    alice.close();
    expect(await watcher.next("presence", (m) => m.connected[0] === false)).toMatchObject({
      type: "presence",
      connected: [false, false],
      spectators: 1,
    });
    watcher.close();
  });
});

describe("the host starts the game once the seats are filled", () => {
  it("a `started` event with game 1 and a random first player reaches everyone", async () => {
    const game = await setUpTable({}, false);
    game.host.send({ type: "start", id: "go" });
    const started = await game.host.event("started");
    expect(started.event).toEqual({ type: "started", game: 1, firstPlayer: started.event.firstPlayer });
    expect([0, 1]).toContain(started.event.firstPlayer);
    for (const client of game.clients.slice(1)) expect(await client.event("started")).toEqual(started);
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.status).toBe("playing");
    expect(snapshot.game?.turn?.seat).toBe(started.event.firstPlayer);
    expect(snapshot.game?.firstPlayer).toBe(started.event.firstPlayer);
    closeAll(game.clients);
  });

  it("a host who also takes a seat keeps both roles", async () => {
    const table = await createTable();
    const { client: host, welcome } = await hello(table.id, "host", { hostToken: table.hostToken });
    expect(welcome.you).toEqual(identity(null, true));
    await join(host, 0, "Host");
    expect((await host.flush()).you).toEqual(identity(0, true));
    const { client: guest } = await hello(table.id, "guest");
    await join(guest, 1, "Guest");
    host.send({ type: "start", id: rid() });
    await host.event("started");
    closeAll([host, guest]);
  });
});

describe("moves reach every client: the same events, in the same order, numbered one by one", () => {
  it("players and a spectator see identical logs through a dozen moves", async () => {
    const game = await setUpTable();
    const moves: Sequenced<EventOf<"moved">>[] = [];
    for (let i = 0; i < 12; i++) moves.push(await playOne(game));
    for (const client of game.clients) await client.flush();

    // Every client was there from the start (they joined one by one before it).
    const logs = game.clients.map((client) => {
      const log = client.events();
      return log.slice(log.findIndex((e) => e.event.type === "started"));
    });
    for (const log of logs) expect(log).toEqual(logs[0]);
    const sinceStart = logs[0];
    const seqs = sinceStart.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    // The start itself, then twelve moves by alternating seats.
    expect(sinceStart.map((e) => e.event.type)).toEqual(["started", ...moves.map(() => "moved")]);
    const first = (sinceStart[0].event as { firstPlayer: number }).firstPlayer;
    expect(moves.map((m) => m.event.seat)).toEqual(moves.map((_, i) => (first + i) % 2));

    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.seq).toBe(seqs.at(-1));
    expect(snapshot.game?.moves).toEqual(moves.map((m) => m.event.path));
    closeAll(game.clients);
  });

  it("the mover sees its move broadcast, then an ack with the move's seq", async () => {
    const game = await setUpTable();
    const { seat, move } = await toMove(game.table.id);
    const mover = game.players[seat].client;
    mover.skip();
    mover.send({ type: "move", id: "m-1", path: move });
    const moved = await mover.next("event");
    expect(moved.event).toEqual({ type: "moved", seat, path: move });
    expect(await mover.next("ack")).toEqual({ type: "ack", id: "m-1", seq: moved.seq });
    await mover.flush();
    const answers = mover.messages.filter((m) => (m.type === "ack" || m.type === "error") && m.id === "m-1");
    expect(answers).toEqual([{ type: "ack", id: "m-1", seq: moved.seq }]);
    closeAll(game.clients);
  });

  it("capture moves name the pieces they remove: the hole each leg of the path jumps", async () => {
    const game = await setUpTable({ variant: "capture" });
    const moved = await playOne(game);
    const landings = moved.event.path.split("-").map(parseHole);
    const captured = landings.slice(1).map((to, i) => jumpedHole(landings[i], to));
    expect(captured).not.toContain(undefined);
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.seats[moved.event.seat].captures).toBe(captured.length);
    for (const hole of captured) expect(snapshot.game?.pieces[holeName(hole ?? 0)]).toBeUndefined();
    closeAll(game.clients);
  });
});

describe("two sockets racing a move for the same turn: exactly one is accepted", () => {
  it("two sockets of the seat to move send different moves at once", async () => {
    const game = await setUpTable();
    const { seat, snapshot } = await toMove(game.table.id);
    const player = game.players[seat];
    const { client: twin, welcome } = await hello(game.table.id, "twin", { token: player.token });
    expect(welcome.you).toEqual(identity(seat));
    const [a, b] = legalMoves(snapshot);
    player.client.send({ type: "move", id: "race-a", path: a });
    twin.send({ type: "move", id: "race-b", path: b });
    await player.client.flush();
    await twin.flush();
    const after = await getSnapshot(game.table.id);
    expect(after.seq).toBe(snapshot.seq + 1);
    for (const client of [...game.clients, twin]) {
      await client.flush();
      expect(client.events().filter((e) => e.event.type === "moved")).toHaveLength(1);
    }
    const errors = [...player.client.errors(), ...twin.errors()];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ type: "error", code: "not-your-turn" });
    expect(errors[0].id).toBe(after.game?.moves[0] === a ? "race-b" : "race-a");
    closeAll([...game.clients, twin]);
  });

  it("both players send a move at once: only the one whose turn it is moves", async () => {
    const game = await setUpTable();
    const { seat, move, snapshot } = await toMove(game.table.id);
    const mover = game.players[seat].client;
    const other = game.players[1 - seat].client;
    other.send({ type: "move", id: "early", path: move });
    mover.send({ type: "move", id: "right", path: move });
    await other.error("not-your-turn");
    const moved = await mover.event("moved");
    expect(moved).toEqual({
      seq: snapshot.seq + 1,
      at: expect.any(Number),
      event: { type: "moved", seat, path: move },
    });
    expect(mover.errors()).toEqual([]);
    closeAll(game.clients);
  });
});

describe("resending the same move id is harmless", () => {
  it("is acknowledged with the original seq and not applied twice", async () => {
    const game = await setUpTable();
    const { seat, move } = await toMove(game.table.id);
    const mover = game.players[seat].client;
    mover.send({ type: "move", id: "same", path: move });
    const moved = await mover.event("moved");
    const before = await getSnapshot(game.table.id);
    mover.send({ type: "move", id: "same", path: move });
    expect(await mover.next("ack")).toEqual({ type: "ack", id: "same", seq: moved.seq });
    // A resend after the reply is lost may come from another socket of the same seat.
    const { client: twin } = await hello(game.table.id, "twin", { token: game.players[seat].token });
    twin.send({ type: "move", id: "same", path: move });
    expect(await twin.next("ack")).toEqual({ type: "ack", id: "same", seq: moved.seq });
    expect(await getSnapshot(game.table.id)).toEqual({ ...before, seats: (await getSnapshot(game.table.id)).seats });
    for (const client of game.clients) {
      await client.flush();
      expect(client.events().filter((e) => e.event.type === "moved")).toHaveLength(1);
    }
    closeAll([...game.clients, twin]);
  });

  it("a resent start is acknowledged, not a second game", async () => {
    const game = await setUpTable({}, false);
    game.host.send({ type: "start", id: "begin" });
    const started = await game.host.event("started");
    game.host.send({ type: "start", id: "begin" });
    expect(await game.host.next("ack")).toEqual({ type: "ack", id: "begin", seq: started.seq });
    expect((await getSnapshot(game.table.id)).game?.number).toBe(1);
    closeAll(game.clients);
  });
});

describe("a socket's messages are handled in the order sent", () => {
  it("a move sent right behind the hello that resumes the seat is played", async () => {
    const game = await setUpTable();
    const { seat, move } = await toMove(game.table.id);
    const client = await connect(game.table.id, "eager");
    client.send({ type: "hello", token: game.players[seat].token });
    client.send({ type: "move", id: rid(), path: move });
    await game.host.event("moved");
    expect(client.errors()).toEqual([]);
    closeAll([...game.clients, client]);
  });

  it("a leave sent right behind the join frees the seat again", async () => {
    const game = await setUpTable({}, false);
    const client = await connect(game.table.id, "fickle");
    game.players[1].client.send({ type: "leave", id: rid() });
    await game.host.event("unseated");
    client.send({ type: "join", id: rid(), seat: 1, name: "Fickle" });
    client.send({ type: "leave", id: rid() });
    await game.host.event("unseated");
    await client.flush();
    expect(client.errors()).toEqual([]);
    expect((await getSnapshot(game.table.id)).seats[1].name).toBeNull();
    closeAll([...game.clients, client]);
  });
});
