/**
 * The table's commands: what a seated player, the host or the clock may do.
 * Each one checks everything first (who asks, the table's state, the rules)
 * and throws a TableError, changing nothing, when refused; then its events
 * and the ones they entail (the passes of sides left without a move, the
 * end of the game) are folded in and returned, numbered and timed, for the
 * server to store and broadcast. Storage, sockets and tokens are the
 * server's business, not this module's.
 */
import { type ClientMessageType, type Identity, NameSchema, type TableEvent } from "../protocol/index.ts";
import { type Action, formatPath, type Game, holeName } from "../rules/index.ts";
import { TableError, withRules } from "./errors.ts";
import { type LoggedEvent, resultView, TableFold, type TableHeader } from "./fold.ts";

export interface CommandOptions {
  /** Draws the player who moves first in a new game, 0 to `players - 1`, when the table leaves it to chance. */
  readonly drawFirstPlayer: (players: number) => number;
}

export class TableCommands extends TableFold {
  private readonly options: CommandOptions;

  constructor(header: TableHeader, options: CommandOptions) {
    super(header);
    this.options = options;
  }

  /** The first entry of a new table's log. */
  create(): LoggedEvent[] {
    const { settings, turnSeconds, firstPlayer } = this;
    return this.record([{ type: "created", settings, turnSeconds, firstPlayer }], this.lastEventAt);
  }

  /**
   * Whether `who` may send a request of this type at all, whatever the
   * table's state: checked before a repeated request id is acknowledged, so
   * that only someone who could have made a request hears about it.
   */
  authorize(who: Identity, type: Exclude<ClientMessageType, "hello" | "sync" | "join">): void {
    switch (type) {
      case "move":
      case "leave":
        requireSeated(who);
        return;
      case "remove":
      case "start":
        requireHost(who);
        return;
      case "rematch":
        if (!who.host) requireSeated(who);
        return;
    }
  }

  /**
   * The game a request belongs to, which scopes its id: the current game,
   * or for a start or rematch outside a game the game it would start (so a
   * resent one still finds itself once that game is on).
   */
  gameOfRequest(type: ClientMessageType): number {
    const startsGame = (type === "start" || type === "rematch") && this.status !== "playing";
    return this.gameNumber + (startsGame ? 1 : 0);
  }

  /** A spectator takes a free seat under a name. */
  join(who: Identity, seat: number, name: string, at: number): LoggedEvent[] {
    const checkedName = NameSchema.safeParse(name);
    if (!checkedName.success) {
      throw new TableError("bad-name", checkedName.error.issues[0]?.message ?? "that name cannot be used");
    }
    if (who.seat !== null) throw new TableError("already-seated", "this connection already has a seat");
    if (this.status === "playing") throw new TableError("already-started", "seats cannot change during a game");
    this.requireSeatExists(seat);
    if (this.names[seat] !== null) throw new TableError("seat-taken", `seat ${seat + 1} is taken`);
    return this.record([{ type: "seated", seat, name: checkedName.data }], at);
  }

  /** A player leaves: before a game the seat becomes free; during one the player resigns and the seat stays. */
  leave(who: Identity, at: number): LoggedEvent[] {
    const seat = requireSeated(who);
    if (this.status === "playing") return this.resign(seat, "left", at);
    return this.record([{ type: "unseated", seat, reason: "left" }], at);
  }

