/**
 * A game's start stores its carry-over (the seats and scores it starts with)
 * and where it starts in the log: a wake replays the log from there.
 */
import type { Room, TableEffect } from "./effect.ts";

export function gameStarts({ store }: Room): TableEffect {
  return {
    write({ entries, table }) {
      for (const { seq, event } of entries) if (event.type === "started") store.startGame(seq, table.carry);
    },
  };
}
