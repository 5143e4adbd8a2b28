/**
 * The rematch as one visitor sees it once a game is over: what its Rematch
 * button does, who has still to accept, and which seats need a player first.
 * Pure, so it is tested under Node.
 */
import type { Identity, SeatView } from "../../../protocol/index.ts";
import type { MessageKey } from "../i18n/index.ts";

/**
 * The button: `accept` (your seat only), `also-for-absent` (your seat and the
 * seats of absent players: the host's acceptance covers them), `for-absent`
 * (only absent players' seats), `accepted` (you did; nothing left for you),
 * `next-game` (a host without a seat at a table of computer players alone,
 * who always accept: the host's word starts the next game), `idle` (a host
 * without a seat, with no absent player to accept for), or null for a
 * spectator, who has no part in it.
 */
export type RematchButton = "accept" | "also-for-absent" | "for-absent" | "accepted" | "next-game" | "idle" | null;

/** What the button says, in the words of what it accepts: the same in the side panel and on the end-of-game card. */
export const REMATCH_LABEL = {
  accept: "rematch",
  "also-for-absent": "rematchAlsoForAbsent",
  "for-absent": "rematchForAbsent",
  accepted: "rematchAccepted",
  "next-game": "nextGame",
  idle: "rematch",
} as const satisfies Record<NonNullable<RematchButton>, MessageKey>;

export interface RematchState {
  readonly button: RematchButton;
  /** Occupied seats whose players have not accepted yet. */
  readonly waitingFor: readonly number[];
  /** Free seats (a leaver's seat is freed when the game ends): someone must sit there first. */
  readonly freeSeats: readonly number[];
}

export function rematchState(seats: readonly SeatView[], you: Identity): RematchState {
  const waitingFor = seats.filter((seat) => seat.name !== null && !seat.rematch).map((seat) => seat.seat);
  const freeSeats = seats.filter((seat) => seat.name === null).map((seat) => seat.seat);
  // The server's rule: a player accepts for its own seat; the host also for every seat whose player is not connected.
  const covered = waitingFor.filter((seat) => seat === you.seat || (you.host && !seats[seat]?.connected));
  const forOthers = covered.some((seat) => seat !== you.seat);
  const forYou = you.seat !== null && covered.includes(you.seat);
  let button: RematchButton;
  if (you.seat === null && !you.host) button = null;
  else if (forYou) button = forOthers ? "also-for-absent" : "accept";
  else if (forOthers) button = "for-absent";
  else if (you.seat !== null) button = "accepted";
  // Every seat taken and accepted, and yet no game: computer players alone wait for the host.
  else button = waitingFor.length === 0 && freeSeats.length === 0 ? "next-game" : "idle";
  return { button, waitingFor, freeSeats };
}
