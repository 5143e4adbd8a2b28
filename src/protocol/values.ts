/** Values that several messages carry. */
import { POINTS } from "../rules/index.ts";
import { LANGUAGES } from "./language.ts";
import * as v from "./schema.ts";
import type { Wire } from "./wire.ts";

/**
 * A number as JSON carries one: finite (`v.number()` alone takes Infinity,
 * which `1e999` reads as). Every number on the wire is this or `IntegerSchema`.
 */
export const NumberSchema = v.pipe(v.number(), v.finite());
/** A whole number that JSON carries exactly: a safe integer (at most 2^53 - 1 either side of 0). */
export const IntegerSchema = v.pipe(v.number(), v.safeInteger());

/** A seat at the table, from 0; a table has at most six. */
export const SeatSchema = v.pipe(IntegerSchema, v.minValue(0), v.maxValue(5));
/** An event's number in the table's log: `created` is 1, each event one more; 0 is "before the log". */
export const SeqSchema = v.pipe(IntegerSchema, v.minValue(0));
/** A colour, named by the point of the star it starts from. */
export const PointSchema = v.picklist(POINTS);
/** The seat that moves first in every game at the table, or null to draw one at random for each game. */
export const FirstPlayerSchema = v.nullable(SeatSchema);
/** How well a computer player plays. */
export const LevelSchema = v.picklist(["easy", "normal", "strong", "master"]);

/** One of the languages the service speaks (language.ts). */
export const LanguageSchema = v.picklist(LANGUAGES);

/** A week: the longest any clock setting runs, for correspondence play. */
const WEEK_SECONDS = 604_800;

/**
 * The turn clock, or null for none. `move`: `seconds` for every turn.
 * `bank`: each seat starts a game with `seconds` in its bank, spends it on
 * its turns and gets `increment` back after each of its moves; however
 * empty the bank, a turn has at least MIN_TURN_SECONDS. When a turn's time
 * runs out the table plays that turn for the player (see docs/protocol.md).
 */
export const ClockSchema = v.nullable(
  v.variant("kind", [
    v.object({ kind: v.literal("move"), seconds: v.pipe(IntegerSchema, v.minValue(10), v.maxValue(WEEK_SECONDS)) }),
    v.object({
      kind: v.literal("bank"),
      seconds: v.pipe(IntegerSchema, v.minValue(60), v.maxValue(WEEK_SECONDS)),
      increment: v.pipe(IntegerSchema, v.minValue(0), v.maxValue(86_400)),
    }),
  ]),
);

export { MIN_TURN_SECONDS } from "./turn-time.ts";

export type Clock = Wire<typeof ClockSchema>;
export type Level = Wire<typeof LevelSchema>;
export { LANGUAGES, type Language } from "./language.ts";
