/**
 * What an embedded table (`/embed/:id` in an iframe) and the page around it
 * say to each other with `postMessage` (docs/client.md, "Embedding a
 * table"). The frame posts only what every spectator of the table sees,
 * never a token.
 */
import { CLIENT_ERROR_CODES, ERROR_CODES } from "./errors.ts";
import { TableEventSchema } from "./events.ts";
import { IdentitySchema } from "./server-messages.ts";
import { SnapshotSchema } from "./snapshot.ts";
import { LANGUAGES, SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/** The languages an embedded table speaks. */
export const EMBED_LANGUAGES = LANGUAGES;
export type EmbedLanguage = (typeof EMBED_LANGUAGES)[number];

/**
 * A client's connection to its table (the SDK's, an embedded table's):
 * `connecting`, the first connection is being made; `open`, connected, and
 * the table's state is current; `reconnecting`, the connection dropped and
 * the client is retrying with backoff; `closed`, by `close()`, or the table
 * no longer exists.
 */
export const ConnectionStateSchema = z.enum(["connecting", "open", "reconnecting", "closed"]);

const header = {
  source: z.literal("chinese-checkers"),
  version: z.literal(1),
  /** The table's id. */
  table: z.string(),
};

/** What the frame posts to its parent. */
export const EmbedMessageSchema = z.discriminatedUnion("type", [
  /** The table as a whole: on the first connection, and whenever the frame needs a fresh snapshot. */
  z.object({ ...header, type: z.literal("welcome"), snapshot: SnapshotSchema, you: IdentitySchema }),
  /** Each event of the table's log, in order. */
  z.object({ ...header, type: z.literal("event"), seq: SeqSchema, event: TableEventSchema }),
  /** Who the visitor in the frame is changed: took a seat, left, was removed. */
  z.object({ ...header, type: z.literal("identity"), you: IdentitySchema }),
  z.object({ ...header, type: z.literal("connection"), state: ConnectionStateSchema }),
  /**
   * Whose turn it is changed: the seat to move (null while no game is being
   * played), and whether it is the visitor's in the frame.
   */
  z.object({ ...header, type: z.literal("turn"), seat: z.nullable(SeatSchema), yours: z.boolean() }),
  /** A refusal or failure the visitor saw: a protocol error code, or one of the client's own. */
  z.object({
    ...header,
    type: z.literal("error"),
    code: z.union([z.enum(ERROR_CODES), z.enum(CLIENT_ERROR_CODES)]),
    message: z.string(),
  }),
  /** The height of the frame's content in CSS pixels, whenever it changes. */
  z.object({ ...header, type: z.literal("resize"), height: z.number().check(z.nonnegative()) }),
]);

/** What the parent may ask of the frame. */
export const EmbedCommandSchema = z.discriminatedUnion("type", [
  z.object({ source: z.literal("chinese-checkers"), type: z.literal("language"), language: z.enum(EMBED_LANGUAGES) }),
]);

export type EmbedMessage = Wire<typeof EmbedMessageSchema>;
export type EmbedMessageType = EmbedMessage["type"];
export type EmbedCommand = Wire<typeof EmbedCommandSchema>;
export type ConnectionState = Wire<typeof ConnectionStateSchema>;
