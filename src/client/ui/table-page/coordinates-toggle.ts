/**
 * The switch that names the holes at the ends of the board's rows (the
 * coordinates, as the move list writes them): off until the player turns it
 * on; the choice is the browser's, kept in localStorage when the browser
 * allows it, as the board's turn is.
 */

import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { PageBoard } from "./board-slot.ts";

const STORAGE_KEY = "chinese-checkers:coordinates";

export class CoordinatesToggle {
  /** The checkbox with its label, for the foot of the side panel. */
  readonly element: HTMLLabelElement;
  private readonly checkbox: HTMLInputElement;
  private readonly label = h("span", {});
  private readonly i18n: I18n;
  private readonly board: PageBoard;
  private readonly store: Storage | undefined;

  constructor(i18n: I18n, board: PageBoard, store: Storage | undefined) {
    this.i18n = i18n;
    this.board = board;
    this.store = store;
    this.checkbox = h("input", { type: "checkbox", id: "coordinates", checked: read(store) === "on" });
    this.checkbox.addEventListener("change", () => this.set(this.checkbox.checked));
    this.element = h("label", { class: "option-toggle", for: "coordinates" }, this.checkbox, this.label);
    this.board.setCoordinates(this.checkbox.checked);
    this.relabel();
  }

  relabel(): void {
    this.label.textContent = this.i18n.t("coordinates");
    this.element.title = this.i18n.t("coordinatesTitle");
  }

  private set(on: boolean): void {
    this.board.setCoordinates(on);
    try {
      this.store?.setItem(STORAGE_KEY, on ? "on" : "off");
    } catch {
      // Not kept: the choice lasts for this page.
    }
  }
}

function read(store: Storage | undefined): string | null {
  try {
    return store?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
