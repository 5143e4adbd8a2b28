import { describe, expect, it } from "vitest";
import { formatPath, Game, HEXAGON, holeName, POINT_OF, POINTS, type Settings } from "../../src/rules/index.ts";
import { expectRefused, holes, names, occupants, pieceCounts, piecesOf, referenceAnyJump, replay } from "./helpers.ts";

const CAPTURE = { variant: "capture" } as const satisfies Partial<Settings>;

/**
 * A two-player capture game that ends in a tie: after the 14th move no
 * piece can jump, and each player has captured 23 pieces.
 */
const TIE =
  "l8-l10 g4-e4 f6-f4-d1-f6-d3 i2-g2-g4-i2-k2 l6-l8-n3-l6-n1 k4-m6-m4-k4-i2 j5-j3-h2-j1-l3-j3 " +
  "j7-j5-l7-j7-l9-n4 i8-k8-k10-i8-g10 h5-h3-j4-j2 f7-d4 h7-f7-h5-h7-h9-j10 f8-f10-h8-j7-h6 d4-d2";

/** Plays the first listed move until the game ends. */
function playOut(game: Game): void {
  while (!game.isOver) game.apply({ kind: "path", path: game.legalMoves()[0].path });
}

describe("capture: 60 pieces start on the hexagon with only i5 empty", () => {
  it("fills the hexagon but i5 and leaves the six points empty", () => {
    const game = Game.create(CAPTURE);
    expect(pieceCounts(game)).toEqual({ neutral: 60 });
    expect(piecesOf(game, "neutral")).toBe(names(HEXAGON.filter((hole) => holeName(hole) !== "i5")));
    expect(occupants(game, "i5")).toEqual([null]);
    expect(game.board().filter((occupant, hole) => POINT_OF[hole] !== undefined && occupant !== null)).toEqual([]);
  });
});

describe("capture: pieces belong to nobody and any player may move any piece", () => {
  it("has no colours: every piece is neutral and no turn has a colour", () => {
    const game = Game.create({ ...CAPTURE, players: 4 });
    expect(game.playerColours).toEqual([[], [], [], []]);
    expect(game.turn).toEqual({ player: 0, colour: undefined });
  });

  it("lets player 1 move the piece player 2 has just moved", () => {
    const game = replay("e6-e4 g3-e5", CAPTURE);
    expect(game.turn?.player).toBe(0);
    game.play("e5-e3", 0); // the piece player 2 brought to e5
    expect(occupants(game, "e3 e4 e5")).toEqual(["neutral", null, null]);
  });
});

describe("capture: jumps only, each jumped piece removed and credited to the mover", () => {
  it("opens with 54 single jumps: 6 into i5 and 8 into each point", () => {
    const game = Game.create(CAPTURE);
    const moves = game.legalMoves();
    expect(moves).toHaveLength(54);
    expect(moves.every((move) => move.path.length === 2 && move.captured.length === 1)).toBe(true);
    const intoCentre = moves.filter((move) => holeName(move.path[1]) === "i5").map((move) => formatPath(move.path));
    expect(intoCentre.sort()).toEqual(["g5-i5", "g7-i5", "i3-i5", "i7-i5", "k5-i5", "k7-i5"]);
    for (const point of POINTS) expect(moves.filter((move) => POINT_OF[move.path[1]] === point)).toHaveLength(8);
  });

  it("removes the jumped piece and counts it for the mover", () => {
    const game = Game.create(CAPTURE);
    const action = game.play("i7-i5");
    expect(action).toEqual({ kind: "move", player: 0, move: { path: holes("i7 i5"), captured: holes("i6") } });
    expect(occupants(game, "i5 i6 i7")).toEqual(["neutral", null, null]);
    expect(game.captures).toEqual([1, 0]);
    expect(pieceCounts(game)).toEqual({ neutral: 59 });
  });

  it("refuses a step", () => {
    const game = Game.create(CAPTURE);
    expectRefused(game, () => game.play("i4-i5"), "illegal-move");
    expectRefused(game, () => game.play("h5-i5"), "illegal-move");
  });

  it("may jump into the six points", () => {
    const game = Game.create(CAPTURE);
    game.play("f5-d2");
    expect(occupants(game, "f5 e6 d2")).toEqual([null, null, "neutral"]);
    expect(POINT_OF[holes("d2")[0]]).toBe("N");
  });

  it("credits a whole chain to its mover", () => {
    const game = replay("e6-e4 f8-d3", CAPTURE);
    expect(game.captures).toEqual([1, 1]);
    game.play("g4-e6-e8-c2");
    expect(game.captures).toEqual([4, 1]);
    expect(occupants(game, "g4 f5 e6 e7 e8 d3 c2")).toEqual([null, null, null, null, null, null, "neutral"]);
  });
});

