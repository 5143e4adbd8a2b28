/** Values that several messages carry. */
import { POINTS } from "../rules/index.ts";
import { LANGUAGES } from "./language.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/** A seat at the table, from 0; a table has at most six. */
export const SeatSchema = z.int().check(z.minimum(0), z.maximum(5));
/** An event's number in the table's log: `created` is 1, each event one more; 0 is "before the log". */
export const SeqSchema = z.int().check(z.minimum(0));
/** A colour, named by the point of the star it starts from. */
export const PointSchema = z.enum(POINTS);
/** The seat that moves first in every game at the table, or null to draw one at random for each game. */
export const FirstPlayerSchema = z.nullable(SeatSchema);
/** How well a computer player plays. */
export const LevelSchema = z.enum(["easy", "normal", "strong", "master"]);

/** One of the languages the service speaks (language.ts). */
export const LanguageSchema = z.enum(LANGUAGES);

/** A week: the longest any clock setting runs, for correspondence play. */
const WEEK_SECONDS = 604_800;

/**
 * The turn clock, or null for none. `move`: `seconds` for every turn.
 * `bank`: each seat starts a game with `seconds` in its bank, spends it on
 * its turns and gets `increment` back after each of its moves; however
 * empty the bank, a turn has at least MIN_TURN_SECONDS. When a turn's time
 * runs out the table plays that turn for the player (see docs/protocol.md).
 */
export const ClockSchema = z.nullable(
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("move"), seconds: z.int().check(z.minimum(10), z.maximum(WEEK_SECONDS)) }),
    z.object({
      kind: z.literal("bank"),
      seconds: z.int().check(z.minimum(60), z.maximum(WEEK_SECONDS)),
      increment: z.int().check(z.minimum(0), z.maximum(86_400)),
    }),
  ]),
);

/** However little is left in a bank, a turn lasts at least this long. */
export const MIN_TURN_SECONDS = 10;

export type Clock = Wire<typeof ClockSchema>;
export type Level = Wire<typeof LevelSchema>;
export { LANGUAGES, type Language } from "./language.ts";
