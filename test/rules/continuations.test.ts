/**
 * Picking a move without the list of every move: the engine counts the legal
 * moves, and says which holes may follow a partial path and whether the path
 * is a move as it stands. The capture list grows combinatorially, so a board
 * asks these questions one picked hole at a time.
 */
import { describe, expect, it, vi } from "vitest";
import { formatPath, Game, type Hole, perft, type Settings, walkChains } from "../../src/rules/index.ts";
import { holes, names, referenceChains, refusal, replay } from "./helpers.ts";

const CAPTURE = { variant: "capture" } as const satisfies Partial<Settings>;

/** Eight plies into a two-player capture game: 692,828 moves (perft depth 1 agrees, as does bench/native). */
const EIGHT_PLIES = "f5-f3 f7-f5 i2-g2 k4-i2 g7-i5 f9-f7 m6-k4 j5-l5";

/** The holes that may follow a path written as names, as names in reading order. */
function next(game: Game, path: string): string {
  return names(game.continuations(holes(path)).next);
}

function isMove(game: Game, path: string): boolean {
  return game.continuations(holes(path)).isMove;
}

/** What the full list says may follow `path`, and whether it lists `path` itself. */
function fromList(game: Game, path: readonly Hole[]): { next: string; isMove: boolean } {
  const moves = game.legalMoves().map((move) => move.path);
  const extending = moves.filter((move) => move.length > path.length && path.every((hole, i) => move[i] === hole));
  return {
    next: names(extending.map((move) => move[path.length])),
    isMove: path.length > 0 && moves.some((move) => formatPath(move) === formatPath(path)),
  };
}

/** Every prefix of every listed move, the empty path and each piece included. */
function prefixes(game: Game): Hole[][] {
  const seen = new Map<string, Hole[]>([["", []]]);
  for (const { path } of game.legalMoves())
    for (let n = 1; n <= path.length; n++) seen.set(path.slice(0, n).join(" "), path.slice(0, n));
  return [...seen.values()];
}

describe("counting the legal moves without listing them", () => {
  it("counts the 692,828 capture moves eight plies into a game, as perft does, without building the list", () => {
    const game = replay(EIGHT_PLIES, CAPTURE);
    const listing = vi.spyOn(game.searchPosition, "legalMoves");
    expect(game.countMoves()).toBe(692_828);
    expect(perft(game.searchPosition, 1)).toBe(692_828);
    expect(listing).not.toHaveBeenCalled();
  });

  it.each([
    ["the race's start", {}, "", 14],
    ["a race with long jumps", { longJump: true }, "c1-e7 n1-m5", 27],
    ["the capture start", CAPTURE, "", 54],
    ["a capture game with long jumps", { ...CAPTURE, longJump: true }, "j8-j10 l8-j8-p1", 95],
  ] as [string, Partial<Settings>, string, number][])(
    "counts as many moves as the list holds: %s",
    (_, settings, moves, count) => {
      const game = replay(moves, settings);
      expect(game.countMoves()).toBe(count);
      expect(game.legalMoves()).toHaveLength(count);
    },
  );

  it("counts no move once the game is over", () => {
    const game = Game.create(CAPTURE);
    while (!game.isOver) game.apply({ kind: "path", path: game.legalMoves()[0].path });
    expect(game.countMoves()).toBe(0);
  });
});

describe("the pieces that may move: what follows no hole", () => {
  it("names the race pieces of the colour to move that can step or jump", () => {
    const game = Game.create({ players: 2 });
    expect(game.continuations([])).toEqual({ next: holes("c1 c2 c3 d1 d2 d3 d4"), isMove: false });
  });

  it("names every capture piece that can jump, as the list's first holes", () => {
    const game = replay("f5-f3", CAPTURE);
    expect(game.continuations([])).toEqual({ next: holes(fromList(game, []).next), isMove: false });
  });

  it("names the 37 pieces that can jump eight plies in", () => {
    const game = replay(EIGHT_PLIES, CAPTURE);
    expect(next(game, "")).toBe(
      "e6 e7 e8 f3 f5 f7 g2 g3 g5 g8 g9 h4 h7 h8 h9 i2 i3 i7 i8 j2 j7 j8 j9 k3 k4 k6 k7 k8 l4 l5 l6 l7 l8 l9 m5 m7 m8",
    );
  });
});

describe("a race move: a piece, then one of its destinations, each a whole move named by its two ends", () => {
  // N has moved c1-e7 and S n1-m5: a1 may now step to c1 or jump on to e5.
  const game = replay("c1-e7 n1-m5");

  it("offers a piece's destinations, the piece alone being no move", () => {
    expect(next(game, "a1")).toBe("c1 e5");
    expect(isMove(game, "a1")).toBe(false);
  });

  it("makes each destination a whole move, after which nothing follows", () => {
    expect(game.continuations(holes("a1 e5"))).toEqual({ next: [], isMove: true });
    expect(game.continuations(holes("a1 c1"))).toEqual({ next: [], isMove: true });
  });

  it("knows the chain written landing by landing as a move too", () => {
    expect(isMove(game, "a1 c1 e5")).toBe(true);
  });

  it("offers nothing after a hole the piece cannot reach, an empty hole or the other colour's piece", () => {
    expect(game.continuations(holes("a1 e7"))).toEqual({ next: [], isMove: false });
    expect(game.continuations(holes("c1"))).toEqual({ next: [], isMove: false });
    expect(game.continuations(holes("q1"))).toEqual({ next: [], isMove: false });
  });
});

