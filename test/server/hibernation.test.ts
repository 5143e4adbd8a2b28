import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Client } from "./helpers.ts";
import {
  closeAll,
  createTable,
  getSnapshot,
  hello,
  identity,
  join,
  playOne,
  resume,
  rid,
  setUpTable,
  stateOf,
  stub,
  toMove,
} from "./helpers.ts";

/** The events a client saw since the game started. */
function sinceStart(client: Client) {
  const log = client.events();
  return log.slice(log.findIndex((e) => e.event.type === "started"));
}

describe("hibernation mid-game: the game goes on over the same sockets, nothing lost", () => {
  it("moves before and after hibernating reach every client, in order, without a gap", async () => {
    const game = await setUpTable();
    for (let i = 0; i < 3; i++) await playOne(game);
    const before = await getSnapshot(game.table.id);
    const instances = new WeakSet<object>();
    await runInDurableObject(stub(game.table.id), (instance) => void instances.add(instance));
    expect(await runInDurableObject(stub(game.table.id), (instance) => instances.has(instance))).toBe(true);

    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });

    // A new instance, rebuilt from storage: the same table.
    expect(await runInDurableObject(stub(game.table.id), (instance) => instances.has(instance))).toBe(false);
    expect(stateOf(await getSnapshot(game.table.id))).toEqual(stateOf(before));
    for (let i = 0; i < 3; i++) await playOne(game);
    for (const client of game.clients) await client.flush();
    const logs = game.clients.map(sinceStart);
    for (const log of logs) expect(log).toEqual(logs[0]);
    expect(logs[0].map((e) => e.seq)).toEqual(logs[0].map((_, i) => logs[0][0].seq + i));
    expect(logs[0].map((e) => e.event.type)).toEqual(["started", ...Array(6).fill("moved")]);
    const after = await getSnapshot(game.table.id);
    expect(after.game?.moves.slice(0, 3)).toEqual(before.game?.moves);
    expect(after.game?.moves).toHaveLength(6);
    expect(after.seats.map((s) => s.connected)).toEqual([true, true]);
    closeAll(game.clients);
  });

  it("identities survive in the socket attachments: seated sockets move, the spectator still cannot", async () => {
    const game = await setUpTable();
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });

    const { seat, move, snapshot } = await toMove(game.table.id);
    game.spectator.send({ type: "move", id: rid(), path: move });
    await game.spectator.error("not-seated");
    game.players[1 - seat].client.send({ type: "move", id: rid(), path: move });
    await game.players[1 - seat].client.error("not-your-turn");
    expect((await getSnapshot(game.table.id)).seq).toBe(snapshot.seq);

    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    game.players[seat].client.send({ type: "move", id: rid(), path: move });
    expect((await game.spectator.event("moved")).event).toEqual({ type: "moved", seat, path: move });

    expect((await game.host.flush()).you).toEqual(identity(null, true));
    expect((await game.spectator.flush()).you).toEqual(identity(null));
    for (const player of game.players) expect((await player.client.flush()).you).toEqual(identity(player.seat));
    closeAll(game.clients);
  });

  it("the host can start after hibernating before the start", async () => {
    const game = await setUpTable({}, false);
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    game.players[0].client.send({ type: "start", id: rid() });
    await game.players[0].client.error("not-host");
    game.host.send({ type: "start", id: rid() });
    for (const client of game.clients) await client.event("started");
    closeAll(game.clients);
  });

  it("a resent move id is still acknowledged after hibernating", async () => {
    const game = await setUpTable();
    const { seat, move } = await toMove(game.table.id);
    const mover = game.players[seat].client;
    mover.send({ type: "move", id: "before-sleep", path: move });
    const moved = await mover.event("moved");
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    mover.send({ type: "move", id: "before-sleep", path: move });
    expect(await mover.next("ack")).toEqual({ type: "ack", id: "before-sleep", seq: moved.seq });
    expect((await getSnapshot(game.table.id)).seq).toBe(moved.seq);
    closeAll(game.clients);
  });

  it("ping is answered with pong by the runtime, awake or hibernating", async () => {
    const game = await setUpTable({}, false);
    game.spectator.send("ping");
    await game.spectator.flush();
    expect(game.spectator.raw).toContain("pong");
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    const count = game.spectator.raw.filter((text) => text === "pong").length;
    game.spectator.send("ping");
    await game.spectator.flush();
    expect(game.spectator.raw.filter((text) => text === "pong")).toHaveLength(count + 1);
    closeAll(game.clients);
  });
});

