/**
 * The greedy computer player: the move that looks best right now, with no
 * look-ahead. The table plays it for a player whose clock runs out or who
 * hands a seat to the computer, and stronger players are measured against
 * it. Every choice is deterministic, a function of the game and its history,
 * so a game between greedy players replays the same and a test can name the
 * move it expects.
 */
import {
  type Action,
  type Game,
  goalHoles,
  type Hole,
  type Move,
  type Point,
  stepsBetween,
  type Turn,
  type Variant,
  walkChains,
} from "../rules/index.ts";
import { Assignment } from "./assignment.ts";
import { distanceToGo, goalCosts, goalTip } from "./evaluation.ts";
import { recentlyLeft } from "./race-board.ts";

export type MoveAction = Extract<Action, { kind: "move" }>;

/** The greedy player's move for the side to move; undefined when the game is over or the side must pass. */
export function greedyMove(game: Game): MoveAction | undefined {
  const { turn } = game;
  if (!turn || game.mustPass) return undefined;
  return { kind: "move", player: turn.player, move: CHOICE[game.settings.variant](game, turn) };
}

/** The choice in each variant: a new variant fails the type check here until the greedy player knows it. */
const CHOICE: Readonly<Record<Variant, (game: Game, turn: Turn) => Move>> = {
  classic: (game, turn) => raceMove(game, turn.colour as Point, turn.player),
  capture: longestCapture,
};

/** A race move as the greedy player weighs it. */
export interface Candidate {
  readonly move: Move;
  /** How much nearer the goal the move brings the colour: `distanceToGo` before, less after. */
  readonly gain: number;
  /** How many of the player's moves ago one of its pieces left the destination (Infinity: not lately). */
  readonly sinceLeft: number;
  /** Steps from the moving piece to the goal's tip. */
  readonly behind: number;
  readonly from: Hole;
  readonly to: Hole;
}

/**
 * The race: the move that brings the colour's pieces nearest to its goal
 * (`distanceToGo`). Among equals: when nothing gains, the destination the
 * player's pieces left longest ago, so that a colour with no way forward
 * tries new holes instead of stepping back and forth between two; then the
 * rearmost piece, so that none is left behind; then the lowest piece and
 * destination holes (legalMoves has an order of its own).
 */
function raceMove(game: Game, colour: Point, player: number): Move {
  const goal = goalHoles(colour, game.settings.pieces);
  const tip = goalTip(colour);
  const pieces = game.board().flatMap((occupant, hole) => (occupant === colour ? [hole] : []));
  const before = distanceToGo(pieces, goal);
  const left = recentlyLeft(game, player);
  let best: Candidate | undefined;
  const movesOf = new Map<Hole, Move[]>();
  for (const move of game.legalMoves()) {
    const moves = movesOf.get(move.path[0]);
    if (moves) moves.push(move);
    else movesOf.set(move.path[0], [move]);
  }
  for (const [from, moves] of movesOf) {
    // The other pieces are matched once; each destination of this one is then one more row.
    const others = new Assignment(goal.length);
    for (const piece of pieces) if (piece !== from) others.add(goalCosts(piece, goal));
    for (const move of moves) {
      const to = move.path[move.path.length - 1];
      const candidate = {
        move,
        gain: before - others.totalWith(goalCosts(to, goal)),
        sinceLeft: left.get(to) ?? Number.POSITIVE_INFINITY,
        behind: stepsBetween(from, tip),
        from,
        to,
      };
      if (!best || isBetter(candidate, best)) best = candidate;
    }
  }
  // greedyMove asked mustPass first: there is a move.
  return (best as Candidate).move;
}

/** Whether the greedy player prefers move `a` to move `b` (see `raceMove`). */
export function isBetter(a: Candidate, b: Candidate): boolean {
  if (a.gain !== b.gain) return a.gain > b.gain;
  if (a.gain <= 0 && a.sinceLeft !== b.sinceLeft) return a.sinceLeft > b.sinceLeft;
  if (a.behind !== b.behind) return a.behind > b.behind;
  if (a.from !== b.from) return a.from < b.from;
  return a.to < b.to;
}

/**
 * The capture variant: the chain that captures the most pieces; among
 * equals the first the walk meets, piece by piece in hole order, each
 * piece's chains depth first. The chains are walked on the board itself,
 * not listed: one piece can have hundreds of thousands.
 */
function longestCapture(game: Game): Move {
  const { cells } = game.searchPosition;
  let longest: Hole[] = [];
  const path: Hole[] = [];
  for (const piece of game.continuations([]).next) {
    path[0] = piece;
    walkChains(cells, piece, game.settings.longJump, (_over, to, jumps) => {
      path[jumps] = to;
      if (jumps >= longest.length) longest = path.slice(0, jumps + 1);
    });
  }
  // The engine's own move for the path, with the pieces it captures.
  const action = game.check({ kind: "path", path: longest });
  if (action.kind !== "move") throw new Error("a capture chain is a move");
  return action.move;
}