describe('capture: the jumped piece "is captured at once: it leaves the board" ("kaapataan heti: se poistuu laudalta")', () => {
  it("frees the line through a piece jumped earlier in the chain: l8-j8-p1 jumps k8, then m8 past k8's hole", () => {
    // Long jumps on. l8 jumps k8 into j8; from j8 the line south-west runs k8 (captured), l8 (the mover's own
    // start, lifted), m8: j8 jumps m8 from three holes away and lands three holes beyond it, on p1.
    const game = replay("j8-j10", { ...CAPTURE, longJump: true });
    expect(occupants(game, "j8 k8 l8 m8 n3 o2 p1")).toEqual([null, "neutral", "neutral", "neutral", null, null, null]);
    expect(game.legalMoves().some((move) => formatPath(move.path) === "l8-j8-p1")).toBe(true);
    const action = game.play("l8-j8-p1");
    expect(action.kind === "move" && names(action.move.captured)).toBe("k8 m8");
    expect(occupants(game, "j8 k8 l8 m8 p1")).toEqual([null, null, null, null, "neutral"]);
    expect(game.captures).toEqual([1, 2]);
  });

  it("lets a later leg land on the hole of a piece captured earlier: i8-e8-e10-g8 ends where g8 stood", () => {
    // Long jumps on. i8 jumps g8 from two holes away into e8, then e9 into e10, then f9 back into g8's hole.
    const game = replay("f8-d3 l6-n1 h8-h10", { ...CAPTURE, longJump: true });
    expect(occupants(game, "i8 h8 g8 f8 e8 e9 e10 f9")).toEqual([
      "neutral",
      null,
      "neutral",
      null,
      null,
      "neutral",
      null,
      "neutral",
    ]);
    const action = game.play("i8-e8-e10-g8");
    expect(action.kind === "move" && names(action.move.captured)).toBe("e9 f9 g8");
    expect(occupants(game, "i8 g8 e8 e9 e10 f9")).toEqual([null, "neutral", null, null, null, null]);
    expect(game.captures).toEqual([2, 4]);
  });
});

describe('capture: "a chain can never jump the same piece twice, and it can even end in the hole it started from"', () => {
  it("refuses jumping h5 out and back, g5-i5-g5: h5 is already gone", () => {
    const game = Game.create(CAPTURE);
    expect(expectRefused(game, () => game.play("g5-i5-g5"), "illegal-move").message).toBe(
      "i5-g5: there is no piece on h5 to jump",
    );
    expect(game.legalMoves().map((move) => formatPath(move.path))).not.toContain("g5-i5-g5");
  });

  it("goes round a triangle of three pieces back to g6, capturing all three", () => {
    const game = replay("e6-e4 f8-d3", CAPTURE);
    expect(occupants(game, "g6 f6 e6 e7 e8 f7")).toEqual(["neutral", "neutral", null, "neutral", null, "neutral"]);
    const action = game.play("g6-e6-e8-g6");
    expect(action.kind === "move" && names(action.move.captured)).toBe("e7 f6 f7");
    expect(occupants(game, "g6 f6 e7 f7")).toEqual(["neutral", null, null, null]);
    expect(game.captures).toEqual([4, 1]);
  });

  it("refuses jumping f7 out and back: g6-e8-g6", () => {
    const game = replay("e6-e4 f8-d3", CAPTURE);
    expectRefused(game, () => game.play("g6-e8-g6"), "illegal-move");
  });
});

