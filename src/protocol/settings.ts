/** A table's settings: the body of `POST /api/tables`, and the game's settings in events and snapshots. */
import { DEFAULT_SETTINGS, VARIANT_NAMES } from "../rules/index.ts";
import * as v from "./schema.ts";
import { ClockSchema, FirstPlayerSchema, IntegerSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

/** The engine's registered variants, by name. */
const Variant = v.picklist(VARIANT_NAMES);
const Players = v.pipe(IntegerSchema, v.minValue(2), v.maxValue(6));
/** Colours (points) each player controls in the race variants. */
const Colours = v.picklist([1, 2, 3]);
/** Pieces per colour in the race variants. */
const Pieces = v.picklist([10, 15]);

/** The engine's `Settings`: everything that decides which game is played. */
export const SettingsSchema = v.object({
  variant: Variant,
  players: Players,
  colours: Colours,
  pieces: Pieces,
  longJump: v.boolean(),
  teams: v.boolean(),
});

/**
 * The body of `POST /api/tables`: the game's settings, each defaulting to the
 * engine's, the table's clock, and who begins. Strict, so a misspelt field is refused
 * rather than silently replaced by its default.
 */
export const TableSettingsSchema = v.strictObject({
  variant: v.optional(Variant, DEFAULT_SETTINGS.variant),
  players: v.optional(Players, DEFAULT_SETTINGS.players),
  colours: v.optional(Colours, DEFAULT_SETTINGS.colours),
  pieces: v.optional(Pieces, DEFAULT_SETTINGS.pieces),
  longJump: v.optional(v.boolean(), DEFAULT_SETTINGS.longJump),
  teams: v.optional(v.boolean(), DEFAULT_SETTINGS.teams),
  /** The turn clock: per move, or a time bank with increment; null (the default) for none. */
  clock: v.optional(ClockSchema, null),
  /** Who begins: a seat (from 0) that moves first in every game, or null (the default) to draw one each game. */
  firstPlayer: v.optional(FirstPlayerSchema, null),
  /**
   * The first game starts by itself as soon as every seat is taken, instead of
   * when the host starts it (default false): a table that nobody hosts, such
   * as one embedded in another site, can then be played.
   */
  startWhenFull: v.optional(v.boolean(), false),
});

export type TableSettings = Wire<typeof TableSettingsSchema>;
