/**
 * The time left for the move while the table has a turn clock: in the status
 * line and in the row of the seat to move, counted down every second from the
 * server's time (`client.serverNow()`), so a local clock that is off does not
 * shift it.
 */
import { formatClock, secondsLeft } from "../clock-format.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { PageClient } from "./held-client.ts";

/** Below this many seconds the clock turns red. */
const URGENT_SECONDS = 10;

export class TurnClock {
  readonly element = h("p", { class: "clock", hidden: true });
  /** The same reading, for the seats to show in the row of the seat to move. */
  readonly seatElement = h("span", { class: "clock seat-clock" });
  private readonly i18n: I18n;
  private readonly client: PageClient;

  constructor(i18n: I18n, client: PageClient) {
    this.i18n = i18n;
    this.client = client;
    setInterval(() => this.render(), 1000);
  }

  render(): void {
    const model = this.client.model;
    const deadline = model?.status === "playing" ? model.deadline : null;
    this.element.hidden = deadline === null;
    if (deadline === null) return;
    const seconds = secondsLeft(deadline, this.client.serverNow());
    const time = formatClock(seconds, (d, h) => this.i18n.t("clockDaysHours", { d, h }));
    const urgent = seconds < URGENT_SECONDS;
    this.element.textContent = this.i18n.t("timeLeft", { time });
    this.seatElement.textContent = time;
    this.element.classList.toggle("urgent", urgent);
    this.seatElement.classList.toggle("urgent", urgent);
  }
}
