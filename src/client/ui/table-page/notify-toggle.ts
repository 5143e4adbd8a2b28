/**
 * "Notify me when it is my turn": a seated player's switch for Web Push
 * notifications from this table (ui/push/). Hidden for spectators, in a
 * browser that cannot show them, and when the service sends none.
 */
import { type TableClient, TableError } from "../../sdk/index.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { isLanguage } from "../i18n/index.ts";
import { browserSubscription, notifiedEndpoint, pushKey, pushSupport, rememberNotified } from "../push/browser-push.ts";
import type { TableView } from "./view.ts";

export class NotifyToggle {
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  private readonly client: TableClient;
  private readonly tableId: string;
  private readonly store: Storage | undefined;
  private readonly checkbox: HTMLInputElement;
  private readonly label = h("span", {});
  private readonly note = h("p", { class: "notify-note", role: "status" });
  private view: TableView | null = null;
  private key: string | null = null;
  private busy = false;

  constructor(i18n: I18n, client: TableClient, tableId: string, store: Storage | undefined) {
    this.i18n = i18n;
    this.client = client;
    this.tableId = tableId;
    this.store = store;
    this.checkbox = h("input", { type: "checkbox", id: "notify" });
    this.checkbox.addEventListener("change", () => void this.set(this.checkbox.checked));
    this.element = h(
      "div",
      { class: "notify-toggle", hidden: true },
      h("label", { class: "option-toggle", for: "notify" }, this.checkbox, this.label),
      this.note,
    );
    if (pushSupport() !== "unsupported") {
      void pushKey().then((key) => {
        this.key = key;
        if (this.view) this.render(this.view);
      });
    }
  }

  render(view: TableView): void {
    this.view = view;
    const seated = view.you.seat !== null;
    this.element.hidden = !seated || this.key === null;
    this.label.textContent = this.i18n.t("notifyMe");
    if (!this.busy) this.checkbox.checked = seated && notifiedEndpoint(this.store, this.tableId) !== null;
  }

  private async set(on: boolean): Promise<void> {
    if (this.key === null || this.busy) return;
    this.busy = true;
    this.checkbox.disabled = true;
    this.note.textContent = "";
    try {
      if (on) {
        const subscription = await browserSubscription(this.key);
        const language = this.i18n.language;
        await this.client.subscribePush(subscription, isLanguage(language) ? language : "en");
        rememberNotified(this.store, this.tableId, subscription.endpoint);
        this.note.textContent = this.i18n.t("notifyOn");
      } else {
        const endpoint = notifiedEndpoint(this.store, this.tableId);
        if (endpoint !== null) await this.client.unsubscribePush(endpoint);
        rememberNotified(this.store, this.tableId, null);
      }
    } catch (error) {
      this.checkbox.checked = !on;
      this.note.textContent =
        error instanceof DOMException && error.name === "NotAllowedError"
          ? this.i18n.t(pushSupport() === "blocked" ? "notifyBlocked" : "notifyFailed", { reason: error.message })
          : error instanceof TableError
            ? this.i18n.error(error.code)
            : this.i18n.t("notifyFailed", { reason: error instanceof Error ? error.message : String(error) });
    } finally {
      this.busy = false;
      this.checkbox.disabled = false;
    }
  }
}
