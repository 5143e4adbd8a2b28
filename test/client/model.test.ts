/**
 * The client's model of a table follows the server's: a snapshot plus the
 * events of the log, folded in by the client, give the snapshot the server
 * would send at every step. The server side here is the table's commands,
 * without the Durable Object around them.
 */
import { describe, expect, it } from "vitest";
import { TableModel } from "../../src/client/sdk/index.ts";
import type { Snapshot, TableSettings } from "../../src/protocol/index.ts";
import { HOST, ServerTable, seated } from "./server-table.ts";

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The server's snapshot with what only the server knows (presence, the clock's exact deadline) left out. */
function comparable(snapshot: Snapshot): Snapshot {
  return {
    ...snapshot,
    seats: snapshot.seats.map((seat) => ({ ...seat, connected: false })),
    game: snapshot.game ? { ...snapshot.game, deadline: null } : null,
  };
}

const serverSnapshot = (table: ServerTable) => comparable(table.snapshot());

/** Plays random legal moves; every so often a player leaves. Checks the client's fold after every event. */
function playAndCompare(settings: Partial<TableSettings>, seed: number, plies: number, resignAt?: number): void {
  const next = random(seed);
  const players = settings.players ?? 2;
  const table = new ServerTable(settings, Math.floor(next() * players));
  const { commands } = table;
  const client = TableModel.fromSnapshot(serverSnapshot(table));
  const follow = () => {
    for (const entry of table.after(client.seq)) client.apply(entry);
    expect(comparable(client.toSnapshot())).toEqual(serverSnapshot(table));
  };
  table.seatAll(Array.from({ length: players }, (_, seat) => `Player ${seat + 1}`));
  follow();
  table.record(commands.start(HOST, 0));
  follow();
  for (let ply = 0; ply < plies && commands.status === "playing"; ply++) {
    const view = commands.view([]).game;
    if (!view?.turn) break;
    const who = seated(view.turn.seat);
    if (ply === resignAt) {
      table.record(commands.leave(who, 0));
    } else {
      const moves = table.legalMoves();
      table.record(commands.move(who, moves[Math.floor(next() * moves.length)], 0));
    }
    follow();
  }
  // A client that arrives now rebuilds the same table from the snapshot alone.
  expect(comparable(TableModel.fromSnapshot(serverSnapshot(table)).toSnapshot())).toEqual(serverSnapshot(table));
}

describe("the client's model of a table", () => {
  it("follows a classic two-player game event by event", () => {
    playAndCompare({ players: 2 }, 1, 80);
  });

  it("follows three players with two colours each, one of whom leaves", () => {
    playAndCompare({ players: 3, colours: 2 }, 2, 60, 25);
  });

  it("follows six players in teams with long jumps", () => {
    playAndCompare({ players: 6, teams: true, longJump: true }, 3, 90, 40);
  });

  it("follows a capture game to its end, passes and all", () => {
    playAndCompare({ variant: "capture", players: 3 }, 4, 400);
  });

  it("ends a two-player game when a player leaves, with placements", () => {
    const table = new ServerTable({ players: 2 });
    table.seatAll(["Aino", "Bjørn"]);
    const client = TableModel.fromSnapshot(serverSnapshot(table));
    table.record(table.commands.start(HOST, 0));
    table.record(table.commands.leave(seated(1), 0));
    for (const entry of table.after(client.seq)) client.apply(entry);
    expect(client.status).toBe("over");
    expect(client.result?.winners).toEqual([0]);
    expect(client.result?.standings.map((standing) => standing.place)).toEqual([1, 2]);
    // The leaver's seat is freed once the game is over, and keeps no standing.
    expect(client.seats.map((seat) => [seat.name, seat.place])).toEqual([
      ["Aino", 1],
      [null, null],
    ]);
    expect(comparable(client.toSnapshot())).toEqual(serverSnapshot(table));
  });

  it("restarts the turn clock only when the turn passes on", () => {
    const table = new ServerTable({ players: 3, clock: { kind: "move", seconds: 60 } });
    const { commands } = table;
    table.seatAll(["Aino", "Bjørn", "Cecilia"]);
    const client = TableModel.fromSnapshot(serverSnapshot(table));
    const follow = () => {
      for (const entry of table.after(client.seq)) client.apply(entry);
    };
    table.record(commands.start(HOST, 1_000));
    follow();
    expect(client.deadline).toBe(61_000);
    const toMove = client.turn?.seat ?? 0;
    table.record(commands.leave(seated((toMove + 1) % 3), 5_000)); // someone else leaves: the same turn goes on
    follow();
    expect(client.deadline).toBe(61_000);
    table.record(commands.move(seated(toMove), table.legalMoves()[0] ?? "", 9_000));
    follow();
    expect(client.deadline).toBe(69_000);
    // The clock runs from the server's times in the log, not from when the client folded them in.
    expect(commands.deadline).toBe(69_000);
  });

  it("knows the colours of each seat before the game starts", () => {
    const client = TableModel.fromSnapshot(serverSnapshot(new ServerTable({ players: 3, colours: 2 })));
    expect(client.coloursOf(0)).toEqual(["N", "S"]);
    expect(client.coloursOf(2)).toEqual(["SE", "NW"]);
    expect(client.seats[0].colours).toEqual([]);
  });
});
