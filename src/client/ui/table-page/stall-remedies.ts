/**
 * When the player to move has lost the connection, the other players may,
 * once a grace period has passed, let the computer play for them until they
 * come back, or count them out (confirmed by a second click). The server's
 * presence says since when the player is gone and how long the grace is
 * (`model.remedyAt`): until then the page counts down, every second, with
 * the buttons disabled; the server refuses a remedy asked too early anyway.
 */
import { formatClock, secondsLeft } from "../clock-format.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { Confirmation } from "./confirmation.ts";
import type { PageClient } from "./held-client.ts";
import { stalledSeat } from "./stall.ts";
import type { TableView } from "./view.ts";

export class StallRemedies {
  private readonly section = new Section(h("section", { class: "stall", "aria-live": "polite" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  private readonly confirmation: Confirmation;
  private last: TableView | undefined;

  constructor(i18n: I18n, client: PageClient, confirmation: Confirmation) {
    this.i18n = i18n;
    this.client = client;
    this.confirmation = confirmation;
    // The countdown to when the others may act.
    setInterval(() => {
      if (this.last) this.render(this.last);
    }, 1000);
  }

  render(view: TableView): void {
    this.last = view;
    const { model, you, names } = view;
    const { i18n, client, confirmation } = this;
    // Offline, this page's idea of who is connected is stale: it offers nothing until it is back.
    const seat = client.connection === "open" ? stalledSeat(model, you) : null;
    const action = `count-out-${seat}`;
    const { remedyAt } = model;
    const wait = remedyAt === null ? 0 : secondsLeft(remedyAt, client.serverNow());
    this.section.update([seat, names, confirmation.armed(action), wait, i18n.language], () => {
      if (seat === null) return [];
      const name = names[seat] ?? "";
      const armed = confirmation.armed(action);
      const time = formatClock(wait, (d, h) => i18n.t("clockDaysHours", { d, h }));
      return [
        h("p", {}, wait > 0 ? i18n.t("stallNotice", { name, time }) : i18n.t("stallNoticeReady", { name })),
        h(
          "div",
          { class: "buttons" },
          h(
            "button",
            {
              type: "button",
              class: "remedy-computer",
              "data-focus": "remedy-computer",
              disabled: wait > 0,
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
              disabled: wait > 0,
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
