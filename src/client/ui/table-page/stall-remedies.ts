/**
 * When the player to move has lost the connection, the other players may,
 * once a grace period has passed, let the computer play for them until they
 * come back, or count them out (confirmed by a second click). The page does
 * not know the grace period's start: the server does, and answers a remedy
 * asked too early with `not-stalled`, which the page shows as a notice.
 */
import type { TableClient } from "../../sdk/index.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { Confirmation } from "./confirmation.ts";
import { stalledSeat } from "./stall.ts";
import type { TableView } from "./view.ts";

export class StallRemedies {
  private readonly section = new Section(h("section", { class: "stall", "aria-live": "polite" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;
  private readonly client: TableClient;
  private readonly confirmation: Confirmation;

  constructor(i18n: I18n, client: TableClient, confirmation: Confirmation) {
    this.i18n = i18n;
    this.client = client;
    this.confirmation = confirmation;
  }

  render({ model, you, names }: TableView): void {
    const { i18n, client, confirmation } = this;
    // Offline, this page's idea of who is connected is stale: it offers nothing until it is back.
    const seat = client.connection === "open" ? stalledSeat(model, you) : null;
    const action = `count-out-${seat}`;
    this.section.update([seat, names, confirmation.armed(action), i18n.language], () => {
      if (seat === null) return [];
      const name = names[seat] ?? "";
      const armed = confirmation.armed(action);
      return [
        h("p", {}, i18n.t("stallNotice", { name })),
        h(
          "div",
          { class: "buttons" },
          h(
            "button",
            {
              type: "button",
              class: "remedy-computer",
              "data-focus": "remedy-computer",
              onclick: () => client.remedy(seat, "computer").catch(() => {}),
            },
            i18n.t("letComputerPlay", { name }),
          ),
          h(
            "button",
            {
              type: "button",
              class: `subtle remedy-resign${armed ? " confirm" : ""}`,
              "data-focus": "remedy-resign",
              onclick: () => {
                if (confirmation.click(action)) client.remedy(seat, "resign").catch(() => {});
              },
            },
            armed ? i18n.t("confirmCountOut", { name }) : i18n.t("countOut", { name }),
          ),
        ),
      ];
    });
  }
}
