/**
 * What every variant implements. A variant is a `VariantRules` entry in the
 * registry (variants/index.ts): its name, the settings it accepts and its
 * start position. The position is a subclass of `Position`, which keeps the
 * state all variants share — the board, whose turn it is, who has finished
 * and who has left, the turn limit, the places of those who left — and
 * declares, abstract, each rule a variant decides for itself. `Game` wraps a
 * position with notation, turn checks and history; perft drives it directly.
 */
import { HOLE_COUNT, type Hole, type Point } from "./board.ts";
import type { Settings, SettingsRefusal } from "./settings.ts";

/**
 * What a variant's games are like, as data: what a page needs to know to
 * show one, so that no page asks a variant its name.
 */
export interface VariantCapabilities {
  /**
   * Whether moves capture pieces: each piece jumped leaves the board and
   * counts for the player who jumped it; records carry each player's
   * captures, and the captures rank the players.
   */
  readonly captures: boolean;
  /**
   * Whether players own pieces of colours (points), seated by `seating`,
   * and race them to the opposite points (goals, finishing, teams; the
   * settings `colours`, `pieces` and `teams`). Without colours every piece
   * belongs to nobody and those settings stay 1, 10 and false.
   */
  readonly colours: boolean;
  /**
   * Whether a move is picked landing by landing: `continuations` after a
   * piece gives its next landings, and a path may stop after any landing
   * that makes it a move. Otherwise what follows a piece is each of its
   * destinations, a whole move.
   */
  readonly landings: boolean;
}

/** One variant of the game, as the registry lists it. */
export interface VariantRules<Name extends string = string> extends VariantCapabilities {
  /** The `variant` of its settings, as written on the wire and in records. */
  readonly name: Name;
  /** Why settings the common checks let through are no game of this variant, or undefined when they are. */
  readonly checkSettings: (settings: Settings) => SettingsRefusal | undefined;
  /** The start position of a game with these settings (which `checkSettings` accepted). */
  readonly start: (settings: Settings) => Position;
}

/** A move as the engine understands it: the full path of landings, and what it captured. */
export interface Move {
  readonly path: readonly Hole[];
  /** Holes of the pieces jumped and removed (capture variant), empty otherwise. */
  readonly captured: readonly Hole[];
}

/**
 * What may follow a partial path of holes, the piece's hole first, for the
 * side to move: how a move is picked hole by hole without listing every move.
 */
export interface Continuations {
  /**
   * The holes that may come next: after no hole, the pieces that may move;
   * after a piece, where it may go (capture: its first landings; race: its
   * destinations, each a whole move); after capture landings, the landings
   * that may follow. Empty after a path no move starts with.
   */
  readonly next: readonly Hole[];
  /** Whether the path as it stands is a legal move. */
  readonly isMove: boolean;
}

/** What follows a path no move starts with. */
export const NO_CONTINUATIONS: Continuations = { next: [], isMove: false };

/** No game runs forever: after this many turns per side in play the game ends (see docs/rules.md). */
export const TURN_LIMIT_PER_COLOUR = 1000;

export type EndReason = "finished" | "no-jumps" | "resigned" | "turn-limit";

/** Who sits where, as a variant's start position lays it out. */
export interface Seats {
  /** Each player's colour codes, in seat order (empty lists where pieces belong to nobody). */
  readonly playerColours: readonly (readonly number[])[];
  /** The unit that races for a place: the player, or its team. */
  readonly unitOf: readonly number[];
  /** Sides in turn order: whatever the variant moves by turns (colour codes, or players). */
  readonly order: readonly number[];
  /** The player who moves each side of `order`. */
  readonly orderPlayers: readonly number[];
}

/**
 * Everything a position holds that play changes, as plain data (JSON): a
 * stored game takes up from it without replaying its moves. The rest (the
 * board's layout, goals, seating) follows from the settings.
 */
export interface PositionState {
  readonly cells: readonly number[];
  readonly colours: readonly (readonly number[])[];
  readonly orderPlayers: readonly number[];
  readonly turn: number;
  readonly finishedSides: number;
  readonly resigned: number;
  readonly finishers: readonly number[];
  readonly departed: readonly number[];
  readonly captures: readonly number[];
  readonly plies: number;
  readonly endReason: EndReason | null;
  /** What the variant keeps besides (the race's piece lists); absent when it keeps nothing. */
  readonly variant?: readonly number[];
}

