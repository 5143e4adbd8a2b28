/**
 * What a socket is sent to be in step with its table: the events it missed,
 * when it is only a little behind, else the whole table (a welcome), whose
 * size does not grow with the gap.
 */
import type { TableCommands } from "../../table/index.ts";
import { frameCost, identityOf, send } from "../connections/connection.ts";
import type { TableStore } from "./table-store.ts";

/**
 * A client this far behind or less gets the events it missed; further behind,
 * the table whole (a snapshot), whose size does not grow with the gap. 32
 * events are about the size of a snapshot of a short game.
 */
const MAX_REPLAY_EVENTS = 32;

/** What was sent: its cost, which the asker pays (`FloodGuard.charge`), and whether it was the whole table. */
export interface Synced {
  readonly bytes: number;
  readonly whole: boolean;
}

/** Sends `ws` what it missed since `lastSeq`, or the whole table when none is given or it is far behind. */
export function syncSocket(
  ws: WebSocket,
  table: TableCommands,
  store: TableStore,
  connected: readonly boolean[],
  lastSeq?: number,
): Synced {
  if (lastSeq === undefined || lastSeq > table.seq || table.seq - lastSeq > MAX_REPLAY_EVENTS) {
    const snapshot = table.view(connected);
    return { bytes: frameCost(send(ws, { type: "welcome", you: identityOf(ws), snapshot })), whole: true };
  }
  let bytes = frameCost(send(ws, { type: "identity", you: identityOf(ws) }));
  for (const entry of store.eventsAfter(lastSeq)) bytes += frameCost(send(ws, { type: "event", ...entry }));
  return { bytes, whole: false };
}
