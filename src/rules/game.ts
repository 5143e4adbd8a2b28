/**
 * A game: the position plus everything a table needs around it — validated
 * moves in notation, turn checks, what may follow a partial path (what a
 * board highlights as a move is picked), the history a record is written
 * from, and the result.
 */
import { HOLE_COUNT, type Hole, holeName, type Point } from "./board.ts";
import { colourPoint, EMPTY, NEUTRAL } from "./cells.ts";
import { RulesError } from "./errors.ts";
import { makeSettings } from "./make-settings.ts";
import { type Notated, parseMove } from "./notation.ts";
import {
  type Continuations,
  type EndReason,
  type Move,
  NO_CONTINUATIONS,
  type Position,
  type PositionState,
} from "./position.ts";
import type { Settings } from "./settings.ts";
import { variantNamed } from "./variants/index.ts";

/** One entry of the history, in the order it happened. */
export type Action =
  | { readonly kind: "move"; readonly player: number; readonly move: Move }
  | { readonly kind: "pass"; readonly player: number }
  | { readonly kind: "resign"; readonly player: number };

/** An action of the history as the engine reads it back (`Game.replay`, `Game.apply`): a history replayed. */
export function notatedOf(action: Action): Notated {
  switch (action.kind) {
    case "move":
      return { kind: "path", path: action.move.path };
    case "pass":
      return { kind: "pass" };
    case "resign":
      return { kind: "resign", player: action.player };
  }
}

/** Whose turn it is: the player, and in the race the colour it moves. */
export interface Turn {
  readonly player: number;
  readonly colour: Point | undefined;
}

export interface Standing {
  readonly player: number;
  /**
   * 1 for the winner; shared by partners and by tied players; null while the
   * player's unit is still racing. Units that leave rank last, settled as
   * they leave.
   */
  readonly place: number | null;
  readonly finished: boolean;
  readonly resigned: boolean;
  readonly captures: number;
}

export interface Result {
  readonly reason: EndReason;
  /** Players with place 1. More than one (outside teams) is a draw. */
  readonly winners: readonly number[];
  readonly standings: readonly Standing[];
}

/** What stands on a hole, as the outside world sees it. */
export type Occupant = Point | "neutral" | null;

export interface GameOptions {
  /** The player who moves first (0-based). Unset: the first colour clockwise from N (race) or player 0 (capture). */
  readonly firstPlayer?: number;
}

export class Game {
  readonly settings: Settings;
  readonly firstPlayer: number | undefined;
  private readonly position: Position;
  private readonly actions: Action[] = [];

