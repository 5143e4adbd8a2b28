/**
 * The whole state of a game in progress, in the compact form the move
 * generator and perft work on: the board, whose turn it is, who has finished
 * and who has left. `Game` wraps it with validation, notation and history.
 */
import {
  CENTRE,
  HEXAGON,
  HOLE_COUNT,
  type Hole,
  oppositePoint,
  POINT_EDGE,
  POINT_HOLES,
  POINTS,
  type Point,
} from "./board.ts";
import { anyJump, captureChains, countRaceDestinations, EMPTY, raceDestinations } from "./movegen.ts";
import { type Settings, seating, teamOf } from "./settings.ts";

/** Colour codes on the board: 1..6 for the points N..NW, NEUTRAL for the capture variant's pieces. */
export const NEUTRAL = 7;
export const colourCode = (point: Point) => POINTS.indexOf(point) + 1;
export const colourPoint = (code: number): Point => POINTS[code - 1];

/** No game runs forever: after this many turns per colour in play the game ends (see docs/rules.md). */
export const TURN_LIMIT_PER_COLOUR = 1000;

export type EndReason = "finished" | "no-jumps" | "resigned" | "turn-limit";

const MAX_PIECES = 15;

export class Position {
  readonly cells = new Uint8Array(HOLE_COUNT);
  /** Players' colour codes, in seat order (race variants; empty lists in capture). */
  readonly playerColours: readonly (readonly number[])[];
  /** The unit that races for a place: the player, or its team. */
  readonly unitOf: readonly number[];
  /** Sides in turn order: colour codes in the race variants, player indices in capture. */
  readonly order: readonly number[];
  /** Player owning each colour code. */
  private readonly ownerOf = new Int8Array(8).fill(-1);
  /** Goal membership per colour code: goal[code * HOLE_COUNT + hole]. */
  private readonly goal = new Uint8Array(8 * HOLE_COUNT);
  private readonly goalHoles: (readonly Hole[])[] = [];
  /** Piece holes per colour code: pieces[code * MAX_PIECES + i]. */
  private readonly pieces = new Int16Array(8 * MAX_PIECES);
  readonly piecesPerColour: number;

  turn = 0;
  /** Bit `code` set once that colour has filled its goal. */
  finishedColours = 0;
  /** Bit `player` set once the player has left the game. */
  resigned = 0;
  /** Units in the order they finished. */
  readonly finishers: number[] = [];
  /** Pieces captured by each player (capture variant). */
  readonly captures: number[];
  plies = 0;
  endReason: EndReason | undefined;

  readonly settings: Settings;

  constructor(settings: Settings) {
    this.settings = settings;
    const capture = settings.variant === "capture";
    this.captures = new Array(settings.players).fill(0);
    if (capture) {
      this.playerColours = Array.from({ length: settings.players }, () => []);
      this.unitOf = this.playerColours.map((_, player) => player);
      this.order = this.unitOf;
      this.piecesPerColour = 0;
      for (const hole of HEXAGON) this.cells[hole] = NEUTRAL;
      this.cells[CENTRE] = EMPTY;
      return;
    }
    const seats = seating(settings);
    this.playerColours = seats.map((colours) => colours.map(colourCode));
    this.unitOf = seats.map((_, player) => teamOf(settings, player));
    this.order = seats
      .flat()
      .map(colourCode)
      .sort((a, b) => a - b);
    this.piecesPerColour = settings.pieces;
    seats.forEach((colours, player) => {
      for (const point of colours) {
        const code = colourCode(point);
        this.ownerOf[code] = player;
        const home = settings.pieces === 15 ? [...POINT_HOLES[point], ...POINT_EDGE[point]] : POINT_HOLES[point];
        const target = oppositePoint(point);
        const goal = settings.pieces === 15 ? [...POINT_HOLES[target], ...POINT_EDGE[target]] : POINT_HOLES[target];
        this.goalHoles[code] = goal;
        for (const hole of goal) this.goal[code * HOLE_COUNT + hole] = 1;
        home.forEach((hole, i) => {
          this.cells[hole] = code;
          this.pieces[code * MAX_PIECES + i] = hole;
        });
      }
    });
  }

  get isCapture(): boolean {
    return this.settings.variant === "capture";
  }

  get isOver(): boolean {
    return this.endReason !== undefined;
  }

  /** The side to move: a colour code (race) or a player index (capture). */
  get side(): number {
    return this.order[this.turn];
  }

  /** The player who moves now. */
  get player(): number {
    return this.isCapture ? this.side : this.ownerOf[this.side];
  }

  ownerOfColour(code: number): number {
    return this.ownerOf[code];
  }

  goalOf(code: number): readonly Hole[] {
    return this.goalHoles[code];
  }

  piecesOf(code: number): Int16Array {
    return this.pieces.subarray(code * MAX_PIECES, code * MAX_PIECES + this.piecesPerColour);
  }

  /**
   * The race moves of the side to move as (from, to) pairs packed as
   * `from << 8 | to` into `out`; returns how many.
   */
  generateRaceMoves(out: Int32Array, destinations: Int16Array): number {
    const base = this.side * MAX_PIECES;
    const longJump = this.settings.longJump;
    let count = 0;
    for (let i = 0; i < this.piecesPerColour; i++) {
      const from = this.pieces[base + i];
      const n = raceDestinations(this.cells, from, longJump, destinations, 0);
      for (let k = 0; k < n; k++) out[count++] = (from << 8) | destinations[k];
    }
    return count;
  }

  /** How many race moves the side to move has, without listing them. */
  countRaceMoves(): number {
    const base = this.side * MAX_PIECES;
    const longJump = this.settings.longJump;
    let count = 0;
    for (let i = 0; i < this.piecesPerColour; i++)
      count += countRaceDestinations(this.cells, this.pieces[base + i], longJump);
    return count;
  }

