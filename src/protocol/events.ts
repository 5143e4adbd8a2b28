/** The events of a table's log: every change to the table, in order. Tokens never appear in them. */
import { SettingsSchema } from "./settings.ts";
import { ResultViewSchema } from "./snapshot.ts";
import { FirstPlayerSchema, SeatSchema, TurnSecondsSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

export const TableEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("created"),
    settings: SettingsSchema,
    turnSeconds: TurnSecondsSchema,
    firstPlayer: FirstPlayerSchema,
  }),
  z.object({ type: z.literal("seated"), seat: SeatSchema, name: z.string() }),
  z.object({ type: z.literal("unseated"), seat: SeatSchema, reason: z.enum(["left", "removed"]) }),
  z.object({ type: z.literal("started"), game: z.int().check(z.minimum(1)), firstPlayer: SeatSchema }),
  /** `captured`: the holes of the pieces taken, in the capture variant. */
  z.object({ type: z.literal("moved"), seat: SeatSchema, path: z.string(), captured: z.array(z.string()) }),
  /** A side with no legal move, written right after the move that blocked it. */
  z.object({ type: z.literal("passed"), seat: SeatSchema }),
  /**
   * A seat has finished the race and taken its place, written right after the
   * move that finished it (partners finish together, and a colour can be
   * finished by another's move).
   */
  z.object({ type: z.literal("finished"), seat: SeatSchema, place: z.int().check(z.minimum(1)) }),
  /** `timeout`: the turn clock ran out. */
  z.object({ type: z.literal("resigned"), seat: SeatSchema, reason: z.enum(["left", "timeout"]) }),
  z.object({ type: z.literal("ended"), result: ResultViewSchema }),
]);

export type TableEvent = Wire<typeof TableEventSchema>;
export type TableEventType = TableEvent["type"];
