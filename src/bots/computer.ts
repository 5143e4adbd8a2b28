/**
 * The computer players, by level: the one entry point the table calls.
 * Every level plays every variant and setting; each move is the engine's
 * own, checked by `Game.check`, for the side to move.
 */
import type { Game, Hole, Variant } from "../rules/index.ts";
import { type Budget, budget } from "./budget.ts";
import { captureStep } from "./capture-levels.ts";
import type { MoveAction } from "./greedy.ts";
import type { Level } from "./levels.ts";
import { masterRaceStep } from "./master-race.ts";
import { type RaceBoard, raceBoardOf } from "./race-board.ts";
import { noisyStep, searchStep } from "./race-levels.ts";
import type { RaceStep, SearchShape } from "./race-search.ts";

export interface ComputerOptions {
  readonly level: Level;
  /**
   * The most a move may think, in milliseconds of `now`: the search stops
   * and plays the best move found so far. Default per level (`LEVEL_LIMITS`).
   */
  readonly timeLimitMs?: number;
  /**
   * The most positions a move may evaluate: the same stop, counted in work.
   * It is what bounds a move on Cloudflare Workers, whose clocks stand
   * still during a computation. Default per level (`LEVEL_LIMITS`).
   */
  readonly maxNodes?: number;
  /** Random numbers in [0, 1) for the easy level's noise (default `Math.random`): seed it for games that replay. */
  readonly random?: () => number;
  /** The clock, in milliseconds (default `Date.now`); pass `() => performance.now()` where it exists, or a fake in tests. */
  readonly now?: () => number;
}

/** Each level's default limits per move. */
export const LEVEL_LIMITS: Readonly<Record<Level, { readonly timeLimitMs: number; readonly maxNodes: number }>> = {
  easy: { timeLimitMs: 20, maxNodes: 20_000 },
  normal: { timeLimitMs: 20, maxNodes: 20_000 },
  strong: { timeLimitMs: 40, maxNodes: 100_000 },
  // Strong's 100,000 for its plan, the rest for weighing candidates by the others' replies (`master-race.ts`).
  master: { timeLimitMs: 50, maxNodes: 300_000 },
};

/**
 * How the searching levels search the race. Strong looks as far as its
 * budget lets it, 150 positions a layer: with two or three colours on the
 * board it ranks positions by how near they are after the moves looked at
 * (which crosses an empty board in the fewest moves, 27); with four or more,
 * where the others' moves spoil plans, by the sum along the line, so that
 * the progress comes early (`CROWDED`).
 */
export const RACE_SHAPES: Readonly<Record<"normal" | "strong" | "master", SearchShape>> = {
  normal: { width: 4, depth: 2 },
  strong: { width: 150, depth: 60 },
  // Master's plan alone: what it plays where there is no one else to weigh (the solo crossing).
  master: { width: 150, depth: 60 },
};

/** From this many colours on the board, strong ranks lines by their sum (`SearchShape.leafWeight` 1). */
export const CROWDED = 4;

/** How often the easy level plays a random forward move instead of the greedy one. */
export const EASY_NOISE = 0.5;

/** The computer's move for the side to move; undefined when the game is over or the side must pass. */
export function computerMove(game: Game, options: ComputerOptions): MoveAction | undefined {
  if (game.isOver || game.mustPass) return undefined;
  return toAction(game, PATH[game.settings.variant](game, options));
}

/** The path each variant's levels choose: a new variant fails the type check here until the levels know it. */
const PATH: Readonly<Record<Variant, (game: Game, options: ComputerOptions) => readonly Hole[]>> = {
  classic: (game, options) => {
    const step =
      options.level === "master" ? masterRaceStep(game, budgetOf(options)) : raceStep(raceBoardOf(game), options);
    if (!step) throw new Error("computerMove: the side to move has a move, but none was found");
    return [step.from, step.to];
  },
  capture: (game, options) => captureStep(game, options.level, budgetOf(options), options.random ?? Math.random),
};

/**
 * The level's race move on a board of the computer players' own: what
 * `computerMove` plays in the race (but master's, which weighs the other
 * colours' replies and needs the game), and what the benchmark's solo
 * crossing (one colour alone, which no game of the engine has) measures:
 * master alone on the board plays its plan, strong's search.
 */
export function raceStep(board: RaceBoard, options: ComputerOptions): RaceStep | undefined {
  const { level } = options;
  if (level === "easy") return noisyStep(board, EASY_NOISE, options.random ?? Math.random);
  const shape = RACE_SHAPES[level];
  const crowded = level !== "normal" && board.colours >= CROWDED;
  return searchStep(board, crowded ? { leafWeight: 1, ...shape } : shape, budgetOf(options));
}

function budgetOf(options: ComputerOptions): Budget {
  const limits = LEVEL_LIMITS[options.level];
  return budget(
    options.now ?? Date.now,
    options.timeLimitMs ?? limits.timeLimitMs,
    options.maxNodes ?? limits.maxNodes,
  );
}

/** The engine's own move for a path of the side to move: a race path by its ends gets a full route. */
function toAction(game: Game, path: readonly Hole[]): MoveAction {
  const action = game.check({ kind: "path", path });
  if (action.kind !== "move") throw new Error("computerMove: a path is a move");
  return action;
}
