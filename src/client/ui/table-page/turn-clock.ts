/** The seconds left for the move while the table has a turn clock, counted down every second. */
import type { TableClient } from "../../sdk/index.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";

export class TurnClock {
  readonly element = h("p", { class: "clock", hidden: true });
  private readonly i18n: I18n;
  private readonly client: TableClient;

  constructor(i18n: I18n, client: TableClient) {
    this.i18n = i18n;
    this.client = client;
    setInterval(() => this.render(), 1000);
  }

  render(): void {
    const model = this.client.model;
    if (!model || model.deadline === null || model.status !== "playing") {
      this.element.hidden = true;
      return;
    }
    this.element.hidden = false;
    const seconds = Math.max(0, Math.ceil((model.deadline - Date.now()) / 1000));
    this.element.textContent = this.i18n.t("timeLeft", { s: seconds });
    this.element.classList.toggle("urgent", seconds <= 10);
  }
}
