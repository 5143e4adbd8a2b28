/**
 * The race ("classic"): each colour races its pieces into the point
 * opposite; a move is one step or a chain of jumps over any pieces, nothing
 * is captured; a colour finishes once its goal is filled (the anti-blocking
 * rule), and units — players, or teams of two — are placed in the order they
 * finish. docs/rules.md states the rules; this file is their one home.
 */
import {
  areAdjacent,
  HOLE_COUNT,
  type Hole,
  holeName,
  oppositePoint,
  POINT_EDGE,
  POINT_HOLES,
  POINTS,
  type Point,
} from "../board.ts";
import { colourCode, colourPoint, EMPTY } from "../cells.ts";
import { RulesError } from "../errors.ts";
import { jumpedPiece } from "../jumps.ts";
import {
  type Continuations,
  type EndReason,
  type Move,
  NO_CONTINUATIONS,
  Position,
  type SavedState,
  type VariantRules,
} from "../position.ts";
import type { Settings, SettingsRefusal } from "../settings.ts";
import { countRaceDestinations, pathTo, raceDestinations } from "./race-moves.ts";

/**
 * The colours of each player in seat order, for each (players, colours)
 * combination the race allows. Turns go clockwise colour by colour.
 */
const SEATING: Readonly<Record<string, readonly (readonly Point[])[]>> = {
  "2x1": [["N"], ["S"]],
  "3x1": [["N"], ["SE"], ["SW"]],
  "4x1": [["NE"], ["SE"], ["SW"], ["NW"]],
  "6x1": [["N"], ["NE"], ["SE"], ["S"], ["SW"], ["NW"]],
  "2x2": [
    ["NE", "SW"],
    ["SE", "NW"],
  ],
  "2x3": [
    ["N", "SE", "SW"],
    ["S", "NW", "NE"],
  ],
  "3x2": [
    ["N", "S"],
    ["NE", "SW"],
    ["SE", "NW"],
  ],
};

/** The colours of each player, in seat order. */
export function seating(settings: Settings): readonly (readonly Point[])[] {
  const seats = SEATING[`${settings.players}x${settings.colours}`];
  if (!seats) throw new RulesError("invalid-settings", "no seating for these settings", "players");
  return seats;
}

function checkSettings({ players, colours, pieces, teams }: Settings): SettingsRefusal | undefined {
  if (players === 5)
    return { field: "players", message: "five players cannot share the star fairly: choose 2, 3, 4 or 6" };
  if (!SEATING[`${players}x${colours}`]) {
    return {
      field: "colours",
      message: `${players} players cannot play ${colours} colours each: use 1, or 2×2, 2×3 or 3×2`,
    };
  }
  if (pieces === 15 && (players !== 2 || colours !== 1))
    return { field: "pieces", message: "15 pieces are for two players of one colour" };
  if (teams && (players !== 6 || colours !== 1))
    return { field: "teams", message: "teams are for six players of one colour" };
  return undefined;
}

/** The holes a colour starts on: its point, and with 15 pieces the edge row of the hexagon along it. */
export function startHoles(colour: Point, pieces: 10 | 15): readonly Hole[] {
  return pieces === 15 ? [...POINT_HOLES[colour], ...POINT_EDGE[colour]] : POINT_HOLES[colour];
}

/** The holes a colour races to fill: the start holes of the point opposite. */
export function goalHoles(colour: Point, pieces: 10 | 15): readonly Hole[] {
  return startHoles(oppositePoint(colour), pieces);
}

const MAX_PIECES = 15;
/** Where the piece lists say a piece is once its unit has left the game and it has left the board. */
const OFF_BOARD = -1;

