/**
 * How each level chooses a race move on a `RaceBoard`: the greedy measure
 * with some noise (easy), a short search (normal), a long one (strong).
 */
import { raceDestinations, stepsBetween } from "../rules/index.ts";
import { Assignment } from "./assignment.ts";
import type { Budget } from "./budget.ts";
import { goalCosts, tipCosts, tipOf } from "./evaluation.ts";
import { type Candidate, isBetter } from "./greedy.ts";
import type { RaceBoard } from "./race-board.ts";
import { type RaceStep, type SearchShape, searchRace } from "./race-search.ts";

/** Every move of the colour with what it gains by the greedy player's measure (`distanceToGo`), as the greedy player weighs it. */
export function weighMoves(board: RaceBoard): Candidate[] {
  const { cells, pieces, goal, recent } = board;
  const rows = pieces.map((hole) => goalCosts(hole, goal));
  const full = new Assignment(goal.length);
  for (const row of rows) full.add(row);
  const before = full.total;
  const tip = tipOf(goal);
  const destinations = new Int16Array(cells.length);
  const candidates: Candidate[] = [];
  pieces.forEach((from, i) => {
    const count = raceDestinations(cells, from, board.longJump, destinations, 0);
    if (count === 0) return;
    // The other pieces are matched once; each destination of this one is then one more row.
    const others = new Assignment(goal.length);
    rows.forEach((row, j) => {
      if (j !== i) others.add(row);
    });
    for (let k = 0; k < count; k++) {
      const to = destinations[k];
      candidates.push({
        move: { path: [from, to], captured: [] },
        gain: before - others.totalWith(goalCosts(to, goal)),
        sinceLeft: recent.get(to) ?? Number.POSITIVE_INFINITY,
        behind: stepsBetween(from, tip),
        from,
        to,
      });
    }
  });
  return candidates;
}

/** The greedy player's move on the board: the same choice as `greedyMove` makes in the game. */
export function greedyStep(board: RaceBoard): RaceStep | undefined {
  let best: Candidate | undefined;
  for (const candidate of weighMoves(board)) if (!best || isBetter(candidate, best)) best = candidate;
  return best && { from: best.from, to: best.to };
}

/**
 * Easy: the greedy move, except that with probability `noise` it plays
 * any move that brings it nearer its goal, picked at random. Every such
 * move gains, so the noise never undoes progress, and the game still ends.
 */
export function noisyStep(board: RaceBoard, noise: number, random: () => number): RaceStep | undefined {
  const candidates = weighMoves(board);
  const forward = candidates.filter((candidate) => candidate.gain > 0);
  if (forward.length > 0 && random() < noise) {
    const pick = forward[Math.min(forward.length - 1, Math.floor(random() * forward.length))];
    return { from: pick.from, to: pick.to };
  }
  let best: Candidate | undefined;
  for (const candidate of candidates) if (!best || isBetter(candidate, best)) best = candidate;
  return best && { from: best.from, to: best.to };
}

/**
 * How the search measures a hole: steps to the goal's tip plus the depth in a wrong point, squared.
 * Whole, so that every measure is a whole number, as the search's ordering needs.
 */
export const TIP_EXPONENT = 2;

/**
 * The searching levels: the beam search's move, unless it sees no progress
 * within its horizon (the way blocked by other pieces), when the greedy
 * move, with its memory of holes left lately, tries new holes instead of
 * stepping back and forth.
 */
export function searchStep(board: RaceBoard, shape: SearchShape, budget: Budget): RaceStep | undefined {
  const result = searchRace(board, tipCosts(board.goal, TIP_EXPONENT), shape, budget);
  if (!result) return undefined;
  if (result.finishes || result.value < result.startValue) return result;
  return greedyStep(board);
}
