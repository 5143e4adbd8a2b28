/**
 * The master level: strong's plan weighed against the other colours'
 * replies. It plays only legal moves in every setting with its look-ahead at
 * work, stops on its node budget with the same move every time, finishes when
 * it can, and is offered wherever the other levels are. How well it plays is
 * measured by `npm run bench:bots`, not here.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { budget } from "../../src/bots/budget.ts";
import { RACE_SHAPES } from "../../src/bots/computer.ts";
import { tipCosts } from "../../src/bots/evaluation.ts";
import { computerMove, greedyMove, LEVEL_LIMITS, LEVELS, type MoveAction } from "../../src/bots/index.ts";
import { MASTER_SHAPE, masterRaceStep } from "../../src/bots/master-race.ts";
import { raceBoardOf } from "../../src/bots/race-board.ts";
import { searchRace } from "../../src/bots/race-search.ts";
import { Game } from "../../src/rules/index.ts";
import { copy } from "../rules/helpers.ts";
import { LEGAL_SETTINGS, randomGame, randomPositions } from "./helpers.ts";

/** A clock that never moves: the node budget alone stops the move, as on Cloudflare Workers. */
const STILL = () => 0;

/** A time limit the still clock never reaches. */
const NO_TIME_LIMIT = 1e9;

/** Enough for the plan and a few candidates, so that the look-ahead runs, and quick. */
const NODES = 160_000;

/** Plays greedy turns (and passes) until `stop` holds before a turn or the game ends. */
function greedyUntil(game: Game, stop: (game: Game) => boolean): void {
  for (let ply = 0; ply < 2000 && !game.isOver && !stop(game); ply++) {
    const action = greedyMove(game);
    if (action) game.commit(action);
    else game.play("pass");
  }
}

/** Whether the side to move has a move that fills its goal. */
function canFinish(game: Game): boolean {
  const player = game.turn?.player as number;
  return game.legalMoves().some((move) => {
    const after = copy(game);
    after.apply({ kind: "path", path: move.path });
    return after.standings()[player].finished;
  });
}

describe("master is a level like the others", () => {
  it("comes after strong", () => {
    expect(LEVELS).toEqual(["easy", "normal", "strong", "master"]);
  });

  it("has a node budget of three strong moves and a time limit within the platform's 50 ms", () => {
    expect(LEVEL_LIMITS.master).toEqual({ timeLimitMs: 50, maxNodes: 300_000 });
    expect(MASTER_SHAPE.planNodes).toBe(LEVEL_LIMITS.strong.maxNodes);
  });
});

describe("with its look-ahead at work, every move is the engine's own for the side to move", () => {
  const racePositions = randomPositions.filter((spec) => spec.settings.variant === "classic");
  it("in random race positions of every setting, players leaving included", () => {
    fc.assert(
      fc.property(racePositions, (spec) => {
        const game = randomGame(spec);
        if (game.isOver || game.mustPass) return;
        const before = JSON.stringify(game.history);
        const action = computerMove(game, { level: "master", now: STILL, maxNodes: NODES }) as MoveAction;
        expect(action).toEqual(copy(game).check({ kind: "path", path: action.move.path }));
        // computerMove reads the game and never changes it.
        expect(JSON.stringify(game.history)).toBe(before);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it.each(
    LEGAL_SETTINGS.filter(
      (settings) => settings.variant === "classic" && settings.players <= 3 && settings.colours === 1,
    ).slice(0, 4),
  )("weighs candidates against the others' replies from the opening (%o)", (settings) => {
    const game = Game.create(settings, { firstPlayer: 0 });
    const step = masterRaceStep(game, budget(STILL, NO_TIME_LIMIT, NODES));
    expect(step?.weighed).toBeGreaterThan(0);
  });
});

describe("the node budget stops it where the clock stands still", () => {
  const game = Game.create({ players: 3 });
  greedyUntil(game, (game) => game.plies >= 12);

  it("within the budget and one candidate's searches past it, the same move every time", () => {
    const steps = [1, 2, 3].map(() => masterRaceStep(game, budget(STILL, NO_TIME_LIMIT, NODES)));
    for (const step of steps) {
      expect(step?.nodes).toBeLessThanOrEqual(NODES + 3 * MASTER_SHAPE.subNodes);
      expect(step).toEqual(steps[0]);
    }
  });

  it("with no more than strong's budget, plays strong's plan alone", () => {
    const step = masterRaceStep(game, budget(STILL, NO_TIME_LIMIT, LEVEL_LIMITS.strong.maxNodes));
    expect(step?.weighed).toBe(0);
    const strong = computerMove(game, { level: "strong", now: STILL });
    expect(strong?.move.path[0]).toBe(step?.from);
    expect(strong?.move.path.at(-1)).toBe(step?.to);
  });
});

describe("in a crowd, four colours or more, it plays its plan alone, measured by the steps to go", () => {
  it.each([4, 6])("with %i players, through a game's first plies: strong's search with its own measure", (players) => {
    const game = Game.create({ players }, { firstPlayer: 0 });
    let unlikeStrong = 0;
    for (let ply = 0; ply < 3 * players; ply++) {
      const board = raceBoardOf(game);
      const plan = searchRace(
        board,
        tipCosts(board.goal, MASTER_SHAPE.crowdExponent),
        { ...RACE_SHAPES.strong, leafWeight: 1 },
        budget(STILL, NO_TIME_LIMIT, MASTER_SHAPE.planNodes),
      );
      const master = computerMove(game, { level: "master", now: STILL }) as MoveAction;
      expect([master.move.path[0], master.move.path.at(-1)]).toEqual([plan?.from, plan?.to]);
      const strong = computerMove(game, { level: "strong", now: STILL }) as MoveAction;
      if (strong.move.path.at(-1) !== plan?.to || strong.move.path[0] !== plan?.from) unlikeStrong++;
      game.commit(master);
    }
    // The measure is what sets it apart: strong, with the square, would have moved otherwise at some of these plies.
    expect(unlikeStrong).toBeGreaterThan(0);
  });
});

describe("the endgame", () => {
  it.each([2, 3])("with %i players, it fills its goal as soon as a move can", { timeout: 30_000 }, (players) => {
    const game = Game.create({ players }, { firstPlayer: 0 });
    greedyUntil(game, canFinish);
    expect(canFinish(game)).toBe(true);
    const player = game.turn?.player as number;
    const action = computerMove(game, { level: "master", now: STILL, maxNodes: NODES }) as MoveAction;
    game.commit(action);
    expect(game.standings()[player].finished).toBe(true);
  });
});
