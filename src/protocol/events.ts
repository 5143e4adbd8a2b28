/** The events of a table's log: every change to the table, in order. Tokens never appear in them. */

import * as v from "./schema.ts";
import { SettingsSchema } from "./settings.ts";
import { DepartureSchema, MovedBySchema, ResultViewSchema } from "./snapshot.ts";
import { ClockSchema, FirstPlayerSchema, IntegerSchema, LanguageSchema, LevelSchema, SeatSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

export const TableEventSchema = v.variant("type", [
  v.object({
    type: v.literal("created"),
    settings: SettingsSchema,
    clock: ClockSchema,
    firstPlayer: FirstPlayerSchema,
    /** Absent in logs written before the setting existed: false. */
    startWhenFull: v.optional(v.boolean()),
  }),
  /**
   * `computer`: the seat is a computer player of that level, which the table
   * plays itself. `host`: the one who sat down holds the table's host role
   * (its creator, usually); absent otherwise, and in logs written before it
   * was recorded.
   */
  v.object({
    type: v.literal("seated"),
    seat: SeatSchema,
    name: v.string(),
    computer: v.optional(LevelSchema),
    host: v.optional(v.literal(true)),
  }),
  /** `left`: the player left (or, having left during a game, the game is over); `removed`: by the host. */
  v.object({ type: v.literal("unseated"), seat: SeatSchema, reason: v.picklist(["left", "removed"]) }),
  /** Between games: `seat` asks to trade places with the occupied seat `to`. */
  v.object({ type: v.literal("swapOffered"), seat: SeatSchema, to: SeatSchema }),
  /** Between games: the players of two seats trade places (one of them may be free), with their scores. */
  v.object({ type: v.literal("swapped"), seats: v.strictTuple([SeatSchema, SeatSchema]) }),
  /** The host listed the table in the lobby in language `lang`, or took it off (`lang` null). */
  v.object({ type: v.literal("listing"), lang: v.nullable(LanguageSchema) }),
  /** Between games: the host chose who begins the next games (a seat, or null to draw one each game). */
  v.object({ type: v.literal("firstPlayerChosen"), firstPlayer: FirstPlayerSchema }),
  /** After a game: these seats accept a rematch (the host accepts for seats whose player is gone). */
  v.object({ type: v.literal("rematchAccepted"), seats: v.array(SeatSchema) }),
  v.object({ type: v.literal("started"), game: v.pipe(IntegerSchema, v.minValue(1)), firstPlayer: SeatSchema }),
  /**
   * `path`: every landing, so in the capture variant it names the pieces
   * taken too (the engine's `jumpedHole` of each leg). `by`: absent when the
   * player moved; `timeout` when the turn's time ran out and the table played
   * it; `computer` when the computer plays the seat. (Logs written before
   * 2026-12 also carry `captured`, the holes taken; it is ignored.)
   */
  v.object({
    type: v.literal("moved"),
    seat: SeatSchema,
    path: v.string(),
    by: v.optional(MovedBySchema),
  }),
  /** A side with no legal move, written right after the move that blocked it. */
  v.object({ type: v.literal("passed"), seat: SeatSchema }),
  /**
   * A seat has finished the race and taken its place, written right after the
   * move that finished it (partners finish together, and a colour can be
   * finished by another's move).
   */
  v.object({ type: v.literal("finished"), seat: SeatSchema, place: v.pipe(IntegerSchema, v.minValue(1)) }),
  /**
   * The computer plays this seat's turns until its player takes it back:
   * `timeouts` after too many turns in a row ran out of time, `claimed` when
   * another player handed it over while the table was stalled.
   */
  v.object({ type: v.literal("away"), seat: SeatSchema, reason: v.picklist(["timeouts", "claimed"]) }),
  /** The player of an away seat took it back. */
  v.object({ type: v.literal("back"), seat: SeatSchema }),
  /**
   * `left`: the player left; `absent`: the others counted out a player who
   * stalled the table; `timeout`: the clock ran out, in tables before clocks
   * played timed-out turns.
   */
  v.object({ type: v.literal("resigned"), seat: SeatSchema, reason: DepartureSchema }),
  v.object({ type: v.literal("ended"), result: ResultViewSchema }),
]);

export type TableEvent = Wire<typeof TableEventSchema>;
export type TableEventType = TableEvent["type"];
