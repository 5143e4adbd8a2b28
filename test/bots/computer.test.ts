/**
 * The computer players by level: every level plays only legal moves of the
 * side to move, in every variant and setting; games among them end before
 * the turn limit, the race with every unit but one finished; the search
 * stops on its clock or its node budget with a legal move. Strength is
 * measured by `npm run bench:bots`, not here.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNLIMITED } from "../../src/bots/budget.ts";
import { lookAhead } from "../../src/bots/capture-levels.ts";
import { LEVEL_LIMITS, raceStep } from "../../src/bots/computer.ts";
import {
  type ComputerOptions,
  computerMove,
  greedyMove,
  LEVELS,
  type Level,
  type MoveAction,
} from "../../src/bots/index.ts";
import { afterMove, hasFinished, raceBoardOf, soloBoard } from "../../src/bots/race-board.ts";
import { greedyStep } from "../../src/bots/race-levels.ts";
import { playRandomTurn, seededRandom } from "../../src/bots/random.ts";
import { formatPath, Game, type Settings, TURN_LIMIT_PER_COLOUR } from "../../src/rules/index.ts";
import { copy, replay } from "../rules/helpers.ts";
import { describeSettings, LEGAL_SETTINGS, randomGame, randomPositions } from "./helpers.ts";

/** A clock that never moves: the node budget alone stops the search, so that a test's moves are the same on any machine. */
const STILL = () => 0;

/** Small budgets for tests: the same search, stopped sooner. */
function testOptions(level: Level, seed = 1): ComputerOptions {
  return { level, now: STILL, maxNodes: 4_000, random: seededRandom(seed) };
}

/** Plays the computer's move, or the pass the side must make. */
function computerTurn(game: Game, options: ComputerOptions): void {
  const action = computerMove(game, options);
  if (action) game.commit(action);
  else game.play("pass");
}

describe("one entry point for every level", () => {
  it("has the levels easy, normal, strong and master", () => {
    expect(LEVELS).toEqual(["easy", "normal", "strong", "master"]);
  });

  it.each(LEVELS)("%s: plays for the player whose turn it is, and nothing once the game is over", (level) => {
    const game = Game.create({ players: 3 });
    const first = computerMove(game, testOptions(level)) as MoveAction;
    expect(first).toEqual({ kind: "move", player: 0, move: { path: expect.any(Array), captured: [] } });
    game.commit(first);
    expect(computerMove(game, testOptions(level))?.player).toBe(1);
    game.resign(0);
    game.resign(1);
    expect(game.isOver).toBe(true);
    expect(computerMove(game, testOptions(level))).toBeUndefined();
  });

  it.each(LEVELS)("%s: nothing when the side to move must pass", (level) => {
    // Six players: NE and NW close every hole N could reach (test/rules/turns.test.ts).
    const game = replay(
      "d1-e5 e11-e9 j10-i9 n1-m5 j1-i1 f2-f4 e5-d1 f11-f9 i9-j10 m5-n1 i1-j1 f3-f5 d1-e5 e10-e8 j10-i9 n1-m5 " +
        "j1-i1 g1-g3 e5-d1 f10-f8 i9-j10 m5-n1 i1-j1 g2-e6 d1-e5 e13-e11 j10-i9 n1-m5 j1-i1 e1-g1 e5-d1 e12-g8 " +
        "i9-j10 m5-n1 i1-j1 e3-e7 d1-e5 g11-g7 j10-i9 n1-m5 j1-i1 g1-e3 e5-d1 g7-f7 i9-j10 m5-n1 i1-j1 e3-g5 " +
        "d1-e5 h10-f10 j10-i9 n1-m5 j1-i1 g5-f6 e5-d1 g8-e10 i9-j10 m5-n1 i1-j1 e4-e5",
      { players: 6 },
    );
    expect(game.mustPass).toBe(true);
    expect(computerMove(game, testOptions(level))).toBeUndefined();
  });
});

