/**
 * On the page of a player whose seat the computer plays (their time ran out
 * three turns in a row, or the others handed the seat over while they were
 * gone): a notice saying so, with the button that takes the seat back.
 * Moving on one's turn takes it back too.
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { icon } from "../icons.ts";
import type { PageClient } from "./held-client.ts";
import type { TableView } from "./view.ts";

export class AwayNotice {
  private readonly section = new Section(h("section", { class: "away-notice", "aria-live": "polite" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;
  private readonly client: PageClient;

  constructor(i18n: I18n, client: PageClient) {
    this.i18n = i18n;
    this.client = client;
  }

  render({ model, you }: TableView): void {
    const { i18n, client } = this;
    const away = model.status === "playing" && you.seat !== null && model.isAway(you.seat);
    this.section.update([away, i18n.language], () => {
      if (!away) return [];
      return [
        h("p", {}, icon("computer"), i18n.t("awayNotice")),
        h(
          "button",
          { type: "button", class: "primary back", "data-focus": "back", onclick: () => client.back().catch(() => {}) },
          i18n.t("takeSeatBack"),
        ),
      ];
    });
  }
}
