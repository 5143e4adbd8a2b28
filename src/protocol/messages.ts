/**
 * The table socket's messages. Client messages are validated by these
 * schemas at the server's boundary; server messages are typed here and
 * validated by the SDK at its boundary. See docs/protocol.md.
 */
import * as z from "zod";
import type { ErrorCode } from "./errors.ts";
import type { Snapshot, TableEvent } from "./snapshot.ts";

/** Messages larger than this are refused unread. */
export const MAX_MESSAGE_BYTES = 4096;
export const MAX_NAME_LENGTH = 24;

/** A client-chosen id that makes a request idempotent: a repeat is acknowledged, not applied twice. */
const RequestId = z.string().min(1).max(64);
/** Seat and host tokens: 128 random bits, base64url. */
export const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "a token is 22 base64url characters");

/** A player's name: trimmed, 1 to 24 characters, no control characters. */
export const NameSchema = z
  .string()
  .trim()
  .min(1, "a name needs at least one character")
  .max(MAX_NAME_LENGTH, `a name has at most ${MAX_NAME_LENGTH} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), "a name cannot contain control characters");

export const ClientMessageSchema = z.discriminatedUnion("type", [
  /** First message on a socket: who this is (seat and/or host token) and the last event seen. */
  z.strictObject({
    type: z.literal("hello"),
    token: TokenSchema.optional(),
    hostToken: TokenSchema.optional(),
    lastSeq: z.number().int().min(0).optional(),
  }),
  z.strictObject({ type: z.literal("join"), id: RequestId, seat: z.number().int().min(0).max(5), name: z.string() }),
  z.strictObject({ type: z.literal("leave"), id: RequestId }),
  z.strictObject({ type: z.literal("remove"), id: RequestId, seat: z.number().int().min(0).max(5) }),
  z.strictObject({ type: z.literal("start"), id: RequestId }),
  z.strictObject({ type: z.literal("move"), id: RequestId, path: z.string().min(1).max(256) }),
  z.strictObject({ type: z.literal("rematch"), id: RequestId }),
  z.strictObject({ type: z.literal("sync"), lastSeq: z.number().int().min(0) }),
]);

export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage["type"];

/** What a socket is, as the server sees it. */
export interface Identity {
  /** The seat this socket plays, or null for a spectator. */
  readonly seat: number | null;
  /** Whether this socket presented the host token. */
  readonly host: boolean;
}

export type ServerMessage =
  /** Answer to hello and to a sync that is too far behind: the whole table. */
  | { readonly type: "welcome"; readonly you: Identity; readonly snapshot: Snapshot }
  /** A change to the table, in order; `seq` increases by one each time. */
  | { readonly type: "event"; readonly seq: number; readonly at: number; readonly event: TableEvent }
  /** To the joiner only: the seat's secret token, to present in `hello` on reconnect. */
  | { readonly type: "joined"; readonly id: string; readonly seat: number; readonly token: string }
  /** To the sender of a request already applied (same id): the event it produced. */
  | { readonly type: "ack"; readonly id: string; readonly seq: number }
  /** This socket's identity changed (joined, left, removed by the host). */
  | { readonly type: "identity"; readonly you: Identity }
  /** Who is connected: not part of the event log. */
  | { readonly type: "presence"; readonly connected: readonly boolean[]; readonly spectators: number }
  /** To the sender only; the table is unchanged. */
  | { readonly type: "error"; readonly id?: string; readonly code: ErrorCode; readonly message: string };
