/**
 * The table as its event log describes it. The server keeps this fold (and
 * rebuilds it on every wake); the SDK keeps the same fold from a snapshot
 * and the events that follow, so both always agree on what the log means.
 */
import type {
  GameView,
  ResultView,
  SeatView,
  Snapshot,
  StandingView,
  TableEvent,
  TableSettings,
  TableStatus,
} from "../protocol/index.ts";
import {
  type Action,
  Game,
  HOLE_COUNT,
  holeName,
  makeSettings,
  notate,
  type Point,
  parseMove,
  type Result,
  RulesError,
  type Settings,
  type Standing,
  writeRecord,
} from "../rules/index.ts";
import { TableError, withRules } from "./errors.ts";

/** What a table is made with: it never changes afterwards. */
export interface TableHeader {
  readonly id: string;
  readonly settings: Settings;
  /** Seconds for each turn, or null for no clock. */
  readonly turnSeconds: number | null;
  /** The seat that begins every game, or null to draw one for each game. */
  readonly firstPlayer: number | null;
  readonly createdAt: number;
}

/** The header of a new table, its settings checked by the engine. */
export function tableHeader(id: string, settings: TableSettings, createdAt: number): TableHeader {
  const firstPlayer = settings.firstPlayer ?? null; // tables stored before the setting existed draw
  return { id, settings: gameSettings(settings), turnSeconds: settings.turnSeconds, firstPlayer, createdAt };
}

/**
 * The game's part of a table's settings, refused (naming the field at fault)
 * where the rules define no game or the table has no such first player.
 */
export function gameSettings({ turnSeconds, firstPlayer, ...rules }: TableSettings): Settings {
  const settings = withRules(() => makeSettings(rules));
  if (firstPlayer != null && firstPlayer >= settings.players) {
    const message = `firstPlayer must be one of the table's seats, 0 to ${settings.players - 1}`;
    throw new TableError("invalid-settings", message, { field: "firstPlayer" });
  }
  return settings;
}

/** One entry of the event log: the event, its sequence number and when it happened (ms since the epoch). */
export interface LoggedEvent {
  readonly seq: number;
  readonly at: number;
  readonly event: TableEvent;
}

/** Where a stored table takes up its log: the seats as they are now and the last entry's number and time. */
export interface Checkpoint {
  readonly names: readonly (string | null)[];
  readonly seq: number;
  readonly at: number;
}

export class TableFold {
  readonly id: string;
  readonly settings: Settings;
  readonly turnSeconds: number | null;
  readonly firstPlayer: number | null;
  private readonly seatNames: (string | null)[];
  private currentGame: Game | null = null;
  private currentGameNumber = 0;
  private lastSeq = 0;
  private lastAt: number;
  /** Whether the current game's `ended` event is in the log. */
  private endLogged = false;
  /** Seats whose `finished` event is in the log, in the current game. */
  private readonly finishLogged = new Set<number>();
  /** When the side to move got the turn: the clock restarts only when the turn passes on. */
  private turnStartedAt = 0;
  private turnKey = "";

  constructor(header: TableHeader) {
    this.id = header.id;
    this.settings = header.settings;
    this.turnSeconds = header.turnSeconds;
    this.firstPlayer = header.firstPlayer;
    this.seatNames = new Array(header.settings.players).fill(null);
    this.lastAt = header.createdAt;
  }

  /** Seated names by seat; null for a free seat. */
  get names(): readonly (string | null)[] {
    return this.seatNames;
  }

  /** The current (or last) game; null before the first start. */
  get game(): Game | null {
    return this.currentGame;
  }

  /** 1 for the first game at this table, 2 after a rematch, … */
  get gameNumber(): number {
    return this.currentGameNumber;
  }

  /** The sequence number of the last event folded in. */
  get seq(): number {
    return this.lastSeq;
  }

  /** When the last event happened (ms since the epoch). */
  get lastEventAt(): number {
    return this.lastAt;
  }

  /** Whether the current game's `ended` event is in the log. */
  get ended(): boolean {
    return this.endLogged;
  }

  /** Whether a seat's `finished` event is in the log. */
  finishedLogged(seat: number): boolean {
    return this.finishLogged.has(seat);
  }

  get status(): TableStatus {
    if (!this.currentGame) return "waiting";
    return this.currentGame.isOver ? "over" : "playing";
  }

  get seatsFilled(): boolean {
    return this.seatNames.every((name) => name !== null);
  }

  /** Whose turn: the seat, and in the race variants its colour; null when no game is going on. */
  get turn(): { readonly seat: number; readonly colour: Point | null } | null {
    const turn = this.currentGame?.turn;
    return turn ? { seat: turn.player, colour: turn.colour ?? null } : null;
  }

  /** When the player to move runs out of time, if the clock runs. */
  get deadline(): number | null {
    if (this.turnSeconds === null || this.status !== "playing") return null;
    return this.turnStartedAt + this.turnSeconds * 1000;
  }

  get result(): ResultView | null {
    const result = this.currentGame?.result();
    return result ? resultView(result) : null;
  }

  /** Folds in the next entry of the log. A move that does not fit the position throws the engine's error. */
  apply(entry: LoggedEvent): void {
    this.fold(entry);
  }

