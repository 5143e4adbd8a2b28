/**
 * The Durable Object's one alarm, which serves the table's clock (a turn's
 * deadline, the computer's turn, idle deletion: `alarmAt`), the notifications
 * due (notifications.ts) and the heartbeat check (presence.ts): it is set for
 * whichever comes first, and `Table.alarm()` does whatever is due and sets
 * the next.
 */
import type { TableCommands } from "../../table/index.ts";
import type { Presence } from "../presence/presence.ts";

/**
 * How close to its time the alarm may be moved later by a commit, and by
 * how much at least (`TableAlarm.schedule`).
 */
const PUSH_WITHIN_MS = 2_000;

export class TableAlarm {
  private readonly ctx: DurableObjectState;
  private readonly presence: Presence;
  /** How long a table may go without an event before it is deleted. */
  readonly idleMs: number;
  /**
   * When the alarm is set for (null: none), as this object last set or read
   * it: an alarm already due no later than needed is left alone, since
   * moving it is a storage write.
   */
  private setFor: number | null = null;
  /**
   * No heartbeat check can be due before this (+∞ with no seat connected),
   * as the last full look at the seat sockets found, until a socket takes a
   * seat: a seat socket's last-heard time only grows, and a closed one only
   * drops out. Undefined when a new look is needed (after a wake, or a seat
   * taken). It spares a move the look at every socket.
   */
  private heartbeatNotBefore: number | undefined;

  /** When the next notification is due (+∞: none), which the alarm also comes for. */
  private readonly noticeDue: () => number;

  constructor(ctx: DurableObjectState, presence: Presence, idleMs: number, noticeDue: () => number) {
    this.ctx = ctx;
    this.presence = presence;
    this.idleMs = idleMs;
    this.noticeDue = noticeDue;
  }

  /** After a wake: reads the alarm this table set before, holding other events until it is known. */
  recall(): void {
    void this.ctx.blockConcurrencyWhile(async () => {
      this.setFor = await this.ctx.storage.getAlarm();
    });
  }

  /** The alarm fired: the runtime has taken it off. */
  fired(): void {
    this.setFor = null;
  }

  /**
   * Sets the alarm for the table's next need or the heartbeat check,
   * whichever comes first, unless it is already set no later than that.
   * `sockets`: the open sockets, when the caller has them at hand.
   *
   * A commit in the last `PUSH_WITHIN_MS` before the alarm looks again, and
   * when nothing will be due by then it moves the alarm to when something
   * is: at a busy table the heartbeat check is carried forward by the moves'
   * own writes (the alarm's row goes in the move's transaction), and the
   * alarm fires only once the table goes quiet. Left to fire, each check
   * would be a wake of its own and a write of its own.
   */
  schedule(table: TableCommands, sockets?: readonly WebSocket[]): void {
    const now = Date.now();
    const tableAlarm = Math.min(table.alarmAt(this.idleMs), this.noticeDue());
    const set = this.setFor;
    const soon = set !== null && set - now < PUSH_WITHIN_MS;
    // An alarm set no later than is due stays: when it comes it finds nothing due and sets the next. A move
    // pushes the idle deletion and the heartbeat check later, and moving the alarm on every move would
    // cost a storage write each time (one more than the move's own row).
    if (
      !soon &&
      set !== null &&
      this.heartbeatNotBefore !== undefined &&
      set <= Math.min(tableAlarm, this.heartbeatNotBefore)
    ) {
      return;
    }
    const check = this.presence.heartbeatCheckAt(sockets ?? this.presence.openSockets(), now);
    this.heartbeatNotBefore = check ?? Number.POSITIVE_INFINITY;
    const due = check === null ? tableAlarm : Math.min(tableAlarm, check);
    // Later only near its time, and by a good step: a push costs a write, and a seat nearly silent
    // would let it move little each time.
    const later = soon && due >= set + PUSH_WITHIN_MS;
    if (set !== null && set <= due && !later) return;
    this.setFor = due;
    void this.ctx.storage.setAlarm(due);
  }

  /** A socket took a seat: the heartbeat check may come sooner than the alarm set. */
  seatConnected(table: TableCommands): void {
    this.heartbeatNotBefore = undefined;
    this.schedule(table);
  }

  /** The table is deleted, and its alarm with it. */
  async clear(): Promise<void> {
    this.setFor = null;
    await this.ctx.storage.deleteAlarm();
  }
}
