/**
 * Stepping back through a game: the position shown after k actions is the
 * one the engine reached after its first k moves, passes and departures, in
 * the race (with a player leaving, whose pieces leave the board) and in the
 * capture variant, and through the page's model of a real table.
 */
import { describe, expect, it } from "vitest";
import { TableModel } from "../../src/client/sdk/index.ts";
import { positionAt } from "../../src/client/ui/table-page/replay-position.ts";
import { Game, holeName, type Point, type Settings } from "../../src/rules/index.ts";
import { HOST, ServerTable, seated } from "./server-table.ts";

type Pieces = Record<string, Point | "neutral">;

function piecesOf(game: Game): Pieces {
  const pieces: Pieces = {};
  game.board().forEach((occupant, hole) => {
    if (occupant) pieces[holeName(hole)] = occupant;
  });
  return pieces;
}

/** A small deterministic random walk: the same game every run. */
function chooser(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

/**
 * Plays `plies` turns of a new game, noting the board and the last move
 * after each; `leaveAt` makes that player leave before the given ply.
 */
function playRecorded(settings: Partial<Settings>, plies: number, leaveAt?: { ply: number; player: number }) {
  const game = Game.create(settings, { firstPlayer: 0 });
  const pick = chooser(7);
  const boards: Pieces[] = [piecesOf(game)];
  const lastMoves: (string | null)[] = [null];
  for (let ply = 0; ply < plies && !game.isOver; ply++) {
    if (leaveAt?.ply === ply) game.resign(leaveAt.player);
    else if (game.mustPass) game.apply({ kind: "pass" });
    else {
      const moves = game.legalMoves();
      const move = moves[pick(moves.length)];
      if (!move) throw new Error("no move");
      game.apply({ kind: "path", path: move.path });
    }
    const action = game.history.at(-1);
    boards.push(piecesOf(game));
    lastMoves.push(action?.kind === "move" ? action.move.path.map(holeName).join("-") : (lastMoves.at(-1) ?? null));
  }
  return { game, boards, lastMoves };
}

describe("the position after k actions", () => {
  it("is the race's board after its first k moves, with a departure among them", () => {
    const { game, boards, lastMoves } = playRecorded({ players: 3 }, 40, { ply: 17, player: 1 });
    expect(game.history.some((action) => action.kind === "resign")).toBe(true);
    for (let ply = 0; ply <= game.history.length; ply++) {
      const position = positionAt(game, ply);
      expect(position.ply).toBe(ply);
      expect(position.pieces, `after ${ply}`).toEqual(boards[ply]);
      expect(position.lastMove?.path.join("-") ?? null, `after ${ply}`).toBe(lastMoves[ply]);
    }
    // The seat that left took its pieces off the board: the positions before and after say so.
    expect(Object.values(positionAt(game, 17).pieces)).toContain("SE");
    expect(Object.values(positionAt(game, 18).pieces)).not.toContain("SE");
  });

  it("is the capture variant's board after its first k chains, the captured pieces gone", () => {
    const { game, boards } = playRecorded({ variant: "capture", players: 2, longJump: true }, 30);
    for (let ply = 0; ply <= game.history.length; ply++) expect(positionAt(game, ply).pieces).toEqual(boards[ply]);
    const first = game.history[0];
    expect(first?.kind).toBe("move");
    if (first?.kind === "move")
      expect(positionAt(game, 1).lastMove?.captured).toEqual(first.move.captured.map(holeName));
  });

  it("clamps to the game: before the start is the start, past the end is now", () => {
    const { game, boards } = playRecorded({ players: 2 }, 6);
    expect(positionAt(game, -3).pieces).toEqual(boards[0]);
    expect(positionAt(game, -3).lastMove).toBeNull();
    expect(positionAt(game, 99).pieces).toEqual(boards.at(-1));
    expect(positionAt(game, 99).ply).toBe(6);
  });

  it("follows the page's model of a real table: each earlier position is the model's at that move", () => {
    const table = new ServerTable({ players: 2, longJump: true }, 0);
    table.seatAll(["Aino", "Bjørn"]);
    table.record(table.commands.start(HOST, 0));
    const model = TableModel.fromSnapshot(table.snapshot());
    const seen: Pieces[] = [{ ...model.pieces }];
    const pick = chooser(11);
    for (let ply = 0; ply < 24; ply++) {
      const moves = table.legalMoves();
      const seat = table.commands.turn?.seat ?? 0;
      table.record(table.commands.move(seated(seat), moves[pick(moves.length)] as string, 0));
      for (const entry of table.after(model.seq)) model.apply(entry);
      seen.push({ ...model.pieces });
    }
    const game = model.game as Game;
    expect(game.history).toHaveLength(24);
    for (let ply = 0; ply <= 24; ply++) expect(positionAt(game, ply).pieces).toEqual(seen[ply]);
    expect(positionAt(game, 24).lastMove).toEqual(model.lastMove);
  });
});
