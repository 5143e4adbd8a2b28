/**
 * The legal moves as the move picker asks about them, answered by the engine
 * one partial path at a time, in positions of real games.
 */
import { describe, expect, it, vi } from "vitest";
import { engineMoves, NO_MOVES } from "../../src/client/ui/legal-moves.ts";
import { Game, parseMove, type Settings } from "../../src/rules/index.ts";

function gameAfter(settings: Partial<Settings>, moves: readonly string[]): Game {
  return Game.replay(settings, {}, moves.map(parseMove));
}

const sorted = (holes: Iterable<string>) => [...holes].sort();

/** Eight plies into a two-player capture game, where the full list would hold 692,828 moves. */
const EIGHT_PLIES = ["f5-f3", "f7-f5", "i2-g2", "k4-i2", "g7-i5", "f9-f7", "m6-k4", "j5-l5"];

describe("legal moves asked of the engine", () => {
  it("name the pieces that may move as the holes after the empty path", () => {
    expect(sorted(engineMoves(gameAfter({ players: 2 }, [])).landingsAfter([]))).toEqual([
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
    const moves = engineMoves(gameAfter({ players: 2 }, ["c1-e7", "n1-m5"]));
    expect(Object.fromEntries(moves.destinations("a1"))).toEqual({ c1: ["a1", "c1"], e5: ["a1", "c1", "e5"] });
    expect(sorted(moves.landingsAfter(["a1"]))).toEqual(["c1", "e5"]);
    expect(moves.isMove(["a1", "e5"])).toBe(true);
  });

  it("give the landings that may follow a partial capture path, and whether it is a move as it stands", () => {
    const moves = engineMoves(gameAfter({ variant: "capture", players: 2 }, ["f5-f3"]));
    expect(sorted(moves.landingsAfter(["f7"]))).toEqual(["d2", "d4", "f5"]);
    expect(sorted(moves.landingsAfter(["f7", "f5", "d2"]))).toEqual(["f7"]);
    expect(sorted(moves.landingsAfter(["f7", "d4"]))).toEqual([]);
    expect(moves.isMove(["f7"])).toBe(false);
    expect(moves.isMove(["f7", "f5"])).toBe(true);
    expect(moves.isMove(["f7", "f5", "d2", "f7", "d4"])).toBe(true);
    expect(moves.isMove(["f7", "f6"])).toBe(false);
    expect(Object.fromEntries(moves.destinations("f7"))).toEqual({
      d2: ["f7", "d2"],
      d4: ["f7", "d4"],
      f5: ["f7", "f5"],
    });
  });

  it("answer eight plies into a capture game without listing its 692,828 moves", () => {
    const game = gameAfter({ variant: "capture", players: 2 }, EIGHT_PLIES);
    const listing = vi.spyOn(game.searchPosition, "legalMoves");
    const moves = engineMoves(game);
    expect(moves.landingsAfter([]).size).toBe(37);
    expect(sorted(moves.landingsAfter(["h4"]))).toEqual(["f4", "f6", "h2", "h6", "j3", "j5"]);
    expect(moves.isMove(["h4", "h6"])).toBe(true);
    expect(listing).not.toHaveBeenCalled();
  });

  it("answer for the game as it stands when a move has been played since", () => {
    const game = gameAfter({ variant: "capture", players: 2 }, ["f5-f3"]);
    const moves = engineMoves(game);
    game.play("f7-f5");
    expect(moves.landingsAfter(["f7"]).size).toBe(0);
    expect(moves.isMove(["f7", "f5"])).toBe(false);
  });

  it("are none after a name that is no hole", () => {
    const moves = engineMoves(gameAfter({ variant: "capture", players: 2 }, ["f5-f3"]));
    expect(moves.landingsAfter(["z9"]).size).toBe(0);
    expect(moves.isMove(["f7", "z9"])).toBe(false);
    expect(moves.destinations("z9").size).toBe(0);
  });

  it("are none when it is not this player's turn", () => {
    expect(NO_MOVES.landingsAfter([]).size).toBe(0);
    expect(NO_MOVES.isMove(["d2", "e7"])).toBe(false);
    expect(NO_MOVES.destinations("d2").size).toBe(0);
  });
});
