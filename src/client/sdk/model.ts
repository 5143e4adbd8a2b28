/**
 * The table as a client sees it: the table's fold of the event log (the
 * same one the server keeps), restored from a snapshot, plus what only a
 * client tracks: who is connected and the last move, for its trail and
 * animation. The game is the rules engine's `Game`, replayed from the
 * snapshot's moves, so the client asks it about legal moves, never the server.
 */
import type { SeatView, Snapshot } from "../../protocol/index.ts";
import { type Point, seating, variantOf } from "../../rules/index.ts";
import { type LoggedEvent, TableFold } from "../../table/fold.ts";
import { type LastMove, lastMoveOf } from "./last-move.ts";

export type { LastMove } from "./last-move.ts";

/** What `presence` tells a client; the last two are optional for a presence made by hand. */
export interface Presence {
  readonly connected: readonly boolean[];
  readonly spectators: number;
  readonly absentSince?: readonly (number | null)[];
  readonly stallGraceMs?: number;
}

export class TableModel extends TableFold {
  spectators = 0;
  lastMove: LastMove | null = null;
  private connected: readonly boolean[] = [];
  private absentSince: readonly (number | null)[] = [];
  private stallGraceMs: number | null = null;

  /** The table as a snapshot shows it, its game replayed through the engine. */
  static fromSnapshot(snapshot: Snapshot, now = Date.now()): TableModel {
    const model = new TableModel({
      id: snapshot.id,
      settings: snapshot.settings,
      clock: snapshot.clock,
      firstPlayer: snapshot.firstPlayer,
      startWhenFull: snapshot.startWhenFull,
      createdAt: now,
    });
    model.restore(snapshot, now);
    return model;
  }

  override restore(snapshot: Snapshot, now: number): void {
    super.restore(snapshot, now);
    this.connected = snapshot.seats.map((seat) => seat.connected);
    const last = this.game?.history.findLast((action) => action.kind === "move");
    this.lastMove = last?.kind === "move" ? lastMoveOf(last) : null;
  }

  /**
   * Folds in the next entry of the log. The caller checks that its `seq` is
   * the next one; the engine throws if a move does not fit the position,
   * which means this model has drifted and needs a new snapshot.
   */
  override apply(entry: LoggedEvent): void {
    super.apply(entry);
    const { event } = entry;
    if (event.type === "started") this.lastMove = null;
    if (event.type === "moved") {
      const last = this.game?.history.at(-1);
      if (last?.kind === "move") this.lastMove = lastMoveOf(last);
    }
    if (event.type === "unseated") this.connected = this.connected.map((on, seat) => on && seat !== event.seat);
  }

  /** The colours a seat moves; before the first game, the colours it will move. */
  coloursOf(seat: number): readonly Point[] {
    if (this.game) return this.game.playerColours[seat] ?? [];
    return variantOf(this.settings).colours ? (seating(this.settings)[seat] ?? []) : [];
  }

  /** Each seat as the snapshot shows it. */
  get seats(): readonly SeatView[] {
    return this.seatViews(this.connected);
  }

  /** Who is connected, as the server's `presence` says (see docs/protocol.md). */
  setPresence(presence: Presence): void {
    this.connected = presence.connected;
    this.spectators = presence.spectators;
    this.absentSince = presence.absentSince ?? [];
    this.stallGraceMs = presence.stallGraceMs ?? null;
  }

  /**
   * When (server time) the other players may act on the player to move, who
   * has no connection (`remedy`); null while that player is connected, the
   * computer plays the seat, or the server has not said.
   */
  get remedyAt(): number | null {
    const { turn } = this;
    if (this.status !== "playing" || turn === null || this.stallGraceMs === null) return null;
    const since = this.absentSince[turn.seat];
    if (since == null || this.connected[turn.seat] || this.isAway(turn.seat)) return null;
    if (this.computerLevel(turn.seat) !== null) return null;
    return Math.max(since, this.turnStart) + this.stallGraceMs;
  }

  /** The table as a snapshot, as `GET /api/tables/:id` would show it now. */
  toSnapshot(): Snapshot {
    return this.view(this.connected);
  }
}