describe("a full eviction closes the sockets; a reconnect with the seat token resumes the seat", () => {
  it("players reconnect with their tokens and play on; the spectator stays a spectator", async () => {
    const game = await setUpTable();
    await playOne(game);
    const before = await getSnapshot(game.table.id);

    await evictDurableObject(stub(game.table.id), { webSockets: "close" });
    for (const client of game.clients) await client.waitForClose();

    // Storage is intact; nobody is connected any more.
    const evicted = await getSnapshot(game.table.id);
    expect(stateOf(evicted)).toEqual(stateOf(before));
    expect(evicted.seats.map((s) => s.connected)).toEqual([false, false]);

    const players: Client[] = [];
    for (const player of game.players) {
      const { client, identity: you } = await resume(game.table.id, `again${player.seat}`, {
        token: player.token,
        lastSeq: before.seq,
      });
      expect(you).toEqual({ type: "identity", you: identity(player.seat) });
      players.push(client);
    }
    const { client: spectator, welcome } = await hello(game.table.id, "spectator again");
    expect(welcome.you).toEqual(identity(null));
    expect(stateOf(welcome.snapshot)).toEqual(stateOf(before));
    expect(welcome.snapshot.seats.map((s) => s.connected)).toEqual([true, true]);

    const { seat, move } = await toMove(game.table.id);
    spectator.send({ type: "move", id: rid(), path: move });
    await spectator.error("not-seated");
    players[seat].send({ type: "move", id: rid(), path: move });
    const moved = await spectator.event("moved");
    expect(moved).toEqual({
      seq: before.seq + 1,
      at: expect.any(Number),
      event: { type: "moved", seat, path: move },
    });
    for (const client of players) expect(await client.event("moved")).toEqual(moved);
    closeAll([...players, spectator]);
  });

  it("a reconnect without lastSeq gets a welcome with the seat's identity and the whole table", async () => {
    const game = await setUpTable();
    await evictDurableObject(stub(game.table.id), { webSockets: "close" });
    const { client, welcome } = await hello(game.table.id, "back", { token: game.players[1].token });
    expect(welcome.you).toEqual(identity(1));
    expect(welcome.snapshot.status).toBe("playing");
    expect(welcome.snapshot.seats[1].connected).toBe(true);
    expect(welcome.snapshot.seats[0].connected).toBe(false);
    client.close();
  });

  it("the host token survives too", async () => {
    const game = await setUpTable({}, false);
    await evictDurableObject(stub(game.table.id), { webSockets: "close" });
    const { client: host, welcome } = await hello(game.table.id, "host again", { hostToken: game.table.hostToken });
    expect(welcome.you).toEqual(identity(null, true));
    host.send({ type: "start", id: rid() });
    await host.event("started");
    host.close();
  });
});

describe("a reconnect with lastSeq gets exactly the events it missed", () => {
  it("a spectator that was away for three moves gets those three, then the live ones", async () => {
    const game = await setUpTable();
    await playOne(game);
    const lastSeq = (await game.spectator.flush()).snapshot.seq;
    game.spectator.close();
    const others = { ...game, clients: game.clients.filter((c) => c !== game.spectator) };
    const missed = [];
    for (let i = 0; i < 3; i++) missed.push(await playOne(others));

    const { client, identity: you } = await resume(game.table.id, "spectator again", { lastSeq });
    expect(you.you).toEqual(identity(null));
    await client.flush();
    expect(client.events()).toEqual(missed);
    expect(client.events().map((e) => e.seq)).toEqual([lastSeq + 1, lastSeq + 2, lastSeq + 3]);
    const live = await playOne({ ...others, clients: [...others.clients, client] });
    expect(live.seq).toBe(lastSeq + 4);
    closeAll([...others.clients, client]);
  });

  it("a player whose socket dropped resumes its seat and its missed events, then moves", async () => {
    const game = await setUpTable();
    const { seat } = await toMove(game.table.id);
    const waiting = game.players[1 - seat];
    const lastSeq = (await waiting.client.flush()).snapshot.seq;
    waiting.client.close();
    const others = game.clients.filter((c) => c !== waiting.client);
    const missed = await playOne({ ...game, clients: others });

    const { client, identity: you } = await resume(game.table.id, "back", { token: waiting.token, lastSeq });
    expect(you.you).toEqual(identity(waiting.seat));
    expect(await client.event("moved")).toEqual(missed);
    const { move } = await toMove(game.table.id);
    client.send({ type: "move", id: rid(), path: move });
    expect((await game.spectator.event("moved", (e) => e.seat === waiting.seat)).seq).toBe(missed.seq + 1);
    await client.flush();
    expect(client.events().map((e) => e.seq)).toEqual([missed.seq, missed.seq + 1]);
    closeAll([...others, client]);
  });

  it("sync on an open socket sends what it missed", async () => {
    const game = await setUpTable();
    const first = await playOne(game);
    await playOne(game);
    const watcher = game.spectator;
    watcher.skip();
    watcher.send({ type: "sync", lastSeq: first.seq - 1 });
    expect(await watcher.next("identity")).toEqual({ type: "identity", you: identity(null) });
    const replayed = [await watcher.next("event"), await watcher.next("event")];
    expect(replayed.map((m) => m.seq)).toEqual([first.seq, first.seq + 1]);
    expect(replayed[0].event).toEqual(first.event);
    closeAll(game.clients);
  });

  it("a lastSeq from the future (another table's, a wiped one's) gets a welcome", async () => {
    const { id } = await createTable();
    const { client, welcome } = await hello(id, "confused", { lastSeq: 99 });
    expect(welcome.snapshot.seq).toBe(1);
    client.send({ type: "sync", lastSeq: 2 });
    expect((await client.next("welcome")).snapshot.seq).toBe(1);
    client.close();
  });
});

