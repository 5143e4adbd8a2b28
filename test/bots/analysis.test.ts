/**
 * The game analysis on real games: games played by the computer players
 * (deterministic: node budgets and a clock that stands still), analysed,
 * and the analysis checked against the engine and against itself: each
 * estimate is `movesToFinish` of the pieces on the board, a move changes its
 * own colour's estimate only, the best move is legal where it is offered
 * and the estimate after it is the one reported, tempo and verdicts follow
 * from the estimates, and better players lose less tempo.
 */
import { describe, expect, it } from "vitest";
import {
  ANALYSIS_LIMITS,
  analyseGame,
  canAnalyse,
  computerMove,
  type GameAnalysis,
  greedyMove,
  type Level,
  movesToFinish,
  THRESHOLDS,
  type Verdict,
  verdictOf,
} from "../../src/bots/index.ts";
import { playRandomTurn, seededRandom } from "../../src/bots/random.ts";
import {
  CENTRE,
  Game,
  goalHoles,
  HEXAGON,
  type Hole,
  POINT_HOLES,
  type Settings,
  stepsBetween,
} from "../../src/rules/index.ts";

/** A clock that never moves: the node budget alone stops the search, so that a game is the same on any machine. */
const STILL = () => 0;

type Player = Level | "greedy" | "random";

/** A whole game among the given players (one per seat), the same on every run. */
function play(players: readonly Player[], settings: Partial<Settings> = {}, seed = 1): Game {
  const game = Game.create({ players: players.length, ...settings });
  const random = seededRandom(seed);
  while (!game.isOver && game.history.length < 600) {
    const player = players[game.turn?.player ?? 0];
    if (player === "random") {
      playRandomTurn(game, random);
      continue;
    }
    const action =
      player === "greedy"
        ? greedyMove(game)
        : computerMove(game, { level: player, maxNodes: 20_000, now: STILL, random });
    if (action) game.commit(action);
    else game.play("pass");
  }
  return game;
}

/** The game after its first `ply` actions. */
function at(game: Game, ply: number): Game {
  const past = Game.create(game.settings, { firstPlayer: game.firstPlayer });
  for (const action of game.history.slice(0, ply)) past.commit(action);
  return past;
}

function piecesOf(game: Game, colour: string): Hole[] {
  return game.board().flatMap((occupant, hole) => (occupant === colour ? [hole] : []));
}

function tempoBy(analysis: GameAnalysis, player: number): number[] {
  return analysis.moves.flatMap((review) => (review && review.player === player ? [review.tempoLost] : []));
}

