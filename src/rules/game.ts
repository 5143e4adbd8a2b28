/**
 * A game: the position plus everything a table needs around it — validated
 * moves in notation, turn checks, the legal-move listing clients highlight,
 * the history a record is written from, and the result.
 */
import { areAdjacent, HOLE_COUNT, type Hole, holeName, lineBetween, type Point, RAY_STRIDE, RAYS } from "./board.ts";
import { RulesError } from "./errors.ts";
import { captureChains, EMPTY, pathTo, raceDestinations } from "./movegen.ts";
import { type Notated, parseMove } from "./notation.ts";
import { colourPoint, type EndReason, NEUTRAL, Position } from "./position.ts";
import { makeSettings, type Settings } from "./settings.ts";

/** A move as the engine understands it: the full path of landings, and what it captured. */
export interface Move {
  readonly path: readonly Hole[];
  /** Holes of the pieces jumped and removed (capture variant), empty otherwise. */
  readonly captured: readonly Hole[];
}

/** One entry of the history, in the order it happened. */
export type Action =
  | { readonly kind: "move"; readonly player: number; readonly move: Move }
  | { readonly kind: "pass"; readonly player: number }
  | { readonly kind: "resign"; readonly player: number };

/** Whose turn it is: the player, and in the race variants the colour it moves. */
export interface Turn {
  readonly player: number;
  readonly colour: Point | undefined;
}

