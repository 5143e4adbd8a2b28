/**
 * How many are watching, not counting yourself: the server's `presence`
 * counts every socket without a seat, this page's own among them when it
 * has no seat. A spectator reads "2 others watching"; a player "2 watching".
 */
import type { Identity } from "../../../protocol/index.ts";
import type { I18n } from "../i18n/index.ts";

/** The line under the seats, or null when nobody else is watching. */
export function watchingText(i18n: I18n, spectators: number, you: Identity): string | null {
  const spectator = you.seat === null;
  const others = spectator ? spectators - 1 : spectators;
  if (others <= 0) return null;
  return i18n.count(spectator ? "othersWatching" : "watching", others);
}