/** A race position. Sides are colour codes; pieces are listed per colour so moves never scan the board. */
export class RacePosition extends Position {
  readonly piecesPerColour: number;
  /** Goal holes per colour code: the opposite point, and its edge row with 15 pieces. */
  private readonly goals: (readonly Hole[])[] = [];
  /** The colour whose goal each hole is in, or EMPTY: goals never overlap. */
  private readonly goalOwner = new Uint8Array(HOLE_COUNT);
  /** The unit each colour code races for. */
  private readonly unitOfColour: number[] = [];
  /** Per colour code, a bit for every colour of its unit (its own player's, and its partner's with teams). */
  private readonly unitColours: number[] = [];
  /** Piece holes per colour code: pieces[code * MAX_PIECES + i]. */
  private readonly pieces = new Int16Array(8 * MAX_PIECES);

  constructor(settings: Settings) {
    const seats = seating(settings);
    const order = seats
      .flat()
      .map(colourCode)
      .sort((a, b) => a - b);
    super(settings, {
      playerColours: seats.map((colours) => colours.map(colourCode)),
      // With teams, partners sit on opposite points: N+S, NE+SW, SE+NW.
      unitOf: seats.map((colours, player) => (settings.teams ? POINTS.indexOf(colours[0]) % 3 : player)),
      order,
      orderPlayers: order.map((code) => seats.findIndex((colours) => colours.includes(colourPoint(code)))),
    });
    this.piecesPerColour = settings.pieces;
    for (const point of seats.flat()) {
      const code = colourCode(point);
      this.goals[code] = goalHoles(point, settings.pieces);
      for (const hole of this.goals[code]) this.goalOwner[hole] = code;
      startHoles(point, settings.pieces).forEach((hole, i) => {
        this.cells[hole] = code;
        this.pieces[code * MAX_PIECES + i] = hole;
      });
    }
    seats.forEach((colours, player) => {
      const unit = this.unitOf[player];
      const mates = seats.filter((_, other) => this.unitOf[other] === unit).flat();
      const bits = mates.reduce((mask, point) => mask | (1 << colourCode(point)), 0);
      for (const point of colours) {
        this.unitOfColour[colourCode(point)] = unit;
        this.unitColours[colourCode(point)] = bits;
      }
    });
  }

  get colour(): Point {
    return colourPoint(this.side);
  }

  /** The piece lists, in their order (which orders the moves). */
  protected override variantState(): readonly number[] {
    return Array.from(this.pieces);
  }

  protected override setVariantState(state: readonly number[] | undefined): void {
    if (state) this.pieces.set(state);
  }

  /** The holes of a colour's pieces (a live view: copy what you keep); OFF_BOARD once its unit has left. */
  piecesOf(code: number): Int16Array {
    return this.pieces.subarray(code * MAX_PIECES, code * MAX_PIECES + this.piecesPerColour);
  }

  /**
   * The moves of the side to move as (from, to) pairs packed as
   * `from << 8 | to` into `out`; returns how many.
   */
  generateMoves(out: Int32Array, destinations: Int16Array): number {
    const base = this.side * MAX_PIECES;
    const { longJump } = this.settings;
    let count = 0;
    for (let i = 0; i < this.piecesPerColour; i++) {
      const from = this.pieces[base + i];
      const n = raceDestinations(this.cells, from, longJump, destinations, 0);
      for (let k = 0; k < n; k++) out[count++] = (from << 8) | destinations[k];
    }
    return count;
  }

  /** How many moves the side to move has, without listing them. */
  countMoves(): number {
    const base = this.side * MAX_PIECES;
    const { longJump } = this.settings;
    let count = 0;
    for (let i = 0; i < this.piecesPerColour; i++)
      count += countRaceDestinations(this.cells, this.pieces[base + i], longJump);
    return count;
  }

  hasMove(): boolean {
    const base = this.side * MAX_PIECES;
    for (let i = 0; i < this.piecesPerColour; i++) {
      if (countRaceDestinations(this.cells, this.pieces[base + i], this.settings.longJump) > 0) return true;
    }
    return false;
  }

