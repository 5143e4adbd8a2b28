/**
 * The beam baseline: a player of modest means that the levels are measured
 * against, stronger than greedy. It is not a level, and no table plays it.
 *
 * The race: a beam search over its own moves, the other pieces standing
 * still, 40 positions wide and at most 7 of its moves deep, with no budget
 * but its shape (about 25,000 positions a move); when it sees no progress
 * within that horizon, the greedy move. This is the kind of independent
 * player the strong level scored about even against (23 wins in 40 games
 * against one of 120 ms a move). The search is strong's own code
 * (`searchRace`) with another shape: the measure, the merging of move
 * orders and the ranking by the last position are the same. Capture: the
 * longest chain, the greedy player's.
 */
import type { Game } from "../rules/index.ts";
import { UNLIMITED } from "./budget.ts";
import { greedyMove, type MoveAction } from "./greedy.ts";
import { raceBoardOf } from "./race-board.ts";
import { searchStep } from "./race-levels.ts";
import type { SearchShape } from "./race-search.ts";

export const BEAM_SHAPE: SearchShape = { width: 40, depth: 7 };

/** The beam baseline's move for the side to move; undefined when the game is over or the side must pass. */
export function beamMove(game: Game): MoveAction | undefined {
  if (game.isOver || game.mustPass) return undefined;
  if (game.settings.variant !== "classic") return greedyMove(game);
  const step = searchStep(raceBoardOf(game), BEAM_SHAPE, UNLIMITED);
  if (!step) throw new Error("beamMove: the side to move has a move, but none was found");
  const action = game.check({ kind: "path", path: [step.from, step.to] });
  if (action.kind !== "move") throw new Error("beamMove: a path is a move");
  return action;
}