  /** The host frees a seat outside a game. */
  remove(who: Identity, seat: number, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.status === "playing") throw new TableError("already-started", "players cannot be removed during a game");
    this.requireSeatExists(seat);
    if (this.names[seat] === null) throw new TableError("no-such-seat", `seat ${seat + 1} is free`);
    return this.record([{ type: "unseated", seat, reason: "removed" }], at);
  }

  /** The host starts the first game once every seat is taken. */
  start(who: Identity, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.status !== "waiting") throw new TableError("already-started", "the game has already started");
    return this.newGame(at);
  }

  /** After a game, any seated player or the host starts the next one with the same seats. */
  rematch(who: Identity, at: number): LoggedEvent[] {
    if (!who.host) requireSeated(who);
    if (this.status !== "over") throw new TableError("not-over", "a rematch can start once the game is over");
    return this.newGame(at);
  }

  /** A seated player's move, in notation; the engine refuses anything illegal or out of turn. */
  move(who: Identity, path: string, at: number): LoggedEvent[] {
    const seat = requireSeated(who);
    if (this.status === "waiting") throw new TableError("not-started", "the game has not started");
    const game = this.gameInProgress();
    const action = withRules(() => game.resolve(path, seat));
    // A pass is never a seat's to send: the table passes for a side with no move as soon as it has none.
    if (action.kind !== "move") throw new TableError("illegal-move", "send a move: the table passes for you");
    return this.record([movedEvent(action)], at, action);
  }

  /** The clock: when the player to move has run out of time at `now`, that player leaves the game. */
  timeout(now: number): LoggedEvent[] {
    const { deadline, turn } = this;
    if (deadline === null || turn === null || now < deadline) return [];
    return this.resign(turn.seat, "timeout", now);
  }

  /** When the table next needs the clock: the turn's deadline, or the time it is deleted for being idle. */
  alarmAt(idleMs: number): number {
    const idleAt = this.lastEventAt + idleMs;
    const { deadline } = this;
    return deadline === null ? idleAt : Math.min(deadline, idleAt);
  }

  /** Whether nothing has happened at the table for `idleMs` before `now`. */
  isIdle(now: number, idleMs: number): boolean {
    return now >= this.lastEventAt + idleMs;
  }

  private resign(seat: number, reason: "left" | "timeout", at: number): LoggedEvent[] {
    const game = this.gameInProgress();
    withRules(() => game.check({ kind: "resign", player: seat }));
    return this.record([{ type: "resigned", seat, reason }], at);
  }

  private newGame(at: number): LoggedEvent[] {
    if (!this.seatsFilled) throw new TableError("seats-not-filled", "every seat needs a player first");
    const firstPlayer = this.firstPlayer ?? this.options.drawFirstPlayer(this.settings.players);
    return this.record([{ type: "started", game: this.gameNumber + 1, firstPlayer }], at);
  }

  private gameInProgress(): Game {
    const { game } = this;
    if (!game || game.isOver) throw new TableError("game-over", "no game is in progress");
    return game;
  }

  private requireSeatExists(seat: number): void {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.settings.players) {
      throw new TableError("no-such-seat", `this table has seats 1 to ${this.settings.players}`);
    }
  }

  /**
   * Folds the events in, then whatever they entail, numbering each. The
   * first event's `checked` action, when given, was checked on this very
   * position and is committed without a second check.
   */
  private record(events: readonly TableEvent[], at: number, checked?: Action): LoggedEvent[] {
    const logged: LoggedEvent[] = [];
    const add = (event: TableEvent, action?: Action) => {
      const entry = { seq: this.seq + 1, at, event };
      this.fold(entry, action);
      logged.push(entry);
    };
    events.forEach((event, i) => {
      add(event, i === 0 ? checked : undefined);
    });
    for (let owed = this.owedEvent(); owed; owed = this.owedEvent()) add(owed);
    return logged;
  }

  /**
   * What the log owes after its last event: a seat that has finished (best
   * place first), a pass for a side with no move, or the end of the game.
   */
  private owedEvent(): TableEvent | undefined {
    const { game } = this;
    if (!game) return undefined;
    const finisher = game
      .standings()
      .filter((standing) => standing.finished && !this.finishedLogged(standing.player))
      .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))[0];
    if (finisher) return { type: "finished", seat: finisher.player, place: finisher.place ?? 0 };
    const turn = game.turn;
    if (turn && game.mustPass) return { type: "passed", seat: turn.player };
    const result = game.result();
    if (result && !this.ended) return { type: "ended", result: resultView(result) };
    return undefined;
  }
}

function requireSeated(who: Identity): number {
  if (who.seat === null) throw new TableError("not-seated", "take a seat first: spectators cannot play");
  return who.seat;
}

function requireHost(who: Identity): void {
  if (!who.host) throw new TableError("not-host", "only the host can do that");
}

function movedEvent(action: Extract<Action, { kind: "move" }>): TableEvent {
  return {
    type: "moved",
    seat: action.player,
    path: formatPath(action.move.path),
    captured: action.move.captured.map(holeName),
  };
}
