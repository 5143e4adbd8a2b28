/**
 * What an embedded table (`/embed/:id` in an iframe) and the page around it
 * say to each other with `postMessage` (docs/client.md, "Embedding a
 * table"). The frame posts only what every spectator of the table sees,
 * never a token.
 */
import { CLIENT_ERROR_CODES, ERROR_CODES } from "./errors.ts";
import { TableEventSchema } from "./events.ts";
import * as v from "./schema.ts";
import { IdentitySchema } from "./server-messages.ts";
import { SnapshotSchema } from "./snapshot.ts";
import { LANGUAGES, NumberSchema, SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

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
export const ConnectionStateSchema = v.picklist(["connecting", "open", "reconnecting", "closed"]);

const header = {
  source: v.literal("chinese-checkers"),
  version: v.literal(1),
  /** The table's id. */
  table: v.string(),
};

/** What the frame posts to its parent. */
export const EmbedMessageSchema = v.variant("type", [
  /** The table as a whole: on the first connection, and whenever the frame needs a fresh snapshot. */
  v.object({ ...header, type: v.literal("welcome"), snapshot: SnapshotSchema, you: IdentitySchema }),
  /** Each event of the table's log, in order. */
  v.object({ ...header, type: v.literal("event"), seq: SeqSchema, event: TableEventSchema }),
  /** Who the visitor in the frame is changed: took a seat, left, was removed. */
  v.object({ ...header, type: v.literal("identity"), you: IdentitySchema }),
  v.object({ ...header, type: v.literal("connection"), state: ConnectionStateSchema }),
  /**
   * Whose turn it is changed: the seat to move (null while no game is being
   * played), and whether it is the visitor's in the frame.
   */
  v.object({ ...header, type: v.literal("turn"), seat: v.nullable(SeatSchema), yours: v.boolean() }),
  /** A refusal or failure the visitor saw: a protocol error code, or one of the client's own. */
  v.object({
    ...header,
    type: v.literal("error"),
    code: v.picklist([...ERROR_CODES, ...CLIENT_ERROR_CODES]),
    message: v.string(),
  }),
  /** The height of the frame's content in CSS pixels, whenever it changes. */
  v.object({ ...header, type: v.literal("resize"), height: v.pipe(NumberSchema, v.minValue(0)) }),
]);

/** What the parent may ask of the frame. */
export const EmbedCommandSchema = v.variant("type", [
  v.object({
    source: v.literal("chinese-checkers"),
    type: v.literal("language"),
    language: v.picklist(EMBED_LANGUAGES),
  }),
]);

export type EmbedMessage = Wire<typeof EmbedMessageSchema>;
export type EmbedMessageType = EmbedMessage["type"];
export type EmbedCommand = Wire<typeof EmbedCommandSchema>;
export type ConnectionState = Wire<typeof ConnectionStateSchema>;
