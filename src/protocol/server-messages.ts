/**
 * What the server sends on the table socket. The SDK validates every
 * message with these schemas at its boundary. Objects are not strict, so
 * that a newer server may add fields without breaking older clients.
 */
import { ChatMessageSchema, ChatNumberSchema, ChatPolicySchema, ReactionSchema } from "./chat.ts";
import { ERROR_CODES } from "./errors.ts";
import { TableEventSchema } from "./events.ts";
import { SnapshotSchema } from "./snapshot.ts";
import { SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/** What a socket is, as the server sees it. */
export const IdentitySchema = z.object({
  /** The seat this socket plays, or null for a spectator. */
  seat: z.nullable(SeatSchema),
  /** Whether this socket presented the host token. */
  host: z.boolean(),
});

export const ServerMessageSchema = z.discriminatedUnion("type", [
  /** Answer to hello and to a sync that is too far behind: the whole table. */
  z.object({ type: z.literal("welcome"), you: IdentitySchema, snapshot: SnapshotSchema }),
  /** A change to the table, in order: `seq` goes up by one each time; `at` is when it happened (ms since the epoch). */
  z.object({ type: z.literal("event"), seq: SeqSchema, at: z.int().check(z.minimum(0)), event: TableEventSchema }),
  /** To the joiner only: the seat's secret token, to present in `hello` on reconnect. */
  z.object({ type: z.literal("joined"), id: z.string(), seat: SeatSchema, token: z.string() }),
  /**
   * To the sender of every applied request, and of a repeat of one: the last
   * event it produced. For a `chat`, `n` is the number of the message it
   * posted, which tells the writer which messages are their own.
   */
  z.object({ type: z.literal("ack"), id: z.string(), seq: SeqSchema, n: z.optional(ChatNumberSchema) }),
  /**
   * This socket's identity changed (joined, left, removed by the host).
   * `reason: "handedOver"`: its seat (and hosting, if it went along) was
   * handed over to another device with a one-time code.
   */
  z.object({ type: z.literal("identity"), you: IdentitySchema, reason: z.optional(z.literal("handedOver")) }),
  /**
   * To the asker of `handover` only: the one-time code that hands its seat to
   * another device, and when it stops working (ms since the epoch, server time).
   */
  z.object({ type: z.literal("handoverCode"), id: z.string(), code: z.string(), expiresAt: z.int() }),
  /**
   * Who is connected, by seat, and how many watch: not part of the event log.
   * `absentSince`: for each seated player without a connection, since when
   * (server time), else null; `stallGraceMs`: how long the player to move must
   * have been gone (counted from the later of that and the turn's start)
   * before the others may act (`remedy`).
   */
  z.object({
    type: z.literal("presence"),
    connected: z.array(z.boolean()),
    spectators: z.int().check(z.minimum(0)),
    absentSince: z.array(z.nullable(z.number())),
    stallGraceMs: z.int().check(z.minimum(0)),
  }),
  /**
   * The table's chat as a socket finds it, after its `welcome` (or catch-up)
   * in answer to `hello`: who may chat, the last messages (at most
   * CHAT_HISTORY, oldest first), and whether this socket's writer is silenced.
   */
  z.object({
    type: z.literal("chatHistory"),
    policy: ChatPolicySchema,
    messages: z.array(ChatMessageSchema),
    silenced: z.boolean(),
  }),
  /** A new chat message, to every socket at the table. */
  z.object({ type: z.literal("chatMessage"), message: ChatMessageSchema }),
  /** The host deleted chat message `n`. */
  z.object({ type: z.literal("chatDeleted"), n: ChatNumberSchema }),
  /** The host changed who may chat. */
  z.object({ type: z.literal("chatPolicy"), policy: ChatPolicySchema }),
  /** To the sockets of a spectator the host silenced: they may no longer chat or react here. */
  z.object({ type: z.literal("silenced") }),
  /** A quick reaction: from `seat`'s player, or from a spectator when `seat` is null; `at` is server time. */
  z.object({
    type: z.literal("reaction"),
    seat: z.nullable(SeatSchema),
    reaction: ReactionSchema,
    at: z.int().check(z.minimum(0)),
  }),
  /** To the sender only; the table is unchanged. */
  z.object({
    type: z.literal("error"),
    id: z.optional(z.string()),
    code: z.enum(ERROR_CODES),
    message: z.string(),
  }),
]);

export type Identity = Wire<typeof IdentitySchema>;
export type ServerMessage = Wire<typeof ServerMessageSchema>;
