/**
 * The alarm follows the table: a turn's deadline, the computer's turn, the
 * idle deletion, or the heartbeat check, whichever comes first (../alarm.ts).
 */
import type { Room, TableEffect } from "./effect.ts";

export function alarm({ alarm }: Room): TableEffect {
  return {
    write({ table, sockets }) {
      alarm.schedule(table, sockets);
    },
  };
}
