/**
 * The table as its event log describes it. The server keeps this fold (and
 * rebuilds it on every wake); the SDK keeps the same fold from a snapshot
 * and the events that follow, so both always agree on what the log means.
 *
 * Its state is one plain value (`TableState`, state.ts), replaced with each
 * event, beside the engine's `Game`; the clock (clock.ts), the view for
 * clients (view.ts) and saving and resuming (saved.ts) are functions of them.
 */
import type {
  Departure,
  GameView,
  Language,
  Level,
  MovedBy,
  ResultView,
  SeatView,
  Snapshot,
  TableEvent,
  TableStatus,
} from "../protocol/index.ts";
import { type Action, Game, notate, type Point, RulesError, type Settings } from "../rules/index.ts";
import { deadline, spendBank, turnKey } from "./clock.ts";
import type { TableHeader } from "./header.ts";
import { type Checkpoint, checkpointState, checkSaved, type FoldState, resumeGame, saveGame } from "./saved.ts";
import {
  type Carry,
  carryOf,
  newTableState,
  scored,
  seatChanges,
  swapped,
  type TableState,
  withSeat,
} from "./state.ts";
import {
  acceptedRematch,
  gameRecord,
  playerComputers,
  restoreSnapshot,
  resultView,
  seatViews,
  snapshotOf,
  type TableParts,
} from "./view.ts";

/** One entry of the event log: the event, its sequence number and when it happened (ms since the epoch). */
export interface LoggedEvent {
  readonly seq: number;
  readonly at: number;
  readonly event: TableEvent;
}

export class TableFold {
  readonly header: TableHeader;
  private current: TableState;
  private currentGame: Game | null = null;

  constructor(header: TableHeader) {
    this.header = header;
    this.current = newTableState(header);
  }

  get id(): string {
    return this.header.id;
  }

  get settings(): Settings {
    return this.header.settings;
  }

  get clock(): TableHeader["clock"] {
    return this.header.clock;
  }

  /** The seat that begins every game, or null to draw one for each game: the table's setting, which the host may change between games. */
  get firstPlayer(): number | null {
    return this.current.firstPlayer;
  }

  /** Seated names by seat; null for a free seat. */
  get names(): readonly (string | null)[] {
    return this.current.names;
  }

  /** The seat the host sat down in, while its player sits there; null when the host has no seat (or sat before it was recorded). */
  get hostSeat(): number | null {
    return this.current.hostSeat;
  }

  /** The language the table is listed in, open to anyone in the lobby; null while unlisted. */
  get listedIn(): Language | null {
    return this.current.listedIn;
  }

  /** The current (or last) game; null before the first start. */
  get game(): Game | null {
    return this.currentGame;
  }

  /** 1 for the first game at this table, 2 after a rematch, … */
  get gameNumber(): number {
    return this.current.gameNumber;
  }

  /** The sequence number of the last event folded in. */
  get seq(): number {
    return this.current.seq;
  }

  /** When the last event happened (ms since the epoch). */
  get lastEventAt(): number {
    return this.current.at;
  }

  /** Whether the current game's `ended` event is in the log. */
  get ended(): boolean {
    return this.current.ended;
  }

  /** The seats and scores as they were when the current game started (or the table was made): where a stored table resumes. */
  get carry(): Carry {
    return this.current.carried;
  }

  /** Whether a seat's `finished` event is in the log. */
  finishedLogged(seat: number): boolean {
    return this.current.finished[seat] ?? false;
  }

  /** Whether the computer plays a seat until its player takes it back. */
  isAway(seat: number): boolean {
    return this.current.away[seat] ?? false;
  }

  /** Turns in a row a seat let run out of time, in the current game. */
  timeoutsOf(seat: number): number {
    return this.current.timeouts[seat] ?? 0;
  }

  /** Whether a seat accepted a rematch of the game just over: a computer player always does. */
  acceptedRematch(seat: number): boolean {
    return acceptedRematch(this.current, seat);
  }

  /** Whether a person (not a computer player) has accepted the rematch: computers alone never start one. */
  get rematchAsked(): boolean {
    return this.current.rematchAccepted.some(Boolean);
  }

  /** The level of a seat's computer player; null for a person or a free seat. */
  computerLevel(seat: number): Level | null {
    return this.current.computers[seat] ?? null;
  }

  /** The occupied seat a seat asked to trade places with, if any. */
  swapOfferOf(seat: number): number | null {
    return this.current.swapOffers[seat] ?? null;
  }

  /** Whether a seat's player left the current game or was counted out, until the seat is freed. */
  isGone(seat: number): boolean {
    return this.current.gone[seat] ?? false;
  }

  /** Why a seat's player left the current (or last) game; undefined if they did not. */
  departureOf(seat: number): Departure | undefined {
    return this.current.departures.find((departure) => departure.seat === seat)?.reason;
  }

