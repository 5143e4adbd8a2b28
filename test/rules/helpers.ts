/**
 * Shared vocabulary for the rules tests: positions are built by replaying
 * moves in public notation, and outcomes are read back as hole names.
 */
import { expect } from "vitest";
import {
  Game,
  type GameOptions,
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  type Hole,
  holeName,
  makeSettings,
  notate,
  type Occupant,
  oppositePoint,
  POINT_EDGE,
  POINT_HOLES,
  type Point,
  parseHole,
  parseMove,
  RulesError,
  type RulesErrorCode,
  type Settings,
  seating,
  VARIANTS,
} from "../../src/rules/index.ts";

/** Hole indices from names separated by spaces, e.g. `holes("a1 b1 b2")`. */
export function holes(names: string): Hole[] {
  return names.split(/\s+/).filter(Boolean).map(parseHole);
}

/** Hole names in reading order (rows top to bottom, left to right), joined by spaces. */
export function names(list: Iterable<Hole>): string {
  return [...new Set(list)]
    .sort((a, b) => a - b)
    .map(holeName)
    .join(" ");
}

/** A game after the given moves (space-separated notation) from the start. */
export function replay(moves: string, settings: Partial<Settings> = {}, options: GameOptions = {}): Game {
  return Game.replay(settings, options, moves.split(/\s+/).filter(Boolean).map(parseMove));
}

/** A copy of a game, made by replaying its history. */
export function copy(game: Game): Game {
  const actions = game.history.map((action) => parseMove(notate(action)));
  return Game.replay(game.settings, { firstPlayer: game.firstPlayer }, actions);
}

/** Where the piece on `from` may go this turn, as the legal-move listing says. */
export function destinations(game: Game, from: string): string {
  const hole = parseHole(from);
  return names(game.legalMoves().flatMap((move) => (move.path[0] === hole ? [move.path[move.path.length - 1]] : [])));
}

/** What stands on each named hole. */
export function occupants(game: Game, list: string): Occupant[] {
  return holes(list).map((hole) => game.occupant(hole));
}

/** The holes holding a colour's pieces (or the neutral pieces), in reading order. */
export function piecesOf(game: Game, colour: Point | "neutral"): string {
  return names(game.board().flatMap((occupant, hole) => (occupant === colour ? [hole] : [])));
}

/** How many pieces of each kind stand on the board. */
export function pieceCounts(game: Game): Partial<Record<Point | "neutral", number>> {
  const counts: Partial<Record<Point | "neutral", number>> = {};
  for (const occupant of game.board()) if (occupant !== null) counts[occupant] = (counts[occupant] ?? 0) + 1;
  return counts;
}

/** The holes a colour races to: the opposite point, plus its edge row with 15 pieces. */
export function goalOf(colour: Point, pieces: 10 | 15 = 10): Hole[] {
  const target = oppositePoint(colour);
  return pieces === 15 ? [...POINT_HOLES[target], ...POINT_EDGE[target]] : [...POINT_HOLES[target]];
}

/** The colours that race with `colour` for one place: its player's (as seated) and, with teams, its partner's opposite. */
export function sideOf(game: Game, colour: Point): Point[] {
  const seat = seating(game.settings).find((colours) => colours.includes(colour)) ?? [];
  return game.settings.teams ? [...seat, oppositePoint(colour)] : [...seat];
}

/**
 * The anti-blocking rule, written out: every goal hole occupied, at least one
 * by the colour itself, and none by another colour of its own side.
 */
export function hasFilledGoal(game: Game, colour: Point): boolean {
  const goal = goalOf(colour, game.settings.pieces).map((hole) => game.occupant(hole));
  const ownSide = sideOf(game, colour).filter((other) => other !== colour);
  return goal.every((occupant) => occupant !== null && !ownSide.includes(occupant as Point)) && goal.includes(colour);
}

/** Everything a refused input must leave as it was. */
export function stateOf(game: Game) {
  return {
    board: game.board(),
    turn: game.turn,
    history: game.history.map(notate),
    plies: game.plies,
    captures: game.captures,
    isOver: game.isOver,
    result: game.result(),
    legalMoves: game.legalMoves().map((move) => notate({ kind: "move", player: 0, move })),
  };
}

