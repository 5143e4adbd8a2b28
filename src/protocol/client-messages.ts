/**
 * What clients send on the table socket, validated by these schemas at the
 * server's boundary. Objects are strict: a field the server does not know
 * is a mistake, refused rather than ignored. See docs/protocol.md.
 */
import { FirstPlayerSchema, SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/** Messages larger than this are refused unread. */
export const MAX_MESSAGE_BYTES = 4096;
export const MAX_NAME_LENGTH = 24;

/** A client-chosen id that makes a request idempotent: a repeat is acknowledged, not applied twice. */
const RequestId = z.string().check(z.minLength(1), z.maxLength(64));

/** Seat and host tokens: 128 random bits, base64url. */
export const TokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, "a token is 22 base64url characters"));

/** A player's name: trimmed, 1 to 24 characters, no control characters. */
export const NameSchema = z.string().check(
  z.trim(),
  z.minLength(1, "a name needs at least one character"),
  z.maxLength(MAX_NAME_LENGTH, `a name has at most ${MAX_NAME_LENGTH} characters`),
  z.refine((name) => !/\p{Cc}/u.test(name), "a name cannot contain control characters"),
);

export const ClientMessageSchema = z.discriminatedUnion("type", [
  /** First message on a socket: who this is (seat and/or host token) and the last event seen. */
  z.strictObject({
    type: z.literal("hello"),
    token: z.optional(TokenSchema),
    hostToken: z.optional(TokenSchema),
    lastSeq: z.optional(SeqSchema),
  }),
  /** The name is checked with NameSchema once the message is read, so that a bad one gets `bad-name`. */
  z.strictObject({ type: z.literal("join"), id: RequestId, seat: SeatSchema, name: z.string() }),
  z.strictObject({ type: z.literal("leave"), id: RequestId }),
  z.strictObject({ type: z.literal("remove"), id: RequestId, seat: SeatSchema }),
  z.strictObject({ type: z.literal("start"), id: RequestId }),
  z.strictObject({ type: z.literal("move"), id: RequestId, path: z.string().check(z.minLength(1), z.maxLength(256)) }),
  /** After a game: accept a rematch (the host's also accepts for seats whose player is gone). */
  z.strictObject({ type: z.literal("rematch"), id: RequestId }),
  /** Between games: move to a free seat, or offer (or accept) to trade places with an occupied one. */
  z.strictObject({ type: z.literal("swap"), id: RequestId, seat: SeatSchema }),
  /** Host only, between games: who begins the next games, a seat or null to draw one for each game. */
  z.strictObject({ type: z.literal("firstPlayer"), id: RequestId, seat: FirstPlayerSchema }),
  /** Take back a seat the computer plays. */
  z.strictObject({ type: z.literal("back"), id: RequestId }),
  /**
   * The table is stalled: the player to move (`seat`) has been disconnected for
   * the grace period. `computer` hands the seat to the computer until its player
   * comes back; `resign` counts the player out, as if they had left.
   */
  z.strictObject({
    type: z.literal("remedy"),
    id: RequestId,
    seat: SeatSchema,
    remedy: z.enum(["computer", "resign"]),
  }),
  /** Asks again for the events after `lastSeq`, after a gap. */
  z.strictObject({ type: z.literal("sync"), lastSeq: SeqSchema }),
]);

export type ClientMessage = Wire<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage["type"];
