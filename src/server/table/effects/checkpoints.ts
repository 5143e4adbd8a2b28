/**
 * During a long game the table stores its whole fold every `CHECKPOINT_EVERY`
 * events (one more row, replaced each time), so that a wake folds in at most
 * that many events instead of replaying the game from its start: replaying
 * 1,500 moves took tens of milliseconds in a fresh isolate.
 */
import { SAVED_STATE_VERSION } from "../../../table/index.ts";
import type { Room, TableEffect } from "./effect.ts";

const CHECKPOINT_EVERY = 200;

export function checkpoints({ store }: Room): TableEffect {
  /** The event up to which a wake need not replay: the last checkpoint, or the current game's start; read once. */
  let saved: number | undefined;
  return {
    write({ entries, table }) {
      saved ??= Math.max(store.checkpointSeq(SAVED_STATE_VERSION) ?? 0, store.currentGameStart() ?? 0);
      for (const { seq, event } of entries) if (event.type === "started") saved = seq;
      if (table.status === "playing" && table.seq - saved >= CHECKPOINT_EVERY) {
        store.saveCheckpoint(SAVED_STATE_VERSION, table.saveState());
        saved = table.seq;
      }
    },
  };
}