  /** Whether the side to move has any legal move (a side without one must pass). */
  hasMove(): boolean {
    if (this.isCapture) return anyJump(this.cells, this.settings.longJump);
    const base = this.side * MAX_PIECES;
    for (let i = 0; i < this.piecesPerColour; i++) {
      if (countRaceDestinations(this.cells, this.pieces[base + i], this.settings.longJump) > 0) return true;
    }
    return false;
  }

  /** How many capture chains exist for the side to move (any piece may move). */
  countCaptureMoves(): number {
    let count = 0;
    for (let hole = 0; hole < HOLE_COUNT; hole++) {
      if (this.cells[hole] !== EMPTY) count += captureChains(this.cells, hole, this.settings.longJump);
    }
    return count;
  }

  /** Moves the side's piece from `from` to `to`, then settles finishing and the turn. */
  makeRaceMove(from: Hole, to: Hole): void {
    const code = this.side;
    const base = code * MAX_PIECES;
    let i = base;
    while (this.pieces[i] !== from) i++;
    this.pieces[i] = to;
    this.cells[from] = EMPTY;
    this.cells[to] = code;
    if (this.hasFilledGoal(code)) this.finishColour(code);
    this.endTurn();
  }

  /** Reverses `makeRaceMove` given the state saved before it. */
  unmakeRaceMove(from: Hole, to: Hole, saved: SavedState): void {
    this.restore(saved);
    const code = this.side;
    let i = code * MAX_PIECES;
    while (this.pieces[i] !== to) i++;
    this.pieces[i] = from;
    this.cells[to] = EMPTY;
    this.cells[from] = code;
  }

  /** Plays a capture chain: the piece lands on the last hole; `captured` pieces leave the board. */
  makeCaptureMove(from: Hole, to: Hole, captured: readonly Hole[]): void {
    this.cells[from] = EMPTY;
    for (const hole of captured) this.cells[hole] = EMPTY;
    this.cells[to] = NEUTRAL;
    this.captures[this.side] += captured.length;
    this.endTurn();
  }

  unmakeCaptureMove(from: Hole, to: Hole, captured: readonly Hole[], saved: SavedState): void {
    this.restore(saved);
    this.captures[this.side] -= captured.length;
    this.cells[to] = EMPTY;
    for (const hole of captured) this.cells[hole] = NEUTRAL;
    this.cells[from] = NEUTRAL;
  }

  makePass(): void {
    this.endTurn();
  }

  /** Reverses `makePass`. */
  unmakePass(saved: SavedState): void {
    this.restore(saved);
  }

  /** The player leaves: its pieces stay, its turns are skipped, it takes no place. */
  resign(player: number): void {
    this.resigned |= 1 << player;
    if (this.remainingUnits().length <= 1) {
      this.endReason = "resigned";
      return;
    }
    if (this.player === player) this.advance();
  }

  save(): SavedState {
    return {
      turn: this.turn,
      finishedColours: this.finishedColours,
      finishers: this.finishers.length,
      plies: this.plies,
      endReason: this.endReason,
    };
  }

  private restore(saved: SavedState): void {
    this.turn = saved.turn;
    this.finishedColours = saved.finishedColours;
    if (this.finishers.length !== saved.finishers) this.finishers.length = saved.finishers;
    this.plies = saved.plies;
    this.endReason = saved.endReason;
  }

  /** The anti-blocking rule: every goal hole occupied, at least one by the colour's own piece. */
  private hasFilledGoal(code: number): boolean {
    let own = false;
    for (const hole of this.goalHoles[code]) {
      const occupant = this.cells[hole];
      if (occupant === EMPTY) return false;
      if (occupant === code) own = true;
    }
    return own;
  }

  private finishColour(code: number): void {
    this.finishedColours |= 1 << code;
    const unit = this.unitOf[this.ownerOf[code]];
    const unitDone = this.playerColours.every(
      (colours, player) => this.unitOf[player] !== unit || colours.every((c) => this.finishedColours & (1 << c)),
    );
    if (unitDone) this.finishers.push(unit);
  }

  /** Units still racing: neither finished nor (for every member) resigned. */
  remainingUnits(): number[] {
    const units = new Set<number>();
    this.unitOf.forEach((unit, player) => {
      if (!(this.resigned & (1 << player)) && !this.finishers.includes(unit)) units.add(unit);
    });
    return [...units];
  }

  private endTurn(): void {
    this.plies++;
    const reason = this.endOfGame();
    if (reason) this.endReason = reason;
    else this.advance();
  }

  /** Why the game ends after the turn just played, if it does. */
  private endOfGame(): EndReason | undefined {
    if (this.isCapture) {
      if (!anyJump(this.cells, this.settings.longJump)) return "no-jumps";
    } else if ((this.finishers.length > 0 || this.resigned !== 0) && this.remainingUnits().length <= 1) {
      // Every unit races until one finishes or a player leaves: only then can too few remain.
      return "finished";
    }
    if (this.plies >= TURN_LIMIT_PER_COLOUR * this.order.length) return "turn-limit";
    return undefined;
  }

  /** Hands the turn clockwise to the next side that still plays. */
  private advance(): void {
    for (let k = 1; k <= this.order.length; k++) {
      const turn = (this.turn + k) % this.order.length;
      const side = this.order[turn];
      const player = this.isCapture ? side : this.ownerOf[side];
      if (this.resigned & (1 << player)) continue;
      if (!this.isCapture && this.finishedColours & (1 << side)) continue;
      this.turn = turn;
      return;
    }
  }
}

export interface SavedState {
  readonly turn: number;
  readonly finishedColours: number;
  readonly finishers: number;
  readonly plies: number;
  readonly endReason: EndReason | undefined;
}
