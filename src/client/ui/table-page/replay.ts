/**
 * Stepping through the current game's moves: first, back, forward and the
 * current position, a line saying which move is shown ("Viewing move 12 of
 * 30") with a button back to now, and a tag on the board. While the past is
 * shown the board shows that position (`positionAt`, the engine's replay) and
 * takes no move. A move that arrives meanwhile does not pull the view away:
 * the count goes up and the view stays where the player is looking, one click
 * (or End) from the present; a new game goes back to the present.
 *
 * Keys, with the focus on the controls: left and right arrows step, Home goes
 * to the start, End to now. Elsewhere on the page the arrows step too
 * (`pageKey`), as on Lichess. Clicking a move in the move list shows the
 * position after it.
 */
import { type Game, holeName } from "../../../rules/index.ts";
import type { LastMove, TableModel } from "../../sdk/model.ts";
import { h } from "../dom.ts";
import type { I18n, MessageKey } from "../i18n/index.ts";
import { type PastPosition, positionAt } from "./replay-position.ts";
import type { TableView } from "./view.ts";

const SVG = "http://www.w3.org/2000/svg";

function glyph(d: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "glyph");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/** Each control's glyph in a 24 × 24 box: bars and triangles, drawn in the text's colour. */
const GLYPHS = {
  first: "M5 5h2.5v14H5zM19 5v14L9 12z",
  back: "M17 5v14L6 12z",
  forward: "M7 5v14l11-7z",
  last: "M16.5 5H19v14h-2.5zM5 5v14l10-7z",
} as const;

type Control = keyof typeof GLYPHS;

const LABELS: Record<Control, MessageKey> = {
  first: "replayFirst",
  back: "replayBack",
  forward: "replayForward",
  last: "replayLast",
};

interface ReplayOptions {
  /** The view changed: the page draws again. */
  readonly onChange: () => void;
  /** One step forward: the page may animate the move just shown. */
  readonly onStepForward?: (move: LastMove) => void;
}

export class Replay {
  /** The controls and the line saying which move is shown. */
  readonly element: HTMLElement;
  /** The tag on the board while the past is shown (the controls' line says it to screen readers). */
  readonly tag = h("p", { class: "replay-tag", "aria-hidden": "true", hidden: true });
  private readonly i18n: I18n;
  private readonly options: ReplayOptions;
  private readonly buttons: Record<Control, HTMLButtonElement>;
  private readonly status = h("span", { class: "replay-status" });
  private readonly backToNow: HTMLButtonElement;
  private readonly said = h("p", { class: "visually-hidden", "aria-live": "polite" });
  /** The number of actions shown, or null for the present. */
  private shownPly: number | null = null;
  private gameNumber = 0;
  private game: Game | null = null;
  private total = 0;
  private cache: { gameNumber: number; position: PastPosition } | null = null;

  constructor(i18n: I18n, options: ReplayOptions) {
    this.i18n = i18n;
    this.options = options;
    const button = (control: Control) =>
      h(
        "button",
        {
          type: "button",
          class: `replay-${control}`,
          "data-focus": `replay-${control}`,
          onclick: () => this.press(control),
        },
        glyph(GLYPHS[control]),
      );
    this.buttons = { first: button("first"), back: button("back"), forward: button("forward"), last: button("last") };
    this.backToNow = h("button", { type: "button", class: "replay-now", onclick: () => this.goLive() });
    const controls = h(
      "div",
      { class: "replay-controls" },
      this.buttons.first,
      this.buttons.back,
      this.buttons.forward,
      this.buttons.last,
    );
    this.element = h(
      "div",
      { class: "replay", role: "group", hidden: true },
      controls,
      h("p", { class: "replay-line" }, this.status, this.backToNow),
      this.said,
    );
    this.element.addEventListener("keydown", (event) => this.onKey(event));
  }

  /** The number of actions shown while the past is shown; null for the present. */
  get ply(): number | null {
    return this.shownPly;
  }

  /** Whether the board shows the past (and so takes no move). */
  get past(): boolean {
    return this.shownPly !== null;
  }

