/**
 * What the server sends on the table socket. The SDK validates every
 * message with these schemas at its boundary. Objects are not strict, so
 * that a newer server may add fields without breaking older clients.
 */
import { ChatMessageSchema, ChatNumberSchema, ChatPolicySchema, ReactionSchema } from "./chat.ts";
import { ERROR_CODES } from "./errors.ts";
import { TableEventSchema } from "./events.ts";
import * as v from "./schema.ts";
import { SnapshotSchema } from "./snapshot.ts";
import { IntegerSchema, NumberSchema, SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

/** What a socket is, as the server sees it. */
export const IdentitySchema = v.object({
  /** The seat this socket plays, or null for a spectator. */
  seat: v.nullable(SeatSchema),
  /** Whether this socket presented the host token. */
  host: v.boolean(),
});

export const ServerMessageSchema = v.variant("type", [
  /** Answer to hello and to a sync that is too far behind: the whole table. */
  v.object({ type: v.literal("welcome"), you: IdentitySchema, snapshot: SnapshotSchema }),
  /** A change to the table, in order: `seq` goes up by one each time; `at` is when it happened (ms since the epoch). */
  v.object({
    type: v.literal("event"),
    seq: SeqSchema,
    at: v.pipe(IntegerSchema, v.minValue(0)),
    event: TableEventSchema,
  }),
  /** To the joiner only: the seat's secret token, to present in `hello` on reconnect. */
  v.object({ type: v.literal("joined"), id: v.string(), seat: SeatSchema, token: v.string() }),
  /**
   * To the sender of every applied request, and of a repeat of one: the last
   * event it produced. For a `chat`, `n` is the number of the message it
   * posted, which tells the writer which messages are their own.
   */
  v.object({ type: v.literal("ack"), id: v.string(), seq: SeqSchema, n: v.optional(ChatNumberSchema) }),
  /**
   * This socket's identity changed (joined, left, removed by the host).
   * `reason: "handedOver"`: its seat (and hosting, if it went along) was
   * handed over to another device with a one-time code.
   */
  v.object({ type: v.literal("identity"), you: IdentitySchema, reason: v.optional(v.literal("handedOver")) }),
  /**
   * To the asker of `handover` only: the one-time code that hands its seat to
   * another device, and when it stops working (ms since the epoch, server time).
   */
  v.object({ type: v.literal("handoverCode"), id: v.string(), code: v.string(), expiresAt: IntegerSchema }),
  /**
   * Who is connected, by seat, and how many watch: not part of the event log.
   * `absentSince`: for each seated player without a connection, since when
   * (server time), else null; `stallGraceMs`: how long the player to move must
   * have been gone (counted from the later of that and the turn's start)
   * before the others may act (`remedy`).
   */
  v.object({
    type: v.literal("presence"),
    connected: v.array(v.boolean()),
    spectators: v.pipe(IntegerSchema, v.minValue(0)),
    absentSince: v.array(v.nullable(NumberSchema)),
    stallGraceMs: v.pipe(IntegerSchema, v.minValue(0)),
  }),
  /**
   * The table's chat as a socket finds it, after its `welcome` (or catch-up)
   * in answer to `hello`: who may chat, the last messages (at most
   * CHAT_HISTORY, oldest first), and whether this socket's writer is silenced.
   */
  v.object({
    type: v.literal("chatHistory"),
    policy: ChatPolicySchema,
    messages: v.array(ChatMessageSchema),
    silenced: v.boolean(),
  }),
  /** A new chat message, to every socket at the table. */
  v.object({ type: v.literal("chatMessage"), message: ChatMessageSchema }),
  /** The host deleted chat message `n`. */
  v.object({ type: v.literal("chatDeleted"), n: ChatNumberSchema }),
  /** The host changed who may chat. */
  v.object({ type: v.literal("chatPolicy"), policy: ChatPolicySchema }),
  /** To the sockets of a spectator the host silenced: they may no longer chat or react here. */
  v.object({ type: v.literal("silenced") }),
  /** A quick reaction: from `seat`'s player, or from a spectator when `seat` is null; `at` is server time. */
  v.object({
    type: v.literal("reaction"),
    seat: v.nullable(SeatSchema),
    reaction: ReactionSchema,
    at: v.pipe(IntegerSchema, v.minValue(0)),
  }),
  /** To the sender only; the table is unchanged. */
  v.object({
    type: v.literal("error"),
    id: v.optional(v.string()),
    code: v.picklist(ERROR_CODES),
    message: v.string(),
  }),
]);

export type Identity = Wire<typeof IdentitySchema>;
export type ServerMessage = Wire<typeof ServerMessageSchema>;
