/**
 * The table as its event log describes it. The server keeps this fold (and
 * rebuilds it on every wake); the SDK keeps the same fold from a snapshot
 * and the events that follow, so both always agree on what the log means.
 */
import {
  type Clock,
  type Departure,
  type GameView,
  type Level,
  MIN_TURN_SECONDS,
  type MovedBy,
  type ResultView,
  type SeatView,
  type Snapshot,
  type StandingView,
  type TableEvent,
  type TableSettings,
  type TableStatus,
} from "../protocol/index.ts";
import {
  type Action,
  Game,
  HOLE_COUNT,
  holeName,
  makeSettings,
  notate,
  type Point,
  type PositionState,
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
  /** The turn clock, or null for none. */
  readonly clock: Clock;
  /** The seat that begins every game, or null to draw one for each game. */
  readonly firstPlayer: number | null;
  readonly createdAt: number;
}

/** The header of a new table, its settings checked by the engine. */
export function tableHeader(id: string, settings: TableSettings, createdAt: number): TableHeader {
  const firstPlayer = settings.firstPlayer ?? null; // tables stored before the setting existed draw
  return { id, settings: gameSettings(settings), clock: settings.clock, firstPlayer, createdAt };
}

/**
 * The game's part of a table's settings, refused (naming the field at fault)
 * where the rules define no game or the table has no such first player.
 */
