/**
 * The table's commands: what a seated player, the host or the clock may do.
 * Each one checks everything first (who asks, the table's state, the rules)
 * and throws a TableError, changing nothing, when refused; then its events
 * and the ones they entail (the passes of sides left without a move, the
 * end of the game) are folded in and returned, numbered and timed, for the
 * server to store and broadcast. Storage, sockets and tokens are the
 * server's business, not this module's.
 */

import { computerMove, type MoveAction } from "../bots/index.ts";
import type { ClientMessageType, Identity, Language, Level, TableEvent } from "../protocol/index.ts";
import { type Action, formatPath, type Game } from "../rules/index.ts";
import { TableError, withRules } from "./errors.ts";
import { type LoggedEvent, TableFold } from "./fold.ts";
import type { TableHeader } from "./header.ts";
import { checkedName, requireNameFree } from "./names.ts";
import { resultView } from "./view.ts";

export interface CommandOptions {
  /** Draws the player who moves first in a new game, 0 to `players - 1`, when the table leaves it to chance. */
  readonly drawFirstPlayer: (players: number) => number;
  /** How long the player to move must have been disconnected before the others may act (default STALL_GRACE_MS). */
  readonly stallGraceMs?: number;
  /** How long the computer waits before playing a turn, so that people can follow (default COMPUTER_DELAY_MS). */
  readonly computerDelayMs?: number;
}

/** A minute without the player to move: then the others may hand the seat to the computer or count the player out. */
export const STALL_GRACE_MS = 60_000;
/** The computer plays a turn this long after it begins. */
export const COMPUTER_DELAY_MS = 1_500;
/** After this many turns in a row run out of time, the computer takes the seat until its player comes back. */
export const TIMEOUTS_BEFORE_AWAY = 3;
/** How well the computer plays for a person: a timed-out turn, or an away seat. */
export const STAND_IN_LEVEL: Level = "normal";

/** A request that changes the table and is answered with an `ack`: every client message but the socket's own. */
export type RequestType = Exclude<ClientMessageType, "hello" | "sync" | "join">;

/** Who may send a request at all, whatever the table's state. */
type Role = "seated" | "host" | "seated or host" | "anyone";

/**
 * Who may send each request: a new request type fails the type check until
 * its role is chosen here, rather than being allowed for anyone.
 */
const WHO_MAY: Readonly<Record<RequestType, Role>> = {
  move: "seated",
  leave: "seated",
  swap: "seated",
  back: "seated",
  remedy: "seated",
  // A one-time code that hands the seat (and hosting, if the asker has it) to another device: only its player may.
  handover: "seated",
  remove: "host",
  start: "host",
  firstPlayer: "host",
  addComputer: "host",
  // Listing the table in the lobby, open to anyone: the host's to decide.
  listing: "host",
  rematch: "seated or host",
  // Chat and reactions: who may speak is the host's chat policy's to say (chat.ts), checked where the chat is kept.
  chat: "anyone",
  react: "anyone",
  chatPolicy: "host",
  deleteChat: "host",
  silence: "host",
  // Notifications go to a seat's player, and a subscription lasts as long as the seat (server/push/notifications.ts).
  pushSubscribe: "seated",
  pushUnsubscribe: "seated",
};

export class TableCommands extends TableFold {
  private readonly options: CommandOptions;

  constructor(header: TableHeader, options: CommandOptions) {
    super(header);
    this.options = options;
  }

  /** The first entry of a new table's log. */
  create(): LoggedEvent[] {
    const { settings, clock, firstPlayer } = this;
    const { startWhenFull } = this.header;
    return this.record([{ type: "created", settings, clock, firstPlayer, startWhenFull }], this.lastEventAt);
  }

