/**
 * The sockets follow their seats: a freed seat's sockets become spectators',
 * and the sockets of two seats that traded players follow their players.
 * Each socket hears its new identity, and everyone the presence.
 */
import { identityOf, moveSeat, send, setIdentity } from "../../connections/connection.ts";
import type { Room, TableEffect } from "./effect.ts";

export function seatSockets({ presence }: Room): TableEffect {
  /** Moves each seated socket to the seat `seatAfter` gives for its seat (null: no seat). */
  const follow = (seatAfter: (seat: number) => number | null) => {
    for (const ws of presence.openSockets()) {
      const { seat, host } = identityOf(ws);
      if (seat === null) continue;
      const next = seatAfter(seat);
      if (next === seat) continue;
      if (next === null) setIdentity(ws, { seat: null, host });
      else moveSeat(ws, next);
      send(ws, { type: "identity", you: identityOf(ws) });
    }
    presence.schedule();
  };
  return {
    after({ entries }) {
      for (const { event } of entries) {
        if (event.type === "unseated") follow((seat) => (seat === event.seat ? null : seat));
        if (event.type === "swapped") {
          const [a, b] = event.seats;
          follow((seat) => (seat === a ? b : seat === b ? a : seat));
        }
      }
    },
  };
}