describe("every move is legal: the very move the engine makes of its path, for the side to move", () => {
  it.each(LEVELS)("%s, in random positions of every setting, players leaving included", (level) => {
    fc.assert(
      fc.property(randomPositions, (spec) => {
        const game = randomGame(spec);
        const action = computerMove(game, testOptions(level, spec.seed));
        if (game.isOver || game.mustPass) {
          expect(action).toBeUndefined();
          return;
        }
        const { move } = action as MoveAction;
        expect(action).toEqual(copy(game).check({ kind: "path", path: move.path }));
        if (game.settings.variant === "classic") expect(game.legalMoves()).toContainEqual(move);
      }),
      { numRuns: 120 },
    );
  });
});

describe("games among computer players end: the race with every unit but one finished, the capture game without jumps", () => {
  const cases = LEGAL_SETTINGS.flatMap((settings) =>
    LEVELS.map((level) => [level, describeSettings(settings), settings] as [Level, string, Settings]),
  );
  it.each(cases)("%s, %s", (level, _, settings) => {
    const game = Game.create(settings, { firstPlayer: 0 });
    const options = testOptions(level, 7);
    while (!game.isOver) computerTurn(game, options);
    const colours = Math.max(1, game.playerColours.flat().length);
    expect(game.result()?.reason).toBe(settings.variant === "capture" ? "no-jumps" : "finished");
    expect(game.plies).toBeLessThan(TURN_LIMIT_PER_COLOUR * colours);
  });

  it("strong finishes against players who move at random, whose pieces wander into its way and its goal", () => {
    for (const players of [2, 3, 6]) {
      const game = Game.create({ players }, { firstPlayer: 0 });
      const random = seededRandom(players);
      while (!game.isOver && !game.standings()[0].finished) {
        if (game.turn?.player === 0) computerTurn(game, testOptions("strong"));
        else playRandomTurn(game, random, 0.3);
      }
      expect(game.standings()[0]).toMatchObject({ place: 1, finished: true });
      expect(game.plies).toBeLessThan(70 * players);
    }
  });
});

describe("the search stops on its clock and plays the best move found so far", () => {
  /** A clock that moves one millisecond each time it is read, counting the reads. */
  const ticking = () => {
    const clock = { reads: 0, now: () => clock.reads++ };
    return clock;
  };

  it.each([
    ["a race", Game.create({ players: 6 })],
    [
      "the capture game where h4 alone has 686,342 chains",
      replay("f5-f3 f7-f5 i2-g2 k4-i2 g7-i5 f9-f7 m6-k4 j5-l5", { variant: "capture" }),
    ],
  ])("strong in %s: a legal move within its time limit, the clock read only a few times past it", (_, game) => {
    const clock = ticking();
    const action = computerMove(game, {
      level: "strong",
      timeLimitMs: 5,
      now: clock.now,
      maxNodes: Number.POSITIVE_INFINITY,
    });
    expect(action).toEqual(copy(game).check({ kind: "path", path: (action as MoveAction).move.path }));
    // One read sets the deadline; the search stops at the first read past it.
    expect(clock.reads).toBeLessThanOrEqual(5 + 2);
  });

  it("stops on the node budget alone where the clock stands still (as on Cloudflare Workers), the same move every time", () => {
    const game = Game.create({ players: 2 });
    for (let ply = 0; ply < 6; ply++) game.commit(greedyMove(game) as MoveAction);
    const options = { level: "strong", now: STILL, maxNodes: 2_000 } as const;
    const moves = [1, 2, 3].map(() => formatPath((computerMove(game, options) as MoveAction).move.path));
    expect(new Set(moves).size).toBe(1);
  });

  it("with no time at all still plays: every move is weighed once before the clock is read", () => {
    const game = Game.create({ players: 2 });
    const action = computerMove(game, { level: "strong", timeLimitMs: 0, now: STILL });
    expect(game.legalMoves()).toContainEqual((action as MoveAction).move);
  });

  it("has default limits under the platform's budget per move: 50 ms or less for every level", () => {
    for (const level of LEVELS) expect(LEVEL_LIMITS[level].timeLimitMs).toBeLessThanOrEqual(50);
  });
});