  /** One move per (piece, destination), each with a shortest route. */
  legalMoves(): Move[] {
    const moves: Move[] = [];
    const destinations = new Int16Array(HOLE_COUNT);
    for (const from of this.piecesOf(this.side)) {
      const count = raceDestinations(this.cells, from, this.settings.longJump, destinations, 0);
      for (let i = 0; i < count; i++) moves.push({ path: pathTo(from, destinations[i]), captured: [] });
    }
    return moves;
  }

  /**
   * The pieces that can move; then a piece's destinations, each a whole move
   * named by its two ends (`checkPath` fills in the route), after which
   * nothing follows.
   */
  continuations(path: readonly Hole[]): Continuations {
    const { cells } = this;
    if (path.length === 0) {
      const pieces = Array.from(this.piecesOf(this.side));
      return {
        next: pieces.filter((from) => countRaceDestinations(cells, from, this.settings.longJump) > 0),
        isMove: false,
      };
    }
    if (cells[path[0]] !== this.side) return NO_CONTINUATIONS;
    if (path.length === 1) {
      const destinations = new Int16Array(HOLE_COUNT);
      const count = raceDestinations(cells, path[0], this.settings.longJump, destinations, 0);
      return { next: Array.from(destinations.subarray(0, count)), isMove: false };
    }
    try {
      this.checkPath(path);
      return { next: [], isMove: true };
    } catch (error) {
      if (error instanceof RulesError) return NO_CONTINUATIONS;
      throw error;
    }
  }

  /** A step, or a chain of jumps given whole or by its ends alone (then a shortest route is filled in). */
  checkPath(path: readonly Hole[]): Move {
    const { cells } = this;
    const from = path[0];
    const to = path[path.length - 1];
    if (cells[from] !== this.side) {
      const what = cells[from] === EMPTY ? "is empty" : `holds a piece of ${colourPoint(cells[from])}`;
      throw new RulesError("illegal-move", `${holeName(from)} ${what}: ${this.colour} is to move`);
    }
    if (from === to) throw new RulesError("illegal-move", "a move must end on another hole");
    if (path.length === 2) {
      if (areAdjacent(from, to) && cells[to] === EMPTY) return { path, captured: [] };
      const reachable = new Int16Array(HOLE_COUNT);
      const count = raceDestinations(cells, from, this.settings.longJump, reachable, 0);
      if (!reachable.subarray(0, count).includes(to)) {
        throw new RulesError("illegal-move", `the piece on ${holeName(from)} cannot reach ${holeName(to)}`);
      }
      return { path: pathTo(from, to), captured: [] };
    }
    // A whole chain: every leg a jump; the moving piece is lifted off its hole, the jumped pieces stay.
    cells[from] = EMPTY;
    try {
      for (let i = 1; i < path.length; i++) jumpedPiece(cells, path[i - 1], path[i], this.settings.longJump);
    } finally {
      cells[from] = this.side;
    }
    return { path, captured: [] };
  }

  play(move: Move): void {
    this.makeMove(move.path[0], move.path[move.path.length - 1]);
  }

  /**
   * Moves the side's piece from `from` to `to`, then settles finishing and
   * the turn. Every colour that has not finished is checked after every move,
   * the mover first, then clockwise; but every goal was checked after the
   * moves before, a move empties one hole and fills one, and goals never
   * overlap, so only the colour whose goal holds `to` can have finished now:
   * checking it alone gives the same result, one finisher per move at most.
   */
  makeMove(from: Hole, to: Hole): void {
    const code = this.side;
    let i = code * MAX_PIECES;
    while (this.pieces[i] !== from) i++;
    this.pieces[i] = to;
    this.cells[from] = EMPTY;
    this.cells[to] = code;
    const owner = this.goalOwner[to];
    if (owner !== EMPTY && (this.finishedSides & (1 << owner)) === 0 && this.hasFilledGoal(owner))
      this.finishColour(owner);
    this.endTurn();
  }

