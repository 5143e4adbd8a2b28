/**
 * The table's public state (`GET /api/tables/:id` and the socket's welcome)
 * and the events of its log. Tokens never appear in either.
 */
import type { EndReason, Point, Settings, Standing } from "../rules/index.ts";

/** One event of the table's log. */
export type TableEvent =
  | { readonly type: "created"; readonly settings: Settings; readonly turnSeconds: number | null }
  | { readonly type: "seated"; readonly seat: number; readonly name: string }
  | { readonly type: "unseated"; readonly seat: number; readonly reason: "left" | "removed" }
  | { readonly type: "started"; readonly game: number; readonly firstPlayer: number }
  | { readonly type: "moved"; readonly seat: number; readonly path: string; readonly captured: readonly string[] }
  | { readonly type: "passed"; readonly seat: number }
  | { readonly type: "resigned"; readonly seat: number; readonly reason: "left" | "timeout" }
  | { readonly type: "ended"; readonly result: ResultView };

export type TableEventType = TableEvent["type"];

/** The engine's standing, by seat (a table's seats are the game's players in order). */
export type StandingView = Omit<Standing, "player"> & { readonly seat: number };

export interface ResultView {
  readonly reason: EndReason;
  readonly winners: readonly number[];
  readonly standings: readonly StandingView[];
}

export interface SeatView {
  readonly seat: number;
  /** Null while the seat is free. */
  readonly name: string | null;
  readonly connected: boolean;
  /** The colours this seat moves (race variants). */
  readonly colours: readonly Point[];
  readonly finished: boolean;
  readonly resigned: boolean;
  readonly place: number | null;
  readonly captures: number;
}

export type TableStatus = "waiting" | "playing" | "over";

export interface GameView {
  /** 1 for the first game at this table, 2 after a rematch, … */
  readonly number: number;
  readonly firstPlayer: number;
  /** Whose turn: the seat, and in the race variants its colour; null once over. */
  readonly turn: { readonly seat: number; readonly colour: Point | null } | null;
  /** When the player to move runs out of time (ms since the epoch), if the table has a clock. */
  readonly deadline: number | null;
  /** Occupied holes: hole name → colour point, or "neutral" in the capture variant. */
  readonly pieces: Readonly<Record<string, Point | "neutral">>;
  /** The moves so far in notation (passes as `pass`, departures as `resign(P)`). */
  readonly moves: readonly string[];
  /** Every legal move of the side to move, as full paths in notation. */
  readonly legalMoves: readonly string[];
  readonly result: ResultView | null;
}

export interface Snapshot {
  readonly id: string;
  readonly settings: Settings;
  readonly turnSeconds: number | null;
  /** The sequence number of the last event applied. */
  readonly seq: number;
  readonly status: TableStatus;
  readonly seats: readonly SeatView[];
  readonly game: GameView | null;
}
