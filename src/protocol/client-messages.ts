/**
 * What clients send on the table socket, validated by these schemas at the
 * server's boundary. Objects are strict: a field the server does not know
 * is a mistake, refused rather than ignored. See docs/protocol.md.
 */
import { FirstPlayerSchema, LevelSchema, SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/**
 * The table socket's WebSocket subprotocol. Beside it a client may offer
 * `seat.<token>` and `host.<token>` (tokens are base64url, which a
 * subprotocol may hold): a table at its cap of sockets makes room for a
 * socket that presents a seat's or the host's token (docs/protocol.md).
 * Offered in a header, a token never goes into an address.
 */
export const SOCKET_PROTOCOL = "chinese-checkers";

/** The subprotocols a client offers: ours, and the tokens it holds. */
export function socketProtocols(tokens: { readonly seat?: string | null; readonly host?: string | null }): string[] {
  return [
    SOCKET_PROTOCOL,
    ...(tokens.seat ? [`seat.${tokens.seat}`] : []),
    ...(tokens.host ? [`host.${tokens.host}`] : []),
  ];
}

/** Messages larger than this are refused unread. */
export const MAX_MESSAGE_BYTES = 4096;
/** A name's length, in UTF-16 units (what `String.length` counts: an emoji is 2 or more). */
export const MAX_NAME_LENGTH = 24;
/**
 * Combining marks stacked on one character: enough for any script's vowel
 * and tone marks (Thai, Vietnamese written decomposed, Hebrew points), too
 * few to draw a tower of accents over the names around it.
 */
export const MAX_MARKS_PER_CHARACTER = 3;

/**
 * Whether a string is well-formed UTF-16: no lone surrogate. A lone one is
 * broadcast as it came, but SQLite stores it as a replacement character, so
 * after a reload the log and the snapshot would disagree.
 */
export function isWellFormed(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}

/** A client-chosen id that makes a request idempotent: a repeat is acknowledged, not applied twice. */
export const RequestIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.refine(isWellFormed, "a request id must be well-formed text (no lone surrogate)"),
  );

/** Seat and host tokens: 128 random bits, base64url. */
export const TokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, "a token is 22 base64url characters"));

/**
 * A one-time hand-over code (docs/protocol.md, "Continuing on another
 * device"): 128 random bits, base64url, as a token. It travels in a link's
 * fragment, which no server log or Referer sees.
 */
export const HandoverCodeSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22}$/, "a hand-over code is 22 base64url characters"));

/** Characters that are not shown: format characters (bidi controls, zero-width ones, soft hyphen, tags…), and the default-ignorable ones (Hangul fillers, variation selectors…). */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Zero-width (non-)joiners, which emoji sequences and some scripts (Persian, Indic) need between two characters. */
const JOINER = /[\u200C\u200D]/u;
/** Variation selectors, which pick a character's look (an emoji's colour form): allowed right after one. */
const VARIATION = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
/** A character that shows as something: a letter, a number, punctuation or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** A character that is drawn: visible, or a mark drawn on one. */
const DRAWN = /[\p{L}\p{N}\p{P}\p{S}\p{M}]/u;

