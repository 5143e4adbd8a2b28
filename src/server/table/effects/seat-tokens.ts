/** A freed seat's token stops working with the event that frees it; a traded one goes with its player. */
import type { Room, TableEffect } from "./effect.ts";

export function seatTokens({ store }: Room): TableEffect {
  return {
    write({ entries }) {
      for (const { event } of entries) {
        if (event.type === "unseated") store.freeSeat(event.seat);
        if (event.type === "swapped") store.swapSeats(event.seats[0], event.seats[1]);
      }
    },
  };
}
