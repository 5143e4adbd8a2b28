/** The events of a table's log: every change to the table, in order. Tokens never appear in them. */
import { SettingsSchema } from "./settings.ts";
import { DepartureSchema, MovedBySchema, ResultViewSchema } from "./snapshot.ts";
import { ClockSchema, FirstPlayerSchema, LanguageSchema, LevelSchema, SeatSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

export const TableEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("created"),
    settings: SettingsSchema,
    clock: ClockSchema,
    firstPlayer: FirstPlayerSchema,
    /** Absent in logs written before the setting existed: false. */
    startWhenFull: z.optional(z.boolean()),
  }),
  /**
   * `computer`: the seat is a computer player of that level, which the table
   * plays itself. `host`: the one who sat down holds the table's host role
   * (its creator, usually); absent otherwise, and in logs written before it
   * was recorded.
   */
  z.object({
    type: z.literal("seated"),
    seat: SeatSchema,
    name: z.string(),
    computer: z.optional(LevelSchema),
    host: z.optional(z.literal(true)),
  }),
  /** `left`: the player left (or, having left during a game, the game is over); `removed`: by the host. */
  z.object({ type: z.literal("unseated"), seat: SeatSchema, reason: z.enum(["left", "removed"]) }),
  /** Between games: `seat` asks to trade places with the occupied seat `to`. */
  z.object({ type: z.literal("swapOffered"), seat: SeatSchema, to: SeatSchema }),
  /** Between games: the players of two seats trade places (one of them may be free), with their scores. */
  z.object({ type: z.literal("swapped"), seats: z.tuple([SeatSchema, SeatSchema]) }),
  /** The host listed the table in the lobby in language `lang`, or took it off (`lang` null). */
  z.object({ type: z.literal("listing"), lang: z.nullable(LanguageSchema) }),
  /** Between games: the host chose who begins the next games (a seat, or null to draw one each game). */
  z.object({ type: z.literal("firstPlayerChosen"), firstPlayer: FirstPlayerSchema }),
  /** After a game: these seats accept a rematch (the host accepts for seats whose player is gone). */
  z.object({ type: z.literal("rematchAccepted"), seats: z.array(SeatSchema) }),
  z.object({ type: z.literal("started"), game: z.int().check(z.minimum(1)), firstPlayer: SeatSchema }),
  /**
   * `path`: every landing, so in the capture variant it names the pieces
   * taken too (the engine's `jumpedHole` of each leg). `by`: absent when the
   * player moved; `timeout` when the turn's time ran out and the table played
   * it; `computer` when the computer plays the seat. (Logs written before
   * 2026-12 also carry `captured`, the holes taken; it is ignored.)
   */
  z.object({
    type: z.literal("moved"),
    seat: SeatSchema,
    path: z.string(),
    by: z.optional(MovedBySchema),
  }),
  /** A side with no legal move, written right after the move that blocked it. */
  z.object({ type: z.literal("passed"), seat: SeatSchema }),
  /**
   * A seat has finished the race and taken its place, written right after the
   * move that finished it (partners finish together, and a colour can be
   * finished by another's move).
   */
  z.object({ type: z.literal("finished"), seat: SeatSchema, place: z.int().check(z.minimum(1)) }),
  /**
   * The computer plays this seat's turns until its player takes it back:
   * `timeouts` after too many turns in a row ran out of time, `claimed` when
   * another player handed it over while the table was stalled.
   */
  z.object({ type: z.literal("away"), seat: SeatSchema, reason: z.enum(["timeouts", "claimed"]) }),
  /** The player of an away seat took it back. */
  z.object({ type: z.literal("back"), seat: SeatSchema }),
  /**
   * `left`: the player left; `absent`: the others counted out a player who
   * stalled the table; `timeout`: the clock ran out, in tables before clocks
   * played timed-out turns.
   */
  z.object({ type: z.literal("resigned"), seat: SeatSchema, reason: DepartureSchema }),
  z.object({ type: z.literal("ended"), result: ResultViewSchema }),
]);

export type TableEvent = Wire<typeof TableEventSchema>;
export type TableEventType = TableEvent["type"];
