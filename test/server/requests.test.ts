/**
 * Request ids make a request idempotent for whoever sent it, in the game it
 * belongs to: a repeat is acknowledged, never applied twice, and nobody else
 * (a new occupant of the seat, a spectator, the same player in the next
 * game) meets an old request's id.
 */
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { closeAll, createTable, getSnapshot, hello, identity, join, rid, setUpTable, stub, toMove } from "./helpers.ts";

describe("every applied request is acknowledged with the seq of its last event", () => {
  it("a leave before the game: the unseated event, then its ack", async () => {
    const { id } = await createTable();
    const { client } = await hello(id, "aino");
    await join(client, 0, "Aino");
    client.send({ type: "leave", id: "bye" });
    const unseated = await client.event("unseated");
    expect(await client.next("ack", (m) => m.id === "bye")).toEqual({ type: "ack", id: "bye", seq: unseated.seq });
    client.close();
  });

  it("a join: the seated event, the token to the joiner, then the ack", async () => {
    const { id } = await createTable();
    const { client } = await hello(id, "aino");
    client.send({ type: "join", id: "sit", seat: 1, name: "Aino" });
    const seated = await client.event("seated");
    expect(await client.next("joined")).toMatchObject({ id: "sit", seat: 1 });
    expect(await client.next("ack", (m) => m.id === "sit")).toEqual({ type: "ack", id: "sit", seq: seated.seq });
    client.close();
  });

  it("a repeat (a resend after a crash) is acknowledged with the same seq: its request's last event", async () => {
    const game = await setUpTable();
    const leave = rid();
    game.players[0].client.send({ type: "leave", id: leave });
    await game.players[0].client.next("ack", (m) => m.id === leave);
    await join(game.players[0].client, 0, "Back");
    game.players[0].client.send({ type: "rematch", id: rid() });
    await game.spectator.event("rematchAccepted");
    // The last acceptance starts the next game: two events, rematchAccepted then started.
    game.players[1].client.send({ type: "rematch", id: "last" });
    const accepted = await game.spectator.event("rematchAccepted", (event) => event.seats.includes(1));
    const started = await game.spectator.event("started", (event) => event.game === 2);
    expect(started.seq).toBe(accepted.seq + 1);
    const ack = await game.players[1].client.next("ack", (m) => m.id === "last");
    game.players[1].client.send({ type: "rematch", id: "last" });
    const repeat = await game.players[1].client.next("ack", (m) => m.id === "last");
    expect([ack, repeat]).toEqual([
      { type: "ack", id: "last", seq: started.seq },
      { type: "ack", id: "last", seq: started.seq },
    ]);
    closeAll(game.clients);
  });
});

describe("a request id belongs to the seat's occupant and the game", () => {
  it("a new occupant of a seat reusing an old id is served, not acknowledged for someone else", async () => {
    const { id } = await createTable();
    const { client: first } = await hello(id, "first");
    await join(first, 0, "Aino");
    first.send({ type: "leave", id: "same" });
    await first.next("ack", (m) => m.id === "same");
    first.close();

    const { client: second } = await hello(id, "second");
    await join(second, 0, "Bjørn");
    second.send({ type: "leave", id: "same" });
    const unseated = await second.event("unseated");
    expect(await second.next("ack", (m) => m.id === "same")).toEqual({ type: "ack", id: "same", seq: unseated.seq });
    expect((await getSnapshot(id)).seats[0].name).toBeNull();
    second.close();
  });

  it("the same player reusing an id in the next game is served", async () => {
    const game = await setUpTable({ players: 3, firstPlayer: 0 });
    const { move } = await toMove(game.table.id);
    game.players[0].client.send({ type: "move", id: "again", path: move });
    await game.spectator.event("moved");
    // Two leave, which ends the game and frees their seats; they sit again and everyone accepts a rematch.
    game.players[1].client.send({ type: "leave", id: rid() });
    game.players[2].client.send({ type: "leave", id: rid() });
    await game.spectator.event("unseated", (event) => event.seat === 2);
    await join(game.players[1].client, 1, "Back");
    await join(game.players[2].client, 2, "Back too");
    for (const player of game.players) player.client.send({ type: "rematch", id: rid() });
    await game.spectator.event("started", (event) => event.game === 2);
    // Game 2: seat 0's player, with the same token, sends the id of its move in game 1.
    const { move: opening } = await toMove(game.table.id);
    game.players[0].client.send({ type: "move", id: "again", path: opening });
    const moved = await game.spectator.event("moved", (event) => event.path === opening);
    expect((await game.players[0].client.next("ack", (m) => m.id === "again" && m.seq === moved.seq)).seq).toBe(
      moved.seq,
    );
    closeAll(game.clients);
  });

  it("a resent rematch is still acknowledged once its game is on", async () => {
    const game = await setUpTable();
    const leave = rid();
    game.players[0].client.send({ type: "leave", id: leave });
    await game.players[0].client.next("ack", (m) => m.id === leave);
    game.players[1].client.send({ type: "rematch", id: "again!" });
    const accepted = await game.spectator.event("rematchAccepted");
    await join(game.players[0].client, 0, "Back again");
    game.players[0].client.send({ type: "rematch", id: rid() });
    await game.spectator.event("started", (event) => event.game === 2);
    game.players[1].client.send({ type: "rematch", id: "again!" });
    const acks = [
      await game.players[1].client.next("ack", (m) => m.id === "again!"),
      await game.players[1].client.next("ack", (m) => m.id === "again!"),
    ];
    expect(acks).toEqual([
      { type: "ack", id: "again!", seq: accepted.seq },
      { type: "ack", id: "again!", seq: accepted.seq },
    ]);
    expect((await getSnapshot(game.table.id)).game?.number).toBe(2);
    closeAll(game.clients);
  });
});

