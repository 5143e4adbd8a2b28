/**
 * Schemas for what the server sends: socket messages, events and snapshots.
 * The server builds these values with the TypeScript types of messages.ts
 * and snapshot.ts; clients (the SDK) validate what they receive with these
 * schemas. Objects are not strict, so a newer server may add fields; the
 * type checks at the end keep the schemas and the types in step.
 */
import * as z from "zod";
import { POINTS } from "../rules/index.ts";
import { ERROR_CODES } from "./errors.ts";
import type { ServerMessage } from "./messages.ts";
import type { Snapshot, TableEvent } from "./snapshot.ts";

const Seat = z.number().int().min(0).max(5);
const Seq = z.number().int().min(0);
export const PointSchema = z.enum(POINTS);

export const SettingsSchema = z.object({
  variant: z.enum(["classic", "capture"]),
  players: z.number().int().min(2).max(6),
  colours: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  pieces: z.union([z.literal(10), z.literal(15)]),
  longJump: z.boolean(),
  teams: z.boolean(),
});

export const StandingViewSchema = z.object({
  seat: Seat,
  place: z.number().int().min(1).nullable(),
  finished: z.boolean(),
  resigned: z.boolean(),
  captures: z.number().int().min(0),
});

export const ResultViewSchema = z.object({
  reason: z.enum(["finished", "no-jumps", "resigned", "turn-limit"]),
  winners: z.array(Seat),
  standings: z.array(StandingViewSchema),
});

export const TableEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("created"), settings: SettingsSchema, turnSeconds: z.number().int().nullable() }),
  z.object({ type: z.literal("seated"), seat: Seat, name: z.string() }),
  z.object({ type: z.literal("unseated"), seat: Seat, reason: z.enum(["left", "removed"]) }),
  z.object({ type: z.literal("started"), game: z.number().int().min(1), firstPlayer: Seat }),
  z.object({ type: z.literal("moved"), seat: Seat, path: z.string(), captured: z.array(z.string()) }),
  z.object({ type: z.literal("passed"), seat: Seat }),
  z.object({ type: z.literal("resigned"), seat: Seat, reason: z.enum(["left", "timeout"]) }),
  z.object({ type: z.literal("ended"), result: ResultViewSchema }),
]);

export const SeatViewSchema = z.object({
  seat: Seat,
  name: z.string().nullable(),
  connected: z.boolean(),
  colours: z.array(PointSchema),
  finished: z.boolean(),
  resigned: z.boolean(),
  place: z.number().int().min(1).nullable(),
  captures: z.number().int().min(0),
});

export const GameViewSchema = z.object({
  number: z.number().int().min(1),
  firstPlayer: Seat,
  turn: z.object({ seat: Seat, colour: PointSchema.nullable() }).nullable(),
  deadline: z.number().nullable(),
  pieces: z.record(z.string(), z.union([PointSchema, z.literal("neutral")])),
  moves: z.array(z.string()),
  legalMoves: z.array(z.string()),
  result: ResultViewSchema.nullable(),
});

export const SnapshotSchema = z.object({
  id: z.string(),
  settings: SettingsSchema,
  turnSeconds: z.number().int().nullable(),
  seq: Seq,
  status: z.enum(["waiting", "playing", "over"]),
  seats: z.array(SeatViewSchema),
  game: GameViewSchema.nullable(),
});

const IdentitySchema = z.object({ seat: Seat.nullable(), host: z.boolean() });

export const ServerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("welcome"), you: IdentitySchema, snapshot: SnapshotSchema }),
  z.object({ type: z.literal("event"), seq: Seq, at: z.number(), event: TableEventSchema }),
  z.object({ type: z.literal("joined"), id: z.string(), seat: Seat, token: z.string() }),
  z.object({ type: z.literal("ack"), id: z.string(), seq: Seq }),
  z.object({ type: z.literal("identity"), you: IdentitySchema }),
  z.object({ type: z.literal("presence"), connected: z.array(z.boolean()), spectators: z.number().int().min(0) }),
  z.object({ type: z.literal("error"), id: z.string().optional(), code: z.enum(ERROR_CODES), message: z.string() }),
]);

// --- The schemas and the types agree -------------------------------------------------

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

export type SchemaMatchesTypes = [
  Assert<Same<DeepReadonly<z.output<typeof ServerMessageSchema>>, DeepReadonly<ServerMessage>>>,
  Assert<Same<DeepReadonly<z.output<typeof SnapshotSchema>>, DeepReadonly<Snapshot>>>,
  Assert<Same<DeepReadonly<z.output<typeof TableEventSchema>>, DeepReadonly<TableEvent>>>,
];
