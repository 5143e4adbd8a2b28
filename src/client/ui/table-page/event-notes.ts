/**
 * What the events say that the table's model does not keep: who made each
 * move (the player, or the computer on a timeout or for an away seat) and
 * why a player left (by their own wish or counted out). The page notes them
 * as the events come, by game, to mark the moves and word the departures.
 * A snapshot carries neither, so after a reload the page knows them only for
 * what happens from then on. Pure, so it is tested under Node.
 */
import type { TableEvent } from "../../sdk/index.ts";
import type { LeaveReason } from "./leaver-fate.ts";

/** Who made a move when its player did not. */
export type MovedBy = "timeout" | "computer";

export class EventNotes {
  private readonly movers = new Map<string, MovedBy>();
  private readonly reasons = new Map<string, LeaveReason>();

  /**
   * Notes an event once the model has folded it in: `game` is the game's
   * number and `plies` how many actions its history holds now.
   */
  note(event: TableEvent, game: number, plies: number): void {
    if (event.type === "moved" && event.by !== undefined) this.movers.set(`${game}:${plies - 1}`, event.by);
    if (event.type === "resigned")
      this.reasons.set(`${game}:${event.seat}`, event.reason === "absent" ? "absent" : "left");
  }

  /** Who made the move at `ply` (from 0) of a game, when its player did not. */
  movedBy(game: number, ply: number): MovedBy | undefined {
    return this.movers.get(`${game}:${ply}`);
  }

  /** Why `seat` left a game; a departure the page did not see is taken for leaving. */
  leaveReason(game: number, seat: number): LeaveReason {
    return this.reasons.get(`${game}:${seat}`) ?? "left";
  }
}