/** Asserts that `attempt` throws a RulesError with `code` and changes nothing in `game`. */
export function expectRefused(game: Game, attempt: () => unknown, code: RulesErrorCode): RulesError {
  const before = stateOf(game);
  let thrown: unknown;
  try {
    attempt();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RulesError);
  const error = thrown as RulesError;
  expect(error.code).toBe(code);
  expect(error.message).not.toBe("");
  expect(stateOf(game)).toEqual(before);
  return error;
}

/** The error `attempt` throws (it must throw a RulesError). */
export function refusal(attempt: () => unknown): RulesError {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    return error as RulesError;
  }
  throw new Error("expected a RulesError, but nothing was thrown");
}

/** Steps between two holes of the star (the hexagonal distance). */
export function distance(a: Hole, b: Hole): number {
  const rows = Math.abs(HOLE_ROW[a] - HOLE_ROW[b]);
  const columns = Math.abs(HOLE_X[a] - HOLE_X[b]);
  return rows + Math.max(0, (columns - rows) / 2);
}

/** The far tip of each colour's goal: its goal is the set of holes nearest to it. */
const GOAL_TIP: Record<Point, string> = { N: "q1", NE: "m1", SE: "e1", S: "a1", SW: "e13", NW: "m13" };

export interface Plan {
  /** Holes whose pieces this colour never moves. */
  readonly keep?: string;
  /** Holes this colour never moves a piece to. */
  readonly avoid?: string;
}

/**
 * A simple racer for building real games: the move that brings a piece
 * furthest towards the goal's tip, preferring pieces left behind, with a
 * fixed pseudo-random tie-break so that sideways moves do not cycle.
 */
export function raceMove(game: Game, plan: Plan = {}): readonly Hole[] | undefined {
  const colour = game.turn?.colour;
  if (!colour) throw new Error("raceMove is for the race variants");
  const tip = parseHole(GOAL_TIP[colour]);
  const keep = new Set(holes(plan.keep ?? ""));
  const avoid = new Set(holes(plan.avoid ?? ""));
  let best: { path: readonly Hole[]; score: number } | undefined;
  for (const { path } of game.legalMoves()) {
    const from = path[0];
    const to = path[path.length - 1];
    if (keep.has(from) || avoid.has(to)) continue;
    const gain = distance(to, tip) - distance(from, tip);
    const noise = (Math.imul(from * 131 + to * 7 + game.plies, 2654435761) >>> 0) % 1000;
    const score = gain * 100 - distance(from, tip) + (noise / 1000) * (gain >= 0 ? 50 : 0.5);
    if (!best || score < best.score) best = { path, score };
  }
  return best?.path;
}

/** Plays one turn with the racer: its move, or a pass when the side to move must pass. */
export function raceTurn(game: Game, plans: Partial<Record<Point, Plan>> = {}): void {
  if (game.mustPass) {
    game.play("pass");
    return;
  }
  const colour = game.turn?.colour as Point;
  const path = raceMove(game, plans[colour]);
  if (!path) throw new Error(`the racer found no move for ${colour} that its plan allows`);
  game.apply({ kind: "path", path });
}

/** Plays racer turns until `stop` holds before a turn or the game ends. Each colour may have its own plan. */
export function raceUntil(
  game: Game,
  stop: (game: Game) => boolean = () => false,
  plans: Partial<Record<Point, Plan>> = {},
  maxPlies = 3000,
): void {
  for (let ply = 0; ply < maxPlies && !game.isOver && !stop(game); ply++) raceTurn(game, plans);
}

/** A plain reference generator, independent of the engine's tables: the board as (row, doubled column). */
const AT = new Map<string, Hole>();
for (let hole = 0; hole < HOLE_COUNT; hole++) AT.set(`${HOLE_ROW[hole]},${HOLE_X[hole]}`, hole);
const LINES = [
  [0, 2],
  [1, 1],
  [1, -1],
  [0, -2],
  [-1, -1],
  [-1, 1],
] as const;

/** The hole k steps from `hole` along a line, or undefined past the edge. */
function along(hole: Hole, line: readonly [number, number], k: number): Hole | undefined {
  return AT.get(`${HOLE_ROW[hole] + line[0] * k},${HOLE_X[hole] + line[1] * k}`);
}