describe("a client far behind gets a welcome snapshot instead of the events", () => {
  it("more than 32 events behind: welcome; exactly 32 behind: the 32 events", async () => {
    const { id } = await createTable();
    // Seat and free seats from several sockets (each stays far under the flood limit) to grow the log.
    const sockets = await Promise.all([0, 1, 2, 3].map(async (i) => (await hello(id, `churn${i}`)).client));
    for (let round = 0; round < 20; round++) {
      const socket = sockets[round % sockets.length];
      await join(socket, 0, `Guest ${round}`);
      socket.send({ type: "leave", id: rid("leave") });
      await socket.next("identity");
    }
    const seq = (await getSnapshot(id)).seq;
    expect(seq).toBe(1 + 40);

    const { client: behind, welcome } = await hello(id, "behind", { lastSeq: seq - 33 });
    expect(welcome.snapshot.seq).toBe(seq);
    expect(welcome.you).toEqual(identity(null));
    await behind.flush();
    expect(behind.events()).toEqual([]);

    const { client: edge } = await resume(id, "edge", { lastSeq: seq - 32 });
    await edge.flush();
    const replayed = edge.events();
    expect(replayed).toHaveLength(32);
    expect(replayed[0].seq).toBe(seq - 31);
    expect(replayed.at(-1)?.seq).toBe(seq);
    expect(edge.messages.filter((m) => m.type === "welcome")).toHaveLength(1); // the flush's own
    closeAll([...sockets, edge, behind]);
  });
});

describe("a stored event that does not fit the game never bricks the table", () => {
  it("after a wake the table skips it, answers with its snapshot and plays on", async () => {
    const game = await setUpTable();
    await playOne(game);
    const before = await getSnapshot(game.table.id);
    // A move no rule allows, written into the log as a damaged (or older-rules) log might hold it.
    const forged = { type: "moved", seat: before.game?.turn?.seat ?? 0, path: "a1-i5" };
    await runInDurableObject(stub(game.table.id), (_instance, state) => {
      state.storage.sql.exec(
        "INSERT INTO events (seq, type, payload, at) VALUES (?, ?, ?, ?)",
        before.seq + 1,
        "moved",
        JSON.stringify(forged),
        Date.now(),
      );
    });
    await evictDurableObject(stub(game.table.id), { webSockets: "close" });

    const after = await getSnapshot(game.table.id);
    expect(after.seq).toBe(before.seq + 1);
    expect(after.game?.moves).toEqual(before.game?.moves);
    const { welcome } = await hello(game.table.id, "late");
    expect(welcome.snapshot.status).toBe("playing");
    const { seat, move } = await toMove(game.table.id);
    const { client } = await hello(game.table.id, "back", { token: game.players[seat].token });
    client.send({ type: "move", id: rid(), path: move });
    expect((await client.event("moved")).seq).toBe(before.seq + 2);
    client.close();
  });
});
