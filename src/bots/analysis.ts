/**
 * A finished race game, studied move by move: each side's estimated moves to
 * finish before and after every move, the best move the computer finds in
 * that position, and the tempo the move played lost against it, classified
 * as Lichess classifies its moves (inaccuracy, mistake, blunder).
 *
 * The estimate (`movesToFinish`) is a function of one colour's pieces alone:
 * the fewest moves the race search finds for them to fill their goal with
 * the board otherwise empty (the others' pieces neither block nor help).
 * So a move changes the estimate of its own colour only, every position of a
 * colour has one value however it was reached, and two moves from the same
 * position are compared on the same scale: tempo lost is the estimate after
 * the move played less the estimate after the best move, in moves.
 *
 * Pure TypeScript over the engine, deterministic (node budgets, no clock):
 * the browser runs it in a worker, the tests and the benchmark under Node.
 * The capture variant has no race to measure: `canAnalyse` says no.
 */
import {
  type Action,
  Game,
  goalHoles,
  HOLE_COUNT,
  type Hole,
  notatedOf,
  oppositePoint,
  type Point,
  RulesError,
  type Settings,
  variantOf,
} from "../rules/index.ts";
import { budget } from "./budget.ts";
import { computerMove } from "./computer.ts";
import { tipCosts } from "./evaluation.ts";
import { OWN, type RaceBoard } from "./race-board.ts";
import { searchRace } from "./race-search.ts";

