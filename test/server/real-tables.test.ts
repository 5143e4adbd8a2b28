/**
 * Real tables, over real sockets: what everyone sees when players leave,
 * drop out and stall the table, and between games when they trade seats.
 */
import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COMPUTER_DELAY_MS, STALL_GRACE_MS } from "../../src/table/index.ts";
import {
  age,
  closeAll,
  createTable,
  type Game,
  getSnapshot,
  hello,
  identity,
  join,
  leaveAndRematch,
  playOne,
  rid,
  setUpTable,
  stub,
  toMove,
} from "./helpers.ts";

/** Closes the socket of the seat to move and waits until the others see it disconnected. */
async function dropPlayerToMove(game: Game): Promise<number> {
  const { seat } = await toMove(game.table.id);
  game.players[seat].client.close();
  const presence = await game.host.next("presence", (m) => !m.connected[seat]);
  // The others learn since when, and how long the grace is: pages count down to the remedies.
  expect(presence.absentSince[seat]).toBeLessThanOrEqual(Date.now());
  expect(presence.absentSince.filter((since) => since !== null)).toHaveLength(1);
  expect(presence.stallGraceMs).toBe(STALL_GRACE_MS);
  return seat;
}

describe("a client that joins mid-game sees the standings as they are", () => {
  it("a newcomer's welcome shows who left, ranked last, while the game goes on", async () => {
    const game = await setUpTable({ players: 3 });
    game.players[2].client.send({ type: "leave", id: rid() });
    await game.host.event("resigned");
    await playOne(game);
    const { client, welcome } = await hello(game.table.id, "late");
    expect(welcome.snapshot.status).toBe("playing");
    expect(welcome.snapshot.seats.map((s) => [s.resigned, s.place])).toEqual([
      [false, null],
      [false, null],
      [true, 3],
    ]);
    closeAll([...game.clients, client]);
  });
});

describe("leaving during a game, as the rules say, at every table size", () => {
  it("six players: the leaver's pieces leave the board and the five play on", async () => {
    const game = await setUpTable({ players: 6 });
    const { seat } = await toMove(game.table.id);
    const leaver = (seat + 3) % 6;
    game.players[leaver].client.send({ type: "leave", id: rid() });
    await game.host.event("resigned");
    const snapshot = await getSnapshot(game.table.id);
    const colour = snapshot.seats[leaver].colours[0];
    expect(Object.values(snapshot.game?.pieces ?? {})).not.toContain(colour);
    expect(snapshot.status).toBe("playing");
    expect(snapshot.seats[leaver]).toMatchObject({ resigned: true, place: 6 });
    closeAll(game.clients);
  });

  it("teams: the partner who stays takes over the leaver's colour, and the game goes on", async () => {
    const game = await setUpTable({ players: 6, teams: true });
    const before = await getSnapshot(game.table.id);
    game.players[0].client.send({ type: "leave", id: rid() });
    await game.host.event("resigned");
    const after = await getSnapshot(game.table.id);
    const partner = after.seats.find((s) => s.seat !== 0 && s.colours.includes(before.seats[0].colours[0]));
    expect(partner?.colours).toEqual(expect.arrayContaining([...before.seats[0].colours]));
    expect(after.seats[0]).toMatchObject({ resigned: true, colours: [] });
    expect(after.status).toBe("playing");
    closeAll(game.clients);
  });
});

describe("a stalled table: after the grace period the others may act", () => {
  it("too early it is refused; then the computer takes the seat and plays its turn", async () => {
    const game = await setUpTable({ players: 3 });
    const seat = await dropPlayerToMove(game);
    const other = game.players[(seat + 1) % 3].client;
    other.send({ type: "remedy", id: rid(), seat, remedy: "computer" });
    expect((await other.error("not-stalled")).message).toMatch(/wait \d+ s more/);
    await age(game.table.id, STALL_GRACE_MS);
    other.send({ type: "remedy", id: rid(), seat, remedy: "computer" });
    expect((await game.spectator.event("away")).event).toEqual({ type: "away", seat, reason: "claimed" });
    await age(game.table.id, COMPUTER_DELAY_MS);
    await runDurableObjectAlarm(stub(game.table.id));
    expect((await game.spectator.event("moved")).event).toMatchObject({ seat, by: "computer" });
    const snapshot = await getSnapshot(game.table.id);
    expect(snapshot.seats[seat]).toMatchObject({ away: true, connected: false });
    expect(snapshot.game?.turn?.seat).toBe((seat + 1) % 3);

    // The player comes back and takes the seat back.
    const { client: back } = await hello(game.table.id, "back", { token: game.players[seat].token });
    back.send({ type: "back", id: rid() });
    expect((await game.spectator.event("back")).event).toEqual({ type: "back", seat });
    closeAll([...game.clients, back]);
  });

  it("counting the player out between two players ends the game for the other", async () => {
    const game = await setUpTable();
    const seat = await dropPlayerToMove(game);
    await age(game.table.id, STALL_GRACE_MS);
    game.players[1 - seat].client.send({ type: "remedy", id: rid(), seat, remedy: "resign" });
    expect((await game.spectator.event("resigned")).event).toEqual({ type: "resigned", seat, reason: "absent" });
    expect((await game.spectator.event("ended")).event.result.winners).toEqual([1 - seat]);
    expect((await game.spectator.event("unseated")).event).toEqual({ type: "unseated", seat, reason: "left" });
    closeAll(game.clients);
  });

  it("a connected player to move cannot be acted on, however long the turn", async () => {
    const game = await setUpTable();
    const { seat } = await toMove(game.table.id);
    await age(game.table.id, 10 * STALL_GRACE_MS);
    const other = game.players[1 - seat].client;
    other.send({ type: "remedy", id: rid(), seat, remedy: "resign" });
    expect((await other.error("not-stalled")).message).toMatch(/connected/);
    closeAll(game.clients);
  });
});

