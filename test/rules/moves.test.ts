import { describe, expect, it } from "vitest";
import { formatPath, Game } from "../../src/rules/index.ts";
import { destinations, expectRefused, holes, names, occupants, piecesOf, replay } from "./helpers.ts";

/**
 * Two pieces of N side by side on g6 and g7, with a piece of S just below
 * g6 on h6 (2 players, N to move):
 *
 *     g:  . . . . . N N . . . .     g6 g7
 *     h:   . . . . . S . . . .      h6
 */
const SIDE_BY_SIDE = "d2-e6 n2-m7 e6-f6 m7-l7 f6-g6 l7-k6 d3-e7 k6-j6 e7-f7 j6-i5 f7-g7 i5-h6";
/** The same, with a second piece of S on i7, beside the landing i6 of the jump over h6. */
const WITH_I7 = `${SIDE_BY_SIDE} d1-e5 n3-m8 e5-d1 m8-l8 d1-e5 l8-k8 e5-d1 k8-j7 d1-e5 j7-i7`;

describe("a turn moves one piece: a step to an adjacent empty hole, or a chain of jumps", () => {
  it("lists exactly the 14 opening moves of N: steps from row d, jumps from row c, nothing from a1, b1, b2", () => {
    const game = Game.create({ players: 2 });
    expect(destinations(game, "d1")).toBe("e5 e6");
    expect(destinations(game, "d2")).toBe("e6 e7");
    expect(destinations(game, "d3")).toBe("e7 e8");
    expect(destinations(game, "d4")).toBe("e8 e9");
    expect(destinations(game, "c1")).toBe("e5 e7");
    expect(destinations(game, "c2")).toBe("e6 e8");
    expect(destinations(game, "c3")).toBe("e7 e9");
    for (const blocked of ["a1", "b1", "b2"]) expect(destinations(game, blocked)).toBe("");
    expect(game.legalMoves()).toHaveLength(14);
  });

  it("moves the piece: a step empties its hole and fills the adjacent one", () => {
    const game = Game.create({ players: 2 });
    const action = game.play("d1-e5");
    expect(action).toEqual({ kind: "move", player: 0, move: { path: holes("d1 e5"), captured: [] } });
    expect(occupants(game, "d1 e5")).toEqual([null, "N"]);
    expect(piecesOf(game, "N")).toBe("a1 b1 b2 c1 c2 c3 d2 d3 d4 e5");
    expect(game.turn).toEqual({ player: 1, colour: "S" });
  });

  it("steps in any direction, backwards too", () => {
    const game = replay(SIDE_BY_SIDE);
    expect(destinations(game, "g6")).toContain("f6"); // back towards its own point
    game.play("g6-f6");
    expect(occupants(game, "f6 g6")).toEqual(["N", null]);
  });

  it("refuses a step onto an occupied hole or to a hole that is not adjacent", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("d1-d2"), "illegal-move");
    expectRefused(game, () => game.play("d1-f4"), "illegal-move");
  });
});

describe("a jump passes over one adjacent occupied hole, of any colour, into the empty hole right behind it", () => {
  it("jumps its own piece and the opponent's alike", () => {
    const game = replay(SIDE_BY_SIDE);
    expect(occupants(game, "g6 g7 h6")).toEqual(["N", "N", "S"]);
    // Steps f6 f7 g5 h5; over its own g7 into g8; over S's h6 into i6.
    expect(destinations(game, "g6")).toBe("f6 f7 g5 g8 h5 i6");
    // Steps f7 f8 g8 h7; over g6 into g5; over h6 into i5.
    expect(destinations(game, "g7")).toBe("f7 f8 g5 g8 h7 i5");
  });

  it("captures nothing: the jumped piece stays", () => {
    const game = replay(SIDE_BY_SIDE);
    game.play("g6-i6");
    expect(occupants(game, "g6 h6 i6")).toEqual([null, "S", "N"]);
    expect(game.captures).toEqual([0, 0]);
  });

  it("lands right behind the jumped piece, not further", () => {
    const game = replay(SIDE_BY_SIDE);
    expectRefused(game, () => game.play("g6-g9"), "illegal-move");
    expectRefused(game, () => game.play("g6-j6"), "illegal-move");
  });
});

describe("a jump never passes over two pieces", () => {
  it("cannot take b1 over c1 and d1 together into e5", () => {
    const game = Game.create({ players: 2 });
    expect(occupants(game, "b1 c1 d1 e5")).toEqual(["N", "N", "N", null]);
    expect(destinations(game, "b1")).toBe("");
    expectRefused(game, () => game.play("b1-e5"), "illegal-move");
  });

  it("cannot do it with long jumps either", () => {
    const game = Game.create({ players: 2, longJump: true });
    expect(destinations(game, "b1")).toBe("");
    expectRefused(game, () => game.play("b1-e5"), "illegal-move");
    expectRefused(game, () => game.play("a1-e5"), "illegal-move");
  });
});

