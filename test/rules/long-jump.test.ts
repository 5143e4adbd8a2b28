import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/rules/index.ts";
import { destinations, expectRefused, occupants, replay } from "./helpers.ts";

const LONG = { players: 2, longJump: true } as const;

/** N on g3 and S on g5, two holes apart along row g, with g4, g6 and g7 empty (N to move). */
const TWO_APART = "c1-e5 n2-m6 e5-f4 m6-l5 f4-g3 l5-k4 d4-e8 k4-j3 e8-d4 j3-i3 d4-e8 i3-h4 e8-d4 h4-g5";
/** As TWO_APART, with a second piece of S right behind the first, on g6. */
const TWO_IN_A_ROW = `${TWO_APART} d4-e8 n3-m7 e8-d4 m7-l6 d4-e8 l6-k5 e8-d4 k5-j4 d4-e8 j4-i4 e8-d4 i4-h5 d4-e8 h5-g6`;
/** As TWO_APART, with a piece of S on h7, next to g7 where the long jump lands. */
const THEN_SHORT = `${TWO_APART} d4-e8 n3-m7 e8-d4 m7-l6 d4-e8 l6-k6 e8-d4 k6-j6 d4-e8 j6-i6 e8-d4 i6-h7`;
/** N has jumped g3-g7; S stands on g5 and g9, two holes either side of it. */
const NEAR_EDGE = `${TWO_APART} g3-g7 n4-m8 d4-e8 m8-l7 e8-d4 l7-k7 d4-e8 k7-j7 e8-d4 j7-i7 d4-e8 i7-h8 e8-d4 h8-g9`;
/** N on g7 with S on g10, three holes east of it: the landing would be six holes east, past g11. */
const PAST_EDGE = `${TWO_APART} g3-g7 n4-m8 d4-e8 m8-l8 e8-d4 l8-k8 d4-e8 k8-j8 e8-d4 j8-i8 d4-e8 i8-h9 e8-d4 h9-g10`;

describe("a long jump passes over a distant piece and lands as far beyond it as it started before it", () => {
  it("jumps from g3 over g5, two holes away, into g7, four holes away", () => {
    const game = replay(TWO_APART, LONG);
    expect(occupants(game, "g3 g4 g5 g6 g7")).toEqual(["N", null, "S", null, null]);
    expect(destinations(game, "g3")).toBe("f3 f4 g2 g4 g7 h2 h3");
    game.play("g3-g7");
    expect(occupants(game, "g3 g4 g5 g6 g7")).toEqual([null, null, "S", null, "N"]);
  });

  it("is off unless the option is on: the same position gives g3 steps only", () => {
    const game = replay(TWO_APART, { players: 2 });
    expect(destinations(game, "g3")).toBe("f3 f4 g2 g4 h2 h3");
    expectRefused(game, () => game.play("g3-g7"), "illegal-move");
  });

  it("keeps ordinary short jumps", () => {
    const game = replay("", LONG);
    expect(destinations(game, "c1")).toBe("e5 e7");
  });
});

describe("a long jump lands at the same distance beyond the piece: unequal distances are refused", () => {
  it.each(["g3-g6", "g3-g8", "g3-g9"])("refuses %s", (move) => {
    const game = replay(TWO_APART, LONG);
    expectRefused(game, () => game.play(move), "illegal-move");
  });
});

describe("a long jump never passes over two pieces", () => {
  it("cannot jump g5 when g6 stands between it and the landing g7", () => {
    const game = replay(TWO_IN_A_ROW, LONG);
    expect(occupants(game, "g3 g4 g5 g6 g7 g8 g9")).toEqual(["N", null, "S", "S", null, null, null]);
    expect(destinations(game, "g3")).toBe("f3 f4 g2 g4 h2 h3");
    expectRefused(game, () => game.play("g3-g7"), "illegal-move");
  });

  it("cannot jump g6, three holes away, into g9 either: g5 stands between", () => {
    const game = replay(TWO_IN_A_ROW, LONG);
    expectRefused(game, () => game.play("g3-g9"), "illegal-move");
  });
});

describe("long and short jumps mix freely in one chain", () => {
  it("jumps long from g3 over g5 into g7, then short over h7 into i7", () => {
    const game = replay(THEN_SHORT, LONG);
    expect(occupants(game, "g3 g5 g7 h7 i7")).toEqual(["N", "S", null, "S", null]);
    expect(destinations(game, "g3")).toBe("f3 f4 g2 g4 g7 h2 h3 i7");
    const action = game.play("g3-i7");
    expect(action.kind === "move" && formatPath(action.move.path)).toBe("g3-g7-i7");
    expect(occupants(game, "g3 g7 i7")).toEqual([null, null, "N"]);
  });

  it("accepts the chain written whole", () => {
    const game = replay(THEN_SHORT, LONG);
    game.play("g3-g7-i7");
    expect(occupants(game, "g3 i7")).toEqual([null, "N"]);
  });
});

describe("a long jump stays on the board", () => {
  it("may land on the last hole of a line: g7 over g9 into g11", () => {
    const game = replay(NEAR_EDGE, LONG);
    expect(destinations(game, "g7")).toBe("f7 f8 g3 g6 g8 g11 h6 h7");
    game.play("g7-g11");
    expect(occupants(game, "g7 g11")).toEqual([null, "N"]);
  });

  it("does not exist when the landing would lie past the edge: g7 cannot jump g10", () => {
    const game = replay(PAST_EDGE, LONG);
    expect(occupants(game, "g7 g8 g9 g10 g11")).toEqual(["N", null, null, "S", null]);
    expect(destinations(game, "g7")).toBe("f7 f8 g3 g6 g8 h6 h7");
    expectRefused(game, () => game.play("g7-g11"), "illegal-move");
  });
});
