/**
 * The server's side of a table for the SDK's tests: the table's commands
 * (src/table), which decide and fold exactly as the Durable Object does,
 * without storage or sockets around them.
 */
import type { Snapshot, TableSettings } from "../../src/protocol/index.ts";
import type { LoggedEvent, TableCommands } from "../../src/table/index.ts";
import { legalMoves, newTable, SPECTATOR } from "../table/helpers.ts";

export { HOST, SPECTATOR, seated, TABLE_ID } from "../table/helpers.ts";

/** A table and its log; the first player of every game is `firstPlayer`. */
export class ServerTable {
  readonly commands: TableCommands;
  readonly log: LoggedEvent[];

  constructor(settings: Partial<TableSettings>, firstPlayer = 0, createdAt = 0) {
    ({ commands: this.commands, log: this.log } = newTable(settings, firstPlayer, createdAt));
  }

  /** Keeps what a command logged, and returns it. */
  record(events: readonly LoggedEvent[]): LoggedEvent[] {
    this.log.push(...events);
    return [...events];
  }

  /** Seats a player by name in each seat, in order. */
  seatAll(names: readonly string[], at = 0): void {
    names.forEach((name, seat) => {
      this.record(this.commands.join(SPECTATOR, seat, name, at));
    });
  }

  /** The snapshot the server would send, with every seat connected or not. */
  snapshot(connected = false): Snapshot {
    return this.commands.view(new Array(this.commands.settings.players).fill(connected));
  }

  /** The legal moves of the side to move, in notation, as the engine lists them. */
  legalMoves(): string[] {
    return legalMoves(this.commands);
  }

  /** The log's entries after `seq`. */
  after(seq: number): LoggedEvent[] {
    return this.log.filter((entry) => entry.seq > seq);
  }
}
