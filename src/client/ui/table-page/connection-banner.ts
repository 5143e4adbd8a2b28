/** The line above the table while the connection is not open: connecting, reconnecting, or the table is gone. */
import type { ConnectionState } from "../../sdk/client.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";

export class ConnectionBanner {
  private readonly section = new Section(h("div", { class: "connection", role: "status" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render(connection: ConnectionState): void {
    const { i18n } = this;
    this.section.update([connection, i18n.language], () => {
      if (connection === "reconnecting") return [h("p", { class: "reconnecting" }, i18n.t("reconnecting"))];
      if (connection === "connecting") return [h("p", { class: "connecting" }, i18n.t("connecting"))];
      if (connection === "closed") return [h("p", { class: "closed" }, i18n.t("tableGone"))];
      return [];
    });
  }
}
