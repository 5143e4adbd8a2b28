/**
 * "Your turn" notifications (push/notifications.ts): in the commit's
 * transaction, the seats' subscriptions follow their players, the notices
 * the entries owe subscribed seats are noted and those they made untrue
 * settled; the alarm, set after this, sends each when it is due if its
 * player is away then.
 */
import type { Room, TableEffect } from "./effect.ts";

export function notifications({ notifications }: Room): TableEffect {
  return {
    write({ entries, table }) {
      notifications.write(entries, table);
    },
  };
}
