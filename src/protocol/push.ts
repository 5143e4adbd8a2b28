/**
 * "Your turn" notifications by Web Push (docs/protocol.md, "Notifications"):
 * a browser's push subscription as a seated player hands it to the table,
 * and what the table's push carries to the service worker, which writes the
 * notification in the player's language.
 */
import * as v from "./schema.ts";
import { IntegerSchema, LANGUAGES, NumberSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

/** The languages a notification is written in: the page's (the embed's `EMBED_LANGUAGES` too). */
export const NOTICE_LANGUAGES = LANGUAGES;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

const base64url = (bytes: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`),
      `${what} is ${bytes} bytes in base64url`,
    ),
  );

/**
 * A push subscription as `PushSubscription.toJSON()` gives it: the push
 * service's address for this browser, the browser's P-256 key (65 bytes,
 * uncompressed) and its 16-byte auth secret. Which push services the table
 * sends to is the server's to decide (docs/security.md, "Notifications").
 */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  /** Browsers send it; the table does not use it (a push service that drops a subscription answers 404 or 410). */
  expirationTime: v.optional(v.nullable(NumberSchema)),
  keys: v.object({ p256dh: base64url(65, "p256dh"), auth: base64url(16, "auth") }),
});
export type PushSubscriptionJson = Wire<typeof PushSubscriptionSchema>;

/** `GET /api/push/key`: the service's VAPID public key, the 65-byte uncompressed P-256 point in base64url. */
export const PushKeySchema = v.object({ publicKey: base64url(65, "a VAPID public key") });

/** What a notification is about. */
export const NOTICE_KINDS = ["turn", "ended", "rematch"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What a push carries (encrypted for the browser alone): the table and what
 * happened there, never a token. The service worker writes the text in
 * `lang` and opens `url` when the notification is clicked.
 */
export const NoticeSchema = v.object({
  v: v.literal(1),
  kind: v.picklist(NOTICE_KINDS),
  lang: v.picklist(NOTICE_LANGUAGES),
  /** The table's page, a path on the service's own origin. */
  url: v.pipe(v.string(), v.regex(/^\/t\/[A-Za-z0-9_-]+$/, "a table's path")),
  table: v.pipe(v.string(), v.maxLength(64)),
  /**
   * The players' names by seat, and the seat of the player notified. A turn or an end names the game's
   * players as the snapshot's `game.players` does: a player who left keeps their name. A rematch names
   * the seats as they are now (null: a free seat).
   */
  players: v.pipe(v.array(v.nullable(v.pipe(v.string(), v.maxLength(64)))), v.maxLength(6)),
  seat: v.pipe(IntegerSchema, v.minValue(0), v.maxValue(5)),
  /** turn: the move just played before this player's turn, if one was (notation), and who played it. */
  move: v.optional(v.object({ by: v.pipe(v.string(), v.maxLength(64)), path: v.pipe(v.string(), v.maxLength(256)) })),
  /** turn: when the turn runs out of time (ms since the epoch), if the clock runs. */
  deadline: v.optional(v.nullable(NumberSchema)),
  /** ended: this player's place (1 = won), if the game ranked them. */
  place: v.optional(v.nullable(IntegerSchema)),
  /** rematch: who offered it. */
  by: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** When it happened (ms since the epoch). */
  at: NumberSchema,
});
export type Notice = Wire<typeof NoticeSchema>;
