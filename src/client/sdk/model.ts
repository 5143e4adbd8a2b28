/**
 * The table as a client sees it: the protocol's fold of the event log
 * (the same one the server keeps), started from a snapshot, plus what only
 * a client tracks: who is connected and the last move, for its trail and
 * animation. The game is the rules engine's `Game`, replayed from the
 * snapshot's moves, so the client knows every legal move without asking.
 */
import type { SeatView, Snapshot, TableEvent } from "../../protocol/index.ts";
import { Game, holeName, type Point, parseMove, type Settings, seating } from "../../rules/index.ts";
import { TableFold } from "../../table/fold.ts";

/** The last move played, for drawing its trail and animating it. */
export interface LastMove {
  readonly seat: number;
  /** Every landing, from the start hole to the end. */
  readonly path: readonly string[];
  readonly captured: readonly string[];
}

export class TableModel extends TableFold {
  spectators = 0;
  lastMove: LastMove | null = null;
  private connected: readonly boolean[] = [];

  private constructor(id: string, settings: Settings, turnSeconds: number | null) {
    super(id, settings, turnSeconds, 0);
  }

  /** Rebuilds the table from a snapshot, replaying the current game's moves through the engine. */
  static fromSnapshot(snapshot: Snapshot, now = Date.now()): TableModel {
    const model = new TableModel(snapshot.id, snapshot.settings, snapshot.turnSeconds);
    snapshot.seats.forEach((seat) => {
      model.names[seat.seat] = seat.name;
    });
    model.connected = snapshot.seats.map((seat) => seat.connected);
    const view = snapshot.game;
    if (view) {
      model.gameNumber = view.number;
      model.game = Game.replay(snapshot.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
      model.ended = view.result !== null;
      const last = model.game.history.findLast((action) => action.kind === "move");
      if (last?.kind === "move") {
        model.lastMove = {
          seat: last.player,
          path: last.move.path.map(holeName),
          captured: last.move.captured.map(holeName),
        };
      }
    }
    model.resume(snapshot.seq, view?.deadline ?? null, now);
    return model;
  }

  /**
   * Folds in the next event of the log, received at `now`. The caller checks
   * that `seq` is the next one; the engine throws if a move does not fit the
   * position, which means this model has drifted and needs a new snapshot.
   */
  override apply(seq: number, event: TableEvent, now = Date.now()): void {
    super.apply(seq, event, now);
    if (event.type === "started") this.lastMove = null;
    if (event.type === "moved") {
      this.lastMove = { seat: event.seat, path: event.path.split("-"), captured: event.captured };
    }
    if (event.type === "unseated") this.connected = this.connected.map((on, seat) => on && seat !== event.seat);
  }

  /** The colours a seat moves; before the first game, the colours it will move. */
  coloursOf(seat: number): readonly Point[] {
    if (this.game) return this.game.playerColours[seat] ?? [];
    return this.settings.variant === "capture" ? [] : (seating(this.settings)[seat] ?? []);
  }

  /** Each seat as the snapshot shows it. */
  get seats(): readonly SeatView[] {
    return this.seatViews(this.connected);
  }

  /** Every legal move of the side to move, as full paths of hole names. */
  legalPaths(): string[][] {
    if (!this.game || this.game.isOver) return [];
    return this.game.legalMoves().map((move) => move.path.map(holeName));
  }

  /** Marks which seats have a connection open. */
  setPresence(connected: readonly boolean[], spectators: number): void {
    this.connected = connected;
    this.spectators = spectators;
  }

  /** The table as a snapshot, as `GET /api/tables/:id` would show it now. */
  toSnapshot(): Snapshot {
    return this.view(this.connected);
  }
}