/** The single jumps from `at` on a board where `empty(h)` says which holes are free: [over, landing] pairs. */
function jumpsFrom(at: Hole, empty: (hole: Hole) => boolean, longJump: boolean): [Hole, Hole][] {
  const jumps: [Hole, Hole][] = [];
  for (const line of LINES) {
    let k = 1;
    while (longJump && along(at, line, k) !== undefined && empty(along(at, line, k) as Hole)) k++;
    const over = along(at, line, k);
    if (over === undefined || empty(over)) continue;
    let clear = true;
    for (let j = k + 1; j <= 2 * k; j++) {
      const hole = along(at, line, j);
      if (hole === undefined || !empty(hole)) clear = false;
    }
    if (clear) jumps.push([over, along(at, line, 2 * k) as Hole]);
  }
  return jumps;
}

/** The race destinations of the piece on `from`, by the rules' words (reference, for cross-checks). */
export function referenceDestinations(game: Game, from: Hole): Set<Hole> {
  const empty = (hole: Hole) => hole === from || game.occupant(hole) === null;
  const landings = new Set<Hole>();
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() as Hole;
    for (const [, to] of jumpsFrom(at, empty, game.settings.longJump)) {
      if (to !== from && !landings.has(to)) {
        landings.add(to);
        queue.push(to);
      }
    }
  }
  for (const line of LINES) {
    const to = along(from, line, 1);
    if (to !== undefined && empty(to)) landings.add(to);
  }
  return landings;
}

/**
 * Every capture chain of the piece on `from`, each prefix included, written
 * as paths (reference). The piece is lifted, and each jumped piece "leaves
 * the board" at once: its hole is empty for the rest of the chain.
 */
export function referenceChains(game: Game, from: Hole): string[] {
  const chains: string[] = [];
  const extend = (path: Hole[], jumped: Set<Hole>) => {
    const empty = (hole: Hole) => hole === from || jumped.has(hole) || game.occupant(hole) === null;
    for (const [over, to] of jumpsFrom(path[path.length - 1], empty, game.settings.longJump)) {
      const longer = [...path, to];
      chains.push(longer.map(holeName).join("-"));
      extend(longer, new Set([...jumped, over]));
    }
  };
  extend([from], new Set());
  return chains;
}

/** Whether any piece on the board has a jump (reference). */
export function referenceAnyJump(game: Game): boolean {
  const empty = (hole: Hole) => game.occupant(hole) === null;
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (!empty(hole) && jumpsFrom(hole, empty, game.settings.longJump).length > 0) return true;
  }
  return false;
}

/** Every combination of settings the rules accept, by trying them all on the engine. */
export function legalSettings(): Settings[] {
  const legal: Settings[] = [];
  for (const { name: variant } of VARIANTS)
    for (const players of [2, 3, 4, 5, 6])
      for (const colours of [1, 2, 3] as const)
        for (const pieces of [10, 15] as const)
          for (const longJump of [false, true])
            for (const teams of [false, true]) {
              try {
                legal.push(makeSettings({ variant, players, colours, pieces, longJump, teams }));
              } catch {}
            }
  return legal;
}

/**
 * Six players. NE and NW close the eleven holes in front of N's point
 * (e5–e9 for its steps, f4–f9 for its jumps) while N shuttles d1–e5–d1 and
 * SE, S and SW shuttle at home; NW's e4-e5 closes the last hole just after
 * N's piece has come back to d1. N, to move, has no legal move.
 */
export const N_BLOCKED =
  "d1-e5 e11-e9 j10-i9 n1-m5 j1-i1 f2-f4 e5-d1 f11-f9 i9-j10 m5-n1 i1-j1 f3-f5 d1-e5 e10-e8 j10-i9 n1-m5 " +
  "j1-i1 g1-g3 e5-d1 f10-f8 i9-j10 m5-n1 i1-j1 g2-e6 d1-e5 e13-e11 j10-i9 n1-m5 j1-i1 e1-g1 e5-d1 e12-g8 " +
  "i9-j10 m5-n1 i1-j1 e3-e7 d1-e5 g11-g7 j10-i9 n1-m5 j1-i1 g1-e3 e5-d1 g7-f7 i9-j10 m5-n1 i1-j1 e3-g5 " +
  "d1-e5 h10-f10 j10-i9 n1-m5 j1-i1 g5-f6 e5-d1 g8-e10 i9-j10 m5-n1 i1-j1 e4-e5";
