/**
 * What a table is made with, which never changes afterwards. Its settings are
 * checked once, when the table is created (`checkTableSettings`), and trusted
 * after: a stored table's header is read back as it was written.
 */
import type { Clock, TableSettings } from "../protocol/index.ts";
import { DEFAULT_SETTINGS, makeSettings, type Settings } from "../rules/index.ts";
import { TableError, withRules } from "./errors.ts";

declare const checked: unique symbol;

/** A table's settings that `checkTableSettings` accepted: the only settings a table is made with. */
export type CheckedTableSettings = TableSettings & { readonly [checked]: true };

export interface TableHeader {
  readonly id: string;
  readonly settings: Settings;
  /** The turn clock, or null for none. */
  readonly clock: Clock;
  /** The seat that begins every game, or null to draw one for each game. */
  readonly firstPlayer: number | null;
  /** Whether the first game starts by itself once every seat is taken, rather than by the host. */
  readonly startWhenFull: boolean;
  readonly createdAt: number;
}

/**
 * A new table's settings, refused (naming the field at fault) where the
 * rules define no game or the table has no such first player.
 */
export function checkTableSettings(settings: TableSettings): CheckedTableSettings {
  const { clock: _clock, firstPlayer, startWhenFull: _startWhenFull, ...rules } = settings;
  const game = withRules(() => makeSettings(rules));
  if (firstPlayer != null && firstPlayer >= game.players) {
    const message = `firstPlayer must be one of the table's seats, 0 to ${game.players - 1}`;
    throw new TableError("invalid-settings", message, { field: "firstPlayer" });
  }
  return settings as CheckedTableSettings;
}

/** The header of a table made, or stored, with settings `checkTableSettings` accepted. */
export function tableHeader(id: string, settings: CheckedTableSettings, createdAt: number): TableHeader {
  const { clock, firstPlayer, startWhenFull, ...rules } = settings;
  return {
    id,
    // Defaults for the settings a table stored before they existed lacks.
    settings: { ...DEFAULT_SETTINGS, ...rules },
    clock,
    // Tables stored before the setting existed draw.
    firstPlayer: firstPlayer ?? null,
    startWhenFull: startWhenFull ?? false,
    createdAt,
  };
}