export interface Standing {
  readonly player: number;
  /** 1 for the winner; shared by partners and by tied players; null for a player who left. */
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
    this.position = new Position(settings);
    if (firstPlayer !== undefined) {
      if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= settings.players) {
        throw new RulesError("invalid-settings", `first player must be 1 to ${settings.players}`, "firstPlayer");
      }
      const { order } = this.position;
      this.position.turn = this.position.isCapture
        ? firstPlayer
        : order.findIndex((code) => this.position.ownerOfColour(code) === firstPlayer);
    }
  }

  /** A new game; settings are completed with defaults and checked. */
  static create(settings: Partial<Settings> = {}, options: GameOptions = {}): Game {
    return new Game(makeSettings(settings), options.firstPlayer);
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
    const { position } = this;
    return { player: position.player, colour: position.isCapture ? undefined : colourPoint(position.side) };
  }

  /** The colours each player moves, in seat order (empty lists in the capture variant). */
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

  /** True when the side to move has no legal move and must pass. */
  get mustPass(): boolean {
    return !this.isOver && !this.position.hasMove();
  }

  /**
   * Every legal move of the side to move. Race: one per (piece, destination),
   * with a shortest path. Capture: every chain of every piece, each prefix included.
   */
  legalMoves(): Move[] {
    if (this.isOver) return [];
    const { position } = this;
    const { cells } = position;
    const moves: Move[] = [];
    if (position.isCapture) {
      for (let hole = 0; hole < HOLE_COUNT; hole++) {
        if (cells[hole] === EMPTY) continue;
        captureChains(cells, hole, this.settings.longJump, (path, over, length) => {
          moves.push({
            path: Array.from(path.subarray(0, length)),
            captured: Array.from(over.subarray(0, length - 1)),
          });
        });
      }
      return moves;
    }
    const destinations = new Int16Array(HOLE_COUNT);
    for (const from of position.piecesOf(position.side)) {
      const count = raceDestinations(cells, from, this.settings.longJump, destinations, 0);
      for (let i = 0; i < count; i++) moves.push({ path: pathTo(from, destinations[i]), captured: [] });
    }
    return moves;
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

  /** A player leaves: its pieces stay on the board, its turns are skipped, it takes no place. */
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
        if (position.resigned & (1 << player))
          throw new RulesError("illegal-move", `player ${player + 1} has already left`);
        return { kind: "resign", player };
      }
      case "pass":
        if (!this.mustPass) throw new RulesError("illegal-move", "you may pass only when you have no legal move");
        return { kind: "pass", player: position.player };
      case "path": {
        checkHoles(action.path);
        const move = position.isCapture ? this.checkCapturePath(action.path) : this.checkRacePath(action.path);
        return { kind: "move", player: position.player, move };
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
      case "move": {
        const { path, captured } = action.move;
        if (position.isCapture) position.makeCaptureMove(path[0], path[path.length - 1], captured);
        else position.makeRaceMove(path[0], path[path.length - 1]);
        break;
      }
    }
    this.actions.push(action);
    return action;
  }

  /**
   * Each player's standing now: finished units hold their places while the
   * game goes on; once it is over, everyone still in the game is ranked too.
   */
  standings(): Standing[] {
    const { position } = this;
    const players = Array.from({ length: this.settings.players }, (_, player) => player);
    const resigned = (player: number) => (position.resigned & (1 << player)) !== 0;
    const places = new Map<number, number>(); // player → place
    if (position.isCapture) {
      if (position.isOver) {
        rankBy(
          players.filter((p) => !resigned(p)),
          (p) => position.captures[p],
          places,
          1,
        );
      }
    } else {
      const finishers = position.finishers;
      const unitPlace = new Map<number, number>(finishers.map((unit, i) => [unit, i + 1]));
      const unitPlaces = new Map<number, number>();
      if (position.isOver) {
        // Unfinished units are ranked by the pieces they have brought home.
        const rest = players.filter((p) => !resigned(p) && !unitPlace.has(position.unitOf[p]));
        const units = [...new Set(rest.map((p) => position.unitOf[p]))];
        rankBy(units, (unit) => this.piecesHome(unit), unitPlaces, finishers.length + 1);
      }
      for (const player of players) {
        const unit = position.unitOf[player];
        if (resigned(player) && !unitPlace.has(unit)) continue;
        const place = unitPlace.get(unit) ?? unitPlaces.get(unit);
        if (place !== undefined) places.set(player, place);
      }
    }
    return players.map((player) => ({
      player,
      place: places.get(player) ?? null,
      finished: position.finishers.includes(position.unitOf[player]),
      resigned: resigned(player),
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

  private piecesHome(unit: number): number {
    const { position } = this;
    let home = 0;
    position.playerColours.forEach((codes, player) => {
      if (position.unitOf[player] !== unit) return;
      for (const code of codes) for (const hole of position.goalOf(code)) if (position.cells[hole] === code) home++;
    });
    return home;
  }

  /** A race move: a step, or a chain of jumps given whole or by its ends alone. */
  private checkRacePath(path: readonly Hole[]): Move {
    const { position } = this;
    const { cells } = position;
    const from = path[0];
    const to = path[path.length - 1];
    const colour = colourPoint(position.side);
    if (cells[from] !== position.side) {
      const what = cells[from] === EMPTY ? "is empty" : `holds a piece of ${colourPoint(cells[from])}`;
      throw new RulesError("illegal-move", `${holeName(from)} ${what}: ${colour} is to move`);
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
    // A whole chain: every leg a jump; the moving piece is lifted off its hole.
    cells[from] = EMPTY;
    try {
      for (let i = 1; i < path.length; i++) this.jumpedPiece(path[i - 1], path[i], new Set());
    } finally {
      cells[from] = position.side;
    }
    return { path, captured: [] };
  }

  /** A capture chain, landing by landing: any piece, jumps only, never the same piece twice. */
  private checkCapturePath(path: readonly Hole[]): Move {
    const { cells } = this.position;
    const from = path[0];
    if (cells[from] === EMPTY) throw new RulesError("illegal-move", `${holeName(from)} is empty`);
    const captured = new Set<Hole>();
    cells[from] = EMPTY;
    try {
      for (let i = 1; i < path.length; i++) captured.add(this.jumpedPiece(path[i - 1], path[i], captured));
    } finally {
      cells[from] = NEUTRAL;
    }
    return { path, captured: [...captured] };
  }

  /** The piece a single jump from `a` to `b` passes over; throws when the leg is no legal jump. */
  private jumpedPiece(a: Hole, b: Hole, alreadyJumped: ReadonlySet<Hole>): Hole {
    const { cells } = this.position;
    const leg = `${holeName(a)}-${holeName(b)}`;
    const refuse = (why: string): never => {
      throw new RulesError("illegal-move", `${leg}: ${why}`);
    };
    if (cells[b] !== EMPTY) refuse(`${holeName(b)} is occupied`);
    const line = lineBetween(a, b);
    if (!line || line.distance % 2 !== 0)
      refuse("a jump lands as far beyond a piece as it starts before it, on one line");
    const { direction, distance } = line as { direction: number; distance: number };
    const middle = distance / 2;
    if (middle > 1 && !this.settings.longJump) refuse("a jump passes over one adjacent piece (long jumps are off)");
    const base = (a * 6 + direction) * RAY_STRIDE;
    for (let k = 1; k < distance; k++) {
      const hole = RAYS[base + k - 1];
      if (k === middle) {
        if (cells[hole] === EMPTY) refuse(`there is no piece on ${holeName(hole)} to jump`);
        if (alreadyJumped.has(hole)) refuse(`the piece on ${holeName(hole)} was already jumped`);
      } else if (cells[hole] !== EMPTY) {
        refuse(`${holeName(hole)} is in the way: a jump passes over exactly one piece`);
      }
    }
    return RAYS[base + middle - 1];
  }
}

/** A path as `apply` may receive it from outside the notation: two holes or more, each a hole of the board. */
function checkHoles(path: readonly Hole[]): void {
  if (path.length < 2) throw new RulesError("bad-notation", "a move names at least two holes");
  for (const hole of path) {
    if (!Number.isInteger(hole) || hole < 0 || hole >= HOLE_COUNT)
      throw new RulesError("bad-notation", `${hole} is not a hole index (0 to ${HOLE_COUNT - 1})`);
  }
}

/** Ranks items by score, highest first; equal scores share a place. */
function rankBy<T>(items: readonly T[], score: (item: T) => number, into: Map<T, number>, firstPlace: number): void {
  const sorted = [...items].sort((a, b) => score(b) - score(a));
  sorted.forEach((item, i) => {
    const previous = sorted[i - 1];
    const place =
      previous !== undefined && score(previous) === score(item) ? (into.get(previous) as number) : firstPlace + i;
    into.set(item, place);
  });
}
