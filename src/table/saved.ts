/**
 * A table as it is stored to be taken up again: the fold's whole state as
 * plain data (JSON), with its game's position as the engine gives it, so that
 * a wake folds in only the entries after it instead of replaying the game.
 */
import { type Action, Game, type PositionState, type Settings } from "../rules/index.ts";
import type { TableHeader } from "./header.ts";
import { type Carry, carryOf, NO_SCORE, newTableState, type TableState } from "./state.ts";

/** One action of a game's history, compact: a move ("m") with its path and captured holes, a pass ("p"), a leave ("r"). */
export type StoredAction =
  | readonly ["m", number, readonly number[], readonly number[]]
  | readonly ["p", number]
  | readonly ["r", number];

export interface SavedGame {
  readonly firstPlayer: number | null;
  readonly position: PositionState;
  readonly history: readonly StoredAction[];
}

/**
 * The format of `FoldState`: a stored state of another version is not taken
 * up (the table replays its game instead). One more whenever its shape
 * changes, except for a field added as optional, whose absence means what
 * an older log means (as `hostSeat`'s does).
 */
export const SAVED_STATE_VERSION = 2;

/** Everything the fold holds after an entry, as plain data: what `TableFold.resumeState` takes up. */
export interface FoldState extends Omit<TableState, "hostSeat" | "listedIn"> {
  /** Absent in states saved before tables could be listed: unlisted. */
  readonly listedIn?: TableState["listedIn"];
  /** Absent in states saved before the host's seat was recorded: null, as their logs mark no host's seat. */
  readonly hostSeat?: number | null;
  readonly game: SavedGame | null;
}

/**
 * Where a stored table takes up its log when it has no saved state: the
 * carry-over of its current game, and the last entry's number and time.
 */
export interface Checkpoint extends Carry {
  readonly seq: number;
  readonly at: number;
}

/** The per-seat lists of a saved state: each has one entry for every seat. */
const BY_SEAT = [
  "names",
  "scores",
  "computers",
  "rematchAccepted",
  "swapOffers",
  "away",
  "timeouts",
  "banks",
  "gone",
  "finished",
] as const satisfies readonly (keyof TableState)[];

/**
 * Throws unless `saved` has the shape of a state saved at a table of
 * `players` seats: a stored state that was damaged, or written in another
 * format, is refused before anything is taken from it (the caller then
 * replays the log instead).
 */
export function checkSaved(saved: FoldState, players: number): void {
  const wellFormed =
    typeof saved === "object" &&
    saved !== null &&
    [saved.seq, saved.at, saved.gameNumber, saved.turnStartedAt].every(Number.isFinite) &&
    BY_SEAT.every((key) => Array.isArray(saved[key]) && saved[key].length === players) &&
    Array.isArray(saved.departures) &&
    typeof saved.playedBy === "object" &&
    Array.isArray(saved.carried?.names) &&
    (saved.hostSeat == null || (Number.isInteger(saved.hostSeat) && saved.hostSeat >= 0 && saved.hostSeat < players)) &&
    (saved.game === null || (Array.isArray(saved.game?.history) && typeof saved.game.position === "object"));
  if (!wellFormed) throw new Error("not a table state this version saved");
}

export function saveGame(game: Game): SavedGame {
  return {
    firstPlayer: game.firstPlayer ?? null,
    position: game.state(),
    history: game.history.map(storedAction),
  };
}

/** The game `saveGame` saved, taken up without replaying or checking its moves. */
export function resumeGame(settings: Settings, saved: SavedGame): Game {
  const options = saved.firstPlayer === null ? {} : { firstPlayer: saved.firstPlayer };
  return Game.resume(settings, options, saved.position, saved.history.map(actionOf));
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

/** The state a stored table starts its current game from: the seats and scores its checkpoint carries, before any entry. */
export function checkpointState(header: TableHeader, checkpoint: Checkpoint): TableState {
  const empty = newTableState(header);
  const { names } = checkpoint;
  const seated: TableState = {
    ...empty,
    names: empty.names.map((_, seat) => names[seat] ?? null),
    scores: empty.scores.map((_, seat) => checkpoint.scores[seat] ?? NO_SCORE),
    computers: empty.computers.map((_, seat) => checkpoint.computers?.[seat] ?? null),
    hostSeat: checkpoint.hostSeat ?? null,
    listedIn: checkpoint.listedIn ?? null,
    firstPlayer: checkpoint.firstPlayer === undefined ? empty.firstPlayer : checkpoint.firstPlayer,
  };
  return { ...seated, carried: carryOf(seated) };
}