function verdictCounts(analysis: GameAnalysis, player: number): Partial<Record<Verdict, number>> {
  const counts: Partial<Record<Verdict, number>> = {};
  for (const review of analysis.moves) {
    if (review?.player === player) counts[review.verdict] = (counts[review.verdict] ?? 0) + 1;
  }
  return counts;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe("moves to finish", () => {
  const goal = goalHoles("S", 10);

  it("is 0 in the goal, 1 a step away, and the same whatever the order of the pieces", () => {
    expect(movesToFinish(goal, goal, false)).toEqual({ moves: 0, first: null });
    // A piece of the goal's front row one step out into the hexagon: one move back in.
    const front = goal.reduce((near, hole) => (stepsBetween(hole, CENTRE) < stepsBetween(near, CENTRE) ? hole : near));
    const out = HEXAGON.find((hole) => stepsBetween(hole, front) === 1) as Hole;
    const pieces = goal.map((hole) => (hole === front ? out : hole));
    expect(movesToFinish(pieces, goal, false)).toEqual({ moves: 1, first: { from: out, to: front } });
    const start = movesToFinish(POINT_HOLES.S, goal, false);
    expect(movesToFinish([...POINT_HOLES.S].reverse(), goal, false)).toEqual(start);
  });

  it("from the start, about the strong level's crossing; long jumps shorten it", () => {
    const start = movesToFinish(POINT_HOLES.S, goal, false).moves;
    expect(start).toBeGreaterThan(27);
    expect(start).toBeLessThan(40);
    expect(movesToFinish(POINT_HOLES.S, goal, true).moves).toBeLessThan(start);
  });
});

describe("a two-player game, strong against greedy", () => {
  const game = play(["strong", "greedy"]);
  const progress: [number, number][] = [];
  const analysis = analyseGame(game, { onProgress: (done, total) => progress.push([done, total]) });

  it("has an estimate for each player after every action, and a review of every move", () => {
    expect(game.isOver).toBe(true);
    expect(analysis.estimates).toHaveLength(game.history.length + 1);
    expect(analysis.moves).toHaveLength(game.history.length);
    expect(progress).toEqual(game.history.map((_, i) => [i + 1, game.history.length]));
    for (const [ply, review] of analysis.moves.entries()) {
      expect(review?.ply).toBe(ply + 1);
      expect(review?.played).toEqual(game.history[ply].kind === "move" ? game.history[ply].move.path : undefined);
    }
  });

  it("each estimate is movesToFinish of the player's pieces on the board, 0 once finished", () => {
    const { winners } = game.result() ?? { winners: [] };
    expect(winners).toEqual([0]);
    analysis.estimates.forEach((estimates, ply) => {
      const position = at(game, ply);
      position.playerColours.forEach(([colour], player) => {
        const expected =
          ply === game.history.length && player === 0
            ? 0
            : movesToFinish(piecesOf(position, colour), goalHoles(colour, 10), false).moves;
        expect(estimates[player]).toBe(expected);
      });
    });
    expect(analysis.estimates.at(-1)?.[1]).toBeGreaterThan(0);
  });

  it("a move changes its own side's estimate only, and the review's before and after are those", () => {
    for (const review of analysis.moves) {
      if (!review) continue;
      const other = 1 - review.player;
      expect(analysis.estimates[review.ply][other]).toBe(analysis.estimates[review.ply - 1][other]);
      expect(review.before).toBe(analysis.estimates[review.ply - 1][review.player]);
      expect(review.after).toBe(analysis.estimates[review.ply][review.player]);
    }
  });

  it("the best move is legal in its position, and the estimate after it is the one reported", () => {
    let offered = 0;
    for (const review of analysis.moves) {
      if (!review) continue;
      expect(review.tempoLost).toBe(Math.max(0, Math.round((review.after - review.bestAfter) * 10) / 10));
      expect(review.verdict).toBe(verdictOf(review.tempoLost));
      if (review.best === null) {
        expect(review.tempoLost).toBe(0);
        continue;
      }
      offered++;
      const position = at(game, review.ply - 1);
      const checked = position.check({ kind: "path", path: review.best });
      expect(checked).toMatchObject({ kind: "move", player: review.player, move: { path: review.best } });
      position.commit(checked);
      const estimate = movesToFinish(piecesOf(position, review.colour), goalHoles(review.colour, 10), false);
      expect(estimate.moves).toBe(review.bestAfter);
      expect(review.tempoLost).toBeGreaterThan(0);
    }
    expect(offered).toBeGreaterThan(0);
  });

  it("strong loses less tempo than greedy: no move of strong's is marked, greedy's are", () => {
    const strong = tempoBy(analysis, 0);
    const greedy = tempoBy(analysis, 1);
    expect(sum(strong)).toBeLessThan(sum(greedy));
    expect(Math.max(...strong)).toBeLessThan(THRESHOLDS.inaccuracy);
    // The engine's values for this game: 67 actions, both sides 37.2 moves from home at the start.
    expect(game.history).toHaveLength(67);
    expect(analysis.estimates[0]).toEqual([37.2, 37.2]);
    expect(analysis.estimates.at(-1)).toEqual([0, 6.4]);
    expect(verdictCounts(analysis, 0)).toEqual({ good: 34 });
    expect(verdictCounts(analysis, 1)).toEqual({ good: 21, inaccuracy: 8, mistake: 4 });
    expect(analysis.moves[7]).toMatchObject({
      player: 1,
      played: [117, 106],
      before: 33.9,
      after: 34.3,
      best: [112, 90],
      bestAfter: 32.5,
      tempoLost: 1.8,
      verdict: "mistake",
    });
  });

  it("is the same game analysed twice", () => {
    expect(analyseGame(game)).toEqual(analysis);
  });
});

describe("verdicts", () => {
  it("follow the thresholds", () => {
    expect([0, 0.4, 0.5, 0.9, 1, 1.9, 2, 7].map(verdictOf)).toEqual([
      "good",
      "good",
      "inaccuracy",
      "inaccuracy",
      "mistake",
      "mistake",
      "blunder",
      "blunder",
    ]);
  });

  it("a random player blunders where strong does not", () => {
    const game = play(["strong", "random"], {}, 7);
    const analysis = analyseGame(game);
    const verdicts = analysis.moves.filter((review) => review?.player === 1).map((review) => review?.verdict);
    expect(verdicts.filter((verdict) => verdict === "blunder").length).toBeGreaterThan(3);
    expect(analysis.moves.filter((review) => review?.player === 0 && review.verdict !== "good").length).toBeLessThan(3);
  });
});

describe("other settings", () => {
  it("three players: a line each, summed over colours; the capture variant is not analysed", () => {
    const game = play(["strong", "normal", "greedy"]);
    const analysis = analyseGame(game, { limits: { ...ANALYSIS_LIMITS, bestMoveNodes: 4_000 } });
    expect(analysis.estimates.every((estimates) => estimates.length === 3)).toBe(true);
    expect(analysis.estimates.at(-1)).toContain(0);
    expect(canAnalyse(game.settings)).toBe(true);
    const capture = Game.create({ variant: "capture" });
    expect(canAnalyse(capture.settings)).toBe(false);
    expect(() => analyseGame(capture)).toThrow(/race/);
  });

  it("a player who leaves has no estimate from then on", () => {
    const game = Game.create({ players: 3 });
    for (let i = 0; i < 6; i++) game.commit(greedyMove(game) ?? expect.unreachable());
    game.resign(2);
    for (let i = 0; i < 4; i++) game.commit(greedyMove(game) ?? expect.unreachable());
    const analysis = analyseGame(game);
    expect(analysis.estimates[6][2]).toBeTypeOf("number");
    expect(analysis.estimates[7][2]).toBeNull();
    expect(analysis.moves[6]).toBeNull();
  });

  it("two colours each: a player's estimate is the sum of their colours'", () => {
    const game = Game.create({ players: 2, colours: 2 });
    for (let i = 0; i < 8; i++) game.commit(greedyMove(game) ?? expect.unreachable());
    const analysis = analyseGame(game, { limits: { bestMoveNodes: 2_000 } });
    const colours = game.playerColours[0];
    const expected = sum(
      colours.map((colour) => movesToFinish(piecesOf(game, colour), goalHoles(colour, 10), false).moves),
    );
    expect(analysis.estimates.at(-1)?.[0]).toBeCloseTo(expected, 6);
  });
});
