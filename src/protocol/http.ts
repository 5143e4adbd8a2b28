/** The answers of the HTTP routes, other than the snapshot (snapshot.ts) and the game record (text). */
import { ErrorBodySchema } from "./errors.ts";
import * as v from "./schema.ts";
import { SeatSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

/** `201` to `POST /api/tables`. */
export const CreatedTableSchema = v.object({
  id: v.string(),
  /** The link to share: the table's page. */
  shareLink: v.string(),
  /** Keep this secret: it lets its holder start the game and remove players. */
  hostToken: v.string(),
});

/**
 * The body of `POST /api/tables/:id/handover`: the one-time code another
 * device asked for. Its shape is checked apart (`HandoverCodeSchema`), so that a
 * mistyped code is refused as any wrong one is (`invalid-handover`).
 */
export const RedeemHandoverSchema = v.strictObject({ code: v.pipe(v.string(), v.maxLength(64)) });

/** `200` to `POST /api/tables/:id/handover`: the seat, its new token, and the new host token if hosting came along. */
export const HandedOverSchema = v.object({
  seat: SeatSchema,
  /** The seat's new token: the old one no longer works. */
  token: v.string(),
  /** A new host token when the seat's player was also the host (hosting moves with the seat), else null. */
  hostToken: v.nullable(v.string()),
});

/**
 * `GET /api/health`: 200 when the service can serve (its required secrets
 * are set, the table id key usable), else 503; for an uptime check.
 */
export const HealthBodySchema = v.object({
  ok: v.boolean(),
  /** The service's version (package.json). */
  version: v.string(),
  /** The deployment's version, when the platform gives it: its id, its tag, and when it was uploaded. */
  deployment: v.nullable(v.object({ id: v.string(), tag: v.string(), timestamp: v.string() })),
  /** Whether each required secret is set (never its value): the table id key, and the VAPID key pair of notifications. */
  secrets: v.object({
    TABLE_ID_KEY: v.picklist(["set", "missing", "invalid"]),
    VAPID: v.picklist(["set", "missing"]),
  }),
});

/** Every refusal, with a fitting status. */
export const ErrorResponseSchema = v.object({ error: ErrorBodySchema });

export type CreatedTable = Wire<typeof CreatedTableSchema>;
export type RedeemHandover = Wire<typeof RedeemHandoverSchema>;
export type HandedOver = Wire<typeof HandedOverSchema>;
export type HealthBody = Wire<typeof HealthBodySchema>;