describe("the race on the computer players' own board", () => {
  it("greedy on the board makes the greedy player's move, in random race positions", () => {
    const racePositions = randomPositions.filter((spec) => spec.settings.variant === "classic");
    fc.assert(
      fc.property(racePositions, (spec) => {
        const game = randomGame(spec);
        if (game.isOver || game.mustPass) return;
        const step = greedyStep(raceBoardOf(game));
        const { path } = (greedyMove(game) as MoveAction).move;
        expect(step).toEqual({ from: path[0], to: path[path.length - 1] });
      }),
      { numRuns: 100 },
    );
  });

  it("strong crosses the board alone in at most 30 moves (the shortest crossing takes 27), with its default node budget", () => {
    let board = soloBoard("N");
    let moves = 0;
    while (!hasFinished(board) && moves < 100) {
      const step = raceStep(board, { level: "strong", now: STILL });
      if (!step) throw new Error("no move");
      board = afterMove(board, step.from, step.to);
      moves++;
    }
    expect(moves).toBeLessThanOrEqual(30);
  });
});

describe("capture: normal is the greedy player, strong weighs the reply its move allows", () => {
  const capturePositions = randomPositions.filter((spec) => spec.settings.variant === "capture");

  it("normal plays the greedy player's chain", () => {
    fc.assert(
      fc.property(capturePositions, (spec) => {
        const game = randomGame(spec);
        if (game.isOver || game.countMoves() > 20_000) return;
        const normal = computerMove(game, { level: "normal", now: STILL });
        expect(normal).toEqual(greedyMove(game));
      }),
      { numRuns: 60 },
    );
  });

  /** The longest chain the next player has after `action`, or undefined when its moves are too many to list. */
  const longestReply = (game: Game, action: MoveAction) => {
    const after = copy(game);
    after.commit(action);
    if (after.isOver) return 0;
    if (after.countMoves() > 20_000) return undefined;
    return Math.max(...after.legalMoves().map((move) => move.captured.length));
  };
  const boardOf = (game: Game) => Uint8Array.from(game.board(), (occupant) => (occupant === null ? 0 : 1));

  it("looking two turns ahead, the chain's captures less the longest reply are the most of all the longest chains'", () => {
    fc.assert(
      fc.property(capturePositions, (spec) => {
        const game = randomGame(spec);
        if (game.isOver || game.countMoves() > 3_000) return;
        const chain = lookAhead(boardOf(game), game.settings.longJump, 2, UNLIMITED);
        const strong = game.check({ kind: "path", path: chain.path }) as MoveAction;
        expect(strong.move.captured).toEqual(chain.captured);
        const greedy = greedyMove(game) as MoveAction;
        const [strongReply, greedyReply] = [longestReply(game, strong), longestReply(game, greedy)];
        if (strongReply === undefined || greedyReply === undefined) return;
        expect(strong.move.captured.length - strongReply).toBeGreaterThanOrEqual(
          greedy.move.captured.length - greedyReply,
        );
      }),
      { numRuns: 60 },
    );
  });

  it("with three players or more, strong captures as many as greedy and leaves the next player no longer a chain", () => {
    const crowded = capturePositions.filter((spec) => spec.settings.players > 2 && spec.resign === null);
    fc.assert(
      fc.property(crowded, (spec) => {
        const game = randomGame(spec);
        if (game.isOver || game.countMoves() > 3_000) return;
        const strong = computerMove(game, { level: "strong", now: STILL }) as MoveAction;
        const greedy = greedyMove(game) as MoveAction;
        expect(strong.move.captured.length).toBe(greedy.move.captured.length);
        const [strongReply, greedyReply] = [longestReply(game, strong), longestReply(game, greedy)];
        if (strongReply !== undefined && greedyReply !== undefined)
          expect(strongReply).toBeLessThanOrEqual(greedyReply);
      }),
      { numRuns: 40 },
    );
  });
});
