/**
 * How far a side is from its goal, as the computer players measure it: the
 * greedy player compares its moves by it, and stronger players can search
 * with it. Arithmetic on the board's geometry; the rules say where the goals are.
 */
import { CENTRE, goalHoles, HEXAGON, HOLE_COUNT, type Hole, type Point, stepsBetween } from "../rules/index.ts";
import { Assignment } from "./assignment.ts";

/**
 * How far a colour still has to go in the race: its pieces are matched one
 * to each goal hole so that their costs (`goalCosts`) add up to the least
 * total, and that total is the measure. Zero exactly when its own pieces
 * fill the goal.
 *
 * Matched to the goal's holes one by one rather than measured to its tip:
 * the distance to the tip does not change along a line parallel to the
 * goal's base, so a last piece whose way in is past full goal holes would
 * have nothing to gain from any move and shuffle back and forth beside the
 * goal; matched to the free hole, every step towards it gains, and so does a
 * goal piece moving deeper to make room nearer the outside.
 */
export function distanceToGo(pieces: Iterable<Hole>, goal: readonly Hole[]): number {
  const matching = new Assignment(goal.length);
  for (const piece of pieces) matching.add(goalCosts(piece, goal));
  return matching.total;
}

/**
 * What a piece on `hole` costs matched to each hole of the goal: the steps
 * between them on an empty board, plus the piece's depth in a point other
 * than its goal, squared.
 *
 * Squared, so that a step of a piece far behind weighs more than a step of
 * one near the goal: with plain steps a long jump at the front always wins,
 * the last pieces stay at home, and the opponents filling their goal there
 * wall them in for good. The depth, because a point is a dead end and
 * mostly some colour's goal: a piece that a long chain leaves there, however
 * near its own goal on the board, is walled in once that colour's pieces arrive.
 * Greedy against greedy, either omission left games stuck until the turn
 * limit (without the square, six players with long jumps; without the
 * depth, three players of two colours after two random opening moves).
 */
export function goalCosts(hole: Hole, goal: readonly Hole[]): number[] {
  const depth = goal.includes(hole) ? 0 : DEPTH[hole];
  return goal.map((target) => (stepsBetween(hole, target) + depth) ** 2);
}

/** How many steps each hole lies inside its point: 0 on the hexagon, 1 to 4 in a point. */
const DEPTH: readonly number[] = Array.from({ length: HOLE_COUNT }, (_, hole) =>
  Math.min(...HEXAGON.map((inside) => stepsBetween(hole, inside))),
);

/**
 * What the search counts for a piece on each hole: the steps from the hole
 * to the tip of the goal, plus its depth in a point other than its goal,
 * raised to `exponent`. One number per hole, so that a move's effect is the
 * difference of two entries and the search evaluates a position in
 * constant time; the assignment (`distanceToGo`) costs a matching per
 * position. Measured to the tip, the pieces in the goal still gain by going
 * deeper to make room; what the tip alone cannot see (a last piece that must
 * walk along the base to the free hole) the search sees by looking ahead.
 */
export function tipCosts(goal: readonly Hole[], exponent: number): ArrayLike<number> {
  const key = `${exponent}:${goal.join(",")}`;
  let costs = TIP_COSTS.get(key);
  if (!costs) {
    const tip = tipOf(goal);
    costs = Float64Array.from({ length: HOLE_COUNT }, (_, hole) => {
      const depth = goal.includes(hole) ? 0 : DEPTH[hole];
      return (stepsBetween(hole, tip) + depth) ** exponent;
    });
    TIP_COSTS.set(key, costs);
  }
  return costs;
}

const TIP_COSTS = new Map<string, Float64Array>();

/** The goal hole farthest from the centre: the tip of the point, the last its pieces come to. */
export function tipOf(goal: readonly Hole[]): Hole {
  return goal.reduce((far, hole) => (stepsBetween(hole, CENTRE) > stepsBetween(far, CENTRE) ? hole : far));
}

/** The tip of the point a colour races to: the goal hole farthest from the centre, the last its pieces come to. */
export function goalTip(colour: Point): Hole {
  let tip = -1;
  for (const hole of goalHoles(colour, 10)) {
    if (tip === -1 || stepsBetween(hole, CENTRE) > stepsBetween(tip, CENTRE)) tip = hole;
  }
  return tip;
}
