import { describe, expect, it } from "vitest";
import { Game, parseHole } from "../../src/rules/index.ts";
import { expectRefused, replay } from "./helpers.ts";

/** N on g3 and S on g5 and g6 (2 players, long jumps, N to move): see long-jump.test.ts. */
const G5_AND_G6 =
  "c1-e5 n2-m6 e5-f4 m6-l5 f4-g3 l5-k4 d4-e8 k4-j3 e8-d4 j3-i3 d4-e8 i3-h4 e8-d4 h4-g5 " +
  "d4-e8 n3-m7 e8-d4 m7-l6 d4-e8 l6-k5 e8-d4 k5-j4 d4-e8 j4-i4 e8-d4 i4-h5 d4-e8 h5-g6";

describe("bad input is refused with a RulesError and leaves the game unchanged", () => {
  it("refuses an illegal move: illegal-move", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("d1-f4"), "illegal-move");
    expectRefused(game, () => game.play("c2-e7"), "illegal-move");
    expectRefused(game, () => game.play("e5-e6"), "illegal-move"); // no piece on e5
  });

  it("refuses a malformed hole name or move: bad-notation", () => {
    const game = Game.create({ players: 2 });
    for (const text of ["d1-z9", "d1-e14", "D1-E5", "d1", "", "d1 e5", "resign(1)"])
      expectRefused(game, () => game.play(text), "bad-notation");
  });

  it("refuses a path that lands on or passes through an occupied hole: illegal-move", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("a1-c1"), "illegal-move"); // lands on c1
    expectRefused(game, () => game.play("b2-d4"), "illegal-move"); // over c3, but d4 is occupied
    const long = replay(G5_AND_G6, { players: 2, longJump: true });
    expectRefused(long, () => long.play("g3-g7"), "illegal-move"); // passes through g6
    const capture = Game.create({ variant: "capture" });
    expectRefused(capture, () => capture.play("g5-i5-k5"), "illegal-move"); // k5 is occupied
  });

  it("refuses a move of another colour's piece: illegal-move", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("n1-m5"), "illegal-move");
    // With several colours, the player's other colour must wait for its own turn.
    const colours = Game.create({ players: 2, colours: 2 });
    expect(colours.turn).toEqual({ player: 0, colour: "NE" });
    expectRefused(colours, () => colours.play("m4-l4", 0), "illegal-move"); // SW is this player's other colour, but NE is to move
  });

  it("refuses a move when it is not that player's turn: not-your-turn", () => {
    const game = Game.create({ players: 3 });
    expectRefused(game, () => game.play("d1-e5", 1), "not-your-turn");
    expectRefused(game, () => game.play("j10-i9", 1), "not-your-turn");
    const capture = Game.create({ variant: "capture", players: 2 });
    expectRefused(capture, () => capture.play("i7-i5", 1), "not-your-turn");
    game.play("d1-e5", 0);
    expect(game.turn?.player).toBe(1);
  });

  it("refuses anything after the game is over: game-over", () => {
    const game = Game.create({ players: 2 });
    game.play("d1-e5");
    game.resign(1);
    expect(game.isOver).toBe(true);
    expectRefused(game, () => game.play("d2-e6"), "game-over");
    expectRefused(game, () => game.play("d2-e6", 0), "game-over");
    expectRefused(game, () => game.play("pass"), "game-over");
    expectRefused(game, () => game.resign(0), "game-over");
    expect(game.mustPass).toBe(false);
    expect(game.legalMoves()).toEqual([]);
  });

  it("refuses paths given to apply() that name no move: bad-notation", () => {
    for (const settings of [{ players: 2 }, { variant: "capture" }] as const) {
      const game = Game.create(settings);
      expectRefused(game, () => game.apply({ kind: "path", path: [] }), "bad-notation");
      expectRefused(game, () => game.apply({ kind: "path", path: [parseHole("i7")] }), "bad-notation");
      expectRefused(game, () => game.apply({ kind: "path", path: [parseHole("d1"), 121] }), "bad-notation");
      expectRefused(game, () => game.apply({ kind: "path", path: [-1, parseHole("e5")] }), "bad-notation");
      expectRefused(game, () => game.apply({ kind: "path", path: [parseHole("d1"), 1.5] }), "bad-notation");
    }
  });

  it("plays on normally after refusals", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("b2-d4"), "illegal-move");
    expectRefused(game, () => game.play("c1-e5-c1"), "illegal-move");
    expect(game.legalMoves()).toHaveLength(14);
    game.play("c1-e5");
    expect(game.turn?.colour).toBe("S");
  });
});
