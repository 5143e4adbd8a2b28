/**
 * A table's side of the lobby: it tells the directory (directory.ts) its
 * listing when that changes, as an after-commit effect, and the count of
 * those who watch it, at most once in a while. A table that was never
 * listed never reports, so its id never reaches the lobby; a move never
 * changes a listing, so it costs the lobby nothing.
 */
import type { Listing } from "../../protocol/index.ts";
import { LISTING_EVENTS, listingOf, type TableCommands } from "../../table/index.ts";
import type { ListingReport, Room, TableEffect } from "../effects/effect.ts";

/** A change in the count of those who watch is reported at most this often: it moves with every visitor. */
export const SPECTATORS_REPORT_MS = 15_000;

/** Sends a table's listing, or null for none, to the directory; never waits, never fails the table's request. */
export type SendListing = (tableId: string, listing: Listing | null) => void;

export class ListingReporter implements ListingReport {
  private readonly sendListing: SendListing;
  private readonly spectators: () => number;
  private readonly spectatorsEveryMs: number;
  /** When the last report went, and a report of the count held back until the interval is over (in memory). */
  private lastAt = 0;
  private held: ReturnType<typeof setTimeout> | undefined;

  constructor(sendListing: SendListing, spectators: () => number, spectatorsEveryMs: number) {
    this.sendListing = sendListing;
    this.spectators = spectators;
    this.spectatorsEveryMs = spectatorsEveryMs;
  }

  /** The table's listing now (null: no longer listed), at `at`. */
  report(table: TableCommands, at: number): void {
    clearTimeout(this.held);
    this.held = undefined;
    this.lastAt = Date.now();
    this.sendListing(table.id, listingOf(table, this.spectators(), at));
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
    if (table.listedIn !== null) this.sendListing(table.id, null);
  }
}

/** The effect: after a commit whose events can change a listed table's listing, the table reports it. */
export function listing({ listing: reporter }: Room): TableEffect {
  return {
    after({ entries, table }) {
      const last = entries[entries.length - 1];
      if (!last || !entries.some(({ event }) => LISTING_EVENTS.has(event.type))) return;
      const listedNowOrBefore = table.listedIn !== null || entries.some(({ event }) => event.type === "listing");
      if (listedNowOrBefore) reporter.report(table, last.at);
    },
  };
}