  /**
   * Whether `who` may send a request of this type at all, whatever the
   * table's state: checked before a repeated request id is acknowledged, so
   * that only someone who could have made a request hears about it.
   */
  authorize(who: Identity, type: RequestType): void {
    // Looked up, not assumed: a type with no role (one the table does not know) is refused to everyone.
    const role: Role | undefined = WHO_MAY[type];
    switch (role) {
      case "seated":
        requireSeated(who);
        return;
      case "host":
        requireHost(who);
        return;
      case "seated or host":
        if (!who.host) requireSeated(who);
        return;
      case "anyone":
        return;
      default:
        throw new TableError("unknown-type", `no one may send "${type}" at this table`);
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

  /** A spectator takes a free seat under a name; the host's seat is marked as theirs. */
  join(who: Identity, seat: number, name: string, at: number): LoggedEvent[] {
    const seatName = checkedName(name);
    if (who.seat !== null) throw new TableError("already-seated", "this connection already has a seat");
    if (this.status === "playing") throw new TableError("already-started", "seats cannot change during a game");
    this.requireSeatExists(seat);
    if (this.names[seat] !== null) throw new TableError("seat-taken", `seat ${seat + 1} is taken`);
    requireNameFree(seatName, this.names);
    // The host's seat is recorded, so that the table can say who invited the others.
    const event: TableEvent = { type: "seated", seat, name: seatName, ...(who.host ? { host: true } : {}) };
    return this.record([event], at);
  }

  /** A player leaves: before a game the seat becomes free; during one the player resigns and the seat stays. */
  leave(who: Identity, at: number): LoggedEvent[] {
    const seat = requireSeated(who);
    if (this.status === "playing") {
      if (this.isGone(seat))
        throw new TableError("already-left", "you are out of this game already: you left it or were counted out");
      return this.resign(seat, "left", at);
    }
    return this.record([{ type: "unseated", seat, reason: "left" }], at);
  }

  /**
   * The host seats a computer player of `level` outside a game; the table
   * plays its turns. One person can play against up to five, and a table of
   * computers alone is there to watch.
   */
  addComputer(who: Identity, seat: number, level: Level, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.status === "playing") throw new TableError("already-started", "seats cannot change during a game");
    this.requireSeatExists(seat);
    if (this.names[seat] !== null) throw new TableError("seat-taken", `seat ${seat + 1} is taken`);
    return this.record([{ type: "seated", seat, name: `Computer ${seat + 1}`, computer: level }], at);
  }

  /**
   * The host lists the table in the lobby, open to anyone, in `lang`, or
   * takes it off (`lang` null); a listing as it already is changes nothing.
   */
  list(who: Identity, lang: Language | null, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.listedIn === lang) return [];
    return this.record([{ type: "listing", lang }], at);
  }

