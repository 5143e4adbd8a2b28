/**
 * What clients send on the table socket, validated by these schemas at the
 * server's boundary. Objects are strict: a field the server does not know
 * is a mistake, refused rather than ignored. See docs/protocol.md.
 */
import { ChatNumberSchema, ChatPolicySchema, ReactionSchema } from "./chat.ts";
import { NOTICE_LANGUAGES, PushSubscriptionSchema } from "./push.ts";
import * as v from "./schema.ts";
import { isWellFormed } from "./text.ts";
import { FirstPlayerSchema, LanguageSchema, LevelSchema, SeatSchema, SeqSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

/** Messages larger than this are refused unread. */
export const MAX_MESSAGE_BYTES = 4096;

/** A client-chosen id that makes a request idempotent: a repeat is acknowledged, not applied twice. */
export const RequestIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(64),
  v.check(isWellFormed, "a request id must be well-formed text (no lone surrogate)"),
);

/** Seat and host tokens: 128 random bits, base64url. */
export const TokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, "a token is 22 base64url characters"));

/**
 * A one-time hand-over code (docs/protocol.md, "Continuing on another
 * device"): 128 random bits, base64url, as a token. It travels in a link's
 * fragment, which no server log or Referer sees.
 */
export const HandoverCodeSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22}$/, "a hand-over code is 22 base64url characters"),
);

export const ClientMessageSchema = v.variant("type", [
  /** First message on a socket: who this is (seat and/or host token) and the last event seen. */
  v.strictObject({
    type: v.literal("hello"),
    token: v.optional(TokenSchema),
    hostToken: v.optional(TokenSchema),
    lastSeq: v.optional(SeqSchema),
  }),
  /** The name is checked with NameSchema once the message is read, so that a bad one gets `bad-name`. */
  v.strictObject({ type: v.literal("join"), id: RequestIdSchema, seat: SeatSchema, name: v.string() }),
  v.strictObject({ type: v.literal("leave"), id: RequestIdSchema }),
  v.strictObject({ type: v.literal("remove"), id: RequestIdSchema, seat: SeatSchema }),
  /** Host only, outside a game: a computer player of `level` takes the free `seat`. */
  v.strictObject({ type: v.literal("addComputer"), id: RequestIdSchema, seat: SeatSchema, level: LevelSchema }),
  v.strictObject({ type: v.literal("start"), id: RequestIdSchema }),
  v.strictObject({
    type: v.literal("move"),
    id: RequestIdSchema,
    path: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  }),
  /** After a game: accept a rematch (the host's also accepts for seats whose player is gone). */
  v.strictObject({ type: v.literal("rematch"), id: RequestIdSchema }),
  /** Between games: move to a free seat, or offer (or accept) to trade places with an occupied one. */
  v.strictObject({ type: v.literal("swap"), id: RequestIdSchema, seat: SeatSchema }),
  /** Host only, between games: who begins the next games, a seat or null to draw one for each game. */
  v.strictObject({ type: v.literal("firstPlayer"), id: RequestIdSchema, seat: FirstPlayerSchema }),
  /** Take back a seat the computer plays. */
  v.strictObject({ type: v.literal("back"), id: RequestIdSchema }),
  /**
   * The table is stalled: the player to move (`seat`) has been disconnected for
   * the grace period. `computer` hands the seat to the computer until its player
   * comes back; `resign` counts the player out, as if they had left.
   */
  v.strictObject({
    type: v.literal("remedy"),
    id: RequestIdSchema,
    seat: SeatSchema,
    remedy: v.picklist(["computer", "resign"]),
  }),
  /**
   * A seated player asks for a one-time code that hands the seat over to
   * another device (redeemed with `POST /api/tables/:id/handover`). Answered
   * with `handoverCode` to this socket alone; asking again replaces the code.
   */
  v.strictObject({ type: v.literal("handover"), id: RequestIdSchema }),
  /**
   * Says something at the table (docs/protocol.md, "Chat and reactions").
   * `text` is checked with ChatTextSchema once the message is read, so that
   * a bad one gets `bad-chat`. `name`: a spectator's, checked as a player's
   * name (`bad-name`) and not one a seated player goes by (`name-taken`);
   * a seated player always writes under the seat's name, and theirs is ignored.
   */
  v.strictObject({
    type: v.literal("chat"),
    id: RequestIdSchema,
    text: v.string(),
    name: v.optional(v.string()),
  }),
  /** A quick reaction, shown for a moment to everyone at the table and not stored. */
  v.strictObject({ type: v.literal("react"), id: RequestIdSchema, reaction: ReactionSchema }),
  /** Host only: who may chat from now on. */
  v.strictObject({ type: v.literal("chatPolicy"), id: RequestIdSchema, policy: ChatPolicySchema }),
  /** Host only: deletes chat message `n` for everyone. */
  v.strictObject({ type: v.literal("deleteChat"), id: RequestIdSchema, n: ChatNumberSchema }),
  /** Host only: the spectator who wrote chat message `n` may no longer chat or react at this table. */
  v.strictObject({ type: v.literal("silence"), id: RequestIdSchema, n: ChatNumberSchema }),
  /**
   * A seated player asks to be notified by Web Push, in `lang`, when it is
   * their turn and they are away (docs/protocol.md, "Notifications"). The
   * subscription is kept for the seat, never shown to anyone, and deleted
   * when the seat is freed, the player unsubscribes, or the push service
   * says it is gone. Refused with `push-unavailable` when the service has no
   * push keys, `push-refused` when the endpoint is not a known push service.
   */
  v.strictObject({
    type: v.literal("pushSubscribe"),
    id: RequestIdSchema,
    subscription: PushSubscriptionSchema,
    lang: v.picklist(NOTICE_LANGUAGES),
  }),
  /** No more notifications to this endpoint (the one this browser subscribed) for this seat. */
  v.strictObject({
    type: v.literal("pushUnsubscribe"),
    id: RequestIdSchema,
    endpoint: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  }),
  /**
   * Host only, at any time: lists the table in the lobby, open to anyone,
   * in the host's language `lang` (`listed: true`), or takes it off.
   */
  v.strictObject({
    type: v.literal("listing"),
    id: RequestIdSchema,
    listed: v.boolean(),
    lang: LanguageSchema,
  }),
  /** Asks again for the events after `lastSeq`, after a gap. */
  v.strictObject({ type: v.literal("sync"), lastSeq: SeqSchema }),
]);

export type ClientMessage = Wire<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage["type"];
