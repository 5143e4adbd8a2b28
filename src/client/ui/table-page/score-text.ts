/** A seat's running score in words: "3 pts · 4 games". */
import type { SeatView } from "../../../protocol/index.ts";
import type { I18n } from "../i18n/index.ts";

export function scoreText(i18n: I18n, { points, games }: SeatView["score"]): string {
  return `${i18n.count("points", points)} · ${i18n.count("games", games)}`;
}

/** Whether the table has a score to show: some seat's player has finished a game here. */
export function hasScore(seats: readonly SeatView[]): boolean {
  return seats.some((seat) => seat.name !== null && seat.score.games > 0);
}

/** The players seated now, most points first (then most games, then by seat). */
export function byScore(seats: readonly SeatView[]): SeatView[] {
  return seats
    .filter((seat) => seat.name !== null)
    .sort((a, b) => b.score.points - a.score.points || b.score.games - a.score.games || a.seat - b.seat);
}
