/**
 * A table rebuilt from its storage, after every wake: from the last
 * checkpoint of its current game and the events after it, or else from the
 * seats and scores its current game started with and the events from that
 * game's start (or from the first, before any game).
 */
import {
  type Carry,
  type CommandOptions,
  type LoggedEvent,
  SAVED_STATE_VERSION,
  TableCommands,
  tableHeader,
} from "../../table/index.ts";
import { shortHash } from "../observability/signals.ts";
import type { Telemetry } from "../observability/telemetry.ts";
import type { TableStore } from "./table-store.ts";

/** The table `store` holds; undefined when it holds none. */
export function loadTable(store: TableStore, options: CommandOptions, telemetry: Telemetry): TableCommands | undefined {
  store.forget();
  const meta = store.meta();
  if (!meta) return undefined;
  store.migrate();
  const newTable = () => new TableCommands(tableHeader(meta.id, meta.settings, meta.createdAt), options);
  const report = (skipped: LoggedEvent[]) => {
    for (const { seq, event } of skipped) {
      const error = `event ${seq} (${event.type}) does not fit the game and was skipped`;
      telemetry.internalError("load-table", error, "none", shortHash(meta.id));
    }
  };
  const gameStart = store.currentGameStart();
  const last = store.lastEvent();
  const checkpoint = store.checkpoint(SAVED_STATE_VERSION);
  if (checkpoint && gameStart !== undefined && checkpoint.seq >= gameStart && checkpoint.seq <= (last?.seq ?? 0)) {
    try {
      const table = newTable();
      report(table.resumeState(JSON.parse(checkpoint.state), store.eventsAfter(checkpoint.seq)));
      return table;
    } catch (error) {
      // A checkpoint must never brick its table: the log is the truth, replayed from the game's start.
      telemetry.internalError("load-checkpoint", error, "none", shortHash(meta.id));
    }
  }
  const table = newTable();
  const carry = {
    ...(store.carry() ?? carryBeforeKept(store, table.settings.players, gameStart)),
    seq: last?.seq ?? 0,
    at: last?.at ?? meta.createdAt,
  };
  report(table.resume(carry, store.eventsAfter((gameStart ?? 1) - 1)));
  return table;
}

/**
 * The carry-over of a table stored before carries were kept: before any
 * game the whole log is replayed from empty seats; during one, the seats
 * as they are now (swaps did not exist then, so replaying the game's seat
 * changes over them changes nothing).
 */
function carryBeforeKept(store: TableStore, players: number, gameStart: number | undefined): Carry {
  const names = new Array<string | null>(players).fill(null);
  if (gameStart !== undefined) for (const { seat, name } of store.seats()) names[seat] = name;
  return { names, scores: [] };
}