/** More combining marks in a row than one character may carry. */
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_PER_CHARACTER + 1},}`, "u");

function isDrawn(char: string | undefined): boolean {
  return char !== undefined && DRAWN.test(char) && !HIDDEN.test(char);
}

/**
 * Whether a name has a character that is not shown, where it is not needed:
 * a joiner is allowed between two drawn characters (a variation selector
 * may stand between), a variation selector after a drawn character.
 */
function hasHiddenCharacter(name: string): boolean {
  const chars = [...name];
  return chars.some((char, i) => {
    if (!HIDDEN.test(char)) return false;
    if (VARIATION.test(char)) return !isDrawn(chars[i - 1]);
    if (JOINER.test(char)) {
      const before = VARIATION.test(chars[i - 1] ?? "") ? chars[i - 2] : chars[i - 1];
      return !(isDrawn(before) && isDrawn(chars[i + 1]));
    }
    return true;
  });
}

/** NFC, trimmed, and each run of spaces (of any kind) one plain space. */
function normaliseName(name: string): string {
  return name
    .normalize("NFC")
    .trim()
    .replace(/\p{Zs}+/gu, " ");
}

/**
 * A player's name, as it is stored and shown: well-formed, normalised
 * (`normaliseName`), 1 to 24 UTF-16 units, without control characters or line
 * separators, without characters that are not shown (format characters such
 * as the right-to-left override, zero-width and invisible fillers; see
 * `hasHiddenCharacter`), with at least one visible character, and with
 * combining marks only on a character and at most 3 on one. Lookalikes
 * from other scripts are not caught (see docs/security.md).
 */
export const NameSchema = z.string().check(
  z.refine(isWellFormed, { message: "a name must be well-formed text (no lone surrogate)", abort: true }),
  z.overwrite(normaliseName),
  z.minLength(1, { message: "a name needs at least one character", abort: true }),
  // Counted in UTF-16 units, as documented (zod's maxLength counts code points).
  z.refine((name) => name.length <= MAX_NAME_LENGTH, {
    message: `a name has at most ${MAX_NAME_LENGTH} characters`,
    abort: true,
  }),
  z.refine((name) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name), {
    message: "a name cannot contain control characters",
    abort: true,
  }),
  z.refine((name) => !hasHiddenCharacter(name), {
    message: "a name cannot contain invisible or formatting characters",
    abort: true,
  }),
  z.refine((name) => VISIBLE.test(name), { message: "a name needs a visible character", abort: true }),
  z.refine((name) => !/^\p{M}/u.test(name), { message: "a name cannot start with a combining mark", abort: true }),
  z.refine((name) => !STACKED_MARKS.test(name), {
    message: `a name has at most ${MAX_MARKS_PER_CHARACTER} combining marks on a character`,
    abort: true,
  }),
);

/**
 * What two names are compared by, for uniqueness at a table: compatibility
 * forms folded (NFKC: full-width letters, ligatures), characters that are not
 * shown dropped, case folded. "Aino", "AINO" and "Ａｉｎｏ" are the same name.
 */
export function nameKey(name: string): string {
  return [...name.normalize("NFKC")]
    .filter((char) => !HIDDEN.test(char))
    .join("")
    .toUpperCase()
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim();
}

export const ClientMessageSchema = z.discriminatedUnion("type", [
  /** First message on a socket: who this is (seat and/or host token) and the last event seen. */
  z.strictObject({
    type: z.literal("hello"),
    token: z.optional(TokenSchema),
    hostToken: z.optional(TokenSchema),
    lastSeq: z.optional(SeqSchema),
  }),
  /** The name is checked with NameSchema once the message is read, so that a bad one gets `bad-name`. */
  z.strictObject({ type: z.literal("join"), id: RequestIdSchema, seat: SeatSchema, name: z.string() }),
  z.strictObject({ type: z.literal("leave"), id: RequestIdSchema }),
  z.strictObject({ type: z.literal("remove"), id: RequestIdSchema, seat: SeatSchema }),
  /** Host only, outside a game: a computer player of `level` takes the free `seat`. */
  z.strictObject({ type: z.literal("addComputer"), id: RequestIdSchema, seat: SeatSchema, level: LevelSchema }),
  z.strictObject({ type: z.literal("start"), id: RequestIdSchema }),
  z.strictObject({
    type: z.literal("move"),
    id: RequestIdSchema,
    path: z.string().check(z.minLength(1), z.maxLength(256)),
  }),
  /** After a game: accept a rematch (the host's also accepts for seats whose player is gone). */
  z.strictObject({ type: z.literal("rematch"), id: RequestIdSchema }),
  /** Between games: move to a free seat, or offer (or accept) to trade places with an occupied one. */
  z.strictObject({ type: z.literal("swap"), id: RequestIdSchema, seat: SeatSchema }),
  /** Host only, between games: who begins the next games, a seat or null to draw one for each game. */
  z.strictObject({ type: z.literal("firstPlayer"), id: RequestIdSchema, seat: FirstPlayerSchema }),
  /** Take back a seat the computer plays. */
  z.strictObject({ type: z.literal("back"), id: RequestIdSchema }),
  /**
   * The table is stalled: the player to move (`seat`) has been disconnected for
   * the grace period. `computer` hands the seat to the computer until its player
   * comes back; `resign` counts the player out, as if they had left.
   */
  z.strictObject({
    type: z.literal("remedy"),
    id: RequestIdSchema,
    seat: SeatSchema,
    remedy: z.enum(["computer", "resign"]),
  }),
  /**
   * A seated player asks for a one-time code that hands the seat over to
   * another device (redeemed with `POST /api/tables/:id/handover`). Answered
   * with `handoverCode` to this socket alone; asking again replaces the code.
   */
  z.strictObject({ type: z.literal("handover"), id: RequestIdSchema }),
  /** Asks again for the events after `lastSeq`, after a gap. */
  z.strictObject({ type: z.literal("sync"), lastSeq: SeqSchema }),
]);

export type ClientMessage = Wire<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage["type"];
