/**
 * The client's model of a table follows the server's: a snapshot plus the
 * events of the log, folded in by the client, give the snapshot the server
 * would send at every step. The server side here is its table state
 * (TableCommands: the commands and the events they entail), without the
 * Durable Object around it.
 */
import { describe, expect, it } from "vitest";
import { TableModel } from "../../src/client/sdk/index.ts";
import type { Snapshot, TableSettings } from "../../src/protocol/index.ts";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import { type NumberedEvent, TableCommands } from "../../src/table/commands.ts";

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

interface Table {
  state: TableCommands;
  log: NumberedEvent[];
}

function newTable(settings: Partial<TableSettings>): Table {
  const state = new TableCommands("AAAAAAAAAAAAAAAA", TableSettingsSchema.parse(settings), 0);
  return { state, log: state.create(0) };
}

function record(table: Table, events: readonly NumberedEvent[]): void {
  table.log.push(...events);
}

function serverSnapshot(table: Table): Snapshot {
  return comparable(table.state.view(new Array(table.state.settings.players).fill(false)));
}

/** Plays random legal moves; every so often a player leaves. Checks the client's fold after every event. */
function playAndCompare(settings: Partial<TableSettings>, seed: number, plies: number, resignAt?: number): void {
  const next = random(seed);
  const table = newTable(settings);
  const players = table.state.settings.players;
  const client = TableModel.fromSnapshot(serverSnapshot(table));
  const follow = () => {
    for (const { seq, event } of table.log.filter((entry) => entry.seq > client.seq)) client.apply(seq, event);
    expect(comparable(client.toSnapshot())).toEqual(serverSnapshot(table));
  };
  for (let seat = 0; seat < players; seat++) record(table, table.state.seat(seat, `Player ${seat + 1}`, 0));
  follow();
  record(table, table.state.start(Math.floor(next() * players), 0));
  follow();
  for (let ply = 0; ply < plies && table.state.status === "playing"; ply++) {
    const view = table.state.view([]).game;
    if (!view?.turn) break;
    if (ply === resignAt) {
      record(table, table.state.resign(view.turn.seat, "left", 0));
    } else {
      const move = view.legalMoves[Math.floor(next() * view.legalMoves.length)];
      record(table, table.state.play(move, view.turn.seat, 0));
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
    const table = newTable({ players: 2 });
    record(table, table.state.seat(0, "Aino", 0));
    record(table, table.state.seat(1, "Bjørn", 0));
    const client = TableModel.fromSnapshot(serverSnapshot(table));
    record(table, table.state.start(0, 0));
    record(table, table.state.resign(1, "left", 0));
    for (const { seq, event } of table.log.filter((entry) => entry.seq > client.seq)) client.apply(seq, event);
    expect(client.status).toBe("over");
    expect(client.result?.winners).toEqual([0]);
    expect(client.seats.map((seat) => seat.place)).toEqual([1, null]);
    expect(comparable(client.toSnapshot())).toEqual(serverSnapshot(table));
  });

  it("restarts the turn clock only when the turn passes on", () => {
    const table = newTable({ players: 3, turnSeconds: 60 });
    for (const [seat, name] of ["Aino", "Bjørn", "Cecilia"].entries()) record(table, table.state.seat(seat, name, 0));
    const client = TableModel.fromSnapshot(serverSnapshot(table));
    const follow = (now: number) => {
      for (const { seq, event } of table.log.filter((entry) => entry.seq > client.seq)) client.apply(seq, event, now);
    };
    record(table, table.state.start(0, 1_000));
    follow(1_000);
    expect(client.deadline).toBe(61_000);
    const toMove = client.turn?.seat ?? 0;
    record(table, table.state.resign((toMove + 1) % 3, "left", 5_000)); // someone else leaves: the same turn goes on
    follow(5_000);
    expect(client.deadline).toBe(61_000);
    record(table, table.state.play(client.legalPaths()[0].join("-"), toMove, 9_000));
    follow(9_000);
    expect(client.deadline).toBe(69_000);
  });

  it("knows the colours of each seat before the game starts", () => {
    const client = TableModel.fromSnapshot(serverSnapshot(newTable({ players: 3, colours: 2 })));
    expect(client.coloursOf(0)).toEqual(["N", "S"]);
    expect(client.coloursOf(2)).toEqual(["SE", "NW"]);
    expect(client.seats[0].colours).toEqual([]);
  });
});
