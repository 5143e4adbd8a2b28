/**
 * The greedy computer player: in the race the move that brings the colour's
 * pieces nearest its goal, in the capture variant the chain that captures
 * the most; always a legal move of the side to move, as the engine itself
 * makes it, and nothing when there is nothing to play.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { type Candidate, isBetter } from "../../src/bots/greedy.ts";
import { distanceToGo, greedyMove, type MoveAction } from "../../src/bots/index.ts";
import {
  formatPath,
  Game,
  goalHoles,
  type Point,
  type Settings,
  TURN_LIMIT_PER_COLOUR,
} from "../../src/rules/index.ts";
import { copy, replay } from "../rules/helpers.ts";
import { describeSettings, LEGAL_SETTINGS, randomGame, randomPositions } from "./helpers.ts";

const RACE_SETTINGS = LEGAL_SETTINGS.filter((settings) => settings.variant === "classic");
const CAPTURE_SETTINGS = LEGAL_SETTINGS.filter((settings) => settings.variant === "capture");

/** Six players: NE and NW close every hole N could reach, so N must pass (the position of test/rules/turns.test.ts). */
const N_BLOCKED =
  "d1-e5 e11-e9 j10-i9 n1-m5 j1-i1 f2-f4 e5-d1 f11-f9 i9-j10 m5-n1 i1-j1 f3-f5 d1-e5 e10-e8 j10-i9 n1-m5 " +
  "j1-i1 g1-g3 e5-d1 f10-f8 i9-j10 m5-n1 i1-j1 g2-e6 d1-e5 e13-e11 j10-i9 n1-m5 j1-i1 e1-g1 e5-d1 e12-g8 " +
  "i9-j10 m5-n1 i1-j1 e3-e7 d1-e5 g11-g7 j10-i9 n1-m5 j1-i1 g1-e3 e5-d1 g7-f7 i9-j10 m5-n1 i1-j1 e3-g5 " +
  "d1-e5 h10-f10 j10-i9 n1-m5 j1-i1 g5-f6 e5-d1 g8-e10 i9-j10 m5-n1 i1-j1 e4-e5";

/** Eight plies into a two-player capture game: 692,828 moves, 686,342 of them by the piece on h4. */
const EIGHT_PLIES = "f5-f3 f7-f5 i2-g2 k4-i2 g7-i5 f9-f7 m6-k4 j5-l5";

/** Plays the greedy player's move, or the pass the side must make. */
function greedyTurn(game: Game): void {
  const action = greedyMove(game);
  if (action) game.commit(action);
  else game.play("pass");
}

/** A game of greedy players from the start, to its end or for `plies` turns. */
function greedyGame(settings: Partial<Settings>, firstPlayer?: number, plies = Number.POSITIVE_INFINITY): Game {
  const game = Game.create(settings, { firstPlayer });
  while (!game.isOver && game.plies < plies) greedyTurn(game);
  return game;
}

/** What each legal move gains for the colour to move, by the measure the greedy player uses. */
function gains(game: Game): Map<string, number> {
  const colour = game.turn?.colour as Point;
  const goal = goalHoles(colour, game.settings.pieces);
  const pieces = game.board().flatMap((occupant, hole) => (occupant === colour ? [hole] : []));
  const before = distanceToGo(pieces, goal);
  const gain = new Map<string, number>();
  for (const { path } of game.legalMoves()) {
    const after = pieces.map((hole) => (hole === path[0] ? path[path.length - 1] : hole));
    gain.set(formatPath(path), before - distanceToGo(after, goal));
  }
  return gain;
}

function played(game: Game): string {
  return formatPath((greedyMove(game) as MoveAction).move.path);
}

describe("the greedy player moves for the side to move, and only when it may move", () => {
  it("plays for the player whose turn it is, a move the engine accepts as it is", () => {
    const game = Game.create({ players: 2 });
    const first = greedyMove(game) as MoveAction;
    expect(first).toEqual({ kind: "move", player: 0, move: { path: expect.any(Array), captured: [] } });
    game.commit(first);
    expect(greedyMove(game)?.player).toBe(1);
  });

  it("has nothing to play once the game is over", () => {
    const race = Game.create({ players: 2 });
    race.resign(0);
    expect(race.isOver).toBe(true);
    expect(greedyMove(race)).toBeUndefined();
    expect(greedyMove(greedyGame({ variant: "capture" }))).toBeUndefined();
  });

  it("has nothing to play when the side to move must pass", () => {
    const game = replay(N_BLOCKED, { players: 6 });
    expect(game.mustPass).toBe(true);
    expect(greedyMove(game)).toBeUndefined();
  });
});

describe("every move it returns is legal: the very move the engine makes of its path for the side to move", () => {
  it("in random positions of every setting, players leaving included", () => {
    fc.assert(
      fc.property(randomPositions, (spec) => {
        const game = randomGame(spec);
        const action = greedyMove(game);
        if (game.isOver || game.mustPass) {
          expect(action).toBeUndefined();
          return;
        }
        const move = (action as MoveAction).move;
        expect(action).toEqual(copy(game).check({ kind: "path", path: move.path }));
        if (game.settings.variant === "classic") expect(game.legalMoves()).toContainEqual(move);
        game.commit(action as MoveAction);
      }),
      { numRuns: 250 },
    );
  });
});

