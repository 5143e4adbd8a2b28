/**
 * What a seeker sends on a pool's socket (`/api/quick/:pool/ws`), validated
 * at the pool's boundary (docs/protocol.md, "Quick play"); what the pool
 * sends is in lobby.ts. A module apart, as client-messages.ts is from
 * server-messages.ts: the SDK sends these messages and reads the pool's, so
 * its bundle takes lobby.ts without the name checks (text.ts) a seek is
 * validated with.
 */
import { SeekerKeySchema } from "./lobby.ts";
import * as v from "./schema.ts";
import { NameSchema } from "./text.ts";
import { LanguageSchema } from "./values.ts";
import type { Wire } from "./wire.ts";

const RequestId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/** What a seeker sends on a pool's socket. Strict: a field the pool does not know is refused. */
export const QuickClientMessageSchema = v.variant("type", [
  /**
   * Look for a game in this pool, under `name`. Sent again with the same key
   * after a dropped socket (within the grace), it takes up the same seek, its
   * place in the queue kept.
   */
  v.strictObject({
    type: v.literal("seek"),
    id: RequestId,
    seeker: SeekerKeySchema,
    name: NameSchema,
    /** The seeker's language: the table's in the lobby's list of games to watch (the first seat's). Default en. */
    lang: v.optional(LanguageSchema),
  }),
  /** Stop looking. A seek cancelled is never seated. */
  v.strictObject({ type: v.literal("cancel"), id: RequestId }),
  /**
   * Fill the empty seats with computer players at the next wave, with
   * whoever else is looking then: allowed from `fillAt` on.
   */
  v.strictObject({ type: v.literal("fill"), id: RequestId }),
]);

export type QuickClientMessage = Wire<typeof QuickClientMessageSchema>;
