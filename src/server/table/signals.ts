/**
 * A table object's signals to the operator (observability/signals.ts) that
 * come from the object rather than from a commit (those are the effect
 * effects/telemetry.ts): its sockets opened and dropped, refusals, the
 * computer's moves as the clock plays them, and what went wrong.
 */
import type { ErrorCode } from "../../protocol/index.ts";
import { type LoggedEvent, STAND_IN_LEVEL, type TableCommands } from "../../table/index.ts";
import { shortHash } from "../observability/signals.ts";
import type { Telemetry } from "../observability/telemetry.ts";

export class TableSignals {
  private readonly telemetry: Telemetry;
  private readonly table: () => TableCommands | undefined;
  private readonly openSockets: () => number;
  private hashed: string | undefined;

  constructor(telemetry: Telemetry, table: () => TableCommands | undefined, openSockets: () => number) {
    this.telemetry = telemetry;
    this.table = table;
    this.openSockets = openSockets;
  }

  refused(code: ErrorCode): void {
    this.telemetry.emit({ event: "refused", kind: "table", code, ...this.named() });
  }

  opened(): void {
    this.telemetry.emit({ event: "socket-opened", kind: "table", ...this.named(), n: this.openSockets() });
  }

  /** `code`: the close code, or "error". */
  dropped(code: string): void {
    this.telemetry.emit({ event: "socket-dropped", kind: "table", ...this.named(), code, n: this.openSockets() });
  }

  chat(kind: "message" | "reaction"): void {
    this.telemetry.emit({ event: "chat-message", kind, table: this.named().table ?? "" });
  }

  /** A push's outcome: `status` the push service's answer (or why none came), `ms` how long it took. */
  pushed(result: "sent" | "failed" | "retried", code: string, ms: number): void {
    this.telemetry.emit({ event: `push-${result}`, table: this.named().table ?? "", code, ms });
  }

  internalError(where: string, error: unknown, code: ErrorCode | "none"): void {
    this.telemetry.internalError(where, error, code, this.named().table);
  }

  /**
   * The clock's events at `now` (`TableCommands.tick`), with a signal for
   * each computer move among them: `ms` from its turn's start to the move,
   * `think` the tick's own time as the isolate's clock saw it.
   */
  tick(table: TableCommands, now: number): LoggedEvent[] {
    const turnStart = table.turnStart;
    const thinking = performance.now();
    const events = table.tick(now);
    const think = performance.now() - thinking;
    for (const { event } of events) {
      if (event.type !== "moved" || event.by !== "computer") continue;
      const kind = table.computerLevel(event.seat) ?? STAND_IN_LEVEL;
      const { variant } = table.settings;
      const signal = { table: this.named().table ?? "", variant, kind, ms: now - turnStart, think };
      this.telemetry.emit({ event: "computer-moved", ...signal });
    }
    return events;
  }

  /** The table's short hash, never its id (which is its share link); none before the table exists. */
  private named(): { table?: string } {
    const table = this.table();
    if (!table) return {};
    // Hashed once: an object is one table for its whole life.
    this.hashed ??= shortHash(table.id);
    return { table: this.hashed };
  }
}
