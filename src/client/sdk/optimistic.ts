/**
 * Your own move shown before the table confirms it. On a link with 100 ms
 * each way a move takes a round trip and more to come back as an event;
 * waiting for it makes the board feel stuck. `OptimisticMoves` sits above a
 * `TableClient`: `move(path)` plays the move at once on a copy of the
 * server's game (the engine checks it there exactly as the table will) and
 * sends it; what is shown is that copy until the table answers.
 *
 * The client's `model` stays the server's word and is never touched. When
 * the table's `moved` event for the move arrives, the copy is dropped: the
 * model now holds the same position, so nothing moves again. When the table
 * refuses the move (an `error` for its request id), the copy is dropped too,
 * and `refused` says so: the board goes back to the table's position. When
 * another event comes first (a player leaves, the clock plays for you, a
 * fresh snapshot), the move is played again on the new position: still
 * legal, it stays shown; not (no longer your turn, the game over), it is
 * dropped at once, before the table's refusal arrives.
 */

import type { TableEvent } from "../../protocol/index.ts";
import { type Action, formatPath, formatPathNames, Game, type Point } from "../../rules/index.ts";
import type { TableClient } from "./client.ts";
import { Emitter } from "./emitter.ts";
import type { SdkError } from "./errors.ts";
import { type LastMove, lastMoveOf, movedColour } from "./last-move.ts";
import type { TableModel } from "./model.ts";
import { newRequestId } from "./request-id.ts";

/** A move sent and shown, not yet confirmed: the move as the board draws it, and what the table's answer names. */
export interface PendingMove extends LastMove {
  /** The request's id: the table's answer (ack or error) names it. */
  readonly id: string;
  /** The move as the table's `moved` event writes it: every landing, joined by "-". */
  readonly notation: string;
  /** The piece's colour, or "neutral" in the capture variant. */
  readonly colour: Point | "neutral";
}

export interface OptimisticEvents {
  /** A move of yours is shown at once (draw it moving). */
  played: PendingMove;
  /** The table refused the move: the position shown is the table's again. */
  refused: { readonly move: PendingMove; readonly error: SdkError };
  /** What is shown changed: a move played, confirmed, dropped or refused. */
  change: { readonly pending: PendingMove | null };
}

type Listener<K extends keyof OptimisticEvents> = (detail: OptimisticEvents[K]) => void;

/** The game a move leads to, played on a copy; null when the engine refuses it there. */
function played(game: Game | null | undefined, seat: number, notation: string): { game: Game; action: Action } | null {
  if (!game || game.isOver) return null;
  try {
    const copy = Game.resume(game.settings, { firstPlayer: game.firstPlayer }, game.state(), game.history);
    const action = copy.resolve(notation, seat);
    if (action.kind !== "move") return null;
    copy.commit(action);
    return { game: copy, action };
  } catch {
    return null;
  }
}

/**
 * What the moves shown at once need of the table's client: its model, who
 * you are, its events and a move sent. A `TableClient`, or what stands in
 * for one until it comes (the table page's `HeldClient`).
 */
export type MoveClient = Pick<TableClient, "model" | "you" | "on" | "move">;

export class OptimisticMoves {
  private readonly client: MoveClient;
  private pendingMove: PendingMove | null = null;
  /** The server's game with the pending move played on it, while there is one. */
  private shown: Game | null = null;
  private readonly events = new Emitter<OptimisticEvents>();
  private readonly unsubscribe: (() => void)[];

  constructor(client: MoveClient) {
    this.client = client;
    this.unsubscribe = [
      client.on("event", ({ event }) => this.reconcile(event)),
      client.on("welcome", () => this.reconcile(null)),
    ];
  }

  /** Stops following the client. */
  dispose(): void {
    for (const off of this.unsubscribe) off();
  }

  on<K extends keyof OptimisticEvents>(type: K, listener: Listener<K>): () => void {
    return this.events.on(type, listener);
  }

  /** The move waiting for the table, if any. */
  get pending(): PendingMove | null {
    return this.pendingMove;
  }

  /** The game as shown: the server's, with the pending move played. */
  get game(): Game | null {
    return this.shown ?? this.client.model?.game ?? null;
  }

  /** Occupied holes as shown: hole name → colour point, or "neutral" in the capture variant. */
  get pieces(): Readonly<Record<string, Point | "neutral">> {
    if (!this.shown) return this.client.model?.pieces ?? {};
    return this.shown.pieces();
  }

  /** Whose turn as shown: the one after the pending move (null if it ends the game), else the table's. */
  get turn(): TableModel["turn"] {
    if (!this.shown) return this.client.model?.turn ?? null;
    const turn = this.shown.turn;
    return turn ? { seat: turn.player, colour: turn.colour ?? null } : null;
  }

  /** The last move as shown: the pending one, else the table's last. */
  get lastMove(): LastMove | null {
    const pending = this.pendingMove;
    if (pending) return { seat: pending.seat, path: pending.path, captured: pending.captured };
    return this.client.model?.lastMove ?? null;
  }

  /**
   * Plays a move of this client's seat: shown at once when the engine allows
   * it on the server's position, and sent. Resolves when the table has it;
   * rejects with the table's refusal, the position shown being the table's
   * again by then. A move the engine refuses here is sent all the same,
   * unshown: the table is the judge, and its refusal is reported as usual.
   */
  async move(path: readonly string[]): Promise<void> {
    const { client } = this;
    const seat = client.you.seat;
    const notation = formatPathNames(path);
    const id = newRequestId();
    const result = seat === null || this.pendingMove ? null : played(client.model?.game, seat, notation);
    if (seat === null || result?.action.kind !== "move") {
      await client.move(notation, id);
      return;
    }
    const pending: PendingMove = {
      id,
      ...lastMoveOf(result.action),
      notation: formatPath(result.action.move.path),
      colour: movedColour(result.game, result.action),
    };
    this.pendingMove = pending;
    this.shown = result.game;
    this.events.emit("played", pending);
    this.events.emit("change", { pending });
    try {
      await client.move(pending.notation, id);
    } catch (error) {
      if (this.pendingMove?.id === id) {
        this.drop();
        this.events.emit("refused", { move: pending, error: error as SdkError });
        this.events.emit("change", { pending: null });
      }
      throw error;
    }
    // The ack comes after the move's event, which confirmed it; this is a safeguard.
    if (this.pendingMove?.id === id) {
      this.drop();
      this.events.emit("change", { pending: null });
    }
  }

  /**
   * An event reached the model (or a snapshot replaced it: `event` null).
   * The pending move's own `moved` confirms it; anything else is played
   * under it: the move is played again on the new position, or dropped.
   */
  private reconcile(event: TableEvent | null): void {
    const pending = this.pendingMove;
    if (!pending) return;
    if (
      event?.type === "moved" &&
      event.seat === pending.seat &&
      event.by === undefined &&
      event.path === pending.notation
    ) {
      // Confirmed: the model has the very position shown. No change to draw.
      this.drop();
      this.events.emit("change", { pending: null });
      return;
    }
    const again = played(this.client.model?.game, pending.seat, pending.notation);
    if (again) {
      this.shown = again.game;
    } else {
      this.drop();
    }
    this.events.emit("change", { pending: this.pendingMove });
  }

  private drop(): void {
    this.pendingMove = null;
    this.shown = null;
  }
}