describe("between games players trade seats; sockets and tokens follow them", () => {
  it("both ask, the seats trade, each socket is told its new seat and each token opens it", async () => {
    const game = await setUpTable({ variant: "capture" }, false);
    const [first, second] = game.players;
    first.client.send({ type: "swap", id: rid(), seat: 1 });
    expect((await game.host.event("swapOffered")).event).toEqual({ type: "swapOffered", seat: 0, to: 1 });
    second.client.send({ type: "swap", id: rid(), seat: 0 });
    expect((await game.host.event("swapped")).event).toEqual({ type: "swapped", seats: [1, 0] });
    expect((await first.client.next("identity")).you).toEqual(identity(1));
    expect((await second.client.next("identity")).you).toEqual(identity(0));
    expect((await getSnapshot(game.table.id)).seats.map((s) => s.name)).toEqual(["Player 2", "Player 1"]);
    const { client, welcome } = await hello(game.table.id, "first again", { token: first.token });
    expect(welcome.you).toEqual(identity(1));
    closeAll([...game.clients, client]);
  });

  it("the running score goes with the player, game after game", async () => {
    const game = await setUpTable();
    await leaveAndRematch(game, 0); // seat 1 won game 1
    expect((await getSnapshot(game.table.id)).seats.map((s) => s.score)).toEqual([
      { points: 0, games: 0 }, // a player who leaves the table leaves its score behind
      { points: 1, games: 1 },
    ]);
    closeAll(game.clients);
  });

  it("a free seat is taken at once; a seated player cannot join twice", async () => {
    const game = await setUpTable({ players: 3 }, false);
    game.players[2].client.send({ type: "leave", id: rid() });
    await game.host.event("unseated");
    game.players[0].client.send({ type: "swap", id: rid(), seat: 2 });
    expect((await game.host.event("swapped")).event).toEqual({ type: "swapped", seats: [0, 2] });
    await join(game.players[2].client, 0, "Newcomer");
    expect((await getSnapshot(game.table.id)).seats.map((s) => s.name)).toEqual(["Newcomer", "Player 2", "Player 1"]);
    closeAll(game.clients);
  });
});

describe("who begins, chosen by the host in the lobby", () => {
  it("is announced, begins the game, and is remembered when the table wakes from storage", async () => {
    const game = await setUpTable({ variant: "capture" }, false);
    game.host.send({ type: "firstPlayer", id: rid(), seat: 1 });
    expect((await game.spectator.event("firstPlayerChosen")).event.firstPlayer).toBe(1);
    game.host.send({ type: "start", id: rid() });
    expect((await game.spectator.event("started")).event.firstPlayer).toBe(1);
    await evictDurableObject(stub(game.table.id));
    expect((await getSnapshot(game.table.id)).firstPlayer).toBe(1);
    closeAll(game.clients);
  });
});

describe("computer players: the table plays their turns inside the Durable Object", () => {
  it("the host seats one; after the person's move its own alarm plays the computer's, for everyone to see", async () => {
    const { client: host, table } = await (async () => {
      const created = await createTable({ firstPlayer: 0 });
      const hosted = await hello(created.id, "host", { hostToken: created.hostToken });
      return { client: hosted.client, table: created };
    })();
    host.send({ type: "addComputer", id: rid(), seat: 1, level: "strong" });
    expect((await host.event("seated")).event).toEqual({
      type: "seated",
      seat: 1,
      name: "Computer 2",
      computer: "strong",
    });
    await join(host, 0, "Aino");
    host.send({ type: "start", id: rid() });
    await host.event("started");
    const { move } = await toMove(table.id);
    host.send({ type: "move", id: rid(), path: move });
    await host.event("moved", (event) => event.seat === 0);
    // No one sends anything: the table's alarm fires by itself after the computer's delay.
    const played = await host.event("moved", (event) => event.seat === 1);
    expect(played.event.by).toBe("computer");
    const snapshot = await getSnapshot(table.id);
    expect(snapshot.game?.turn?.seat).toBe(0);
    expect(snapshot.seats[1]).toMatchObject({ computer: "strong" });
    expect(snapshot.game?.playedFor).toEqual([{ move: 1, by: "computer" }]);
    closeAll([host]);
  });
});
