/**
 * The moves marked "since your last turn", from games played through the
 * table's own commands: a seated player's since their own turn, a watcher's
 * one round, the round that ended a finished game, never more than a round,
 * and the same rule at a position replayed from the past.
 */
import { describe, expect, it } from "vitest";
import { TableModel } from "../../src/client/sdk/index.ts";
import { positionAt } from "../../src/client/ui/table-page/replay-position.ts";
import { movesSinceLastTurn } from "../../src/client/ui/table-page/since-last-turn.ts";
import type { Game } from "../../src/rules/index.ts";
import { HOST, ServerTable, seated } from "./server-table.ts";

const NAMES = ["Aino", "Bjørn", "Cecilia", "Dag", "Eero", "Frida"];

/** A table of `players` seated and started (seat 0 first), with `plies` moves played: each the first legal one. */
function played(players: number, plies: number): { table: ServerTable; model: TableModel } {
  const table = new ServerTable({ players }, 0);
  table.seatAll(NAMES.slice(0, players));
  table.record(table.commands.start(HOST, 0));
  const model = TableModel.fromSnapshot(table.snapshot());
  playOn(table, model, plies);
  return { table, model };
}

function playOn(table: ServerTable, model: TableModel, plies: number): void {
  for (let ply = 0; ply < plies; ply++) {
    const seat = table.commands.turn?.seat ?? 0;
    table.record(table.commands.move(seated(seat), table.legalMoves()[0] as string, 0));
  }
  for (const entry of table.after(model.seq)) model.apply(entry);
}

/** What the marks say of each move since: [ply, order, seat]. */
function since(model: TableModel, viewer: number | null): [number, number, number][] {
  const game = model.game as Game;
  return movesSinceLastTurn(game.history, viewer, game.turn?.player ?? null).map(({ ply, order, seat }) => [
    ply,
    order,
    seat,
  ]);
}

describe("a seated player sees the moves made since their own last move", () => {
  it("in a game of four, after six moves: each seat the moves after its own, numbered from 1", () => {
    const { model } = played(4, 6); // seats 0, 1, 2, 3, 0, 1; seat 2 to move
    expect(model.turn?.seat).toBe(2);
    expect(since(model, 2)).toEqual([
      [4, 1, 3],
      [5, 2, 0],
      [6, 3, 1],
    ]);
    expect(since(model, 3)).toEqual([
      [5, 1, 0],
      [6, 2, 1],
    ]);
    expect(since(model, 0)).toEqual([[6, 1, 1]]);
    // The one who moved last: nothing since.
    expect(since(model, 1)).toEqual([]);
  });

  it("carries each move's path and captures, as the model's last move has them", () => {
    const { model } = played(3, 4); // seats 0, 1, 2, 0
    const moves = movesSinceLastTurn((model.game as Game).history, 2, model.turn?.seat ?? null);
    expect(moves.map((move) => move.ply)).toEqual([4]);
    expect(moves.at(-1)?.path).toEqual(model.lastMove?.path);
    expect(moves.at(-1)?.captured).toEqual([]);
    expect(moves.at(-1)?.path.join("-")).toBe(model.moves.at(-1));
  });

  it("before their first move: every move so far", () => {
    const { model } = played(6, 3); // seats 0, 1, 2; seat 3 to move
    expect(since(model, 3)).toEqual([
      [1, 1, 0],
      [2, 2, 1],
      [3, 3, 2],
    ]);
    expect(since(model, 5)).toEqual([
      [1, 1, 0],
      [2, 2, 1],
      [3, 3, 2],
    ]);
  });

  it("at the very start: nothing", () => {
    const { model } = played(3, 0);
    expect(since(model, 0)).toEqual([]);
    expect(since(model, 2)).toEqual([]);
    expect(since(model, null)).toEqual([]);
  });
});

describe("a watcher sees one round: the moves since the previous move of the player to move", () => {
  it("in a game of four, after six moves, seat 2 to move: the moves after seat 2's", () => {
    const { model } = played(4, 6);
    expect(since(model, null)).toEqual([
      [4, 1, 3],
      [5, 2, 0],
      [6, 3, 1],
    ]);
  });

  it("in the first round: every move so far", () => {
    const { model } = played(6, 4);
    expect(since(model, null)).toEqual([
      [1, 1, 0],
      [2, 2, 1],
      [3, 3, 2],
      [4, 4, 3],
    ]);
  });

  it("once the game is over: the round that ended it, up to the final move", () => {
    const { table, model } = played(3, 5); // seats 0, 1, 2, 0, 1
    table.record(table.commands.leave(seated(0), 0));
    table.record(table.commands.leave(seated(2), 0));
    for (const entry of table.after(model.seq)) model.apply(entry);
    const game = model.game as Game;
    expect(game.isOver).toBe(true);
    expect(game.history.map((action) => action.kind)).toEqual([
      "move",
      "move",
      "move",
      "move",
      "move",
      "resign",
      "resign",
    ]);
    expect(since(model, null)).toEqual([
      [3, 1, 2],
      [4, 2, 0],
      [5, 3, 1],
    ]);
  });
});

describe("never more than a round", () => {
  it("a seat whose turns have ended (it left the game) sees the round, not every move since its last", () => {
    const { table, model } = played(3, 3); // seats 0, 1, 2
    table.record(table.commands.leave(seated(2), 0));
    playOn(table, model, 5); // seats 0, 1, 0, 1, 0
    const game = model.game as Game;
    expect(game.history[3]?.kind).toBe("resign");
    expect(game.turn?.player).toBe(1);
    // Seat 2's last move was the third action; seat 1, to move, last moved at the eighth.
    expect(since(model, 2)).toEqual([[9, 1, 0]]);
    expect(since(model, null)).toEqual([[9, 1, 0]]);
  });

  it("a departure inside the round is no move: the numbers run on without it", () => {
    const { table, model } = played(3, 2); // seats 0, 1; seat 2 to move
    table.record(table.commands.leave(seated(2), 0));
    playOn(table, model, 1); // seat 0
    // Seat 1 to move: the moves after its own, the departure between them unnumbered.
    expect(model.turn?.seat).toBe(1);
    expect(since(model, 1)).toEqual([[4, 1, 0]]);
    expect(since(model, null)).toEqual([[4, 1, 0]]);
    expect(since(model, 0)).toEqual([]);
  });
});

describe("at a position replayed from the past, the same rule on the game as it stood", () => {
  it("after the fifth of eight moves of four players, seat 1 to move there", () => {
    const { model } = played(4, 8);
    const game = model.game as Game;
    const position = positionAt(game, 5);
    expect(position.toMove).toBe(1);
    const marks = (viewer: number | null) =>
      movesSinceLastTurn(game.history.slice(0, position.ply), viewer, position.toMove).map((move) => move.ply);
    expect(marks(null)).toEqual([3, 4, 5]);
    expect(marks(1)).toEqual([3, 4, 5]);
    expect(marks(3)).toEqual([5]);
    expect(marks(0)).toEqual([]);
    // And the present is the live rule.
    expect(positionAt(game, 8).toMove).toBe(game.turn?.player);
  });
});
