/** What an effect is, and what it is handed (the list of effects is index.ts). */
import type { LoggedEvent, TableCommands } from "../../../table/index.ts";
import type { ListingReporter } from "../../lobby/listing.ts";
import type { Telemetry } from "../../observability/telemetry.ts";
import type { Presence } from "../../presence/presence.ts";
import type { TableNotifications } from "../../push/notifications.ts";
import type { TableAlarm } from "../alarm.ts";
import type { TableStore } from "../table-store.ts";
/** What an effect may use: the table's storage, its sockets, its alarm, its notifications, the lobby. */
export interface Room {
  readonly store: TableStore;
  readonly presence: Presence;
  readonly alarm: TableAlarm;
  readonly notifications: TableNotifications;
  /** The table's word to the lobby (lobby/listing.ts). */
  readonly listing: ListingReporter;
  /** The operator's logs and figures (observability/). */
  readonly telemetry: Telemetry;
}

/** One commit: the entries just folded in, the table after them, and the sockets they are broadcast to. */
export interface Commit {
  readonly entries: readonly LoggedEvent[];
  readonly table: TableCommands;
  readonly sockets: readonly WebSocket[];
}

export interface TableEffect {
  /**
   * Storage that must commit with the entries: runs in the same synchronous
   * block as their rows, before the broadcast, so that both are durable
   * together or not at all. A throw here refuses the whole commit.
   */
  readonly write?: (commit: Commit) => void;
  /** Runs once the entries are broadcast. */
  readonly after?: (commit: Commit) => void;
}
