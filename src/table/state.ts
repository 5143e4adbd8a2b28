/**
 * A table's state as one plain value: everything its event log says about
 * its seats and its current game, apart from the game's position, which the
 * engine's `Game` holds. The fold replaces it with each event and never
 * changes it in place, so saving it is handing it over and resuming is
 * taking it back.
 */
import type { Departure, Language, Level, MovedBy } from "../protocol/index.ts";
import { fullBank } from "./clock.ts";
import type { TableHeader } from "./header.ts";

/** A seat's occupant across the table's games. */
export interface Score {
  /** One for each seat it finished ahead of, game after game. */
  readonly points: number;
  readonly games: number;
}

export const NO_SCORE: Score = { points: 0, games: 0 };

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
  /** The host's seat; absent in carries stored before it was recorded (no `seated` event of theirs says so): null. */
  readonly hostSeat?: number | null;
  /** The lobby's listing; absent in carries stored before tables could be listed: unlisted. */
  readonly listedIn?: Language | null;
}

export interface TableState {
  /** The sequence number of the last event folded in, and when it happened (ms since the epoch). */
  readonly seq: number;
  readonly at: number;
  /** The seat that begins every game, or null to draw one: the table's setting, which the host may change between games. */
  readonly firstPlayer: number | null;
  /** By seat, from here to `finished`. Seated names; null for a free seat. */
  readonly names: readonly (string | null)[];
  readonly scores: readonly Score[];
  /** The level of a seat's computer player; null for a person or a free seat. */
  readonly computers: readonly (Level | null)[];
  /** The seat the host sat down in (a `seated` event marked `host`), while its player sits there; null otherwise. */
  readonly hostSeat: number | null;
  /** The language the host listed the table in, open to anyone in the lobby; null while unlisted. */
  readonly listedIn: Language | null;
  /** After a game: whether the seat's player accepted a rematch. */
  readonly rematchAccepted: readonly boolean[];
  /** Between games: the occupied seat a seat asked to trade places with. */
  readonly swapOffers: readonly (number | null)[];
  /** Whether the computer plays the seat until its player takes it back. */
  readonly away: readonly boolean[];
  /** Turns in a row the seat let run out of time, in the current game. */
  readonly timeouts: readonly number[];
  /** Time bank clocks: ms in the seat's bank, as of the start of the turn being played. */
  readonly banks: readonly number[];
  /** Whether the seat's player left the current game (or was counted out), until the seat is freed once it is over. */
  readonly gone: readonly boolean[];
  /** The players who left the current (or last) game, in the order they left, and why. */
  readonly departures: readonly { readonly seat: number; readonly reason: Departure }[];
  /** Whether the seat's `finished` event is in the log, in the current game. */
  readonly finished: readonly boolean[];
  /** Who made the current (or last) game's moves (by index in its history) that their players did not make. */
  readonly playedBy: Readonly<Record<number, MovedBy>>;
  /** The seats and scores as they were when the current game started: where a stored table resumes. */
  readonly carried: Carry;
  /** 1 for the first game at this table, 2 after a rematch, …; 0 before the first. */
  readonly gameNumber: number;
  /** Whether the current game's `ended` event is in the log. */
  readonly ended: boolean;
  /** When the side to move got the turn: the clock restarts only when the turn passes on. */
  readonly turnStartedAt: number;
  /** Which turn `turnStartedAt` is the start of (game, plies, player, colour); "" with none. */
  readonly turnKey: string;
}

/** A new table: every seat free, no game. */
export function newTableState(header: TableHeader): TableState {
  const seats = header.settings.players;
  const fill = <T>(value: T): readonly T[] => new Array<T>(seats).fill(value);
  const state: TableState = {
    seq: 0,
    at: header.createdAt,
    firstPlayer: header.firstPlayer,
    names: fill(null),
    scores: fill(NO_SCORE),
    computers: fill(null),
    hostSeat: null,
    listedIn: null,
    rematchAccepted: fill(false),
    swapOffers: fill(null),
    away: fill(false),
    timeouts: fill(0),
    banks: fill(fullBank(header.clock)),
    gone: fill(false),
    departures: [],
    finished: fill(false),
    playedBy: {},
    carried: { names: [], scores: [] },
    gameNumber: 0,
    ended: false,
    turnStartedAt: 0,
    turnKey: "",
  };
  return { ...state, carried: carryOf(state) };
}

/** The carry-over as the seats are now. */
export function carryOf({ names, scores, firstPlayer, computers, hostSeat, listedIn }: TableState): Carry {
  return { names, scores, firstPlayer, computers, hostSeat, listedIn };
}

/** `values` with `seat`'s value replaced: a copy, or `values` itself when the seat has that value already. */
export function withSeat<T>(values: readonly T[], seat: number, value: T): readonly T[] {
  return values[seat] === value ? values : values.map((old, i) => (i === seat ? value : old));
}

/** A copy of `values` with the values of seats `a` and `b` traded. */
export function swapped<T>(values: readonly T[], a: number, b: number): readonly T[] {
  return values.map((old, i) => (i === a ? values[b] : i === b ? values[a] : old));
}

/** A seat gets a new occupant (or none): nothing of the last one's stays with it. */
export function seatChanges(state: TableState, seat: number, name: string | null, computer: Level | null): TableState {
  return {
    ...state,
    names: withSeat(state.names, seat, name),
    computers: withSeat(state.computers, seat, computer),
    scores: withSeat(state.scores, seat, NO_SCORE),
    hostSeat: state.hostSeat === seat ? null : state.hostSeat,
    rematchAccepted: withSeat(state.rematchAccepted, seat, false),
    // Its own offer goes, and every offer to it.
    swapOffers: state.swapOffers.map((to, from) => (from === seat || to === seat ? null : to)),
  };
}

/** Each seat in the game scores a point for every seat it finished ahead of. */
export function scored(scores: readonly Score[], places: readonly (number | null)[]): readonly Score[] {
  const ranks = places.map((place) => place ?? Number.POSITIVE_INFINITY);
  return ranks.map((rank, seat) => {
    const { points, games } = scores[seat] ?? NO_SCORE;
    const beaten = ranks.filter((other) => other > rank).length;
    return { points: points + beaten, games: games + 1 };
  });
}
