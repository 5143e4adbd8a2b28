/**
 * "Open to anyone: list in the lobby": the host's switch in the waiting
 * room (issue 31). Checked, the table is listed in the lobby (`/lobby`) in
 * the language the host reads the page in, where strangers find it, take a
 * free seat, and later watch its game; unchecked, only those with the link
 * find it. The switch shows the table's `listedIn`, as every client's model
 * folds it from the `listing` event, so a second tab of the host's follows.
 */
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { PageClient } from "./held-client.ts";
import type { TableView } from "./view.ts";

export class ListingToggle {
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  private readonly checkbox = h("input", { type: "checkbox", id: "list-in-lobby", "aria-describedby": "listing-hint" });
  private readonly label = h("span", {});
  private readonly hint = h("p", { class: "listing-hint", id: "listing-hint" });
  /** While the request is on its way, the box shows what was asked, not the model's older state. */
  private busy = false;
  private listed = false;

  constructor(i18n: I18n, client: PageClient) {
    this.i18n = i18n;
    this.client = client;
    this.checkbox.addEventListener("change", () => void this.set(this.checkbox.checked));
    this.element = h(
      "div",
      { class: "listing-toggle", hidden: true },
      h("label", { class: "option-toggle", for: "list-in-lobby" }, this.checkbox, this.label),
      this.hint,
    );
  }

  /** Shown to the host while the table waits for its players; `shown` is false for an embedded table. */
  render({ model, you }: TableView, shown: boolean): void {
    this.element.hidden = !(shown && you.host && model.status === "waiting");
    this.label.textContent = this.i18n.t("listInLobby");
    this.hint.textContent = this.i18n.t("listInLobbyHint");
    this.listed = model.listedIn !== null;
    if (!this.busy) this.checkbox.checked = this.listed;
  }

  private async set(listed: boolean): Promise<void> {
    this.busy = true;
    try {
      // The table is listed in the language its host reads: the language its players will likely share.
      await this.client.setListing(listed, this.i18n.language);
    } catch {
      // Refused or lost: the client's error event tells the page's notices why; the box shows the table as it is.
    } finally {
      this.busy = false;
      this.checkbox.checked = this.listed;
    }
  }
}
