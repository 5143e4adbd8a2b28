/**
 * "Notify me when it is my turn": a seated player's switch for Web Push
 * notifications from this table (ui/push/). Hidden for spectators, in a
 * browser that cannot show them, and when the service sends none.
 */
import type { TableClient } from "../../sdk/client.ts";
import { TableError } from "../../sdk/errors.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { isLanguage } from "../i18n/index.ts";
import {
  browserSubscription,
  notifiedEndpoint,
  pushKey,
  pushSupport,
  rememberNotified,
  renewedSubscription,
} from "../push/browser-push.ts";
import { notifyHost } from "./lazy-part.ts";
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
  private keyAsked = false;
  private busy = false;
  /** Whether this visit has checked that the table holds this browser's current subscription. */
  private renewed = false;

  constructor(i18n: I18n, client: TableClient, tableId: string, store: Storage | undefined, element = notifyHost()) {
    this.i18n = i18n;
    this.client = client;
    this.tableId = tableId;
    this.store = store;
    this.checkbox = h("input", { type: "checkbox", id: "notify" });
    this.checkbox.addEventListener("change", () => void this.set(this.checkbox.checked));
    this.element = element;
    element.append(h("label", { class: "option-toggle", for: "notify" }, this.checkbox, this.label), this.note);
  }

  render(view: TableView): void {
    this.view = view;
    const seated = view.you.seat !== null;
    // Asked for once a seat is taken: a spectator's page does not fetch the key.
    if (seated && !this.keyAsked && pushSupport() !== "unsupported") {
      this.keyAsked = true;
      void pushKey().then((key) => {
        this.key = key;
        if (this.view) this.render(this.view);
      });
    }
    this.element.hidden = !seated || this.key === null;
    this.label.textContent = this.i18n.t("notifyMe");
    if (!this.busy) this.checkbox.checked = seated && notifiedEndpoint(this.store, this.tableId) !== null;
    if (seated && this.key !== null && !this.renewed) void this.renew(this.key);
  }

  /**
   * Once a visit, for a table this browser asked to be notified by: if its
   * subscription changed since (the service's key was rotated, or the
   * browser replaced it), the table is given the new one.
   */
  private async renew(key: string): Promise<void> {
    this.renewed = true;
    const endpoint = notifiedEndpoint(this.store, this.tableId);
    if (endpoint === null) return;
    try {
      const subscription = await renewedSubscription(key, endpoint);
      if (!subscription) return;
      const language = this.i18n.language;
      await this.client.subscribePush(subscription, isLanguage(language) ? language : "en");
      await this.client.unsubscribePush(endpoint);
      rememberNotified(this.store, this.tableId, subscription.endpoint);
    } catch {
      // Tried again on the next visit; the switch still shows what was asked.
    }
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
