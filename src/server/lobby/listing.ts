/**
 * A table's side of the lobby: it tells the directory (directory.ts) its
 * listing when that changes (the table's effect table/effects/listing.ts owes
 * the report in the commit's own transaction and sends it once broadcast), and the count of those who watch it, at
 * most once in a while. A table that was never
 * listed never reports, so its id never reaches the lobby; a move never
 * changes a listing, so it costs the lobby nothing.
 */
import type { Listing } from "../../protocol/index.ts";
import { listingOf, type TableCommands } from "../../table/index.ts";
import { logInternalError } from "../observability/telemetry.ts";

/** A change in the count of those who watch is reported at most this often: it moves with every visitor. */
export const SPECTATORS_REPORT_MS = 15_000;

/** Sends a table's listing, or null for none, to the directory; settles once the directory has it. */
export type SendListing = (tableId: string, listing: Listing | null) => Promise<void>;

/**
 * The report a table owes the lobby, the number of the entry that changed
 * its listing: written in that entry's own transaction, cleared once the
 * directory has a report as new. A table woken with one owed (its object
 * stopped before the report got through) sends it again; any other wake
 * costs the lobby nothing.
 */
const OWED = "CREATE TABLE IF NOT EXISTS listing_owed (id INTEGER PRIMARY KEY CHECK (id = 0), seq INTEGER NOT NULL)";

export class ListingReporter {
  private readonly sql: SqlStorage;
  private readonly sendListing: SendListing;
  /** Keeps the object alive for a report on its way (the object's `waitUntil`). */
  private readonly keep: (pending: Promise<unknown>) => void;
  private readonly spectators: () => number;
  private readonly spectatorsEveryMs: number;
  /** When the last report went, and a report of the count held back until the interval is over (in memory). */
  private lastAt = 0;
  private held: ReturnType<typeof setTimeout> | undefined;

  constructor(options: {
    readonly sql: SqlStorage;
    readonly sendListing: SendListing;
    readonly keep: (pending: Promise<unknown>) => void;
    readonly spectators: () => number;
    readonly spectatorsEveryMs: number;
  }) {
    this.sql = options.sql;
    this.sendListing = options.sendListing;
    this.keep = options.keep;
    this.spectators = options.spectators;
    this.spectatorsEveryMs = options.spectatorsEveryMs;
  }

  /** The commit being written changes the listing of `seq`'s table: a report is owed (inside its transaction). */
  owe(seq: number): void {
    this.sql.exec(OWED);
    this.sql.exec("INSERT OR REPLACE INTO listing_owed (id, seq) VALUES (0, ?)", seq);
  }

  /** After a wake: the report a stopped object owed, if any, goes now. */
  resume(table: TableCommands): void {
    this.sql.exec(OWED);
    const [owed] = this.sql.exec("SELECT seq FROM listing_owed").toArray();
    if (owed) this.report(table, table.lastEventAt);
  }

  /** The table's listing now (null: no longer listed), at `at`; what was owed up to now is paid once it arrives. */
  report(table: TableCommands, at: number): void {
    clearTimeout(this.held);
    this.held = undefined;
    this.lastAt = Date.now();
    const seq = table.seq;
    this.send(table.id, listingOf(table, this.spectators(), at), () =>
      this.sql.exec("DELETE FROM listing_owed WHERE seq <= ?", seq),
    );
  }

  /** The count of those who watch changed: reported with the listing, at most once per interval. */
  spectatorsChanged(table: TableCommands | undefined): void {
    if (!table || table.listedIn === null || table.status !== "playing" || this.held !== undefined) return;
    const wait = Math.max(0, this.lastAt + this.spectatorsEveryMs - Date.now());
    this.held = setTimeout(() => {
      this.held = undefined;
      this.report(table, table.turnStart);
    }, wait);
  }

  /** The table is being deleted: off the list, if it was on it. */
  deleted(table: TableCommands): void {
    clearTimeout(this.held);
    if (table.listedIn !== null) this.send(table.id, null);
  }

  /** The lobby is told on the side: it never holds up, or fails, the table's own work. */
  private send(tableId: string, listing: Listing | null, arrived?: () => void): void {
    this.keep(
      this.sendListing(tableId, listing)
        .then(arrived)
        .catch((error) => logInternalError("lobby-report", error)),
    );
  }
}
