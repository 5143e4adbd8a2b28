/**
 * The master level's race: strong's plan, then a look at what the others do
 * with the board it leaves. Strong's beam search assumes every other piece
 * stands still; against players who race as well as it does that assumption
 * costs it the games it loses (about even against a beam of width 40).
 *
 * Master weighs a few candidate moves (strong's choice first, then the moves
 * that gain the most at once) by an interleaved look-ahead over all sides,
 * max-n style: after the candidate, each other colour in turn order plays its
 * own best race move (a short beam search of its own, the others standing
 * still), and then the position is judged by short beam searches of every
 * side: the mover's progress against its nearest rival's. With four colours
 * or more it plays the plan alone, by a measure of its own (see `crowded`).
 * A candidate that lets a rival finish first is the worst; one
 * that finishes is played at once. So master sees the ladders it builds for
 * the others and the ones they build for it, and the pieces that will have
 * moved out of (or into) its way, which a plan over its own moves cannot.
 *
 * Every search has a node cap of its own and the move's budget over all of
 * them, so the move is a function of the position when the node budget, not
 * the clock, stops it.
 */
import {
  type Game,
  goalHoles,
  HOLE_COUNT,
  type Hole,
  oppositePoint,
  type Point,
  raceDestinations,
} from "../rules/index.ts";
import type { Budget } from "./budget.ts";
import { tipCosts } from "./evaluation.ts";
import { EMPTY, OTHER, OWN, type RaceBoard, raceBoardOf, SIDE } from "./race-board.ts";
import { greedyStep, TIP_EXPONENT } from "./race-levels.ts";
import { type RaceStep, type SearchShape, searchRace } from "./race-search.ts";

/** How master searches; its plan is strong's search with strong's budget. */
export interface MasterShape {
  /** Strong's plan: its beam shape (without `leafWeight`, which the crowd decides) and node cap. */
  readonly plan: SearchShape;
  readonly planNodes: number;
  /** Candidates weighed by the look-ahead, the plan's move among them. */
  readonly candidates: number;
  /** Each other colour's predicted reply: a short beam of its own moves. */
  readonly reply: SearchShape;
  /** How far a side will get from the position after the replies: a beam of its own moves. */
  readonly judge: SearchShape;
  /** The most nodes any one reply or judgement may take. */
  readonly subNodes: number;
  /**
   * How much better than the plan's move another candidate must be judged to
   * replace it, in the measure's units (a piece's steps to the tip, squared):
   * the plan looks much further than the judgement, which sees what the
   * others do but only five moves of each.
   */
  readonly planMargin: number;
  /**
   * From this many colours on the board master plays its plan alone (ranking
   * lines by their sum, `leafWeight` 1, as strong does in a crowd), with the
   * measure raised to `crowdExponent`.
   */
  readonly crowded: number;
  /**
   * The measure's exponent in a crowd (strong's is `TIP_EXPONENT`, 2, everywhere): 1 counts a step
   * gained by any piece alike, so that the plan takes the long jumps the others' pieces offer now,
   * before they move away, where the square brings the hindmost pieces up first.
   */
  readonly crowdExponent: number;
}

export const MASTER_SHAPE: MasterShape = {
  plan: { width: 150, depth: 60 },
  planNodes: 100_000,
  candidates: 10,
  reply: { width: 8, depth: 3 },
  judge: { width: 20, depth: 5 },
  subNodes: 25_000,
  // In development duels (the bench's openings, seeds 1 and 2, 60 two-player games each) master won
  // 46 against strong and 47 against the beam with no margin, 50 and 55 with 40.
  planMargin: 40,
  // Weighing candidates by the replies and its own progress with six players did worse than the plan
  // alone against five greedy players (22 wins in 60 games; strong 34), better against five beams (26;
  // strong 18), about its share against five strong players in development duels: not worth its cost.
  crowded: 4,
  // In development duels against five strong players (the bench's openings, seed 1, 180 games), the plan
  // alone won 37 with the square (strong's own measure), 12 with the cube, 48 with the power 1.5, 50 with
  // the steps themselves, 28 with their square root.
  crowdExponent: 1,
};

