/**
 * Between games the host chooses who begins the next games: a seat, or drawn
 * at random for each game. Everyone else reads the choice in the status line.
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { PageClient } from "./held-client.ts";
import type { TableView } from "./view.ts";

export class FirstPlayerChoice {
  private readonly section = new Section(h("section", { class: "first-player-choice" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;
  private readonly client: PageClient;

  constructor(i18n: I18n, client: PageClient) {
    this.i18n = i18n;
    this.client = client;
  }

  render({ model, you, names }: TableView): void {
    const { i18n, client } = this;
    this.section.update([model.status, you.host, model.firstPlayer, names, i18n.language], () => {
      if (!you.host || model.status === "playing") return [];
      const select = h(
        "select",
        {
          id: "next-first-player",
          "data-focus": "first-player",
          onchange: () => {
            const seat = select.value === "" ? null : Number(select.value);
            client.chooseFirstPlayer(seat).catch(() => {});
          },
        },
        h("option", { value: "", selected: model.firstPlayer === null }, i18n.t("firstPlayerRandom")),
        names.map((name, seat) => h("option", { value: seat, selected: model.firstPlayer === seat }, name)),
      );
      return [h("label", { for: "next-first-player" }, i18n.t("whoBegins")), select];
    });
  }
}