export abstract class Position {
  readonly settings: Settings;
  readonly cells = new Uint8Array(HOLE_COUNT);
  readonly unitOf: readonly number[];
  readonly order: readonly number[];
  /** The colours each player plays for: when a partner leaves, its colours pass to the one who stays. */
  private readonly colours: number[][];
  /** The player who moves each side of `order`: a partner takes over the sides of one who left. */
  private readonly orderPlayers: number[];

  /** Index into `order` of the side to move. */
  protected turn = 0;
  /** Bit `side` set once that side has finished: its turns are skipped. */
  protected finishedSides = 0;
  /** Bit `player` set once the player has left the game. */
  protected resigned = 0;
  /** Units in the order they finished. */
  readonly finishers: number[] = [];
  /** Units in the order they left the game before finishing (every member gone). */
  private readonly departed: number[] = [];
  /** Pieces captured by each player. */
  readonly captures: number[];
  plies = 0;
  endReason: EndReason | undefined;

  protected constructor(settings: Settings, seats: Seats) {
    this.settings = settings;
    this.colours = seats.playerColours.map((codes) => [...codes]);
    this.unitOf = seats.unitOf;
    this.order = seats.order;
    this.orderPlayers = [...seats.orderPlayers];
    this.captures = new Array(settings.players).fill(0);
  }

  // The rules each variant decides.

  /** The colour the side to move plays, where sides are colours. */
  abstract get colour(): Point | undefined;
  /** Whether the side to move has any legal move (in the race, a side without one must pass). */
  abstract hasMove(): boolean;
  /** Every legal move of the side to move. In the capture variant the list can run to millions. */
  abstract legalMoves(): Move[];
  /** How many legal moves the side to move has, counted without listing them. */
  abstract countMoves(): number;
  /** What may follow a partial path (hole indices, each a hole of the board). */
  abstract continuations(path: readonly Hole[]): Continuations;
  /** The move a written path of holes makes for the side to move; throws an `illegal-move` RulesError. */
  abstract checkPath(path: readonly Hole[]): Move;
  /** Plays a move `checkPath` or `legalMoves` gave on this very position, then ends the turn. */
  abstract play(move: Move): void;
  /** Perft from this position, which is not over, for `depth` ≥ 1 plies. */
  abstract countLeaves(depth: number): number;
  /** Why the game ends after the turn just played, by the variant's own rule (the turn limit is common). */
  protected abstract variantEnd(): EndReason | undefined;
  /**
   * The place of each player whose unit has not left, by the variant's
   * ranking (after the game, or as units finish). Places from 1 on: the
   * units that left are ranked after all of these.
   */
  protected abstract rankRemaining(): Map<number, number>;
  /** Takes the pieces of these colours off the board: their unit has left the game. */
  protected abstract takeOffBoard(colours: readonly number[]): void;

  /** What the variant keeps besides the common state, for `state`; nothing by default. */
  protected variantState(): readonly number[] | undefined {
    return undefined;
  }

  /** Takes up what `variantState` gave. */
  protected setVariantState(_state: readonly number[] | undefined): void {}

  // What every variant shares.

  /** The position as plain data: `setState` on a new position of the same settings makes it this one again. */
  state(): PositionState {
    const variant = this.variantState();
    return {
      cells: Array.from(this.cells),
      colours: this.colours.map((codes) => [...codes]),
      orderPlayers: [...this.orderPlayers],
      turn: this.turn,
      finishedSides: this.finishedSides,
      resigned: this.resigned,
      finishers: [...this.finishers],
      departed: [...this.departed],
      captures: [...this.captures],
      plies: this.plies,
      endReason: this.endReason ?? null,
      ...(variant === undefined ? {} : { variant }),
    };
  }

  /**
   * Becomes the position `state` describes: one that `state()` gave for a
   * position of the same settings (it is taken as it is, not checked).
   */
  setState(state: PositionState): void {
    this.cells.set(state.cells);
    state.colours.forEach((codes, player) => {
      this.colours[player] = [...codes];
    });
    state.orderPlayers.forEach((player, turn) => {
      this.orderPlayers[turn] = player;
    });
    this.turn = state.turn;
    this.finishedSides = state.finishedSides;
    this.resigned = state.resigned;
    this.finishers.splice(0, this.finishers.length, ...state.finishers);
    this.departed.splice(0, this.departed.length, ...state.departed);
    state.captures.forEach((count, player) => {
      this.captures[player] = count;
    });
    this.plies = state.plies;
    this.endReason = state.endReason ?? undefined;
    this.setVariantState(state.variant);
  }