/** A colour on the board as the look-ahead moves it: its code on the board, goal, measure and whom it races with. */
interface Racer {
  readonly code: number;
  readonly colour: Point;
  readonly goal: readonly Hole[];
  readonly costs: ArrayLike<number>;
  /** Codes of the colours of its own side (its player's and, with teams, its partner's), itself included. */
  readonly side: ReadonlySet<number>;
}

/** Pieces no one moves (the capture variant's neutral ones never reach the race, but the code keeps them still). */
const STILL = 255;

/** Worse than any judgement: a rival finishes before the mover. */
const LOST = Number.POSITIVE_INFINITY;

export interface MasterStep extends RaceStep {
  /** Positions evaluated, by every search of the move. */
  readonly nodes: number;
  /** Candidates weighed by the look-ahead (0: the plan, or the greedy way out, alone). */
  readonly weighed: number;
}

/**
 * Master's race move for the side to move in a race game that is not over;
 * undefined when it has no move. The candidate being weighed when the
 * budget runs out is dropped: its judgement, cut short, is not comparable.
 */
export function masterRaceStep(game: Game, budget: Budget, shape: MasterShape = MASTER_SHAPE): MasterStep | undefined {
  const board = raceBoardOf(game);
  const { owner, racers } = racersOf(game);
  const crowded = board.colours >= shape.crowded;
  const leafWeight = crowded ? { leafWeight: 1 } : {};
  let used = 0;
  // A budget says "spent" once, at the reading that finds the clock past its limit; this move asks it
  // across many searches, so once spent it stays spent.
  let over = false;
  const spent = (nodes: number): boolean => {
    if (!over) over = budget.spent(nodes);
    return over;
  };
  const share = (cap: number): Budget => ({ spent: (nodes) => nodes >= cap || spent(used + nodes) });

  const mover = racers[0];
  const planCosts = crowded ? tipCosts(mover.goal, shape.crowdExponent) : mover.costs;
  const plan = searchRace(board, planCosts, { ...shape.plan, ...leafWeight }, share(shape.planNodes));
  if (!plan) return undefined;
  used += plan.nodes;
  // Blocked, no progress in sight: strong's way out (the greedy move with its memory of holes left).
  const alone = (step: RaceStep | undefined): MasterStep | undefined =>
    step && { from: step.from, to: step.to, nodes: used, weighed: 0 };
  if (!plan.finishes && plan.value >= plan.startValue) return alone(greedyStep(board));
  const rivals = racers.slice(1);
  if ((plan.depth === 1 && plan.finishes) || rivals.length === 0 || crowded) return alone(plan);

  const judge = shape.judge;
  /** The search of `racer` on `cells` (a copy, coded by colour), or undefined when it cannot move; its nodes counted. */
  const search = (cells: Uint8Array, racer: Racer, searchShape: SearchShape) => {
    const view = viewOf(cells, racer, board.longJump);
    const result = searchRace(view, racer.costs, searchShape, share(shape.subNodes));
    used += result?.nodes ?? 0;
    return result;
  };

  /** What the candidate leads to: lower is better for the mover. */
  const weigh = (step: RaceStep): number => {
    const cells = Uint8Array.from(owner);
    cells[step.from] = EMPTY;
    cells[step.to] = mover.code;
    if (finished(cells, mover)) return Number.NEGATIVE_INFINITY;
    const racing = rivals.filter((rival) => !finished(cells, rival));
    for (const rival of racing) {
      const reply = search(cells, rival, shape.reply);
      if (!reply) continue;
      cells[reply.from] = EMPTY;
      cells[reply.to] = rival.code;
      if (finished(cells, rival)) return LOST;
    }
    const own = search(cells, mover, judge)?.value ?? standingValue(cells, mover);
    let nearest = Number.POSITIVE_INFINITY;
    for (const rival of racing)
      nearest = Math.min(nearest, search(cells, rival, judge)?.value ?? standingValue(cells, rival));
    return own - nearest;
  };

  let choice: RaceStep = plan;
  let best = Number.NaN;
  let weighed = 0;
  for (const candidate of candidatesOf(board, mover.costs, plan, shape.candidates)) {
    if (spent(used)) break;
    const value = weigh(candidate) - (weighed === 0 ? shape.planMargin : 0);
    if (spent(used)) break;
    weighed++;
    if (Number.isNaN(best) || value < best) {
      best = value;
      choice = candidate;
    }
  }
  return { from: choice.from, to: choice.to, nodes: used, weighed };
}