  /**
   * Folds in an entry. `checked` is the engine's action for a `moved` event
   * that the caller has just checked on this position: it is committed as it
   * is instead of being parsed and checked again.
   */
  protected fold({ seq, at, event }: LoggedEvent, checked?: Action): void {
    switch (event.type) {
      case "created":
        break;
      case "seated":
        this.seatNames[event.seat] = event.name;
        break;
      case "unseated":
        this.seatNames[event.seat] = null;
        break;
      case "started":
        this.currentGameNumber = event.game;
        this.currentGame = Game.create(this.settings, { firstPlayer: event.firstPlayer });
        this.endLogged = false;
        this.finishLogged.clear();
        break;
      case "moved": {
        const game = this.requireGame();
        if (checked) game.commit(checked);
        else game.play(event.path, event.seat);
        break;
      }
      case "passed":
        this.requireGame().apply({ kind: "pass" });
        break;
      case "resigned":
        this.requireGame().resign(event.seat);
        break;
      case "finished":
        this.finishLogged.add(event.seat);
        break;
      case "ended":
        this.endLogged = true;
        break;
    }
    this.lastSeq = seq;
    this.lastAt = at;
    this.followTurn(at);
  }

  /**
   * Takes up a stored log: the seats as they are now, then the current
   * game's entries from its `started` event on (seat changes among them
   * set what the seats already say). An entry the engine refuses (a log
   * written under other rules, or damaged) is skipped, never fatal: a table
   * must not be bricked by its own log. Returns the skipped entries, for the
   * caller to report; clients that meet them resync from a snapshot.
   */
  resume(checkpoint: Checkpoint, currentGame: Iterable<LoggedEvent>): LoggedEvent[] {
    checkpoint.names.forEach((name, seat) => {
      this.seatNames[seat] = name;
    });
    const skipped: LoggedEvent[] = [];
    for (const entry of currentGame) {
      try {
        this.fold(entry);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        skipped.push(entry);
      }
    }
    if (checkpoint.seq > this.lastSeq) {
      this.lastSeq = checkpoint.seq;
      this.lastAt = checkpoint.at;
    }
    return skipped;
  }

  /**
   * Takes up the log from a snapshot, replaying its game's moves through the
   * engine; the clock runs from the server's deadline, not from `now`.
   */
  restore(snapshot: Snapshot, now: number): void {
    snapshot.seats.forEach(({ seat, name }) => {
      this.seatNames[seat] = name;
    });
    const view = snapshot.game;
    if (view) {
      this.currentGameNumber = view.number;
      this.currentGame = Game.replay(this.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
      this.endLogged = view.result !== null;
      for (const { seat, finished } of snapshot.seats) if (finished) this.finishLogged.add(seat);
    }
    this.lastSeq = snapshot.seq;
    this.lastAt = now;
    this.followTurn(now);
    if (view?.deadline != null && this.turnSeconds !== null) {
      this.turnStartedAt = view.deadline - this.turnSeconds * 1000;
    }
  }

  /** Restarts the turn clock at `at` when the turn has passed to another side. */
  private followTurn(at: number): void {
    const game = this.currentGame;
    const turn = game?.turn;
    const key = turn ? `${this.currentGameNumber}:${game?.plies}:${turn.player}:${turn.colour}` : "";
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.turnStartedAt = at;
    }
  }

  /** The table as `GET /api/tables/:id` shows it, with which seats have a connection open. */
  view(connected: readonly boolean[]): Snapshot {
    const game = this.currentGame;
    return {
      id: this.id,
      settings: this.settings,
      turnSeconds: this.turnSeconds,
      firstPlayer: this.firstPlayer,
      seq: this.lastSeq,
      status: this.status,
      seats: this.seatViews(connected),
      game: game
        ? {
            number: this.currentGameNumber,
            firstPlayer: game.firstPlayer ?? 0,
            turn: this.turn,
            deadline: this.deadline,
            pieces: this.pieces,
            moves: this.moves,
            result: this.result,
          }
        : null,
    };
  }

  /** Each seat with its standing now: finishers hold their places while the game goes on. */
  seatViews(connected: readonly boolean[]): SeatView[] {
    const game = this.currentGame;
    const standings = game?.standings();
    return this.seatNames.map((name, seat) => ({
      seat,
      name,
      connected: connected[seat] ?? false,
      colours: game?.playerColours[seat] ?? [],
      finished: standings?.[seat].finished ?? false,
      resigned: standings?.[seat].resigned ?? false,
      place: standings?.[seat].place ?? null,
      captures: standings?.[seat].captures ?? 0,
    }));
  }

  /** The current (or last) game's record, with the table and the players' names as tags. */
  gameRecord(): string {
    const game = this.currentGame;
    if (!game) throw new TableError("not-found", "no game has started at this table yet");
    const tags: Record<string, string> = { Table: this.id, Game: String(this.currentGameNumber) };
    this.seatNames.forEach((name, seat) => {
      if (name !== null) tags[`Player${seat + 1}`] = name;
    });
    return writeRecord(game, tags);
  }

  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant. */
  get pieces(): GameView["pieces"] {
    const pieces: Record<string, Point | "neutral"> = {};
    const game = this.currentGame;
    for (let hole = 0; hole < HOLE_COUNT && game; hole++) {
      const occupant = game.occupant(hole);
      if (occupant) pieces[holeName(hole)] = occupant;
    }
    return pieces;
  }

  /** The current game's moves in notation. */
  get moves(): readonly string[] {
    return this.currentGame?.history.map(notate) ?? [];
  }

  protected requireGame(): Game {
    if (!this.currentGame) throw new RulesError("game-over", "an event of a game came before the game started");
    return this.currentGame;
  }
}

export function resultView(result: Result): ResultView {
  return { reason: result.reason, winners: result.winners, standings: result.standings.map(standingView) };
}

function standingView({ player, ...standing }: Standing): StandingView {
  return { seat: player, ...standing };
}
