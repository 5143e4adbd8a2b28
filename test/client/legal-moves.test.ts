/**
 * The legal moves as the move picker asks about them, answered from the list
 * of full paths the SDK gives, in positions of real games.
 */
import { describe, expect, it } from "vitest";
import { listedMoves, NO_MOVES } from "../../src/client/ui/legal-moves.ts";
import { Game, holeName, parseMove, type Settings } from "../../src/rules/index.ts";

function movesAfter(settings: Partial<Settings>, moves: readonly string[]) {
  const game = Game.replay(settings, {}, moves.map(parseMove));
  return listedMoves(game.legalMoves().map((move) => move.path.map(holeName)));
}

const sorted = (holes: Iterable<string>) => [...holes].sort();

describe("listed legal moves", () => {
  it("name the pieces that may move as the holes after the empty path", () => {
    expect(sorted(movesAfter({ players: 2 }, []).landingsAfter([]))).toEqual([
      "c1",
      "c2",
      "c3",
      "d1",
      "d2",
      "d3",
      "d4",
    ]);
  });

  it("give each race destination of a piece with the whole path there", () => {
    const destinations = movesAfter({ players: 2 }, ["c1-e7", "n1-m5"]).destinations("a1");
    expect(Object.fromEntries(destinations)).toEqual({ c1: ["a1", "c1"], e5: ["a1", "c1", "e5"] });
  });

  it("give the landings that may follow a partial capture path, and whether it is a move as it stands", () => {
    const moves = movesAfter({ variant: "capture", players: 2 }, ["f5-f3"]);
    expect(sorted(moves.landingsAfter(["f7"]))).toEqual(["d2", "d4", "f5"]);
    expect(sorted(moves.landingsAfter(["f7", "f5", "d2"]))).toEqual(["f7"]);
    expect(sorted(moves.landingsAfter(["f7", "d4"]))).toEqual([]);
    expect(moves.isMove(["f7"])).toBe(false);
    expect(moves.isMove(["f7", "f5"])).toBe(true);
    expect(moves.isMove(["f7", "f5", "d2", "f7", "d4"])).toBe(true);
    expect(moves.isMove(["f7", "f6"])).toBe(false);
  });

  it("are none when it is not this player's turn", () => {
    expect(NO_MOVES.landingsAfter([]).size).toBe(0);
    expect(NO_MOVES.isMove(["d2", "e7"])).toBe(false);
    expect(NO_MOVES.destinations("d2").size).toBe(0);
  });
});
