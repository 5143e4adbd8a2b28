/**
 * What the lobby page (lobby-page.ts) says of one listed table, apart from
 * drawing it: who is there, and its facts (the game, the seats free or how
 * many watch, the clock). Pure, tested under Node.
 */
import type { Listing } from "../../protocol/index.ts";
import type { I18n, MessageKey } from "./i18n/index.ts";
import { clockText } from "./table-page/settings-summary.ts";

const VARIANT_NAMES: Readonly<Record<Listing["variant"], MessageKey>> = {
  classic: "summaryClassic",
  capture: "summaryCapture",
};

/** The players at a listed table by name, as the language lists them; the game's name where nobody sits yet. */
export function listingNames(i18n: I18n, table: Listing): string {
  const names = table.names.filter((name): name is string => name !== null);
  return names.length > 0 ? i18n.list(names) : i18n.t(VARIANT_NAMES[table.variant]);
}

/** How many seats of a listed table are free. */
export function seatsFree(table: Listing): number {
  return table.names.filter((name) => name === null).length;
}

/**
 * A listed table's facts after its players: the game and its players, then
 * the seats free (an open table) or how many watch (a game in play), then
 * the clock.
 */
export function listingFacts(i18n: I18n, table: Listing): string[] {
  return [
    `${i18n.t(VARIANT_NAMES[table.variant])}, ${i18n.t("lobbyPlayers", { n: table.players })}`,
    table.status === "waiting"
      ? i18n.count("lobbySeatsFree", seatsFree(table))
      : i18n.count("watching", table.spectators),
    clockText(i18n, table.clock),
  ];
}