describe("race: the move that brings the colour's pieces nearest to its goal", () => {
  it("takes a whole chain over its parts: e6-g4-g2-i2-k2-k4 gains 98, its parts 70, any other move 36 at most", () => {
    const game = greedyGame({ players: 2 }, undefined, 32);
    const gain = gains(game);
    expect(played(game)).toBe("e6-g4-g2-i2-k2-k4");
    expect([gain.get("e6-g4-g2-i2-k2-k4"), gain.get("e6-g4-g2-i2-k2"), gain.get("e6-g4-g2-i2")]).toEqual([98, 70, 70]);
    const others = [...gain].filter(([path]) => !path.startsWith("e6-g4-g2-i2"));
    expect(Math.max(...others.map(([, value]) => value))).toBe(36);
  });

  it("among equal gains moves the rearmost piece: S plays m5-k5 (12 steps from a1), not l5-j3 (11 steps)", () => {
    const game = greedyGame({ players: 2 }, undefined, 33);
    const gain = gains(game);
    const best = Math.max(...gain.values());
    expect([gain.get("m5-k5"), gain.get("l5-j3")]).toEqual([best, best]);
    expect(played(game)).toBe("m5-k5");
  });

  it("among equal gains of pieces equally far behind, the lowest holes: N opens c1-e5 of its six jumps from row c", () => {
    const game = Game.create({ players: 2 });
    const gain = gains(game);
    const jumps = ["c1-e5", "c1-e7", "c2-e6", "c2-e8", "c3-e7", "c3-e9"].map((path) => gain.get(path));
    expect(new Set(jumps)).toEqual(new Set([Math.max(...gain.values())]));
    expect(played(game)).toBe("c1-e5");
  });
});

describe("race, when no move gains: the hole the player's pieces left longest ago, so that none steps back and forth", () => {
  const move = { path: [], captured: [] };
  const candidate = (gain: number, sinceLeft: number, from = 10, to = 20): Candidate => ({
    move,
    gain,
    sinceLeft,
    behind: 5,
    from,
    to,
  });

  it("prefers a hole left three moves ago, or never lately, to the hole left on its last move", () => {
    expect(isBetter(candidate(0, 3, 30, 40), candidate(0, 1))).toBe(true);
    expect(isBetter(candidate(-2, Number.POSITIVE_INFINITY, 30, 40), candidate(-2, 1))).toBe(true);
  });

  it("lets a move that gains more win whatever the memory, and ignores the memory among moves that gain", () => {
    expect(isBetter(candidate(1, 1), candidate(0, Number.POSITIVE_INFINITY))).toBe(true);
    expect(isBetter(candidate(2, 1), candidate(2, Number.POSITIVE_INFINITY, 30, 40))).toBe(true);
  });
});

describe("capture: the chain that captures the most pieces", () => {
  it("at the start, where every chain captures one piece, moves the first piece in reading order that can jump", () => {
    const game = Game.create({ variant: "capture" });
    expect((greedyMove(game) as MoveAction).move.captured).toHaveLength(1);
    expect(played(game)).toBe("e6-e4");
  });

  it("finds h4's 19-capture chain among 692,828 moves eight plies in, without listing them", () => {
    const game = replay(EIGHT_PLIES, { variant: "capture" });
    const listing = vi.spyOn(game.searchPosition, "legalMoves");
    const action = greedyMove(game) as MoveAction;
    expect(formatPath(action.move.path)).toBe("h4-h6-j5-j3-j1-h2-h4-j3-h2-f2-f4-f6-f8-d3-f6-h4-f4-d1-f6-h6");
    expect(action.move.captured).toHaveLength(19);
    expect(listing).not.toHaveBeenCalled();
  });

  it("captures as many pieces as the longest listed move, in random positions", () => {
    const capturePositions = randomPositions.filter((spec) => spec.settings.variant === "capture");
    fc.assert(
      fc.property(capturePositions, (spec) => {
        const game = randomGame(spec);
        if (game.isOver || game.countMoves() > 20_000) return;
        const longest = Math.max(...game.legalMoves().map((move) => move.captured.length));
        expect((greedyMove(game) as MoveAction).move.captured).toHaveLength(longest);
      }),
      { numRuns: 100 },
    );
  });
});

describe("greedy games finish: the race before the turn limit, the capture game when no piece can jump", () => {
  it("two players: N finishes on its 56th move, after 111 plies", () => {
    const game = greedyGame({ players: 2 });
    expect(game.result()?.reason).toBe("finished");
    expect(game.result()?.winners).toEqual([0]);
    expect(game.plies).toBe(111);
  });

  it.each(
    RACE_SETTINGS.flatMap((settings) =>
      Array.from({ length: settings.players }, (_, first) => [describeSettings(settings), first + 1, settings]),
    ) as [string, number, Settings][],
  )("%s, player %i first: every unit but one finishes, in at most 70 turns per colour", (_, first, settings) => {
    const game = greedyGame(settings, first - 1);
    const colours = game.playerColours.flat().length;
    expect(game.result()?.reason).toBe("finished");
    expect(game.plies).toBeLessThanOrEqual(70 * colours);
    expect(game.plies).toBeLessThan(TURN_LIMIT_PER_COLOUR * colours);
  });

  it.each(CAPTURE_SETTINGS.map((settings) => [describeSettings(settings), settings]) as [string, Settings][])(
    "%s: ends when no piece can jump",
    (_, settings) => {
      expect(greedyGame(settings).result()?.reason).toBe("no-jumps");
    },
  );
});