  /** Who made the move at index `ply` of the current (or last) game's history, when its player did not. */
  movedBy(ply: number): MovedBy | undefined {
    return this.current.playedBy[ply];
  }

  /** Who plays the current (or last) game: each seat's name when it started. */
  get players(): readonly (string | null)[] {
    return this.current.carried.names;
  }

  /** Which players of the current (or last) game were computer players when it started, by seat: their levels, or null. */
  get playerComputers(): readonly (Level | null)[] {
    return playerComputers(this.current);
  }

  get status(): TableStatus {
    if (!this.currentGame) return "waiting";
    return this.currentGame.isOver ? "over" : "playing";
  }

  get seatsFilled(): boolean {
    return this.current.names.every((name) => name !== null);
  }

  /** Whose turn: the seat, and in the race variants its colour; null when no game is going on. */
  get turn(): { readonly seat: number; readonly colour: Point | null } | null {
    const turn = this.currentGame?.turn;
    return turn ? { seat: turn.player, colour: turn.colour ?? null } : null;
  }

  /** When the turn being played began (ms since the epoch): the last event that passed the turn on. */
  get turnStart(): number {
    return this.current.turnStartedAt;
  }

  /** When the turn being played runs out of time, if the clock runs. */
  get deadline(): number | null {
    return deadline(this.clock, this.currentGame, this.current.turnStartedAt, this.current.banks);
  }

  get result(): ResultView | null {
    const result = this.currentGame?.result();
    return result ? resultView(result) : null;
  }

  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant; none before the first game. */
  get pieces(): GameView["pieces"] {
    return this.currentGame?.pieces() ?? {};
  }

  /** The current game's moves in notation. */
  get moves(): readonly string[] {
    return this.currentGame?.history.map(notate) ?? [];
  }

  /** Folds in the next entry of the log. A move that does not fit the position throws the engine's error. */
  apply(entry: LoggedEvent): void {
    this.fold(entry);
  }

  /**
   * Folds in an entry. `checked` is the engine's action for a `moved` or
   * `passed` event that the caller has just checked on this position: it is
   * committed as it is instead of being worked out and checked again.
   */
  protected fold({ seq, at, event }: LoggedEvent, checked?: Action): void {
    const state = this.next(this.current, event, at, checked);
    this.current = { ...state, seq, at, ...this.turnFrom(state, at) };
  }

  /** The state after an event; the game, when the event is one of its own, is played on. */
  private next(state: TableState, event: TableEvent, at: number, checked?: Action): TableState {
    switch (event.type) {
      case "created":
        return state;
      case "seated": {
        const seated = seatChanges(state, event.seat, event.name, event.computer ?? null);
        return event.host ? { ...seated, hostSeat: event.seat } : seated;
      }
      case "unseated":
        return { ...seatChanges(state, event.seat, null, null), gone: withSeat(state.gone, event.seat, false) };
      case "swapOffered":
        return { ...state, swapOffers: withSeat(state.swapOffers, event.seat, event.to) };
      case "swapped": {
        const [a, b] = event.seats;
        // Everyone agreed to another line-up than this one: every offer and acceptance goes.
        return {
          ...state,
          names: swapped(state.names, a, b),
          scores: swapped(state.scores, a, b),
          computers: swapped(state.computers, a, b),
          // The host's seat goes with its player.
          hostSeat: state.hostSeat === a ? b : state.hostSeat === b ? a : state.hostSeat,
          swapOffers: state.swapOffers.map(() => null),
          rematchAccepted: state.rematchAccepted.map(() => false),
        };
      }
      case "firstPlayerChosen":
        return { ...state, firstPlayer: event.firstPlayer };
      case "listing":
        return { ...state, listedIn: event.lang };
      case "rematchAccepted":
        return {
          ...state,
          rematchAccepted: state.rematchAccepted.map((yes, seat) => yes || event.seats.includes(seat)),
        };
      case "started": {
        this.currentGame = Game.create(this.settings, { firstPlayer: event.firstPlayer });
        // A game starts afresh but for who sits where (the host too), their scores and who begins.
        const { firstPlayer, names, scores, computers, hostSeat, listedIn } = state;
        const carried = carryOf(state);
        return {
          ...newTableState(this.header),
          firstPlayer,
          names,
          scores,
          computers,
          hostSeat,
          listedIn,
          carried,
          gameNumber: event.game,
        };
      }
      case "moved": {
        const game = this.requireGame();
        if (checked) game.commit(checked);
        else game.play(event.path, event.seat);
        const { seat, by } = event;
        // A move the player made ends a run of timed-out turns; one the computer made for them leaves it as it is.
        const timeouts = by === undefined ? 0 : (state.timeouts[seat] ?? 0) + (by === "timeout" ? 1 : 0);
        return {
          ...state,
          playedBy: by === undefined ? state.playedBy : { ...state.playedBy, [game.history.length - 1]: by },
          banks: withSeat(state.banks, seat, spendBank(this.clock, state.banks[seat] ?? 0, state.turnStartedAt, at)),
          timeouts: withSeat(state.timeouts, seat, timeouts),
        };
      }
      case "passed": {
        const game = this.requireGame();
        game.commit(checked ?? game.check({ kind: "pass" }));
        return state;
      }
      case "away":
        return { ...state, away: withSeat(state.away, event.seat, true) };
      case "back":
        return {
          ...state,
          away: withSeat(state.away, event.seat, false),
          timeouts: withSeat(state.timeouts, event.seat, 0),
        };
      case "resigned":
        this.requireGame().resign(event.seat);
        return {
          ...state,
          away: withSeat(state.away, event.seat, false),
          departures: [...state.departures, { seat: event.seat, reason: event.reason }],
          gone: event.reason === "timeout" ? state.gone : withSeat(state.gone, event.seat, true),
        };
      case "finished":
        return { ...state, finished: withSeat(state.finished, event.seat, true) };
      case "ended":
        return {
          ...state,
          ended: true,
          scores: scored(
            state.scores,
            event.result.standings.map((s) => s.place),
          ),
        };
    }
  }

