/**
 * Tables for the tests of the table layer (and of the SDK, whose tests use
 * the table's commands as the server): who asks, a new table, seating.
 */
import type { Identity, TableSettings } from "../../src/protocol/index.ts";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import { formatPath } from "../../src/rules/index.ts";
import { type LoggedEvent, TableCommands, type TableHeader, tableHeader } from "../../src/table/index.ts";

export const TABLE_ID = "AAAAAAAAAAAAAAAA";
export const HOST: Identity = { seat: null, host: true };
export const SPECTATOR: Identity = { seat: null, host: false };
export const seated = (seat: number): Identity => ({ seat, host: false });

/** The header of a table made with these settings (defaults for the rest). */
export function headerOf(settings: Partial<TableSettings> = {}, createdAt = 0): TableHeader {
  return tableHeader(TABLE_ID, TableSettingsSchema.parse(settings), createdAt);
}

/** A new table whose every game begins with `firstPlayer` unless its settings choose; `log` holds `created`. */
export function newTable(
  settings: Partial<TableSettings> = {},
  firstPlayer = 0,
  createdAt = 0,
): { commands: TableCommands; log: LoggedEvent[] } {
  const commands = new TableCommands(headerOf(settings, createdAt), { drawFirstPlayer: () => firstPlayer });
  return { commands, log: commands.create() };
}

/** Seats "Player 1", "Player 2", … in every seat, in order; returns what that logged. */
export function seatEveryone(commands: TableCommands, at = 0): LoggedEvent[] {
  return Array.from({ length: commands.settings.players }, (_, seat) =>
    commands.join(SPECTATOR, seat, `Player ${seat + 1}`, at),
  ).flat();
}

/** The legal moves of the side to move, in notation, as the engine lists them. */
export function legalMoves(commands: TableCommands): string[] {
  return commands.game?.legalMoves().map((move) => formatPath(move.path)) ?? [];
}