/**
 * The moves worth a look-ahead: the plan's first, then the moves that bring
 * the colour nearest at once (by the search's measure), ties in hole order.
 */
function candidatesOf(board: RaceBoard, costs: ArrayLike<number>, plan: RaceStep, count: number): RaceStep[] {
  const moves: { from: Hole; to: Hole; gain: number }[] = [];
  const destinations = new Int16Array(HOLE_COUNT);
  for (const from of board.pieces) {
    const n = raceDestinations(board.cells, from, board.longJump, destinations, EMPTY);
    for (let k = 0; k < n; k++) {
      const to = destinations[k];
      if (from === plan.from && to === plan.to) continue;
      moves.push({ from, to, gain: costs[from] - costs[to] });
    }
  }
  moves.sort((a, b) => b.gain - a.gain || a.from - b.from || a.to - b.to);
  return [{ from: plan.from, to: plan.to }, ...moves.slice(0, count - 1).map(({ from, to }) => ({ from, to }))];
}

/**
 * The board coded by colour (1 … for each colour, STILL for pieces no one
 * moves), and the racing colours: the mover first, then the others in the
 * order they move after it.
 */
function racersOf(game: Game): { owner: Uint8Array; racers: Racer[] } {
  const { turn } = game;
  if (!turn?.colour) throw new Error("masterRaceStep: no colour to move");
  const seats = game.playerColours;
  const order: { colour: Point; player: number }[] = [];
  for (let k = 0; k < seats.length; k++) {
    const player = (turn.player + k) % seats.length;
    const colours = seats[player];
    // The mover's own colour first; a player's other colours after the others' (an approximation of the order).
    for (const colour of colours) if (k > 0 || colour === turn.colour) order.push({ colour, player });
  }
  for (const colour of seats[turn.player]) if (colour !== turn.colour) order.push({ colour, player: turn.player });
  const codeOf = new Map(order.map(({ colour }, i) => [colour, i + 1]));
  const owner = Uint8Array.from(game.board(), (occupant) =>
    occupant === null ? EMPTY : (codeOf.get(occupant as Point) ?? STILL),
  );
  const { pieces, teams } = game.settings;
  const racers = order.map(({ colour, player }) => {
    const side = new Set<number>();
    for (const own of seats[player]) {
      side.add(codeOf.get(own) as number);
      const partner = codeOf.get(oppositePoint(own));
      if (teams && partner !== undefined) side.add(partner);
    }
    const goal = goalHoles(colour, pieces);
    return { code: codeOf.get(colour) as number, colour, goal, costs: tipCosts(goal, TIP_EXPONENT), side };
  });
  // A colour already home no longer races; the mover always does.
  return { owner, racers: racers.filter((racer, i) => i === 0 || !finished(owner, racer)) };
}

/** The race as `racer` sees it on `cells`: its own pieces, its side's, everyone else's. */
function viewOf(cells: Uint8Array, racer: Racer, longJump: boolean): RaceBoard {
  const view = new Uint8Array(HOLE_COUNT);
  const pieces: Hole[] = [];
  const colours = new Set<number>();
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    const code = cells[hole];
    if (code === EMPTY) continue;
    colours.add(code);
    if (code === racer.code) {
      view[hole] = OWN;
      pieces.push(hole);
    } else view[hole] = racer.side.has(code) ? SIDE : OTHER;
  }
  return { cells: view, pieces, goal: racer.goal, longJump, recent: new Map(), colours: colours.size };
}

/** Whether `racer`'s goal is full by the anti-blocking rule: every hole taken, one at least by it, none by its side. */
function finished(cells: Uint8Array, racer: Racer): boolean {
  let own = false;
  for (const hole of racer.goal) {
    const code = cells[hole];
    if (code === EMPTY || (code !== racer.code && racer.side.has(code))) return false;
    if (code === racer.code) own = true;
  }
  return own;
}

/** The measure of `racer`'s pieces where it stands, for a side that cannot move. */
function standingValue(cells: Uint8Array, racer: Racer): number {
  let value = 0;
  for (let hole = 0; hole < HOLE_COUNT; hole++) if (cells[hole] === racer.code) value += racer.costs[hole];
  return value;
}