  /** Reverses `makeMove` given the state saved before it. */
  unmakeMove(from: Hole, to: Hole, saved: SavedState): void {
    this.restore(saved);
    const code = this.side;
    let i = code * MAX_PIECES;
    while (this.pieces[i] !== to) i++;
    this.pieces[i] = from;
    this.cells[to] = EMPTY;
    this.cells[from] = code;
  }

  /**
   * The anti-blocking rule: every goal hole occupied, at least one by the
   * colour's own piece, and none by another colour of its own unit — only
   * opponents' pieces may help fill a goal.
   */
  private hasFilledGoal(code: number): boolean {
    const ownSide = this.unitColours[code] & ~(1 << code);
    let own = false;
    for (const hole of this.goals[code]) {
      const occupant = this.cells[hole];
      if (occupant === EMPTY || (ownSide & (1 << occupant)) !== 0) return false;
      if (occupant === code) own = true;
    }
    return own;
  }

  /** The colour has finished; its unit finishes when all its colours have. */
  private finishColour(code: number): void {
    this.finishedSides |= 1 << code;
    const colours = this.unitColours[code];
    if ((this.finishedSides & colours) === colours) this.finishers.push(this.unitOfColour[code]);
  }

  protected variantEnd(): EndReason | undefined {
    // Every unit races until one finishes or a player leaves: only then can too few remain.
    if ((this.finishers.length > 0 || this.resigned !== 0) && this.remainingUnits().length <= 1) return "finished";
    return undefined;
  }

  /**
   * Units take places in the order they finish, partners sharing theirs. At
   * the end every unit still racing shares the next place: the race has no
   * score, however many pieces a unit has brought home.
   */
  protected rankRemaining(): Map<number, number> {
    const unitPlaces = new Map<number, number>(this.finishers.map((unit, i) => [unit, i + 1]));
    if (this.isOver) for (const unit of this.remainingUnits()) unitPlaces.set(unit, this.finishers.length + 1);
    const places = new Map<number, number>();
    this.unitOf.forEach((unit, player) => {
      const place = unitPlaces.get(unit);
      if (place !== undefined) places.set(player, place);
    });
    return places;
  }

  /** The pieces of a unit that left leave the board, so that they block no one's goal. */
  protected takeOffBoard(colours: readonly number[]): void {
    for (const code of colours) {
      for (const hole of this.piecesOf(code)) this.cells[hole] = EMPTY;
      this.piecesOf(code).fill(OFF_BOARD);
    }
  }

  countLeaves(depth: number): number {
    return racePerft(this, depth, 0);
  }
}

/** One move list per ply and one destination buffer, allocated once. */
const MAX_MOVES = MAX_PIECES * HOLE_COUNT;
const moveBuffers: Int32Array[] = [];
const destinationBuffer = new Int16Array(HOLE_COUNT);

/** A move is a distinct (from, to) pair; a side without one passes, and the pass is its one move. */
function racePerft(position: RacePosition, depth: number, ply: number): number {
  if (depth === 1) return position.countMoves() || 1;
  moveBuffers[ply] ??= new Int32Array(MAX_MOVES);
  const moves = moveBuffers[ply];
  const count = position.generateMoves(moves, destinationBuffer);
  const saved = position.save();
  if (count === 0) {
    position.makePass();
    const nodes = position.isOver ? 0 : racePerft(position, depth - 1, ply + 1);
    position.unmakePass(saved);
    return nodes;
  }
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    const from = moves[i] >> 8;
    const to = moves[i] & 0xff;
    position.makeMove(from, to);
    if (!position.isOver) nodes += racePerft(position, depth - 1, ply + 1);
    position.unmakeMove(from, to, saved);
  }
  return nodes;
}

export const race: VariantRules<"classic"> = {
  name: "classic",
  captures: false,
  colours: true,
  landings: false,
  checkSettings,
  start: (settings) => new RacePosition(settings),
};