  /** The turn clock restarts at `at` when the turn has passed to another side, and only then. */
  private turnFrom(state: TableState, at: number): Pick<TableState, "turnKey" | "turnStartedAt"> {
    const key = turnKey(state.gameNumber, this.currentGame);
    return key === state.turnKey
      ? { turnKey: key, turnStartedAt: state.turnStartedAt }
      : { turnKey: key, turnStartedAt: at };
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
    this.current = checkpointState(this.header, checkpoint);
    this.currentGame = null;
    return this.foldStored(entries, checkpoint);
  }

  /** The fold as plain data, for `resumeState`. */
  saveState(): FoldState {
    return { ...this.current, game: this.currentGame && saveGame(this.currentGame) };
  }

  /**
   * Takes up a stored log from a state `saveState` gave (its game is not
   * replayed, nor checked; a state of another shape throws, and nothing
   * changes), then folds in the entries after it as `resume` does: an entry
   * the engine refuses is skipped and returned.
   */
  resumeState(saved: FoldState, entries: Iterable<LoggedEvent>): LoggedEvent[] {
    checkSaved(saved, this.settings.players);
    const { game, ...state } = saved;
    // A state saved before the host's seat was recorded lacks it: its log marks no seat as the host's either.
    this.current = { ...state, hostSeat: state.hostSeat ?? null, listedIn: state.listedIn ?? null };
    this.currentGame = game && resumeGame(this.settings, game);
    return this.foldStored(entries, state);
  }

  /**
   * Folds in stored entries; one the engine refuses (a log written under
   * other rules, or damaged) is skipped, never fatal. Whatever is skipped,
   * the fold ends at the last stored entry's number (or `from`'s, if later),
   * so the next event never takes a number the log already holds. Returns
   * the skipped entries.
   */
  private foldStored(
    entries: Iterable<LoggedEvent>,
    from: { readonly seq: number; readonly at: number },
  ): LoggedEvent[] {
    const skipped: LoggedEvent[] = [];
    let last = from;
    for (const entry of entries) {
      if (entry.seq > last.seq) last = entry;
      try {
        this.fold(entry);
      } catch (error) {
        if (!(error instanceof RulesError)) throw error;
        skipped.push(entry);
      }
    }
    if (last.seq > this.current.seq) this.current = { ...this.current, seq: last.seq, at: last.at };
    return skipped;
  }

  /**
   * Takes up the log from a snapshot, replaying its game's moves through the
   * engine; the clock runs from the server's deadline, not from `now`.
   */
  restore(snapshot: Snapshot, now: number): void {
    const { state, game } = restoreSnapshot(this.header, snapshot, now);
    this.current = state;
    this.currentGame = game;
  }

  /** The table as `GET /api/tables/:id` shows it, with which seats have a connection open. */
  view(connected: readonly boolean[]): Snapshot {
    return snapshotOf(this.parts, connected);
  }

  /** Each seat with its standing now: finishers hold their places while the game goes on. */
  seatViews(connected: readonly boolean[]): SeatView[] {
    return seatViews(this.parts, connected);
  }

  /** The current (or last) game's record, with the table and the players' names as tags. */
  gameRecord(): string {
    return gameRecord(this.parts);
  }

  private get parts(): TableParts {
    return { header: this.header, state: this.current, game: this.currentGame };
  }

  protected requireGame(): Game {
    if (!this.currentGame) throw new RulesError("game-over", "an event of a game came before the game started");
    return this.currentGame;
  }
}
