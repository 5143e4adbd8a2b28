/**
 * A bot's own judgement of a race move, from what the package offers of the
 * engine: the legal move that brings the colour's pieces nearest the tip of
 * its goal. Among equals the rearmost piece moves, so that none is left
 * behind; a piece leaves the goal, or goes back to where it last came from,
 * only when nothing else is left.
 */
import { goalHoles, stepsBetween } from "@chinese-checkers/client";

/** The hole of the goal farthest from the rest of it: its tip. */
function tipOf(goal) {
  const spread = (hole) => goal.reduce((sum, other) => sum + stepsBetween(hole, other), 0);
  return goal.reduce((tip, hole) => (spread(hole) > spread(tip) ? hole : tip));
}

/** Whether one score beats another: the first place they differ decides. */
function better(score, other) {
  const i = score.findIndex((value, j) => value !== other[j]);
  return i !== -1 && score[i] > other[i];
}

/** The move to play for the colour to move; `last` is the bot's previous move's path, if any. */
export function raceMove(game, last = []) {
  const goal = new Set(goalHoles(game.turn.colour, game.settings.pieces));
  const tip = tipOf([...goal]);
  let best;
  let bestScore;
  for (const move of game.legalMoves()) {
    const from = move.path[0];
    const to = move.path[move.path.length - 1];
    const behind = stepsBetween(from, tip);
    const leavesGoal = goal.has(from) && !goal.has(to);
    const undoes = to === last[0] && from === last[last.length - 1];
    const score = [leavesGoal || undoes ? 0 : 1, behind - stepsBetween(to, tip), behind];
    if (!bestScore || better(score, bestScore)) {
      best = move;
      bestScore = score;
    }
  }
  return best;
}