  private constructor(settings: Settings, firstPlayer: number | undefined) {
    this.settings = settings;
    this.firstPlayer = firstPlayer;
    this.position = variantNamed(settings.variant).start(settings);
    if (firstPlayer !== undefined) {
      if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= settings.players) {
        throw new RulesError("invalid-settings", `first player must be 1 to ${settings.players}`, "firstPlayer");
      }
      this.position.startWith(firstPlayer);
    }
  }

  /** A new game; settings are completed with defaults and checked. */
  static create(settings: Partial<Settings> = {}, options: GameOptions = {}): Game {
    return new Game(makeSettings(settings), options.firstPlayer);
  }

  /**
   * A game taken up where `state()` left one of the same settings and first
   * player, with the actions that led there as its history: nothing is
   * replayed or checked. What a stored game resumes from, when replaying a
   * long one would take too long.
   */
  static resume(
    settings: Partial<Settings>,
    options: GameOptions,
    state: PositionState,
    history: readonly Action[],
  ): Game {
    const game = Game.create(settings, options);
    game.position.setState(state);
    game.actions.push(...history);
    return game;
  }

  /** The position as plain data, for `Game.resume`. */
  state(): PositionState {
    return this.position.state();
  }

  /** Replays actions onto a new game; the first illegal one throws. */
  static replay(settings: Partial<Settings>, options: GameOptions, actions: Iterable<Notated>): Game {
    const game = Game.create(settings, options);
    for (const action of actions) game.apply(action);
    return game;
  }

  get history(): readonly Action[] {
    return this.actions;
  }

  get isOver(): boolean {
    return this.position.isOver;
  }

  /** Whose turn it is, or undefined once the game is over. */
  get turn(): Turn | undefined {
    if (this.isOver) return undefined;
    return { player: this.position.player, colour: this.position.colour };
  }

  /**
   * The colours each player moves, in seat order (empty lists in the capture
   * variant): with teams a partner who stays takes over the colours of one
   * who left; a player who left before finishing moves none.
   */
  get playerColours(): readonly (readonly Point[])[] {
    return this.position.playerColours.map((codes) => codes.map(colourPoint));
  }

  /** Pieces captured by each player. */
  get captures(): readonly number[] {
    return [...this.position.captures];
  }

  /** Turns played so far, passes included. */
  get plies(): number {
    return this.position.plies;
  }

  /** The compact position, for perft and benchmarks. Do not change it while the game is in use. */
  get searchPosition(): Position {
    return this.position;
  }

  occupant(hole: Hole): Occupant {
    const code = this.position.cells[hole];
    if (code === EMPTY) return null;
    return code === NEUTRAL ? "neutral" : colourPoint(code);
  }

  /** The occupant of every hole, indexed by hole. */
  board(): Occupant[] {
    return Array.from({ length: HOLE_COUNT }, (_, hole) => this.occupant(hole));
  }

  /**
   * The occupied holes, by hole name: each piece's colour, or "neutral" for
   * a piece that belongs to nobody. Empty holes are left out. The piece map
   * pages draw and snapshots carry.
   */
  pieces(): Record<string, Point | "neutral"> {
    const pieces: Record<string, Point | "neutral"> = {};
    for (let hole = 0; hole < HOLE_COUNT; hole++) {
      const occupant = this.occupant(hole);
      if (occupant) pieces[holeName(hole)] = occupant;
    }
    return pieces;
  }

  /** True when the side to move has no legal move and must pass. */
  get mustPass(): boolean {
    return !this.isOver && !this.position.hasMove();
  }

  /**
   * Every legal move of the side to move. Race: one per (piece, destination),
   * with a shortest path. Capture: every chain of every piece, each prefix
   * included, which can run to millions of moves: to pick or count moves use
   * `continuations` and `countMoves`, to check one use `check`.
   */
  legalMoves(): Move[] {
    return this.isOver ? [] : this.position.legalMoves();
  }

  /** How many legal moves the side to move has (as many as `legalMoves` lists), counted without listing them. */
  countMoves(): number {
    return this.isOver ? 0 : this.position.countMoves();
  }

  /**
   * What may follow a partial path of the side to move, hole by hole from
   * the piece's hole: the holes that may come next, and whether the path is a
   * move as it stands. After no hole, the pieces that may move; in the race a
   * piece's destinations follow it, each a whole move; in the capture variant
   * landings follow landings. Nothing follows once the game is over.
   */
  continuations(path: readonly Hole[]): Continuations {
    for (const hole of path) checkHole(hole);
    return this.isOver ? NO_CONTINUATIONS : this.position.continuations(path);
  }

  /**
   * Plays a move written in notation (or `pass`) for the side to move.
   * With `player`, also checks that it is that player's turn.
   * Throws a RulesError and leaves the game unchanged when the move is refused.
   */
  play(notation: string, player?: number): Action {
    return this.commit(this.resolve(notation, player));
  }

  /**
   * What `play` would do, without doing it: the move checked against the
   * rules and the turn, with a chain's every landing filled in.
   */
  resolve(notation: string, player?: number): Action {
    const parsed = parseMove(notation);
    if (parsed.kind === "resign") throw new RulesError("bad-notation", "a resignation is not a move: use resign()");
    if (player !== undefined && this.turn?.player !== player) {
      if (this.isOver) throw new RulesError("game-over", "the game is over");
      throw new RulesError("not-your-turn", `it is player ${(this.turn?.player ?? 0) + 1}'s turn`);
    }
    return this.check(parsed);
  }

  /**
   * A player leaves: a partner who stays takes over its colours; without one
   * its race pieces leave the board and it ranks after everyone who stayed.
   */
  resign(player: number): Action {
    return this.apply({ kind: "resign", player });
  }

  /** Applies a parsed action; throws and changes nothing when it is illegal. */
  apply(action: Notated): Action {
    return this.commit(this.check(action));
  }

  /** The action a parsed one would be under the rules, or a RulesError; nothing changes. */
  check(action: Notated): Action {
    const { position } = this;
    if (this.isOver) throw new RulesError("game-over", "the game is over");
    switch (action.kind) {
      case "resign": {
        const { player } = action;
        if (!Number.isInteger(player) || player < 0 || player >= this.settings.players) {
          throw new RulesError("illegal-move", `there is no player ${player + 1}`);
        }
        if (position.hasResigned(player)) throw new RulesError("illegal-move", `player ${player + 1} has already left`);
        return { kind: "resign", player };
      }
      case "pass":
        if (!this.mustPass) throw new RulesError("illegal-move", "you may pass only when you have no legal move");
        return { kind: "pass", player: position.player };
      case "path": {
        checkHoles(action.path);
        return { kind: "move", player: position.player, move: position.checkPath(action.path) };
      }
    }
  }

  /**
   * Carries out an action `check` accepted on this very position, without
   * checking it again: the table checks a live move once, then commits it.
   */
  commit(action: Action): Action {
    const { position } = this;
    switch (action.kind) {
      case "resign":
        position.resign(action.player);
        break;
      case "pass":
        position.makePass();
        break;
      case "move":
        position.play(action.move);
        break;
    }
    this.actions.push(action);
    return action;
  }

  /** Whether a unit (a player, or a team) has finished its race: until then no one has a place to log. */
  get hasFinishers(): boolean {
    return this.position.finishers.length > 0;
  }

  /**
   * Each player's standing now: finished units and units that left hold their
   * places while the game goes on; once it is over, everyone is ranked.
   */
  standings(): Standing[] {
    const { position } = this;
    const places = position.places();
    return Array.from({ length: this.settings.players }, (_, player) => ({
      player,
      place: places.get(player) ?? null,
      finished: position.finishers.includes(position.unitOf[player]),
      resigned: position.hasResigned(player),
      captures: position.captures[player],
    }));
  }

  /** The result once the game is over. */
  result(): Result | undefined {
    const reason = this.position.endReason;
    if (!reason) return undefined;
    const standings = this.standings();
    return { reason, winners: standings.filter((s) => s.place === 1).map((s) => s.player), standings };
  }
}

/** A path as `apply` may receive it from outside the notation: two holes or more, each a hole of the board. */
function checkHoles(path: readonly Hole[]): void {
  if (path.length < 2) throw new RulesError("bad-notation", "a move names at least two holes");
  for (const hole of path) checkHole(hole);
}

function checkHole(hole: Hole): void {
  if (!Number.isInteger(hole) || hole < 0 || hole >= HOLE_COUNT)
    throw new RulesError("bad-notation", `${hole} is not a hole index (0 to ${HOLE_COUNT - 1})`);
}
