/**
 * The end of a game, said once and clearly: when a game ends while you are
 * at the table, a small card over the middle of the board (where the pieces
 * are not by then) with who won and why, and what to do next: play again, or
 * a new table. The places and the running score are beside it, in the side
 * panel (standings.ts), not repeated on the card, which keeps it to a small
 * part of the board.
 *
 * It is a non-modal dialog: focus moves to its heading when it opens, Escape
 * or Close dismisses it (focus goes back where it was), and the rest of the
 * page stays usable, so the final position can be looked at. While it is
 * open the side panel's status leaves the winner to it; once it closes, the
 * status says it (`onClose` redraws the page). It closes by itself when the
 * next game starts.
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { PageClient } from "./held-client.ts";
import { reasonText, winnerText } from "./reason-text.ts";
import { REMATCH_LABEL, rematchState } from "./rematch-state.ts";
import type { TableView } from "./view.ts";

export class GameOverDialog {
  readonly element: HTMLElement;
  private readonly section: Section;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  /** Offer a new table (not inside an embed, whose frame is someone else's page). */
  private readonly newTable: boolean;
  private shown = false;
  private focusOnRender = false;
  /** Where the focus was when the card opened, to go back to when it closes. */
  private returnFocus: Element | null = null;

  private readonly onClose: () => void;

  constructor(i18n: I18n, client: PageClient, newTable: boolean, onClose: () => void) {
    this.i18n = i18n;
    this.client = client;
    this.newTable = newTable;
    this.onClose = onClose;
    this.section = new Section(
      h("section", {
        class: "game-over",
        role: "dialog",
        "aria-modal": "false",
        "aria-labelledby": "game-over-heading",
        hidden: true,
      }),
    );
    this.element = this.section.element;
    this.element.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.close();
      }
    });
  }

  get open(): boolean {
    return this.shown;
  }

  /** The game has just ended: the card opens at the next render, and takes the focus. */
  show(): void {
    this.shown = true;
    this.focusOnRender = true;
    this.returnFocus = document.activeElement;
  }

  close(): void {
    if (!this.shown) return;
    this.shown = false;
    this.element.hidden = true;
    const back = this.returnFocus;
    this.returnFocus = null;
    if (this.element.contains(document.activeElement) && back instanceof HTMLElement && back.isConnected) {
      back.focus();
    } else if (this.element.contains(document.activeElement)) {
      (document.activeElement as HTMLElement).blur();
    }
    this.onClose();
  }

  render(view: TableView): void {
    const { model, you, players, names } = view;
    const { i18n } = this;
    if (model.status !== "over" || !model.result) {
      // A new game (a rematch) began: the card has had its day.
      this.shown = false;
      this.element.hidden = true;
      return;
    }
    if (!this.shown) return;
    const rematch = rematchState(model.seats, you).button;
    const key = [model.result, players, names, model.seats, you, rematch, i18n.language];
    this.section.update(key, () => [
      h(
        "div",
        { class: "game-over-head" },
        h("h2", { id: "game-over-heading", tabindex: -1, "data-focus": "game-over-heading" }, i18n.t("gameOver")),
        h(
          "button",
          { type: "button", class: "subtle close", "data-focus": "game-over-close", onclick: () => this.close() },
          i18n.t("close"),
        ),
      ),
      this.winnerLine(view),
      h("p", { class: "end-reason" }, reasonText(i18n, model, players)),
      this.actions(rematch),
    ]);
    this.element.hidden = false;
    if (this.focusOnRender) {
      this.focusOnRender = false;
      this.element.querySelector<HTMLElement>("#game-over-heading")?.focus();
    }
  }

  private winnerLine({ model, players }: TableView): HTMLElement | null {
    const { i18n } = this;
    const line = winnerText(i18n, model, players);
    return line ? h("p", { class: "end-winner" }, line) : null;
  }

  /** The rematch (for those who have one to accept), a new table, and nothing more. */
  private actions(rematch: ReturnType<typeof rematchState>["button"]): HTMLElement {
    const { i18n, client } = this;
    const again = rematch === "accept" || rematch === "also-for-absent" || rematch === "next-game" ? rematch : null;
    return h(
      "div",
      { class: "buttons end-actions" },
      again
        ? h(
            "button",
            {
              type: "button",
              class: "primary rematch",
              "data-focus": "card-rematch",
              onclick: () => {
                client.rematch().catch(() => {});
                this.close();
              },
            },
            i18n.t(REMATCH_LABEL[again]),
          )
        : null,
      this.newTable ? h("a", { class: "new-table-link", href: "/" }, i18n.t("newTable")) : null,
    );
  }
}
