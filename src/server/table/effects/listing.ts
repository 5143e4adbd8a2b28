/**
 * The lobby's listing (lobby/listing.ts): a commit that changes a table's
 * listing owes the lobby a report, and sends it once broadcast.
 */
import { LISTING_EVENTS } from "../../../table/index.ts";
import type { Commit, Room, TableEffect } from "./effect.ts";

/** Whether a commit can change what the lobby shows of its table: a listed table's seats, start or end, or its listing. */
function changesListing({ entries, table }: Commit): boolean {
  if (!entries.some(({ event }) => LISTING_EVENTS.has(event.type))) return false;
  return table.listedIn !== null || entries.some(({ event }) => event.type === "listing");
}

export function listing({ listing: reporter }: Room): TableEffect {
  return {
    write(commit) {
      if (changesListing(commit)) reporter.owe(commit.table.seq);
    },
    after(commit) {
      const last = commit.entries[commit.entries.length - 1];
      if (last && changesListing(commit)) reporter.report(commit.table, last.at);
    },
  };
}