/** How a move is judged by the tempo it lost, as Lichess names its moves. */
export const VERDICTS = ["good", "inaccuracy", "mistake", "blunder"] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * The least tempo lost (in moves) for each mark. A whole move given away (a
 * turn spent as if passed) is a mistake: in a two-player race between equals
 * the margin is often a move or two. Half a move is an inaccuracy; two moves,
 * a blunder. Measured on games of the computer players (docs/bots.md, "Game
 * analysis"): the strong level loses less than half a move on nearly every
 * move, the greedy player up to about two, and a random player blunders every
 * few moves.
 */
export const THRESHOLDS: Readonly<Record<Exclude<Verdict, "good">, number>> = {
  inaccuracy: 0.5,
  mistake: 1,
  blunder: 2,
};

/** The verdict on a move that lost `tempoLost` moves. */
export function verdictOf(tempoLost: number): Verdict {
  if (tempoLost >= THRESHOLDS.blunder) return "blunder";
  if (tempoLost >= THRESHOLDS.mistake) return "mistake";
  if (tempoLost >= THRESHOLDS.inaccuracy) return "inaccuracy";
  return "good";
}

export interface AnalysisLimits {
  /** Positions the best move's search may evaluate (`computerMove` at strong). */
  readonly bestMoveNodes: number;
  /** Positions each layer of the estimate's search keeps. */
  readonly estimateWidth: number;
  /** How many of its own moves the estimate's search looks ahead. */
  readonly estimateDepth: number;
}

/** The limits the page's analysis uses (docs/bots.md, "Game analysis": their cost and accuracy). */
export const ANALYSIS_LIMITS: AnalysisLimits = {
  bestMoveNodes: 20_000,
  estimateWidth: 20,
  estimateDepth: 4,
};

export interface AnalysisOptions {
  readonly limits?: Partial<AnalysisLimits>;
  /** Called after each action is studied: `done` of `total`. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** One move studied. */
export interface MoveReview {
  /** The move's place in the history, from 1: the position after it is the replay's `ply`. */
  readonly ply: number;
  readonly player: number;
  readonly colour: Point;
  /** The move played, hole by hole. */
  readonly played: readonly Hole[];
  /** The colour's estimated moves to finish before the move, after it, and after the best move. */
  readonly before: number;
  readonly after: number;
  readonly bestAfter: number;
  /** The better move the computer found, hole by hole; null when the move played is as good. */
  readonly best: readonly Hole[] | null;
  /** `after − bestAfter`, never below 0: the moves the choice cost. */
  readonly tempoLost: number;
  readonly verdict: Verdict;
}

export interface GameAnalysis {
  /**
   * Each player's estimated moves to finish after each number of actions
   * (index 0: the start), the sum over the colours the player moves; null for
   * a player who has left (their pieces are off the board).
   */
  readonly estimates: readonly (readonly (number | null)[])[];
  /** Per action of the history, its review; null for a pass or a departure. */
  readonly moves: readonly (MoveReview | null)[];
}

/** Whether a game of these settings can be analysed: the race variants, whose progress is moves to the goal. */
export function canAnalyse(settings: Settings): boolean {
  return !variantOf(settings).captures;
}

/** A colour's estimate, and the first move of the line it found (none once finished). */
export interface Estimate {
  readonly moves: number;
  readonly first: { readonly from: Hole; readonly to: Hole } | null;
}

/**
 * How many moves a measure of `tipCosts` still takes, beyond what the search
 * saw: `scale · (measure − the goal's own measure) ^ power`, fitted by
 * `npm run -s calibrate:analysis` to the moves the strong level takes to
 * finish alone from positions of real games (by least squares on the logs),
 * for each number of pieces and kind of jump.
 */
export const CALIBRATION: Readonly<Record<string, { readonly scale: number; readonly power: number }>> = {
  "10": { scale: 0.58, power: 0.535 },
  "10-long": { scale: 1.06, power: 0.404 },
  "15": { scale: 0.89, power: 0.481 },
  "15-long": { scale: 0.8, power: 0.438 },
};

/** Which calibration a setting uses. */
export function calibrationKey(pieces: number, longJump: boolean): string {
  return `${pieces}${longJump ? "-long" : ""}`;
}

/**
 * Estimated moves for a colour's pieces to fill `goal`, alone on the board
 * (0 when they fill it): the race search's best line `estimateDepth` of its
 * own moves deep (a beam `estimateWidth` wide, as the strong level searches),
 * and what remains at its end converted to moves by the calibration. When
 * the search sees the finish within its depth, the moves to it, exactly. A
 * function of the pieces' holes alone (in any order): the same position has
 * the same estimate whichever way it was reached.
 */
export function movesToFinish(
  pieces: readonly Hole[],
  goal: readonly Hole[],
  longJump: boolean,
  limits: Pick<AnalysisLimits, "estimateWidth" | "estimateDepth"> = ANALYSIS_LIMITS,
): Estimate {
  const sorted = [...pieces].sort((a, b) => a - b);
  const cells = new Uint8Array(HOLE_COUNT);
  for (const hole of sorted) cells[hole] = OWN;
  if (goal.every((hole) => cells[hole] === OWN)) return { moves: 0, first: null };
  const board: RaceBoard = { cells, pieces: sorted, goal, longJump, recent: new Map(), colours: 1 };
  const costs = tipCosts(goal, TIP_EXPONENT);
  const result = searchRace(
    board,
    costs,
    { width: limits.estimateWidth, depth: limits.estimateDepth },
    budget(STILL, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY),
  );
  if (!result) throw new Error("movesToFinish: pieces with no move");
  const first = { from: result.from, to: result.to };
  if (result.finishes) return { moves: result.depth, first };
  const { scale, power } = CALIBRATION[calibrationKey(goal.length, longJump)] ?? CALIBRATION["10"];
  const home = goal.reduce((sum, hole) => sum + costs[hole], 0);
  // Not finished within the search's depth: at least one move more.
  const beyond = Math.max(1, scale * Math.max(0, result.value - home) ** power);
  return { moves: tenths(result.depth + beyond), first };
}

/** Rounded to tenths of a move: what the page shows, and the same on every engine whatever its `**`. */
function tenths(x: number): number {
  return Math.round(x * 10) / 10;
}

/** The search's measure: steps to the goal's tip plus the depth in a wrong point, squared (as the strong level's). */
const TIP_EXPONENT = 2;

/** A clock that stands still: the node budgets alone stop the searches, so the analysis is the same everywhere. */
const STILL = () => 0;

/**
 * The analysis of a race game, from its settings, first player and history
 * (a finished game, or one still going). Each action is replayed through
 * the engine; a move is compared with the strong level's move in the same
 * position and with the estimate's own first move, whichever the estimate
 * rates better (when the latter is legal on the real board).
 */
export function analyseGame(game: Game, options: AnalysisOptions = {}): GameAnalysis {
  const { settings } = game;
  if (!canAnalyse(settings)) throw new Error("analyseGame: only the race variants can be analysed");
  const limits: AnalysisLimits = { ...ANALYSIS_LIMITS, ...options.limits };
  const history = game.history;
  const replay = Game.create(settings, { firstPlayer: game.firstPlayer });
  const estimator = new Estimator(settings, limits);

  /** Each colour's estimate in the position `replay` stands at; finished colours stay 0. */
  const finished = new Set<Point>();
  const colourEstimates = (): Map<Point, number> => {
    const byColour = piecesByColour(replay);
    const values = new Map<Point, number>();
    for (const [colour, pieces] of byColour) {
      if (finished.has(colour)) {
        values.set(colour, 0);
        continue;
      }
      if (hasFinished(replay, colour, settings)) {
        finished.add(colour);
        values.set(colour, 0);
        continue;
      }
      values.set(colour, estimator.estimate(colour, pieces).moves);
    }
    return values;
  };
  const byPlayer = (values: Map<Point, number>): (number | null)[] =>
    replay.playerColours.map((colours) =>
      colours.length === 0 ? null : colours.reduce((sum, colour) => sum + (values.get(colour) ?? 0), 0),
    );

  let values = colourEstimates();
  const estimates: (number | null)[][] = [byPlayer(values)];
  const moves: (MoveReview | null)[] = [];
  history.forEach((action, index) => {
    const review = action.kind === "move" ? reviewMove(replay, action, values, estimator, limits) : null;
    replay.apply(notatedOf(action));
    values = colourEstimates();
    estimates.push(byPlayer(values));
    moves.push(review && { ...review, ply: index + 1, after: values.get(review.colour) ?? review.after });
    options.onProgress?.(index + 1, history.length);
  });
  // The review's `after` is the estimate as the position stands (0 once the move finished the colour):
  // tempo is compared on the search's own estimates, made before the finish was counted.
  return { estimates, moves: moves.map((review) => review && settle(review)) };
}

/** The verdict, from the estimates after the move and after the best. */
function settle(review: MoveReview): MoveReview {
  const tempoLost = Math.max(0, tenths(review.after - review.bestAfter));
  return {
    ...review,
    tempoLost,
    verdict: verdictOf(tempoLost),
    best: tempoLost > 0 ? review.best : null,
    bestAfter: Math.min(review.bestAfter, review.after),
  };
}

/** A move, before it is played: the estimates after it and after the best candidate. */
function reviewMove(
  game: Game,
  action: Extract<Action, { kind: "move" }>,
  values: Map<Point, number>,
  estimator: Estimator,
  limits: AnalysisLimits,
): MoveReview {
  const colour = game.turn?.colour;
  if (!colour) throw new Error("analyseGame: a race move with no colour to move");
  const pieces = piecesByColour(game).get(colour) ?? [];
  const before = values.get(colour) ?? 0;
  const after = (path: readonly Hole[]) =>
    estimator.estimate(
      colour,
      pieces.map((hole) => (hole === path[0] ? (path.at(-1) as Hole) : hole)),
    ).moves;
  const played = action.move.path;
  const playedAfter = after(played);
  let best: readonly Hole[] = played;
  let bestAfter = playedAfter;
  const candidates: (readonly Hole[])[] = [];
  const computer = computerMove(game, { level: "strong", maxNodes: limits.bestMoveNodes, now: STILL });
  if (computer) candidates.push(computer.move.path);
  // The estimate's own line starts with a move that may also be legal here, where the others stand.
  const first = estimator.estimate(colour, pieces).first;
  if (first) {
    const path = legalPath(game, first.from, first.to);
    if (path) candidates.push(path);
  }
  for (const path of candidates) {
    if (path[0] === played[0] && path.at(-1) === played.at(-1)) continue;
    const value = after(path);
    if (value < bestAfter) {
      best = path;
      bestAfter = value;
    }
  }
  return {
    ply: 0,
    player: action.player,
    colour,
    played,
    before,
    after: playedAfter,
    bestAfter,
    best: best === played ? null : best,
    tempoLost: 0,
    verdict: "good",
  };
}

/** The engine's route for a move from `from` to `to` of the side to move, or null if it is not legal. */
function legalPath(game: Game, from: Hole, to: Hole): readonly Hole[] | null {
  try {
    const action = game.check({ kind: "path", path: [from, to] });
    return action.kind === "move" ? action.move.path : null;
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

/** Estimates by colour and pieces, each worked out once. */
class Estimator {
  private readonly cache = new Map<string, Estimate>();
  private readonly goals = new Map<Point, readonly Hole[]>();
  private readonly settings: Settings;
  private readonly limits: AnalysisLimits;

  constructor(settings: Settings, limits: AnalysisLimits) {
    this.settings = settings;
    this.limits = limits;
  }

  estimate(colour: Point, pieces: readonly Hole[]): Estimate {
    const key = `${colour}:${[...pieces].sort((a, b) => a - b).join(",")}`;
    let estimate = this.cache.get(key);
    if (!estimate) {
      let goal = this.goals.get(colour);
      if (!goal) {
        goal = goalHoles(colour, this.settings.pieces);
        this.goals.set(colour, goal);
      }
      estimate = movesToFinish(pieces, goal, this.settings.longJump, this.limits);
      this.cache.set(key, estimate);
    }
    return estimate;
  }
}

/** The holes of each colour's pieces on the board. */
function piecesByColour(game: Game): Map<Point, Hole[]> {
  const pieces = new Map<Point, Hole[]>();
  for (const colours of game.playerColours) for (const colour of colours) pieces.set(colour, []);
  game.board().forEach((occupant, hole) => {
    if (occupant && occupant !== "neutral") pieces.get(occupant)?.push(hole);
  });
  return pieces;
}

/**
 * Whether the colour's goal is filled by the anti-blocking rule: every hole
 * occupied, one at least by the colour, none by another colour of its own
 * side (its player's, or its partner's).
 */
function hasFinished(game: Game, colour: Point, settings: Settings): boolean {
  const player = game.playerColours.findIndex((colours) => colours.includes(colour));
  const side = new Set<Point>(player >= 0 ? game.playerColours[player] : [colour]);
  if (settings.teams) for (const own of [...side]) side.add(oppositePoint(own));
  side.delete(colour);
  let own = false;
  for (const hole of goalHoles(colour, settings.pieces)) {
    const occupant = game.occupant(hole);
    if (occupant === null || (occupant !== "neutral" && side.has(occupant))) return false;
    if (occupant === colour) own = true;
  }
  return own;
}
