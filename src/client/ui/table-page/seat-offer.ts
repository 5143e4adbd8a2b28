/**
 * Between games a seated player may move to a free seat or trade places with
 * another player (colours stay with the seats). What a seat's row offers
 * such a player, and whose offers wait for an answer. Pure, so it is tested
 * under Node.
 */
import type { Identity, SeatView, TableStatus } from "../../../protocol/index.ts";

/**
 * `sit`: the seat is free, move there; `swap`: offer to trade places;
 * `accept-swap`: its player offered to trade with you; `offered`: you offered
 * to trade with it and wait for the answer.
 */
export type SeatOffer = "sit" | "swap" | "accept-swap" | "offered";

/** What the row of `seat` offers this visitor, or null (a spectator, a game on, your own seat). */
export function seatOffer(
  seats: readonly SeatView[],
  you: Identity,
  status: TableStatus,
  seat: number,
): SeatOffer | null {
  if (you.seat === null || status === "playing" || seat === you.seat) return null;
  const other = seats[seat];
  if (!other) return null;
  if (other.name === null) return "sit";
  if (other.swapTo === you.seat) return "accept-swap";
  return seats[you.seat]?.swapTo === seat ? "offered" : "swap";
}

/** The seats whose players offered to trade places with this visitor and wait for an answer. */
export function swapRequests(seats: readonly SeatView[], you: Identity, status: TableStatus): number[] {
  if (you.seat === null || status === "playing") return [];
  return seats.filter((seat) => seat.name !== null && seat.swapTo === you.seat).map((seat) => seat.seat);
}