describe("a chain of jumps may stop after any landing", () => {
  it("lists both the first landing and the end of the chain", () => {
    const game = replay(WITH_I7);
    expect(occupants(game, "g6 h6 i6 i7 i8")).toEqual(["N", "S", null, "S", null]);
    expect(destinations(game, "g6")).toBe("f6 f7 g5 g8 h5 i6 i8");
  });

  it("stops on the intermediate landing i6", () => {
    const game = replay(WITH_I7);
    game.play("g6-i6");
    expect(occupants(game, "g6 i6 i8")).toEqual([null, "N", null]);
    expect(game.turn?.colour).toBe("S");
  });
});

describe("chains change direction freely", () => {
  it("jumps south-east over h6, then turns east over i7", () => {
    const game = replay(WITH_I7);
    game.play("g6-i6-i8");
    expect(occupants(game, "g6 i6 i8")).toEqual([null, null, "N"]);
    expect(game.history.at(-1)).toEqual({ kind: "move", player: 0, move: { path: holes("g6 i6 i8"), captured: [] } });
  });
});

describe("never a step and a jump in the same turn", () => {
  it("refuses a step followed by a jump", () => {
    const game = replay(WITH_I7);
    // g7 may step to h7, and from h7 a piece could jump h6 into h5; not in one turn.
    expect(destinations(game, "g7")).not.toContain("h5");
    expectRefused(game, () => game.play("g7-h7-h5"), "illegal-move");
    expectRefused(game, () => game.play("g7-h5"), "illegal-move");
  });

  it("refuses a jump followed by a step", () => {
    const game = replay(WITH_I7);
    expect(destinations(game, "g6")).not.toContain("i5");
    expectRefused(game, () => game.play("g6-i6-i5"), "illegal-move");
    expectRefused(game, () => game.play("g6-i5"), "illegal-move");
  });

  it("refuses two steps", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("d1-e5-f4"), "illegal-move");
  });
});

describe("a chain is written with every landing, or in the race by its ends alone", () => {
  it("plays g6-i6-i8 and g6-i8 as the same move", () => {
    const whole = replay(WITH_I7);
    const ends = replay(WITH_I7);
    whole.play("g6-i6-i8");
    ends.play("g6-i8");
    expect(ends.board()).toEqual(whole.board());
    expect(ends.turn).toEqual(whole.turn);
  });

  it("finds the route of a move written from-to whose only route is a chain, and keeps it in the history", () => {
    const game = replay(WITH_I7);
    const action = game.play("g6-i8");
    expect(action.kind === "move" && formatPath(action.move.path)).toBe("g6-i6-i8");
  });

  it("writes a single jump the same either way", () => {
    const game = Game.create({ players: 2 });
    const action = game.play("c1-e5");
    expect(action.kind === "move" && formatPath(action.move.path)).toBe("c1-e5");
    expect(occupants(game, "c1 d1 e5")).toEqual([null, "N", "N"]);
  });

  it("checks a chain written whole leg by leg", () => {
    const game = replay(WITH_I7);
    expectRefused(game, () => game.play("g6-i6-i9"), "illegal-move"); // i9 is not behind a piece
    expectRefused(game, () => game.play("g6-g8-i8"), "illegal-move"); // nothing to jump between g8 and i8
  });

  it("refuses a chain that comes back to its own hole: a move ends on another hole", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("c1-e5-c1"), "illegal-move");
  });
});

describe("the legal-move listing gives each destination of a piece once, with a shortest route", () => {
  /** N on e7 and e9 in row e; c3 is empty again after a1-c3-e9. */
  const TWO_ROUTES = "c3-e7 o3-m7 a1-c3-e9 q1-o3-m9";

  it("lists e10 once for c2, by c2-e8-e10, though c2-e6-e8-e10 also gets there", () => {
    const game = replay(TWO_ROUTES);
    expect(occupants(game, "c3 e7 e9")).toEqual([null, "N", "N"]);
    expect(destinations(game, "c2")).toBe("c3 e6 e8 e10");
    const toE10 = game.legalMoves().filter(({ path }) => names([path[0], path[path.length - 1]]) === "c2 e10");
    expect(toE10.map((move) => formatPath(move.path))).toEqual(["c2-e8-e10"]);
  });

  it("accepts the longer route written whole, to the same result", () => {
    const shorter = replay(`${TWO_ROUTES} c2-e8-e10`);
    const longer = replay(`${TWO_ROUTES} c2-e6-e8-e10`);
    expect(longer.board()).toEqual(shorter.board());
    expect(longer.history.at(-1)).toEqual({
      kind: "move",
      player: 0,
      move: { path: holes("c2 e6 e8 e10"), captured: [] },
    });
  });

  it("lists only moves that apply", () => {
    const game = replay(TWO_ROUTES);
    for (const { path } of game.legalMoves()) {
      const fresh = replay(TWO_ROUTES);
      fresh.play(formatPath(path));
      expect(fresh.occupant(path[path.length - 1])).toBe("N");
      expect(fresh.occupant(path[0])).toBeNull();
    }
  });
});
