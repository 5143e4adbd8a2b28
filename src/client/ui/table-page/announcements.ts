/**
 * What the page says aloud (its polite live region) when something happens
 * at the table: a move (made by the computer, when the player did not), a
 * game's start, a player home, the computer taking over a seat or its player
 * coming back, and a player leaving or being counted out. Pure, so it is
 * tested under Node.
 */
import type { Identity, TableEvent } from "../../../protocol/index.ts";
import type { TableModel } from "../../sdk/model.ts";
import type { I18n } from "../i18n/index.ts";
import { leaveReason, leaverFate, leaverSentence } from "./leaver-fate.ts";

/** The sentence for an event already folded into `model`, or null for events that go unsaid. */
export function announcement(
  i18n: I18n,
  event: TableEvent,
  model: TableModel,
  names: readonly string[],
): string | null {
  switch (event.type) {
    case "moved": {
      const name = names[event.seat];
      if (event.by === "timeout") return i18n.t("announceTimeout", { name });
      // A computer player's moves are all the computer's: its name says so already.
      if (event.by === "computer" && model.computerLevel(event.seat) === null) {
        return i18n.t("announceComputerMove", { name, move: event.path });
      }
      return i18n.t("announceMove", { name, move: event.path });
    }
    case "started":
      return i18n.t("announceStart", { n: event.game, name: names[event.firstPlayer] });
    case "finished":
      return i18n.t("announceFinished", { name: names[event.seat], place: event.place });
    case "away":
      return i18n.t("announceAway", { name: names[event.seat] });
    case "back":
      return i18n.t("announceBack", { name: names[event.seat] });
    case "resigned": {
      const seat = model.seats[event.seat];
      const fate = leaverFate(model.settings, event.seat, seat?.finished ?? false, (s) => model.coloursOf(s));
      return leaverSentence(i18n, names, event.seat, leaveReason(model, event.seat), fate);
    }
    default:
      return null;
  }
}

/**
 * What the page shows the player themselves, beyond what it says aloud to
 * everyone: that the clock ran out on their turn and the table moved for
 * them, which the board alone does not tell (the piece just moves).
 */
export function ownNotice(i18n: I18n, event: TableEvent, you: Identity): string | null {
  if (event.type === "moved" && event.by === "timeout" && event.seat === you.seat) {
    return i18n.t("yourTimeRanOut", { move: event.path });
  }
  return null;
}