  /** The host frees a seat outside a game. */
  remove(who: Identity, seat: number, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.status === "playing") throw new TableError("already-started", "players cannot be removed during a game");
    this.requireSeatExists(seat);
    if (this.names[seat] === null) throw new TableError("no-such-seat", `seat ${seat + 1} is free`);
    return this.record([{ type: "unseated", seat, reason: "removed" }], at);
  }

  /** Between games the host chooses who begins: a seat, or null to draw one for each game. */
  chooseFirstPlayer(who: Identity, firstPlayer: number | null, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.status === "playing") throw new TableError("already-started", "who begins is chosen between games");
    if (firstPlayer !== null) this.requireSeatExists(firstPlayer);
    if (firstPlayer === this.firstPlayer) return [];
    return this.record([{ type: "firstPlayerChosen", firstPlayer }], at);
  }

  /** How long the player to move must have been disconnected before the others may act. */
  get stallGraceMs(): number {
    return this.options.stallGraceMs ?? STALL_GRACE_MS;
  }

  /** The host starts the first game once every seat is taken. */
  start(who: Identity, at: number): LoggedEvent[] {
    requireHost(who);
    if (this.status !== "waiting") throw new TableError("already-started", "the game has already started");
    return this.newGame(at);
  }

  /**
   * After a game, a seated player accepts a rematch; the host's acceptance
   * also covers the seats whose player is gone (`connected` says which are
   * not). The next game starts, on the same seats, once every seat has a
   * player who accepted.
   */
  rematch(who: Identity, connected: readonly boolean[], at: number): LoggedEvent[] {
    if (!who.host) requireSeated(who);
    if (this.status !== "over") throw new TableError("not-over", "a rematch can start once the game is over");
    const seats = this.names.flatMap((name, seat) => {
      if (name === null || this.acceptedRematch(seat)) return [];
      return seat === who.seat || (who.host && !connected[seat]) ? [seat] : [];
    });
    if (seats.length > 0) return this.record([{ type: "rematchAccepted", seats }], at);
    // Computer players alone have accepted: the host's word starts the game they wait for.
    const everyoneAccepted = this.names.every((_, seat) => this.acceptedRematch(seat));
    return who.host && everyoneAccepted && this.seatsFilled ? this.newGame(at) : [];
  }

  /**
   * Between games a seated player moves to a free seat, or offers to trade
   * places with an occupied one; the other's offer back completes the trade.
   * Colours go with the seats; scores go with the players.
   */
  swap(who: Identity, to: number, at: number): LoggedEvent[] {
    const seat = requireSeated(who);
    if (this.status === "playing") throw new TableError("already-started", "seats cannot change during a game");
    this.requireSeatExists(to);
    if (to === seat) throw new TableError("same-seat", "that is your seat already");
    // A computer player is happy to trade.
    if (this.names[to] === null || this.swapOfferOf(to) === seat || this.computerLevel(to) !== null) {
      return this.record([{ type: "swapped", seats: [seat, to] }], at);
    }
    if (this.swapOfferOf(seat) === to) return [];
    return this.record([{ type: "swapOffered", seat, to }], at);
  }

  /** A seated player's move, in notation; the engine refuses anything illegal or out of turn. */
  move(who: Identity, path: string, at: number): LoggedEvent[] {
    const seat = requireSeated(who);
    if (this.status === "waiting") throw new TableError("not-started", "the game has not started");
    const game = this.gameInProgress();
    const action = withRules(() => game.resolve(path, seat));
    // A pass is never a seat's to send: the table passes for a side with no move as soon as it has none.
    if (action.kind !== "move") throw new TableError("illegal-move", "send a move: the table passes for you");
    // A player whose seat the computer plays takes it back by moving.
    const back = this.isAway(seat) ? this.record([{ type: "back", seat }], at) : [];
    return [...back, ...this.record([movedEvent(action)], at, action)];
  }

  /** A player takes back the seat the computer has been playing. */
  back(who: Identity, at: number): LoggedEvent[] {
    const seat = requireSeated(who);
    if (this.status !== "playing" || !this.isAway(seat)) {
      throw new TableError("not-away", "the computer is not playing for you");
    }
    return this.record([{ type: "back", seat }], at);
  }

  /**
   * Another seated player acts on a stalled table: the player to move has
   * been disconnected since `disconnectedAt` (null while connected), and the
   * turn and the disconnection have both lasted the grace period. The seat
   * goes to the computer until its player returns, or the player is counted
   * out as if they had left (which, between two players, ends the game).
   */
  remedy(
    who: Identity,
    seat: number,
    remedy: "computer" | "resign",
    disconnectedAt: number | null,
    at: number,
  ): LoggedEvent[] {
    const actor = requireSeated(who);
    this.requireSeatExists(seat);
    if (actor === seat) throw new TableError("same-seat", "that is your own seat: leave the game instead");
    if (this.status !== "playing") throw new TableError("not-stalled", "no game is in progress");
    if (this.turn?.seat !== seat) throw new TableError("not-stalled", `seat ${seat + 1} is not the one to move`);
    if (this.isAway(seat) || this.computerLevel(seat) !== null) {
      throw new TableError("not-stalled", "the computer is already playing that seat");
    }
    const grace = this.stallGraceMs;
    if (disconnectedAt === null) throw new TableError("not-stalled", `seat ${seat + 1} is connected`);
    const stalledSince = Math.max(disconnectedAt, this.turnStart);
    if (at < stalledSince + grace) {
      const seconds = Math.ceil((stalledSince + grace - at) / 1000);
      throw new TableError("not-stalled", `seat ${seat + 1} may still come back: wait ${seconds} s more`);
    }
    if (remedy === "resign") return this.resign(seat, "absent", at);
    return this.record([{ type: "away", seat, reason: "claimed" }], at);
  }

  /**
   * The clock at `now`: the computer plays the turn of a computer seat or an
   * away seat once the delay is over, and the turn of a player whose time
   * ran out (who, after TIMEOUTS_BEFORE_AWAY such turns in a row, is taken
   * for away). Alarms may come twice: a second one finds the turn played.
   */
  tick(now: number): LoggedEvent[] {
    const { game, turn } = this;
    if (this.status !== "playing" || game === null || turn === null) return [];
    if (this.computerPlays(turn.seat)) {
      if (now < this.computerMoveAt) return [];
      return this.playFor(game, "computer", now);
    }
    const { deadline } = this;
    if (deadline === null || now < deadline) return [];
    const played = this.playFor(game, "timeout", now);
    const seat = turn.seat;
    if (this.timeoutsOf(seat) < TIMEOUTS_BEFORE_AWAY || this.status !== "playing") return played;
    return [...played, ...this.record([{ type: "away", seat, reason: "timeouts" }], now)];
  }

  /** When the table next needs the clock: the computer's move, the turn's deadline, or the time it is deleted for being idle. */
  alarmAt(idleMs: number): number {
    const idleAt = this.lastEventAt + idleMs;
    const { turn } = this;
    const computerAt =
      this.status === "playing" && turn !== null && this.computerPlays(turn.seat)
        ? this.computerMoveAt
        : Number.POSITIVE_INFINITY;
    return Math.min(idleAt, this.deadline ?? Number.POSITIVE_INFINITY, computerAt);
  }

  private get computerMoveAt(): number {
    return this.turnStart + (this.options.computerDelayMs ?? COMPUTER_DELAY_MS);
  }

  /** Whether the table plays a seat's turns: a computer player's, or an away player's. */
  private computerPlays(seat: number): boolean {
    return this.computerLevel(seat) !== null || this.isAway(seat);
  }

  private playFor(game: Game, by: "computer" | "timeout", at: number): LoggedEvent[] {
    const seat = game.turn?.player ?? 0;
    const level = this.computerLevel(seat) ?? STAND_IN_LEVEL;
    const action = computerMove(game, { level });
    return action ? this.record([movedEvent(action, by)], at, action) : [];
  }

  /** Whether nothing has happened at the table for `idleMs` before `now`. */
  isIdle(now: number, idleMs: number): boolean {
    return now >= this.lastEventAt + idleMs;
  }

  private resign(seat: number, reason: "left" | "absent", at: number): LoggedEvent[] {
    const game = this.gameInProgress();
    withRules(() => game.check({ kind: "resign", player: seat }));
    return this.record([{ type: "resigned", seat, reason }], at);
  }

  private newGame(at: number): LoggedEvent[] {
    if (!this.seatsFilled) throw new TableError("seats-not-filled", "every seat needs a player first");
    return this.record([this.nextGame()], at);
  }

  private nextGame(): TableEvent {
    const firstPlayer = this.firstPlayer ?? this.options.drawFirstPlayer(this.settings.players);
    return { type: "started", game: this.gameNumber + 1, firstPlayer };
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
   * position and is committed without a second check, as is a pass the
   * table owes.
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
    for (let owed = this.owedEvent(); owed; owed = this.owedEvent()) add(owed.event, owed.action);
    return logged;
  }

  /**
   * What the log owes after its last event: a seat that has finished (best
   * place first), a pass for a side with no move, the end of the game, then
   * the seats of the players who left it, and the rematch everyone accepted.
   */
  private owedEvent(): { readonly event: TableEvent; readonly action?: Action } | undefined {
    const { game } = this;
    // A table made to start when full starts its first game as the last seat is taken.
    if (!game) return this.header.startWhenFull && this.seatsFilled ? { event: this.nextGame() } : undefined;
    // Standings cost a ranking of every player: only worth it once someone has finished.
    const finisher = (game.hasFinishers ? game.standings() : [])
      .filter((standing) => standing.finished && !this.finishedLogged(standing.player))
      .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))[0];
    if (finisher) return { event: { type: "finished", seat: finisher.player, place: finisher.place ?? 0 } };
    const turn = game.turn;
    // The side has no move: the pass is checked here, once, and folded in as it is.
    if (turn && game.mustPass)
      return { event: { type: "passed", seat: turn.player }, action: { kind: "pass", player: turn.player } };
    const result = game.result();
    if (result && !this.ended) return { event: { type: "ended", result: resultView(result) } };
    if (!this.ended) return undefined;
    const leaver = this.names.findIndex((name, seat) => name !== null && this.isGone(seat));
    if (leaver >= 0) return { event: { type: "unseated", seat: leaver, reason: "left" } };
    const everyoneAccepted = this.names.every((_, seat) => this.acceptedRematch(seat));
    if (this.seatsFilled && everyoneAccepted && this.rematchAsked) return { event: this.nextGame() };
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

/** `by`: who played the move, when not the seat's player. */
function movedEvent(action: MoveAction, by?: "computer" | "timeout"): TableEvent {
  const event = {
    type: "moved" as const,
    seat: action.player,
    path: formatPath(action.move.path),
  };
  return by === undefined ? event : { ...event, by };
}
