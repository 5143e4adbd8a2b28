/**
 * What a seeker sends on a pool's socket (`/api/quick/:pool/ws`), validated
 * at the pool's boundary (docs/protocol.md, "Quick play"); what the pool
 * sends is in lobby.ts. A module apart, as client-messages.ts is from
 * server-messages.ts: the SDK sends these messages and reads the pool's, so
 * its bundle takes lobby.ts without the name checks (text.ts) a seek is
 * validated with.
 */
import { SeekerKeySchema } from "./lobby.ts";
import { NameSchema } from "./text.ts";
import { LanguageSchema } from "./values.ts";
import type { Wire } from "./wire.ts";
import * as z from "./zod.ts";

const RequestId = z.string().check(z.minLength(1), z.maxLength(64));

/** What a seeker sends on a pool's socket. Strict: a field the pool does not know is refused. */
export const QuickClientMessageSchema = z.discriminatedUnion("type", [
  /**
   * Look for a game in this pool, under `name`. Sent again with the same key
   * after a dropped socket (within the grace), it takes up the same seek, its
   * place in the queue kept.
   */
  z.strictObject({
    type: z.literal("seek"),
    id: RequestId,
    seeker: SeekerKeySchema,
    name: NameSchema,
    /** The seeker's language: the table's in the lobby's list of games to watch (the first seat's). Default en. */
    lang: z.optional(LanguageSchema),
  }),
  /** Stop looking. A seek cancelled is never seated. */
  z.strictObject({ type: z.literal("cancel"), id: RequestId }),
  /**
   * Fill the empty seats with computer players at the next wave, with
   * whoever else is looking then: allowed from `fillAt` on.
   */
  z.strictObject({ type: z.literal("fill"), id: RequestId }),
]);

export type QuickClientMessage = Wire<typeof QuickClientMessageSchema>;
