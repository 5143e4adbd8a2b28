/**
 * A stalled table: the player to move has lost the connection. After a grace
 * period the other players may hand the seat to the computer or count the
 * player out (the server decides when; too early it answers `not-stalled`).
 * Which seat, if any, this visitor may act on. Pure, so it is tested under Node.
 */
import type { Identity, SeatView } from "../../../protocol/index.ts";
import type { TableModel } from "../../sdk/model.ts";

/** What the decision needs of the table; a `TableModel` has it. */
export type StallFacts = Pick<TableModel, "status" | "turn" | "seats">;

/**
 * The seat to move when it has no connection and the computer does not play
 * it (a computer player has no connection to lose), if this visitor is
 * another player still in the game; else null.
 */
export function stalledSeat({ status, turn, seats }: StallFacts, you: Identity): number | null {
  if (status !== "playing" || turn === null || you.seat === null || turn.seat === you.seat) return null;
  const mine: SeatView | undefined = seats[you.seat];
  const mover: SeatView | undefined = seats[turn.seat];
  if (!mine || mine.resigned || !mover || mover.connected || mover.away || mover.computer !== null) return null;
  return turn.seat;
}
