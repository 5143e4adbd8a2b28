/**
 * The computer players, by level: the one entry point the table calls.
 * Every level plays every variant and setting; each move is the engine's
 * own, checked by `Game.check`, for the side to move.
 */
import type { Game } from "../rules/index.ts";
import { budget } from "./budget.ts";
import { captureStep } from "./capture-levels.ts";
import type { MoveAction } from "./greedy.ts";
import { raceBoardOf } from "./race-board.ts";
import { noisyStep, searchStep } from "./race-levels.ts";
import type { RaceStep, SearchShape } from "./race-search.ts";

export const LEVELS = ["easy", "normal", "strong"] as const;
export type Level = (typeof LEVELS)[number];

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
};

/** How the searching levels search the race. */
export const RACE_SHAPES: Readonly<Record<"normal" | "strong", SearchShape>> = {
  normal: { width: 4, depth: 2 },
  strong: { width: 150, depth: 60 },
};

/** How often the easy level plays a random forward move instead of the greedy one. */
export const EASY_NOISE = 0.5;

/** The computer's move for the side to move; undefined when the game is over or the side must pass. */
export function computerMove(game: Game, options: ComputerOptions): MoveAction | undefined {
  const { turn } = game;
  if (!turn || game.mustPass) return undefined;
  const { level } = options;
  const limits = LEVEL_LIMITS[level];
  const spend = budget(
    options.now ?? Date.now,
    options.timeLimitMs ?? limits.timeLimitMs,
    options.maxNodes ?? limits.maxNodes,
  );
  const random = options.random ?? Math.random;
  if (game.settings.variant === "capture") {
    const path = captureStep(game, level, spend, random);
    return toAction(game, path);
  }
  const board = raceBoardOf(game);
  const step: RaceStep | undefined =
    level === "easy" ? noisyStep(board, EASY_NOISE, random) : searchStep(board, RACE_SHAPES[level], spend);
  if (!step) throw new Error("computerMove: the side to move has a move, but none was found");
  return toAction(game, [step.from, step.to]);
}

/** The engine's own move for a path of the side to move: a race path by its ends gets a full route. */
function toAction(game: Game, path: readonly number[]): MoveAction {
  const action = game.check({ kind: "path", path });
  if (action.kind !== "move") throw new Error("computerMove: a path is a move");
  return action;
}
