/**
 * The sockets follow their seats: a freed seat's sockets become spectators',
 * and the sockets of two seats that traded players follow their players.
 * Each socket hears its new identity, and everyone the presence.
 */
import { identityOf, moveSeat, send, setIdentity } from "../connection.ts";
import type { Room, TableEffect } from "./effect.ts";

export function seatSockets({ presence }: Room): TableEffect {
  const follow = (seatAfter: (seat: number) => number | null | undefined) => {
    for (const ws of presence.openSockets()) {
      const who = identityOf(ws);
      if (who.seat === null) continue;
      const seat = seatAfter(who.seat);
      if (seat === undefined) continue;
      if (seat === null) setIdentity(ws, { seat: null, host: who.host });
      else moveSeat(ws, seat);
      send(ws, { type: "identity", you: identityOf(ws) });
    }
    presence.schedule();
  };
  return {
    after({ entries }) {
      for (const { event } of entries) {
        if (event.type === "unseated") follow((seat) => (seat === event.seat ? null : undefined));
        if (event.type === "swapped") {
          const [a, b] = event.seats;
          follow((seat) => (seat === a ? b : seat === b ? a : undefined));
        }
      }
    },
  };
}
