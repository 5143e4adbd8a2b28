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
  // Socket messages.
  "bad-json",
  "bad-message",
  "unknown-type",
  "too-large",
  "rate-limited",
  "bad-token",
  "not-seated",
  "not-host",
  "already-seated",
  "seat-taken",
  "no-such-seat",
  "bad-name",
  "seats-not-filled",
  "already-started",
  "not-started",
  "not-over",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  readonly code: ErrorCode;
  readonly message: string;
  /** For invalid settings: the field at fault. */
  readonly field?: string;
}