describe("a capture move: any piece that can jump, then landing after landing; it may stop after any landing", () => {
  // After f5-f3 the piece on f7 may jump on through f5, d2, f7 to d4, or the other way round.
  const game = replay("f5-f3", CAPTURE);

  it("offers a piece's first landings, the piece alone being no move", () => {
    expect(next(game, "f7")).toBe("d2 d4 f5");
    expect(isMove(game, "f7")).toBe(false);
  });

  it("offers the landings that may follow, every landing ending a move", () => {
    expect(game.continuations(holes("f7 f5"))).toEqual({ next: holes("d2"), isMove: true });
    expect(game.continuations(holes("f7 f5 d2"))).toEqual({ next: holes("f7"), isMove: true });
    expect(game.continuations(holes("f7 f5 d2 f7"))).toEqual({ next: holes("d4"), isMove: true });
    expect(game.continuations(holes("f7 f5 d2 f7 d4"))).toEqual({ next: [], isMove: true });
  });

  it("offers nothing after a leg that is no jump, or from an empty hole", () => {
    expect(game.continuations(holes("f7 f6"))).toEqual({ next: [], isMove: false });
    expect(game.continuations(holes("f7 f5 f7"))).toEqual({ next: [], isMove: false });
    expect(game.continuations(holes("f5"))).toEqual({ next: [], isMove: false });
  });

  it("agrees with the full list on every prefix of every move", () => {
    for (const position of [game, replay("e6-e4 f8-d3", CAPTURE), replay("j8-j10", { ...CAPTURE, longJump: true })]) {
      for (const path of prefixes(position)) {
        const { next: following, isMove: listed } = position.continuations(path);
        expect({ path: names(path), next: names(following), isMove: listed }).toEqual({
          path: names(path),
          ...fromList(position, path),
        });
      }
    }
  });

  it("lands beyond a piece the chain has captured: after l8-j8, p1 follows (long jumps)", () => {
    const longJumps = replay("j8-j10", { ...CAPTURE, longJump: true });
    expect(next(longJumps, "l8 j8")).toContain("p1");
  });

  it("agrees with the reference chains eight plies in, piece by piece, without the list", () => {
    const eight = replay(EIGHT_PLIES, CAPTURE);
    const listing = vi.spyOn(eight.searchPosition, "legalMoves");
    // h4 alone has 686,342 chains; its first landings only.
    expect(next(eight, "h4")).toBe("f4 f6 h2 h6 j3 j5");
    for (const piece of holes("f7 h8 j7 k4 l5 l7 m8")) {
      const chains = referenceChains(eight, piece).map((chain) => chain.split("-"));
      const reference = new Map<string, { next: Set<string>; isMove: boolean }>();
      for (const chain of chains) {
        for (let n = 1; n <= chain.length; n++) {
          const key = chain.slice(0, n).join(" ");
          const entry = reference.get(key) ?? { next: new Set(), isMove: false };
          if (n === chain.length) entry.isMove = true;
          else entry.next.add(chain[n]);
          reference.set(key, entry);
        }
      }
      for (const [path, expected] of reference) {
        expect({ path, next: next(eight, path), isMove: isMove(eight, path) }).toEqual({
          path,
          next: names(holes([...expected.next].join(" "))),
          isMove: expected.isMove,
        });
      }
    }
    expect(listing).not.toHaveBeenCalled();
  });
});

describe("walking every chain of a piece, depth first, with no list: what perft and the computer players use", () => {
  it("visits each chain of the reference once, leg by leg, and counts them", () => {
    for (const [game, pieces] of [
      [replay(EIGHT_PLIES, CAPTURE), "f7 h8 j7 k4 l5 l7 m8"],
      [replay("j8-j10", { ...CAPTURE, longJump: true }), "l8 h8 j6"],
    ] as const) {
      for (const piece of holes(pieces)) {
        const walked: string[] = [];
        const path: Hole[] = [piece];
        const count = walkChains(game.searchPosition.cells, piece, game.settings.longJump, (_over, to, jumps) => {
          path[jumps] = to;
          walked.push(formatPath(path.slice(0, jumps + 1)));
        });
        expect(walked.sort()).toEqual(referenceChains(game, piece).sort());
        expect(count).toBe(walked.length);
      }
    }
  });

  it("shows each leg on the board as the chain leaves it, and puts every piece back", () => {
    const game = replay(EIGHT_PLIES, CAPTURE);
    const before = game.board();
    const [piece] = holes("f7");
    walkChains(game.searchPosition.cells, piece, false, (over, to) => {
      expect([game.occupant(piece), game.occupant(over), game.occupant(to)]).toEqual([null, null, null]);
    });
    expect(game.board()).toEqual(before);
  });
});

describe("nothing follows once the game is over; a path of non-holes is refused", () => {
  it("offers nothing after the end", () => {
    const game = Game.create(CAPTURE);
    while (!game.isOver) game.apply({ kind: "path", path: game.legalMoves()[0].path });
    expect(game.continuations([])).toEqual({ next: [], isMove: false });
  });

  it("refuses a hole index off the board with bad-notation", () => {
    const game = Game.create(CAPTURE);
    expect(refusal(() => game.continuations([121])).code).toBe("bad-notation");
    expect(refusal(() => game.continuations([0, -1])).code).toBe("bad-notation");
  });
});
