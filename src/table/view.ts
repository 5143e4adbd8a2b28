/**
 * The table as clients see it: the snapshot of `GET /api/tables/:id` and
 * of a socket's welcome, each seat's view, and the game's record; and the
 * way back, from a snapshot to the fold's state (how the SDK joins late).
 */
import type { GameView, ResultView, SeatView, Snapshot, StandingView } from "../protocol/index.ts";
import { Game, notate, parseMove, type Result, type Standing, writeRecord } from "../rules/index.ts";
import { allowance, deadline, turnKey } from "./clock.ts";
import { TableError } from "./errors.ts";
import type { TableHeader } from "./header.ts";
import { NO_SCORE, newTableState, type TableState } from "./state.ts";

/** What the table is, as the fold holds it: the header, the state, and the game's position. */
export interface TableParts {
  readonly header: TableHeader;
  readonly state: TableState;
  readonly game: Game | null;
}

/** The table as `GET /api/tables/:id` shows it, with which seats have a connection open. */
export function snapshotOf(table: TableParts, connected: readonly boolean[]): Snapshot {
  const { header, state, game } = table;
  return {
    id: header.id,
    settings: header.settings,
    clock: header.clock,
    firstPlayer: state.firstPlayer,
    startWhenFull: header.startWhenFull,
    seq: state.seq,
    status: !game ? "waiting" : game.isOver ? "over" : "playing",
    seats: seatViews(table, connected),
    hostSeat: state.hostSeat,
    game: game && gameView(table, game),
    listedIn: state.listedIn,
  };
}

function gameView({ header, state }: TableParts, game: Game): GameView {
  const turn = game.turn;
  const result = game.result();
  return {
    number: state.gameNumber,
    firstPlayer: game.firstPlayer ?? 0,
    turn: turn ? { seat: turn.player, colour: turn.colour ?? null } : null,
    deadline: deadline(header.clock, game, state.turnStartedAt, state.banks),
    pieces: game.pieces(),
    moves: game.history.map(notate),
    playedFor: Object.entries(state.playedBy).map(([move, by]) => ({ move: Number(move), by })),
    departures: [...state.departures],
    players: [...state.carried.names],
    computers: playerComputers(state),
    result: result ? resultView(result) : null,
  };
}

/**
 * Each seat with its standing now: finishers hold their places while the
 * game goes on. The standing is the occupant's only while the seat holds who
 * played the game there: a seat freed after the game, or taken by someone
 * else, has none (the game's own result keeps every player's).
 */
export function seatViews({ header, state, game }: TableParts, connected: readonly boolean[]): SeatView[] {
  const standings = game?.standings();
  return state.names.map((name, seat) => {
    const standing = name !== null && name === state.carried.names[seat] ? standings?.[seat] : undefined;
    return {
      seat,
      name,
      connected: connected[seat] ?? false,
      colours: game?.playerColours[seat] ?? [],
      finished: standing?.finished ?? false,
      resigned: standing?.resigned ?? false,
      place: standing?.place ?? null,
      captures: standing?.captures ?? 0,
      computer: state.computers[seat] ?? null,
      away: state.away[seat] ?? false,
      timeouts: state.timeouts[seat] ?? 0,
      bank: header.clock?.kind === "bank" ? (state.banks[seat] ?? 0) : null,
      score: state.scores[seat] ?? NO_SCORE,
      rematch: acceptedRematch(state, seat),
      swapTo: state.swapOffers[seat] ?? null,
    };
  });
}

/** Whether a seat accepted a rematch of the game just over: a computer player always does. */
export function acceptedRematch(state: TableState, seat: number): boolean {
  return (state.rematchAccepted[seat] ?? false) || (state.computers[seat] ?? null) !== null;
}

/** Which players of the current (or last) game were computer players when it started: their levels, or null. */
export function playerComputers({ carried }: TableState): GameView["computers"] {
  return carried.computers ? [...carried.computers] : carried.names.map(() => null);
}

/**
 * The table a snapshot shows, its game replayed through the engine; the
 * clock runs from the server's deadline, not from `now`.
 */
export function restoreSnapshot(header: TableHeader, snapshot: Snapshot, now: number): TableParts {
  const view = snapshot.game;
  const game = view && Game.replay(header.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
  const empty = newTableState(header);
  const seats = new Map(snapshot.seats.map((seat) => [seat.seat, seat]));
  const bySeat = <T>(value: (seat: SeatView) => T, fallback: readonly T[]) =>
    fallback.map((old, i) => {
      const seat = seats.get(i);
      return seat ? value(seat) : old;
    });
  const playing = snapshot.status === "playing";
  const departures = view?.departures ?? [];
  const state: TableState = {
    ...empty,
    seq: snapshot.seq,
    at: now,
    firstPlayer: snapshot.firstPlayer,
    names: bySeat((seat) => seat.name, empty.names),
    scores: bySeat((seat) => seat.score, empty.scores),
    computers: bySeat((seat) => seat.computer, empty.computers),
    hostSeat: snapshot.hostSeat,
    listedIn: snapshot.listedIn ?? null,
    rematchAccepted: bySeat((seat) => seat.rematch && seat.computer === null, empty.rematchAccepted),
    swapOffers: bySeat((seat) => seat.swapTo, empty.swapOffers),
    away: bySeat((seat) => seat.away, empty.away),
    timeouts: bySeat((seat) => seat.timeouts, empty.timeouts),
    banks: empty.banks.map((full, i) => seats.get(i)?.bank ?? full),
    gone: empty.gone.map((_, seat) =>
      departures.some((departure) => departure.seat === seat && departure.reason !== "timeout" && playing),
    ),
    departures,
    finished: bySeat((seat) => game !== null && seat.finished, empty.finished),
    playedBy: Object.fromEntries((view?.playedFor ?? []).map(({ move, by }) => [move, by])),
    carried: view ? { ...empty.carried, names: view.players, computers: view.computers } : empty.carried,
    gameNumber: view?.number ?? 0,
    ended: view?.result != null,
  };
  // As the fold does, the clock starts when a turn does: here, now, unless the server's deadline says when.
  const key = turnKey(state.gameNumber, game);
  const turn = game?.turn;
  const turnStartedAt =
    view?.deadline != null && turn ? view.deadline - allowance(header.clock, state.banks[turn.player] ?? 0) : now;
  return { header, state: { ...state, turnKey: key, turnStartedAt: key === "" ? 0 : turnStartedAt }, game };
}

/** The current (or last) game's record, with the table and the players' names as tags. */
export function gameRecord({ header, state, game }: TableParts): string {
  if (!game) throw new TableError("not-found", "no game has started at this table yet");
  const tags: Record<string, string> = { Table: header.id, Game: String(state.gameNumber) };
  state.names.forEach((name, seat) => {
    if (name !== null) tags[`Player${seat + 1}`] = name;
  });
  return writeRecord(game, tags);
}

export function resultView(result: Result): ResultView {
  return { reason: result.reason, winners: result.winners, standings: result.standings.map(standingView) };
}

function standingView({ player, ...standing }: Standing): StandingView {
  return { seat: player, ...standing };
}
