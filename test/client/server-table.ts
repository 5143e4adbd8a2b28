/**
 * The server's side of a table for the SDK's tests: the table's commands
 * (src/table), which decide and fold exactly as the Durable Object does,
 * without storage or sockets around them.
 */
import type { Identity, Snapshot, TableSettings } from "../../src/protocol/index.ts";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import { formatPath } from "../../src/rules/index.ts";
import { type LoggedEvent, TableCommands, tableHeader } from "../../src/table/index.ts";

export const TABLE_ID = "AAAAAAAAAAAAAAAA";
export const HOST: Identity = { seat: null, host: true };
export const SPECTATOR: Identity = { seat: null, host: false };
export const seated = (seat: number): Identity => ({ seat, host: false });

/** A table and its log; the first player of every game is `firstPlayer`. */
export class ServerTable {
  readonly commands: TableCommands;
  readonly log: LoggedEvent[] = [];

  constructor(settings: Partial<TableSettings>, firstPlayer = 0, createdAt = 0) {
    const header = tableHeader(TABLE_ID, TableSettingsSchema.parse(settings), createdAt);
    this.commands = new TableCommands(header, { drawFirstPlayer: () => firstPlayer });
    this.record(this.commands.create());
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
    return this.commands.game?.legalMoves().map((move) => formatPath(move.path)) ?? [];
  }

  /** The log's entries after `seq`. */
  after(seq: number): LoggedEvent[] {
    return this.log.filter((entry) => entry.seq > seq);
  }
}
