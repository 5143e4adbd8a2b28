/**
 * A colour's race as the computer players see it: a board of their own
 * (a copy, coded by whose a piece is, so that a search can move pieces on it
 * freely), the colour's pieces, its goal, and the holes its player's pieces
 * left lately. Built from a game for the colour to move, or, for the solo
 * crossing benchmark, with one colour alone on the board.
 */
import { type Game, goalHoles, HOLE_COUNT, type Hole, oppositePoint, POINT_HOLES, type Point } from "../rules/index.ts";

/** An empty hole. The move generator knows only this value; the others are the players'. */
export const EMPTY = 0;
/** A piece of the colour to move. */
export const OWN = 1;
/** A piece of another colour of the mover's own side (its player's, or its partner's): it may not help fill the goal. */
export const SIDE = 2;
/** Anyone else's piece. */
export const OTHER = 3;

export interface RaceBoard {
  /** Every hole: EMPTY, OWN, SIDE or OTHER. Searches move OWN pieces on it and put them back. */
  readonly cells: Uint8Array;
  /** The holes of the colour's pieces. */
  readonly pieces: readonly Hole[];
  /** The holes it races to fill. */
  readonly goal: readonly Hole[];
  readonly longJump: boolean;
  /** For each hole the player's pieces left in its last moves, how many of its moves ago (1: its last). */
  readonly recent: ReadonlyMap<Hole, number>;
  /** How many colours have pieces on the board, this one included: how crowded the race is. */
  readonly colours: number;
}

/**
 * How far back the computer players remember the holes their pieces left. When no move gains,
 * its way blocked (by an opponent, say), the lowest holes alone would send
 * a piece back and forth between two holes for as long as the block stands;
 * remembering its last 32 moves it goes on to holes it has not just left,
 * and may find a way round. Greedy against greedy from the start never gets
 * there; the table's computer seats play against people.
 */
const MEMORY = 32;

/** The race of the colour to move in a race game that is not over. */
export function raceBoardOf(game: Game): RaceBoard {
  const { turn } = game;
  if (!turn?.colour) throw new Error("raceBoardOf: no colour to move");
  const { colour, player } = turn;
  const side = new Set<Point>(game.playerColours[player]);
  if (game.settings.teams) for (const own of [...side]) side.add(oppositePoint(own));
  const cells = new Uint8Array(HOLE_COUNT);
  const pieces: Hole[] = [];
  const colours = new Set<string>();
  game.board().forEach((occupant, hole) => {
    if (occupant === null) return;
    colours.add(occupant);
    if (occupant === colour) {
      cells[hole] = OWN;
      pieces.push(hole);
    } else cells[hole] = occupant !== "neutral" && side.has(occupant) ? SIDE : OTHER;
  });
  return {
    cells,
    pieces,
    goal: goalHoles(colour, game.settings.pieces),
    longJump: game.settings.longJump,
    recent: recentlyLeft(game, player),
    colours: colours.size,
  };
}

/** One colour alone on the board at its start, 10 pieces: the solo crossing. */
export function soloBoard(colour: Point, longJump = false): RaceBoard {
  const cells = new Uint8Array(HOLE_COUNT);
  for (const hole of POINT_HOLES[colour]) cells[hole] = OWN;
  const pieces = [...POINT_HOLES[colour]];
  return { cells, pieces, goal: goalHoles(colour, 10), longJump, recent: new Map(), colours: 1 };
}

/** The board after the colour moves from `from` to `to` (a new board; the memory counts the move). */
export function afterMove(board: RaceBoard, from: Hole, to: Hole): RaceBoard {
  const cells = Uint8Array.from(board.cells);
  cells[from] = EMPTY;
  cells[to] = OWN;
  const recent = new Map<Hole, number>([[from, 1]]);
  for (const [hole, ago] of board.recent) if (ago < MEMORY && !recent.has(hole)) recent.set(hole, ago + 1);
  return { ...board, cells, pieces: board.pieces.map((hole) => (hole === from ? to : hole)), recent };
}

/** Whether the colour's goal is filled by the anti-blocking rule, on this board. */
export function hasFinished(board: RaceBoard): boolean {
  let own = false;
  for (const hole of board.goal) {
    const cell = board.cells[hole];
    if (cell === EMPTY || cell === SIDE) return false;
    if (cell === OWN) own = true;
  }
  return own;
}

/** For each hole the player's pieces left in its last MEMORY moves, how many of its moves ago (1: its last). */
export function recentlyLeft(game: Game, player: number): Map<Hole, number> {
  const left = new Map<Hole, number>();
  const { history } = game;
  let moves = 0;
  for (let i = history.length - 1; i >= 0 && moves < MEMORY; i--) {
    const action = history[i];
    if (action.kind !== "move" || action.player !== player) continue;
    moves++;
    if (!left.has(action.move.path[0])) left.set(action.move.path[0], moves);
  }
  return left;
}
