/**
 * Table talk (docs/protocol.md, "Chat and reactions"): what a chat message
 * and a reaction look like on the wire. Chat is kept apart from the game: it
 * is not in the table's event log, and nothing in it changes the game.
 */
import * as v from "./schema.ts";
import { IntegerSchema, SeatSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

/**
 * Who may chat (and react) at a table, as its host chooses: `everyone` at
 * the table, the `players` in seats (and the host), or `nobody`.
 */
export const CHAT_POLICIES = ["everyone", "players", "nobody"] as const;
export const ChatPolicySchema = v.picklist(CHAT_POLICIES);
export type ChatPolicy = Wire<typeof ChatPolicySchema>;

/**
 * A new table lets its players (and its host) talk, and its spectators
 * listen: anyone with the link may watch, and a stranger's first message
 * should not be the table's default. The host opens it to everyone.
 */
export const DEFAULT_CHAT_POLICY: ChatPolicy = "players";

/** The table keeps its last this many chat messages; older ones are gone. */
export const CHAT_HISTORY = 100;

/** A chat message's length, in UTF-16 units, as a name's (its text's rules are text.ts's `ChatTextSchema`). */
export const MAX_CHAT_LENGTH = 280;

/**
 * The quick reactions, by name: a client draws each as its emoji
 * (👍 👏 😄 😮 🤔 👋). They are shown for a moment by the sender's seat (or
 * the spectators' count) and never stored.
 */
export const REACTIONS = ["thumbsUp", "clap", "laugh", "wow", "thinking", "wave"] as const;
export const ReactionSchema = v.picklist(REACTIONS);
export type Reaction = Wire<typeof ReactionSchema>;

/** A chat message's number at its table: from 1, one more each message, never used again (a deleted one's included). */
export const ChatNumberSchema = v.pipe(IntegerSchema, v.minValue(1));

/**
 * Who wrote a chat message: a seat's player under the seat's name as it
 * was then, or a spectator under the name they gave. `host`: the writer
 * held the table's host token.
 */
export const ChatAuthorSchema = v.variant("kind", [
  v.object({ kind: v.literal("seat"), seat: SeatSchema, name: v.string(), host: v.boolean() }),
  v.object({ kind: v.literal("spectator"), name: v.string(), host: v.boolean() }),
]);

export const ChatMessageSchema = v.object({
  n: ChatNumberSchema,
  /** When the table received it, in ms since the epoch (server time). */
  at: v.pipe(IntegerSchema, v.minValue(0)),
  by: ChatAuthorSchema,
  /**
   * An opaque key of the writer, the same for every message of one seat's
   * occupant (one seat token) or of one spectator's address at this table,
   * and different at every other table: what a client mutes by.
   */
  author: v.string(),
  /** Plain text, as `ChatTextSchema` checked it: a client shows it as text, never as HTML or a link. */
  text: v.string(),
});

export type ChatAuthor = Wire<typeof ChatAuthorSchema>;
export type ChatMessage = Wire<typeof ChatMessageSchema>;
