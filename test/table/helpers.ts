/**
 * Tables for the tests of the table layer (and of the SDK, whose tests use
 * the table's commands as the server): who asks, a new table, seating.
 */
import { expect } from "vitest";
import type { Identity, TableSettings } from "../../src/protocol/index.ts";
import { ClientMessageSchema, TableSettingsSchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import { formatPath } from "../../src/rules/index.ts";
import {
  checkTableSettings,
  type LoggedEvent,
  TableCommands,
  TableError,
  type TableHeader,
  tableHeader,
} from "../../src/table/index.ts";

export const TABLE_ID = "AAAAAAAAAAAAAAAA";
export const HOST: Identity = { seat: null, host: true };
export const SPECTATOR: Identity = { seat: null, host: false };
export const seated = (seat: number): Identity => ({ seat, host: false });
/** Who is connected, by seat, as the server tells the commands. */
export const ALL_CONNECTED: readonly boolean[] = [true, true, true, true, true, true];
export const NOBODY_CONNECTED: readonly boolean[] = [];

/** The header of a table made with these settings (defaults for the rest). */
export function headerOf(settings: Partial<TableSettings> = {}, createdAt = 0): TableHeader {
  return tableHeader(TABLE_ID, checkTableSettings(v.parse(TableSettingsSchema, settings)), createdAt);
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

/** Plays the first legal move for whoever is to move until the game is over; returns what that logged. */
export function playToEnd(commands: TableCommands, at = 0): LoggedEvent[] {
  const logged: LoggedEvent[] = [];
  while (commands.status === "playing") {
    const seat = commands.turn?.seat ?? 0;
    logged.push(...commands.move(seated(seat), legalMoves(commands)[0] as string, at));
  }
  return logged;
}

export function table(settings: Partial<TableSettings> = {}, firstPlayer = 0): TableCommands {
  return newTable(settings, firstPlayer).commands;
}

export function seatedTable(settings: Partial<TableSettings> = {}, firstPlayer = 0): TableCommands {
  const commands = table(settings, firstPlayer);
  seatEveryone(commands);
  return commands;
}

export function startedTable(settings: Partial<TableSettings> = {}, firstPlayer = 0): TableCommands {
  const commands = seatedTable(settings, firstPlayer);
  commands.start(HOST, 0);
  return commands;
}

/** The first legal move of the side to move, in notation. */
export function firstMove(commands: TableCommands): string {
  return legalMoves(commands)[0] ?? "";
}

/** Asserts that `attempt` is refused with `code` and that the table is exactly as before. */
export function expectRefused(commands: TableCommands, attempt: () => unknown, code: string): void {
  const before = commands.view([]);
  let thrown: unknown;
  try {
    attempt();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TableError);
  expect((thrown as TableError).code).toBe(code);
  expect(commands.view([])).toEqual(before);
}

/** The type of every client message the protocol's schema defines, read from the schema itself. */
export function clientMessageTypes(): string[] {
  return ClientMessageSchema.options.map((option) => option.entries.type.literal);
}
