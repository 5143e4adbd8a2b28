/** The answers of the HTTP routes, other than the snapshot (snapshot.ts) and the game record (text). */
import { ErrorBodySchema } from "./errors.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

/** `201` to `POST /api/tables`. */
export const CreatedTableSchema = z.object({
  id: z.string(),
  /** The link to share: the table's page. */
  shareLink: z.string(),
  /** Keep this secret: it lets its holder start the game and remove players. */
  hostToken: z.string(),
});

/** Every refusal, with a fitting status. */
export const ErrorResponseSchema = z.object({ error: ErrorBodySchema });

export type CreatedTable = Wire<typeof CreatedTableSchema>;