export function gameSettings({ clock, firstPlayer, ...rules }: TableSettings): Settings {
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

/** A seat's occupant across the table's games. */
export interface Score {
  /** One for each seat it finished ahead of, game after game. */
  readonly points: number;
  readonly games: number;
}

const NO_SCORE: Score = { points: 0, games: 0 };

/**
 * What carries over from game to game: the seats, their scores and who
 * begins, as they were when the current game started.
 */
export interface Carry {
  readonly names: readonly (string | null)[];
  readonly scores: readonly Score[];
  /** Absent in carries stored before the host could change it: the table's setting. */
  readonly firstPlayer?: number | null;
  /** The computer players' levels by seat (null for a person); absent in carries stored before computer players. */
  readonly computers?: readonly (Level | null)[];
}

/**
 * Where a stored table takes up its log: the carry-over of its current game,
 * and the last entry's number and time.
 */
export interface Checkpoint extends Carry {
  readonly seq: number;
  readonly at: number;
}

/** One action of a game's history, compact: a move ("m") with its path and captured holes, a pass ("p"), a leave ("r"). */
export type StoredAction =
  | readonly ["m", number, readonly number[], readonly number[]]
  | readonly ["p", number]
  | readonly ["r", number];

/**
 * Everything the fold holds after an entry, as plain data (JSON): a stored
 * table takes up from it (`resumeState`) without replaying its game's moves.
 */
export interface FoldState {
  readonly seq: number;
  readonly at: number;
  readonly firstPlayer: number | null;
  readonly names: readonly (string | null)[];
  readonly scores: readonly Score[];
  readonly computers: readonly (Level | null)[];
  readonly rematchAccepted: readonly boolean[];
  readonly swapOffers: readonly (number | null)[];
  readonly away: readonly boolean[];
  readonly timeouts: readonly number[];
  readonly banks: readonly number[];
  readonly gone: readonly number[];
  readonly departed: readonly (readonly [number, Departure])[];
  readonly playedBy: readonly (readonly [number, MovedBy])[];
  readonly carried: Carry;
  readonly gameNumber: number;
  readonly game: {
    readonly firstPlayer: number | null;
    readonly position: PositionState;
    readonly history: readonly StoredAction[];
  } | null;
  readonly ended: boolean;
  readonly finished: readonly number[];
  readonly turnStartedAt: number;
  readonly turnKey: string;
}

export class TableFold {
  readonly id: string;
  readonly settings: Settings;
  readonly clock: Clock;
  private chosenFirstPlayer: number | null;
  private readonly seatNames: (string | null)[];
  private readonly scores: Score[];
  /** The level of each seat that is a computer player; null for a person or a free seat. */
  private readonly computers: (Level | null)[];
  /** After a game: the seats that accepted a rematch. */
  private readonly rematchAccepted: boolean[];
  /** Between games: the occupied seat each seat asked to trade places with. */
  private readonly swapOffers: (number | null)[];
  /** Seats the computer plays until their players take them back. */
  private readonly awaySeats: boolean[];
  /** Turns in a row each seat let run out of time, in the current game. */
  private readonly timeoutsInRow: number[];
  /** Time bank clocks: ms in each seat's bank, as of the start of the turn being played. */
  private readonly banks: number[];
  /** Seats whose players left the current game (or were counted out), until they are freed once it is over. */
  private readonly gone = new Set<number>();
  /** Why each player who left the current game left. */
  private readonly departed = new Map<number, Departure>();
  /** The current game's moves (by index in its history) that their players did not make. */
  private readonly playedBy = new Map<number, MovedBy>();
  private carried: Carry;
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
    this.clock = header.clock;
    this.chosenFirstPlayer = header.firstPlayer;
    const seats = header.settings.players;
    this.seatNames = new Array(seats).fill(null);
    this.scores = new Array(seats).fill(NO_SCORE);
    this.computers = new Array(seats).fill(null);
    this.rematchAccepted = new Array(seats).fill(false);
    this.swapOffers = new Array(seats).fill(null);
    this.awaySeats = new Array(seats).fill(false);
    this.timeoutsInRow = new Array(seats).fill(0);
    this.banks = new Array(seats).fill(this.fullBank);
    this.carried = this.carryNow();
    this.lastAt = header.createdAt;
  }

  /** The seat that begins every game, or null to draw one for each game: the table's setting, which the host may change between games. */
  get firstPlayer(): number | null {
    return this.chosenFirstPlayer;
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

  /** The seats and scores as they were when the current game started (or the table was made): where a stored table resumes. */
  get carry(): Carry {
    return this.carried;
  }

  /** Whether a seat's `finished` event is in the log. */
  finishedLogged(seat: number): boolean {
    return this.finishLogged.has(seat);
  }

  /** Whether the computer plays a seat until its player takes it back. */
  isAway(seat: number): boolean {
    return this.awaySeats[seat] ?? false;
  }

  /** Turns in a row a seat let run out of time, in the current game. */
  timeoutsOf(seat: number): number {
    return this.timeoutsInRow[seat] ?? 0;
  }

  /** Whether a seat accepted a rematch of the game just over: a computer player always does. */
  acceptedRematch(seat: number): boolean {
    return (this.rematchAccepted[seat] ?? false) || this.computerLevel(seat) !== null;
  }

  /** Whether a person (not a computer player) has accepted the rematch: computers alone never start one. */
  get rematchAsked(): boolean {
    return this.rematchAccepted.some(Boolean);
  }

  /** The level of a seat's computer player; null for a person or a free seat. */
  computerLevel(seat: number): Level | null {
    return this.computers[seat] ?? null;
  }

  /** The occupied seat a seat asked to trade places with, if any. */
  swapOfferOf(seat: number): number | null {
    return this.swapOffers[seat] ?? null;
  }

  /** Seats whose players left the current game or were counted out, until they are freed. */
  get goneSeats(): ReadonlySet<number> {
    return this.gone;
  }

  /** Why a seat's player left the current (or last) game; undefined if they did not. */
  departureOf(seat: number): Departure | undefined {
    return this.departed.get(seat);
  }

  /** Who made the move at index `ply` of the current (or last) game's history, when its player did not. */
  movedBy(ply: number): MovedBy | undefined {
    return this.playedBy.get(ply);
  }

  /** Who plays the current (or last) game: each seat's name when it started. */
  get players(): readonly (string | null)[] {
    return this.carried.names;
  }

  /** Which players of the current (or last) game were computer players when it started, by seat: their levels, or null. */
  get playerComputers(): readonly (Level | null)[] {
    return this.carried.computers ?? this.carried.names.map(() => null);
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

  /** When the turn being played began (ms since the epoch): the last event that passed the turn on. */
  get turnStart(): number {
    return this.turnStartedAt;
  }

  /** When the turn being played runs out of time, if the clock runs. */
  get deadline(): number | null {
    const { turn } = this;
    if (this.clock === null || this.status !== "playing" || turn === null) return null;
    return this.turnStartedAt + this.allowance(turn.seat);
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
        this.seatChanges(event.seat, event.name, event.computer ?? null);
        break;
      case "unseated":
        this.seatChanges(event.seat, null);
        this.gone.delete(event.seat);
        break;
      case "swapOffered":
        this.swapOffers[event.seat] = event.to;
        break;
      case "swapped": {
        const [a, b] = event.seats;
        [this.seatNames[a], this.seatNames[b]] = [this.seatNames[b], this.seatNames[a]];
        [this.scores[a], this.scores[b]] = [this.scores[b], this.scores[a]];
        [this.computers[a], this.computers[b]] = [this.computers[b], this.computers[a]];
        // Everyone agreed to another line-up than this one.
        this.swapOffers.fill(null);
        this.rematchAccepted.fill(false);
        break;
      }
      case "firstPlayerChosen":
        this.chosenFirstPlayer = event.firstPlayer;
        break;
      case "rematchAccepted":
        for (const seat of event.seats) this.rematchAccepted[seat] = true;
        break;
      case "started":
        this.carried = this.carryNow();
        this.currentGameNumber = event.game;
        this.currentGame = Game.create(this.settings, { firstPlayer: event.firstPlayer });
        this.endLogged = false;
        this.finishLogged.clear();
        this.gone.clear();
        this.departed.clear();
        this.playedBy.clear();
        this.rematchAccepted.fill(false);
        this.swapOffers.fill(null);
        this.awaySeats.fill(false);
        this.timeoutsInRow.fill(0);
        this.banks.fill(this.fullBank);
        break;
      case "moved": {
        const game = this.requireGame();
        if (checked) game.commit(checked);
        else game.play(event.path, event.seat);
        if (event.by !== undefined) this.playedBy.set(game.history.length - 1, event.by);
        this.spendBank(event.seat, at);
        if (event.by === undefined) this.timeoutsInRow[event.seat] = 0;
        if (event.by === "timeout") this.timeoutsInRow[event.seat] += 1;
        break;
      }
      case "passed":
        this.requireGame().apply({ kind: "pass" });
        break;
      case "away":
        this.awaySeats[event.seat] = true;
        break;
      case "back":
        this.awaySeats[event.seat] = false;
        this.timeoutsInRow[event.seat] = 0;
        break;
      case "resigned":
        this.requireGame().resign(event.seat);
        this.awaySeats[event.seat] = false;
        this.departed.set(event.seat, event.reason);
        if (event.reason !== "timeout") this.gone.add(event.seat);
        break;
      case "finished":
        this.finishLogged.add(event.seat);
        break;
      case "ended":
        this.endLogged = true;
        this.score(event.result);
        break;
    }
    this.lastSeq = seq;
    this.lastAt = at;
    this.followTurn(at);
  }

  private carryNow(): Carry {
    const { chosenFirstPlayer: firstPlayer } = this;
    return { names: [...this.seatNames], scores: [...this.scores], firstPlayer, computers: [...this.computers] };
  }

  /** A seat gets a new occupant (or none): nothing of the last one's stays with it. */
  private seatChanges(seat: number, name: string | null, computer: Level | null = null): void {
    this.seatNames[seat] = name;
    this.computers[seat] = computer;
    this.scores[seat] = NO_SCORE;
    this.rematchAccepted[seat] = false;
    this.swapOffers[seat] = null;
    this.swapOffers.forEach((to, from) => {
      if (to === seat) this.swapOffers[from] = null;
    });
  }

  /** Each seat in the game scores a point for every seat it finished ahead of. */
  private score(result: ResultView): void {
    const places = result.standings.map((standing) => standing.place ?? Number.POSITIVE_INFINITY);
    places.forEach((place, seat) => {
      const { points, games } = this.scores[seat] ?? NO_SCORE;
      const beaten = places.filter((other) => other > place).length;
      this.scores[seat] = { points: points + beaten, games: games + 1 };
    });
  }

  /** A time bank spends what the turn took and earns the increment back with the move. */
  private spendBank(seat: number, at: number): void {
    if (this.clock?.kind !== "bank") return;
    const left = Math.max(0, (this.banks[seat] ?? 0) - (at - this.turnStartedAt));
    this.banks[seat] = left + this.clock.increment * 1000;
  }

  /** What a seat's turn may take, in ms. */
  private allowance(seat: number): number {
    if (this.clock === null) return Number.POSITIVE_INFINITY;
    if (this.clock.kind === "move") return this.clock.seconds * 1000;
    return Math.max(this.banks[seat] ?? 0, MIN_TURN_SECONDS * 1000);
  }

  private get fullBank(): number {
    return this.clock?.kind === "bank" ? this.clock.seconds * 1000 : 0;
  }

  /**
   * Takes up a stored log: the seats and scores its current game started
   * with, then the entries from that game's `started` event on (or from the
   * first, before any game). An entry the engine refuses (a log written
   * under other rules, or damaged) is skipped, never fatal: a table must not
   * be bricked by its own log. Returns the skipped entries, for the caller
   * to report; clients that meet them resync from a snapshot.
   */
  resume(checkpoint: Checkpoint, entries: Iterable<LoggedEvent>): LoggedEvent[] {
    checkpoint.names.forEach((name, seat) => {
      this.seatNames[seat] = name;
      this.scores[seat] = checkpoint.scores[seat] ?? NO_SCORE;
      this.computers[seat] = checkpoint.computers?.[seat] ?? null;
    });
    if (checkpoint.firstPlayer !== undefined) this.chosenFirstPlayer = checkpoint.firstPlayer;
    this.carried = this.carryNow();
    const skipped = this.foldStored(entries);
    if (checkpoint.seq > this.lastSeq) {
      this.lastSeq = checkpoint.seq;
      this.lastAt = checkpoint.at;
    }
    return skipped;
  }

  /** The fold as plain data, for `resumeState`. */
  saveState(): FoldState {
    const game = this.currentGame;
    return {
      seq: this.lastSeq,
      at: this.lastAt,
      firstPlayer: this.chosenFirstPlayer,
      names: [...this.seatNames],
      scores: [...this.scores],
      computers: [...this.computers],
      rematchAccepted: [...this.rematchAccepted],
      swapOffers: [...this.swapOffers],
      away: [...this.awaySeats],
      timeouts: [...this.timeoutsInRow],
      banks: [...this.banks],
      gone: [...this.gone],
      departed: [...this.departed],
      playedBy: [...this.playedBy],
      carried: this.carried,
      gameNumber: this.currentGameNumber,
      game: game && {
        firstPlayer: game.firstPlayer ?? null,
        position: game.state(),
        history: game.history.map(storedAction),
      },
      ended: this.endLogged,
      finished: [...this.finishLogged],
      turnStartedAt: this.turnStartedAt,
      turnKey: this.turnKey,
    };
  }

  /**
   * Takes up a stored log from a state `saveState` gave (its game is not
   * replayed, nor checked), then folds in the entries after it as `resume`
   * does: an entry the engine refuses is skipped and returned.
   */
  resumeState(state: FoldState, entries: Iterable<LoggedEvent>): LoggedEvent[] {
    const fill = <T>(target: T[], from: readonly T[]) => target.splice(0, target.length, ...from);
    this.chosenFirstPlayer = state.firstPlayer;
    fill(this.seatNames, state.names);
    fill(this.scores, state.scores);
    fill(this.computers, state.computers);
    fill(this.rematchAccepted, state.rematchAccepted);
    fill(this.swapOffers, state.swapOffers);
    fill(this.awaySeats, state.away);
    fill(this.timeoutsInRow, state.timeouts);
    fill(this.banks, state.banks);
    for (const seat of state.gone) this.gone.add(seat);
    for (const [seat, reason] of state.departed) this.departed.set(seat, reason);
    for (const [move, by] of state.playedBy) this.playedBy.set(move, by);
    this.carried = state.carried;
    this.currentGameNumber = state.gameNumber;
    const { game } = state;
    this.currentGame = game
      ? Game.resume(
          this.settings,
          game.firstPlayer === null ? {} : { firstPlayer: game.firstPlayer },
          game.position,
          game.history.map(actionOf),
        )
      : null;
    this.endLogged = state.ended;
    for (const seat of state.finished) this.finishLogged.add(seat);
    this.turnStartedAt = state.turnStartedAt;
    this.turnKey = state.turnKey;
    this.lastSeq = state.seq;
    this.lastAt = state.at;
    return this.foldStored(entries);
  }

  /**
   * Folds in stored entries; one the engine refuses (a log written under
   * other rules, or damaged) is skipped, never fatal. Returns the skipped.
   */
  private foldStored(entries: Iterable<LoggedEvent>): LoggedEvent[] {
    const skipped: LoggedEvent[] = [];
    for (const entry of entries) {
      try {
        this.fold(entry);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        skipped.push(entry);
      }
    }
    return skipped;
  }

  /**
   * Takes up the log from a snapshot, replaying its game's moves through the
   * engine; the clock runs from the server's deadline, not from `now`.
   */
  restore(snapshot: Snapshot, now: number): void {
    this.chosenFirstPlayer = snapshot.firstPlayer;
    for (const view of snapshot.seats) {
      const { seat } = view;
      this.seatNames[seat] = view.name;
      this.scores[seat] = view.score;
      this.computers[seat] = view.computer;
      this.rematchAccepted[seat] = view.rematch && view.computer === null;
      this.swapOffers[seat] = view.swapTo;
      this.awaySeats[seat] = view.away;
      this.timeoutsInRow[seat] = view.timeouts;
      if (view.bank !== null) this.banks[seat] = view.bank;
    }
    const view = snapshot.game;
    if (view) {
      this.carried = { ...this.carried, names: view.players, computers: view.computers };
      for (const { move, by } of view.playedFor) this.playedBy.set(move, by);
      for (const { seat, reason } of view.departures) {
        this.departed.set(seat, reason);
        if (reason !== "timeout" && snapshot.status === "playing") this.gone.add(seat);
      }
      this.currentGameNumber = view.number;
      this.currentGame = Game.replay(this.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
      this.endLogged = view.result !== null;
      for (const { seat, finished } of snapshot.seats) if (finished) this.finishLogged.add(seat);
    }
    this.lastSeq = snapshot.seq;
    this.lastAt = now;
    this.followTurn(now);
    const { turn } = this;
    if (view?.deadline != null && turn !== null) this.turnStartedAt = view.deadline - this.allowance(turn.seat);
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
      clock: this.clock,
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
            playedFor: [...this.playedBy].map(([move, by]) => ({ move, by })),
            departures: [...this.departed].map(([seat, reason]) => ({ seat, reason })),
            players: [...this.carried.names],
            computers: [...this.playerComputers],
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
      computer: this.computerLevel(seat),
      away: this.isAway(seat),
      timeouts: this.timeoutsOf(seat),
      bank: this.clock?.kind === "bank" ? (this.banks[seat] ?? 0) : null,
      score: this.scores[seat] ?? NO_SCORE,
      rematch: this.acceptedRematch(seat),
      swapTo: this.swapOfferOf(seat),
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

function storedAction(action: Action): StoredAction {
  switch (action.kind) {
    case "move":
      return ["m", action.player, [...action.move.path], [...action.move.captured]];
    case "pass":
      return ["p", action.player];
    case "resign":
      return ["r", action.player];
  }
}

function actionOf(stored: StoredAction): Action {
  switch (stored[0]) {
    case "m":
      return { kind: "move", player: stored[1], move: { path: stored[2], captured: stored[3] } };
    case "p":
      return { kind: "pass", player: stored[1] };
    case "r":
      return { kind: "resign", player: stored[1] };
  }
}

export function resultView(result: Result): ResultView {
  return { reason: result.reason, winners: result.winners, standings: result.standings.map(standingView) };
}

function standingView({ player, ...standing }: Standing): StandingView {
  return { seat: player, ...standing };
}
