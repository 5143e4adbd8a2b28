/**
 * The board turned so that a seated player's own point is at the bottom, and
 * the button that turns it back (aria-pressed: pressed while it is turned).
 * The choice is the browser's, kept in localStorage when the browser allows
 * it. Spectators see the board as it is (N at the top), and so does a player
 * whose point is already at the bottom: the button is hidden for them.
 */
import { BOARD_TURN_COOKIE, BOARD_TURN_COOKIE_MAX_AGE } from "../../../protocol/table-picture.ts";
import type { Settings } from "../../../rules/index.ts";
import { homePoint, type Sixths, sixthsToBottom } from "../board-turn.ts";
import { h } from "../dom.ts";
import type { Cookies, I18n } from "../i18n/index.ts";
import type { PageBoard } from "./board-slot.ts";
import type { TableView } from "./view.ts";

const STORAGE_KEY = "chinese-checkers:turn-board";

/** How far to turn the board for a seat (0 for a spectator), when the player wants it turned. */
export function turnFor(settings: Settings, seat: number | null, wanted: boolean): Sixths {
  if (seat === null || !wanted) return 0;
  const home = homePoint(settings, seat);
  return home ? sixthsToBottom(home) : 0;
}

export class TurnToggle {
  readonly element: HTMLButtonElement;
  private readonly label = h("span", { class: "turn-board-label" });
  private readonly i18n: I18n;
  private readonly board: PageBoard;
  private readonly store: Storage | undefined;
  private wanted: boolean;
  private view: TableView | null = null;
  /** The turn last kept for the page's address (`keepBoardTurn`). */
  private kept: Sixths | null = null;

  constructor(i18n: I18n, board: PageBoard, store: Storage | undefined) {
    this.i18n = i18n;
    this.board = board;
    this.store = store;
    this.wanted = wantsBoardTurned(store);
    this.element = h(
      "button",
      { type: "button", class: "turn-board", hidden: true, onclick: () => this.toggle() },
      turnGlyph(),
      this.label,
    );
  }

  render(view: TableView): void {
    this.view = view;
    const { model, you } = view;
    const possible = turnFor(model.settings, you.seat, true);
    this.element.hidden = possible === 0;
    this.element.setAttribute("aria-pressed", String(this.wanted));
    this.label.textContent = this.i18n.t("turnBoard");
    this.element.title = this.i18n.t("turnBoardTitle");
    const turn = turnFor(model.settings, you.seat, this.wanted);
    this.board.setTurn(turn);
    // Read and written only when the turn changes, not at every drawing of the table.
    if (turn !== this.kept) keepBoardTurn(turn);
    this.kept = turn;
  }

  private toggle(): void {
    this.wanted = !this.wanted;
    try {
      this.store?.setItem(STORAGE_KEY, this.wanted ? "yes" : "no");
    } catch {
      // Not kept: the choice lasts for this page.
    }
    if (this.view) this.render(this.view);
  }
}

/**
 * Keeps the board's turn for the page's address (`board-turn`), from which
 * the worker draws the board in the page's HTML turned as this page will
 * draw it (src/server/http/table-picture.ts). Written only when it changes.
 */
export function keepBoardTurn(sixths: Sixths, cookies: Cookies = document): void {
  const cookie = `${BOARD_TURN_COOKIE}=${sixths}`;
  try {
    if (cookies.cookie.split("; ").includes(cookie)) return;
    cookies.cookie = `${cookie}; Path=${location.pathname}; Max-Age=${BOARD_TURN_COOKIE_MAX_AGE}; SameSite=Lax`;
  } catch {
    // Cookies may be refused (a sandboxed frame): the worker then draws the board unturned, and the page turns it.
  }
}

/** Whether this browser wants the board turned to its player's side: yes, unless it said no. */
export function wantsBoardTurned(store: Storage | undefined): boolean {
  try {
    return store?.getItem(STORAGE_KEY) !== "no";
  } catch {
    return true;
  }
}

/** Two arrows round a circle, in the text's colour. */
function turnGlyph(): SVGSVGElement {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 24 24",
    class: "glyph",
    "aria-hidden": "true",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  }))
    svg.setAttribute(name, value);
  for (const d of ["M20 12a8 8 0 0 1-13.7 5.6", "M4 12a8 8 0 0 1 13.7-5.6", "M17.7 2.5v4h-4", "M6.3 21.5v-4h4"]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}
