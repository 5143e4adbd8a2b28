/**
 * What became of a player who left a game or was counted out, said plainly:
 * in the race their pieces leave the board, with teams the partner takes
 * over their colour, and a player already home (or in the capture variant,
 * where pieces belong to nobody) leaves the board as it is. Pure, so it is
 * tested under Node.
 */
import { type Point, type Settings, seating, variantOf } from "../../../rules/index.ts";
import type { TableModel } from "../../sdk/model.ts";
import type { I18n } from "../i18n/index.ts";

export type LeaverFate =
  | { readonly kind: "pieces-off" }
  | { readonly kind: "partner"; readonly partner: number }
  | { readonly kind: "unchanged" };

/** How the player left: by their own wish, or counted out by the others when they stayed away. */
export type LeaveReason = "left" | "absent";

/** How a seat's player left the current (or last) game, as the table's log says. */
export function leaveReason(model: TableModel, seat: number): LeaveReason {
  return model.departureOf(seat) === "absent" ? "absent" : "left";
}

/**
 * The fate of `seat`'s pieces once it has left. `coloursOf` gives each seat's
 * colours now: with teams, the partner who took over the leaver's colour
 * lists it among its own.
 */
export function leaverFate(
  settings: Settings,
  seat: number,
  finished: boolean,
  coloursOf: (seat: number) => readonly Point[],
): LeaverFate {
  if (!variantOf(settings).colours || finished) return { kind: "unchanged" };
  const own = seating(settings)[seat] ?? [];
  for (let other = 0; other < settings.players; other++) {
    if (other !== seat && own.some((colour) => coloursOf(other).includes(colour))) {
      return { kind: "partner", partner: other };
    }
  }
  return { kind: "pieces-off" };
}

/** "Aino left: their pieces were taken off the board", and the like. */
export function leaverSentence(
  i18n: I18n,
  names: readonly string[],
  seat: number,
  reason: LeaveReason,
  fate: LeaverFate,
): string {
  const name = names[seat] ?? i18n.t("seatN", { n: seat + 1 });
  const left = reason === "left";
  switch (fate.kind) {
    case "pieces-off":
      return i18n.t(left ? "leftPiecesOff" : "countedOutPiecesOff", { name });
    case "partner":
      return i18n.t(left ? "leftPartnerPlays" : "countedOutPartnerPlays", { name, partner: names[fate.partner] ?? "" });
    case "unchanged":
      return i18n.t(left ? "leftPlain" : "countedOutPlain", { name });
  }
}