describe("who may send a request is checked before its id is looked up", () => {
  it("a spectator reusing the host's start id is refused as a spectator, not acknowledged", async () => {
    const game = await setUpTable({}, false);
    game.host.send({ type: "start", id: "go" });
    await game.spectator.event("started");
    const { client: watcher, welcome } = await hello(game.table.id, "watcher");
    expect(welcome.you).toEqual(identity(null));
    watcher.send({ type: "move", id: "go", path: "c1-d1" });
    expect(await watcher.error("not-seated")).toMatchObject({ id: "go", code: "not-seated" });
    await watcher.flush();
    expect(watcher.messages.some((m) => m.type === "ack")).toBe(false);
    closeAll([...game.clients, watcher]);
  });
});

describe("a repeat is answered with the ack the request got, and changes nothing", () => {
  it("the rematch that starts the next game: its repeat names the started event, as its ack did, also after a wake", async () => {
    const game = await setUpTable();
    const leave = rid();
    game.players[0].client.send({ type: "leave", id: leave });
    await game.players[0].client.next("ack", (m) => m.id === leave);
    game.players[0] = { ...game.players[0], token: await join(game.players[0].client, 0, "Back") };
    game.players[0].client.send({ type: "rematch", id: rid() });
    await game.spectator.event("rematchAccepted");
    // The last acceptance produces two events: rematchAccepted, then started.
    const last = game.players[1].client;
    last.send({ type: "rematch", id: "last" });
    const started = await game.spectator.event("started", (event) => event.game === 2);
    const ack = await last.next("ack", (m) => m.id === "last");
    expect(ack.seq).toBe(started.seq);
    last.send({ type: "rematch", id: "last" });
    expect(await last.next("ack", (m) => m.id === "last")).toEqual(ack);
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    last.send({ type: "rematch", id: "last" });
    expect(await last.next("ack", (m) => m.id === "last")).toEqual(ack);
    expect((await getSnapshot(game.table.id)).seq).toBe(started.seq);
    closeAll(game.clients);
  });

  it("a request that changed nothing (the first player chosen again): its repeat is acknowledged alike, not applied after a later change, also after a wake", async () => {
    const game = await setUpTable({}, false);
    const before = await getSnapshot(game.table.id);
    expect(before.firstPlayer).toBeNull();
    game.host.send({ type: "firstPlayer", id: "same", seat: null });
    const ack = await game.host.next("ack", (m) => m.id === "same");
    expect(ack.seq).toBe(before.seq);
    game.host.send({ type: "firstPlayer", id: "other", seat: 1 });
    await game.spectator.event("firstPlayerChosen");
    for (const wake of [false, true]) {
      if (wake) await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
      game.host.send({ type: "firstPlayer", id: "same", seat: null });
      expect(await game.host.next("ack", (m) => m.id === "same")).toEqual(ack);
      expect((await getSnapshot(game.table.id)).firstPlayer).toBe(1);
    }
    await game.host.flush();
    expect(game.spectator.events().filter((entry) => entry.event.type === "firstPlayerChosen")).toHaveLength(1);
    closeAll(game.clients);
  });
});