  get isOver(): boolean {
    return this.endReason !== undefined;
  }

  /** The side to move: an entry of `order`. */
  get side(): number {
    return this.order[this.turn];
  }

  /** The player who moves now. */
  get player(): number {
    return this.orderPlayers[this.turn];
  }

  hasResigned(player: number): boolean {
    return (this.resigned & (1 << player)) !== 0;
  }

  /** The colour codes each player plays for, in seat order (empty lists where pieces belong to nobody). */
  get playerColours(): readonly (readonly number[])[] {
    return this.colours;
  }

  /** The chosen first player moves first, with its first side in turn order. */
  startWith(player: number): void {
    this.turn = this.orderPlayers.indexOf(player);
  }

  makePass(): void {
    this.endTurn();
  }

  /** Reverses `makePass`. */
  unmakePass(saved: SavedState): void {
    this.restore(saved);
  }

  /**
   * The player leaves. If its unit has finished, that is all: it keeps its
   * place and its pieces. Otherwise a partner still in the game takes over
   * its colours, turns and all; with no partner left, the unit has left the
   * game: the pieces of the colours it played leave the board and it ranks
   * after every unit that stayed.
   */
  resign(player: number): void {
    this.resigned |= 1 << player;
    const unit = this.unitOf[player];
    if (!this.finishers.includes(unit)) {
      const partner = this.unitOf.findIndex((other, p) => other === unit && !this.hasResigned(p));
      if (partner >= 0) this.handOver(player, partner);
      else {
        this.departed.push(unit);
        this.takeOffBoard(this.colours[player]);
        this.colours[player] = [];
      }
    }
    if (this.remainingUnits().length <= 1) {
      this.endReason = "resigned";
      return;
    }
    if (this.hasResigned(this.player)) this.advance();
  }

  /** The partner plays on for the one who left: its colours, in turn order, and their turns. */
  private handOver(player: number, partner: number): void {
    this.colours[partner] = [...this.colours[partner], ...this.colours[player]].sort((a, b) => a - b);
    this.colours[player] = [];
    this.orderPlayers.forEach((mover, turn) => {
      if (mover === player) this.orderPlayers[turn] = partner;
    });
  }

  /**
   * The place of each player now: the variant's ranking, then the units
   * that left, the later one leaving the better placed — so a unit's place
   * is settled the moment it leaves. Players of a unit share its place.
   */
  places(): Map<number, number> {
    const places = this.rankRemaining();
    const unitCount = new Set(this.unitOf).size;
    this.departed.forEach((unit, i) => {
      this.unitOf.forEach((other, player) => {
        if (other === unit) places.set(player, unitCount - i);
      });
    });
    return places;
  }

  /** Units still in the game: neither finished nor left (a unit stays while one member plays on). */
  protected remainingUnits(): number[] {
    const units = new Set<number>();
    this.unitOf.forEach((unit, player) => {
      if (!this.hasResigned(player) && !this.finishers.includes(unit)) units.add(unit);
    });
    return [...units];
  }

  /** What a move changes besides the board and the captures, for unmaking it. */
  save(): SavedState {
    return {
      turn: this.turn,
      finishedSides: this.finishedSides,
      finishers: this.finishers.length,
      plies: this.plies,
      endReason: this.endReason,
    };
  }

  protected restore(saved: SavedState): void {
    this.turn = saved.turn;
    this.finishedSides = saved.finishedSides;
    if (this.finishers.length !== saved.finishers) this.finishers.length = saved.finishers;
    this.plies = saved.plies;
    this.endReason = saved.endReason;
  }

  /** After a move or a pass: the game ends, or the turn passes on. */
  protected endTurn(): void {
    this.plies++;
    const reason =
      this.variantEnd() ?? (this.plies >= TURN_LIMIT_PER_COLOUR * this.order.length ? "turn-limit" : undefined);
    if (reason) this.endReason = reason;
    else this.advance();
  }

  /** Hands the turn clockwise to the next side still in play. */
  private advance(): void {
    for (let k = 1; k <= this.order.length; k++) {
      const turn = (this.turn + k) % this.order.length;
      if (this.hasResigned(this.orderPlayers[turn]) || this.finishedSides & (1 << this.order[turn])) continue;
      this.turn = turn;
      return;
    }
  }
}

export interface SavedState {
  readonly turn: number;
  readonly finishedSides: number;
  readonly finishers: number;
  readonly plies: number;
  readonly endReason: EndReason | undefined;
}