describe("capture: the full path is required, since it decides what is captured", () => {
  it("accepts g4-e6-e8-c2 written whole but refuses g4-c2", () => {
    const game = replay("e6-e4 f8-d3", CAPTURE);
    expect(game.legalMoves().some((move) => formatPath(move.path) === "g4-e6-e8-c2")).toBe(true);
    expectRefused(game, () => game.play("g4-c2"), "illegal-move");
    game.play("g4-e6-e8-c2");
  });

  it("lists each prefix of a chain as a move of its own", () => {
    const game = replay("e6-e4 f8-d3", CAPTURE);
    const fromG6 = game
      .legalMoves()
      .flatMap((move) => (holeName(move.path[0]) === "g6" ? [formatPath(move.path)] : []));
    expect(fromG6.sort()).toEqual(
      [
        "g6-e6",
        "g6-e6-e8",
        "g6-e6-e8-e10",
        "g6-e6-e8-g6",
        "g6-e6-e8-c2",
        "g6-e8",
        "g6-e8-e10",
        "g6-e8-e6",
        "g6-e8-e6-g6",
        "g6-e8-c2",
      ].sort(),
    );
  });
});

describe("capture with long jumps", () => {
  it("jumps a distant piece and removes it", () => {
    const game = replay("e6-e4", { ...CAPTURE, longJump: true });
    expect(occupants(game, "e7 e6 e5 e4 e3 e2 e1")).toEqual(["neutral", null, null, "neutral", null, null, null]);
    game.play("e7-e1");
    expect(occupants(game, "e7 e4 e1")).toEqual([null, null, "neutral"]);
    expect(game.captures).toEqual([1, 1]);
  });

  it("refuses the same jump without the option", () => {
    const game = replay("e6-e4", CAPTURE);
    expectRefused(game, () => game.play("e7-e1"), "illegal-move");
  });
});

describe("capture: the game ends when no jump exists anywhere; most captures wins", () => {
  it.each([2, 3, 4, 5, 6])("ends with no jump left, %i players, the top scorers winning", (players) => {
    const game = Game.create({ ...CAPTURE, players });
    playOut(game);
    expect(referenceAnyJump(game)).toBe(false);
    expect(game.legalMoves()).toEqual([]);
    const result = game.result();
    expect(result?.reason).toBe("no-jumps");
    const remaining = pieceCounts(game).neutral ?? 0;
    const captures = game.captures;
    expect(captures.reduce((a, b) => a + b, 0) + remaining).toBe(60);
    const best = Math.max(...captures);
    expect(result?.winners).toEqual(captures.flatMap((n, player) => (n === best ? [player] : [])));
    // Places follow the scores: a higher score never has a worse place.
    for (const a of result?.standings ?? [])
      for (const b of result?.standings ?? [])
        if (a.captures > b.captures) expect(a.place as number).toBeLessThan(b.place as number);
  });

  it("makes a shared top score a draw", () => {
    const game = replay(TIE, CAPTURE);
    expect(game.isOver).toBe(true);
    expect(referenceAnyJump(game)).toBe(false);
    expect(game.captures).toEqual([23, 23]);
    expect(game.result()).toEqual({
      reason: "no-jumps",
      winners: [0, 1],
      standings: [
        { player: 0, place: 1, finished: false, resigned: false, captures: 23 },
        { player: 1, place: 1, finished: false, resigned: false, captures: 23 },
      ],
    });
  });

  it("refuses any move once it is over", () => {
    const game = replay(TIE, CAPTURE);
    expectRefused(game, () => game.play("d2-f4"), "game-over");
    expectRefused(game, () => game.play("pass"), "game-over");
  });
});
