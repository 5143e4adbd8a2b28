import * as v from "./schema.ts";
import type { Wire } from "./wire.ts";

/**
 * Every error code the server sends, over HTTP (`{ "error": { code, message } }`)
 * or the socket (`{ "type": "error", … }`). Codes are stable: clients translate them.
 */
export const ERROR_CODES = [
  // Engine refusals, passed through unchanged.
  "invalid-settings",
  "bad-notation",
  "illegal-move",
  "not-your-turn",
  "game-over",
  "bad-record",
  // HTTP.
  "bad-request",
  "bad-table-id",
  "table-not-found",
  "not-found",
  "internal-error",
  "misconfigured",
  "too-many-connections",
  // Socket messages.
  "bad-json",
  "bad-message",
  "unknown-type",
  "too-large",
  "rate-limited",
  "bad-token",
  "not-seated",
  "already-left",
  "not-host",
  "already-seated",
  "seat-taken",
  "no-such-seat",
  "bad-name",
  "name-taken",
  "seats-not-filled",
  "already-started",
  "not-started",
  "not-over",
  "same-seat",
  "not-away",
  "not-stalled",
  // A hand-over code that is wrong, used, expired or replaced: which one is not said.
  "invalid-handover",
  // Chat and reactions.
  "bad-chat",
  "chat-closed",
  "silenced",
  "chat-rate-limited",
  "no-such-message",
  "not-a-spectator",
  // Notifications: the service has no push keys; a subscription's endpoint is not a known push service.
  "push-unavailable",
  "push-refused",
  // Quick play and the lobby: a pool that does not exist; a pool or the lobby at its cap of sockets; more seeks
  // from one address than a household makes; a request about a seek this socket does not have, or a second one;
  // computer players asked for before the seeker has waited long enough; the lobby at its cap of watchers.
  "no-such-pool",
  "pool-full",
  "too-many-seeks",
  "not-seeking",
  "already-seeking",
  "fill-too-early",
  "lobby-full",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes a client (the SDK, an embedded table) reports of its own, besides the server's: its connection failed. */
export const CLIENT_ERROR_CODES = ["disconnected", "timeout", "closed", "bad-server-message"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** The error of an HTTP answer: `{ "error": ErrorBody }`. */
export const ErrorBodySchema = v.object({
  code: v.picklist(ERROR_CODES),
  message: v.string(),
  /** For invalid settings: the field at fault. */
  field: v.optional(v.string()),
});

export type ErrorBody = Wire<typeof ErrorBodySchema>;
