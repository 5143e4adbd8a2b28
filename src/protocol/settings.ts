/** A table's settings: the body of `POST /api/tables`, and the game's settings in events and snapshots. */
import { DEFAULT_SETTINGS, VARIANT_NAMES } from "../rules/index.ts";
import { ClockSchema, FirstPlayerSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/** The engine's registered variants, by name. */
const Variant = z.enum(VARIANT_NAMES);
const Players = z.int().check(z.minimum(2), z.maximum(6));
/** Colours (points) each player controls in the race variants. */
const Colours = z.literal([1, 2, 3]);
/** Pieces per colour in the race variants. */
const Pieces = z.literal([10, 15]);

/** The engine's `Settings`: everything that decides which game is played. */
export const SettingsSchema = z.object({
  variant: Variant,
  players: Players,
  colours: Colours,
  pieces: Pieces,
  longJump: z.boolean(),
  teams: z.boolean(),
});

/**
 * The body of `POST /api/tables`: the game's settings, each defaulting to the
 * engine's, the table's clock, and who begins. Strict, so a misspelt field is refused
 * rather than silently replaced by its default.
 */
export const TableSettingsSchema = z.strictObject({
  variant: z._default(Variant, DEFAULT_SETTINGS.variant),
  players: z._default(Players, DEFAULT_SETTINGS.players),
  colours: z._default(Colours, DEFAULT_SETTINGS.colours),
  pieces: z._default(Pieces, DEFAULT_SETTINGS.pieces),
  longJump: z._default(z.boolean(), DEFAULT_SETTINGS.longJump),
  teams: z._default(z.boolean(), DEFAULT_SETTINGS.teams),
  /** The turn clock: per move, or a time bank with increment; null (the default) for none. */
  clock: z._default(ClockSchema, null),
  /** Who begins: a seat (from 0) that moves first in every game, or null (the default) to draw one each game. */
  firstPlayer: z._default(FirstPlayerSchema, null),
  /**
   * The first game starts by itself as soon as every seat is taken, instead of
   * when the host starts it (default false): a table that nobody hosts, such
   * as one embedded in another site, can then be played.
   */
  startWhenFull: z._default(z.boolean(), false),
});

export type TableSettings = Wire<typeof TableSettingsSchema>;
