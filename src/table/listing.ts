/**
 * What the lobby lists of a table: the table its host listed, open to
 * anyone while it waits for players, then to watch while its game is on;
 * nothing of a table that is not listed, or whose game is over. Which events
 * can change it, so that a table reports to the lobby only then (a move
 * never does).
 */
import type { Listing, TableEventType } from "../protocol/index.ts";
import type { TableFold } from "./fold.ts";

/** The events after which a listed table's listing may differ: seats, the listing itself, the start, the end. */
export const LISTING_EVENTS: ReadonlySet<TableEventType> = new Set<TableEventType>([
  "listing",
  "seated",
  "unseated",
  "swapped",
  "started",
  "ended",
]);

/** The table's listing as it stands, or null when the lobby shows nothing of it. `since`: when it changed. */
export function listingOf(table: TableFold, spectators: number, since: number): Listing | null {
  const lang = table.listedIn;
  const { status } = table;
  if (lang === null || status === "over") return null;
  return {
    tableId: table.id,
    status,
    variant: table.settings.variant,
    players: table.settings.players,
    names: [...table.names],
    clock: table.clock,
    lang,
    spectators,
    since,
  };
}
