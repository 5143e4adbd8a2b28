/**
 * The table page's parts that only a game in play uses, or that show below
 * what a visitor uses first: the moves shown at once (`OptimisticMoves`),
 * why a pick on the board did nothing, the board's options (turned, the
 * holes' names), the sounds, the notice that the computer plays for you,
 * the remedies for a player to move who is away, and the move list. The
 * table page takes them in as one (`TablePage.addGameParts`): during a game
 * with the rest of its code (pages/table-rest.ts); between games with the
 * live board (pages/table-live.ts), which is what they act on, so that the
 * page between games, used through its panels, comes without them. They
 * are one module, imported whole by those two, so that the page's first
 * stage names none of them.
 */
export { OptimisticMoves } from "../../sdk/optimistic.ts";
export { Sounds } from "../sounds.ts";
export { AwayNotice } from "./away-notice.ts";
export { Confirmation } from "./confirmation.ts";
export { CoordinatesToggle } from "./coordinates-toggle.ts";
export { MoveList } from "./move-list.ts";
export { PickHint, pickRefusal } from "./pick-hint.ts";
export { StallRemedies } from "./stall-remedies.ts";
export { TurnToggle } from "./turn-toggle.ts";
