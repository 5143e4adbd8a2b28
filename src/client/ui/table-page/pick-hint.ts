/**
 * Why a pick on the board did nothing, said at once beside the board: a
 * player who clicks out of turn, on someone else's piece or on an empty hole
 * learns what would work, instead of wondering whether the page is broken.
 * The board shakes the hole (board.ts); this says the reason in words.
 */
import type { Point } from "../../../rules/index.ts";
import type { ConnectionState } from "../../sdk/client.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { TableView } from "./view.ts";

/** What the page knew when the pick was refused. */
export interface RefusedPick {
  readonly view: TableView;
  /** The piece in the hole picked, as the board showed it; undefined for an empty hole. */
  readonly piece: Point | "neutral" | undefined;
  /** Whether a piece (or a capture path) was picked before: the pick was meant as its destination. */
  readonly hadSelection: boolean;
  /** Whether the board shows an earlier position of the game. */
  readonly replaying: boolean;
  /** Whether a move of this player's is on its way to the table. */
  readonly pending: boolean;
  readonly connection: ConnectionState;
}

/** The reason, in the page's language: the first that applies, from the table's state down to the hole. */
export function pickRefusal(i18n: I18n, pick: RefusedPick): string {
  const { model, you, names, turn } = pick.view;
  if (pick.replaying) return i18n.t("pickReplaying");
  if (model.status === "waiting") return i18n.t("pickNotStarted");
  if (model.status === "over") return i18n.t("pickGameOver");
  if (you.seat === null) return i18n.t("pickWatching");
  if (pick.connection !== "open") return i18n.t("pickOffline");
  if (pick.pending) return i18n.t("pickPending");
  if (turn && turn.seat !== you.seat) return i18n.t("pickNotYourTurn", { name: names[turn.seat] ?? "" });
  const { piece } = pick;
  if (piece !== undefined && piece !== "neutral" && !model.coloursOf(you.seat).includes(piece)) {
    const owner = model.seats.findIndex((seat) => model.coloursOf(seat.seat).includes(piece));
    if (owner >= 0) return i18n.t("pickNotYours", { name: names[owner] ?? "" });
  }
  if (pick.hadSelection) return i18n.t("pickCannotGo");
  return piece === undefined ? i18n.t("pickEmpty") : i18n.t("pickCannotMove");
}

/** How long a reason stays: long enough to read, short enough not to linger over the next pick. */
const HINT_MS = 3000;

/** The reason's place: over the top of the board, read out politely, gone after a few seconds. */
export class PickHint {
  readonly element = h("p", { class: "pick-hint", role: "status", "aria-live": "polite", hidden: true });
  private timer: ReturnType<typeof setTimeout> | undefined;

  show(text: string): void {
    clearTimeout(this.timer);
    this.element.textContent = text;
    this.element.hidden = false;
    this.timer = setTimeout(() => this.hide(), HINT_MS);
  }

  hide(): void {
    clearTimeout(this.timer);
    this.element.hidden = true;
    this.element.textContent = "";
  }
}
