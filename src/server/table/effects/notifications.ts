/**
 * "Your turn" notifications (push/notifications.ts): in the commit's
 * transaction, the seats' subscriptions follow their players and the notices
 * owed to players who are away are noted; the alarm, set after this, sends
 * them when they are due.
 */
import type { Room, TableEffect } from "./effect.ts";

export function notifications({ notifications }: Room): TableEffect {
  return {
    write({ entries, table }) {
      notifications.write(entries, table);
    },
  };
}
