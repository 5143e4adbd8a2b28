/** Values that several messages carry. */
import { POINTS } from "../rules/index.ts";
import * as z from "./zod.ts";

/** A seat at the table, from 0; a table has at most six. */
export const SeatSchema = z.int().check(z.minimum(0), z.maximum(5));
/** An event's number in the table's log: `created` is 1, each event one more; 0 is "before the log". */
export const SeqSchema = z.int().check(z.minimum(0));
/** A colour, named by the point of the star it starts from. */
export const PointSchema = z.enum(POINTS);
/** The seat that moves first in every game at the table, or null to draw one at random for each game. */
export const FirstPlayerSchema = z.nullable(SeatSchema);
/** Seconds each turn may take, or null for no clock. */
export const TurnSecondsSchema = z.nullable(z.int());