  /** The position to show while the past is shown; null for the present. */
  position(model: TableModel): PastPosition | null {
    const { game } = model;
    if (this.shownPly === null || !game) return null;
    const cached = this.cache;
    if (cached && cached.gameNumber === model.gameNumber && cached.position.ply === this.shownPly)
      return cached.position;
    const position = positionAt(game, this.shownPly);
    this.cache = { gameNumber: model.gameNumber, position };
    return position;
  }

  /** Shows the position after `ply` actions; the whole history is the present. */
  goTo(ply: number): void {
    const target = Math.max(0, Math.min(ply, this.total));
    const from = this.shownPly ?? this.total;
    const next = target >= this.total ? null : target;
    if (next === this.shownPly) return;
    this.shownPly = next;
    this.options.onChange();
    if (target === from + 1) this.stepped(target);
  }

  goLive(): void {
    this.goTo(this.total);
  }

  render({ model }: TableView): void {
    const { i18n } = this;
    this.game = model.game;
    const history = model.game?.history ?? [];
    // A new game (or none) starts from the present.
    if (model.gameNumber !== this.gameNumber || history.length === 0) {
      this.gameNumber = model.gameNumber;
      this.shownPly = null;
    }
    this.total = history.length;
    if (this.shownPly !== null && this.shownPly >= this.total) this.shownPly = null;
    this.element.hidden = this.total === 0;
    this.element.setAttribute("aria-label", i18n.t("replayControls"));
    this.element.title = i18n.t("replayKeys");
    const at = this.shownPly ?? this.total;
    const enabled: Record<Control, boolean> = {
      first: at > 0,
      back: at > 0,
      forward: this.shownPly !== null,
      last: this.shownPly !== null,
    };
    for (const control of Object.keys(this.buttons) as Control[]) {
      const button = this.buttons[control];
      const label = i18n.t(LABELS[control]);
      button.setAttribute("aria-label", label);
      button.title = label;
      // Not `disabled`: a button pressed to its end keeps the focus, so the keys go on working.
      button.setAttribute("aria-disabled", String(!enabled[control]));
    }
    const past = this.shownPly !== null;
    const text =
      this.shownPly === null
        ? i18n.t("replayLast")
        : this.shownPly === 0
          ? i18n.t("replayViewingStart")
          : i18n.t("replayViewing", { n: this.shownPly, total: this.total });
    this.status.textContent = text;
    this.backToNow.textContent = i18n.t("replayBackToNow");
    this.backToNow.hidden = !past;
    this.element.classList.toggle("past", past);
    this.said.textContent = past ? text : "";
    this.tag.hidden = !past;
    this.tag.textContent =
      this.shownPly === 0 ? i18n.t("replayFirst") : i18n.t("replayPill", { n: this.shownPly ?? 0, total: this.total });
  }

  private press(control: Control): void {
    const at = this.shownPly ?? this.total;
    if (control === "first") this.goTo(0);
    if (control === "back") this.goTo(at - 1);
    if (control === "forward") this.goTo(at + 1);
    if (control === "last") this.goLive();
  }

  /**
   * A key pressed anywhere on the page that nothing else took: left and right
   * arrows step through the game while there is one to step through. Fields,
   * the board (whose arrows move between holes) and the controls themselves
   * keep their keys.
   */
  pageKey(event: KeyboardEvent): void {
    if (this.element.hidden || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("input, textarea, select, [contenteditable], svg.board, .replay")) return;
    const control = event.key === "ArrowLeft" ? "back" : event.key === "ArrowRight" ? "forward" : null;
    if (!control) return;
    event.preventDefault();
    this.press(control);
  }

  private onKey(event: KeyboardEvent): void {
    const keys: Partial<Record<string, Control>> = {
      ArrowLeft: "back",
      ArrowRight: "forward",
      Home: "first",
      End: "last",
    };
    const control = keys[event.key];
    if (!control) return;
    event.preventDefault();
    this.press(control);
  }

  /** The move that leads to the position after `ply` actions, when it is a move: the page animates it. */
  private stepped(ply: number): void {
    const action = this.game?.history[ply - 1];
    if (action?.kind !== "move") return;
    this.options.onStepForward?.({
      seat: action.player,
      path: action.move.path.map(holeName),
      captured: action.move.captured.map(holeName),
    });
  }
}
