/**
 * The moves of the current game in notation, newest in view, each made by
 * the computer marked (a stopwatch when the player's time ran out, the
 * computer when it plays the seat), and the capture scores. Each move is a
 * button that shows the position after it (the replay); the move shown is
 * marked (aria-current). The moves the board numbers (since your last turn,
 * or a watcher's round) carry the same numbers here, under a line that says
 * what they are. A row's marks stand after its words, beside them: a row
 * too long for its line wraps its words in their own box, and no mark is
 * ever drawn over them.
 */

import type { MovedBy } from "../../../protocol/index.ts";
import { formatPath, variantOf } from "../../../rules/index.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { icon } from "../icons.ts";
import { movesHost } from "./lazy-part.ts";
import type { SinceMove } from "./since-last-turn.ts";
import { VERDICT_GLYPHS, VERDICT_KEYS, type Verdict } from "./verdicts.ts";
import type { TableView } from "./view.ts";

export class MoveList {
  private readonly section: Section;
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  /** A move was clicked: show the position after `ply` actions. */
  private readonly onPick: ((ply: number) => void) | undefined;
  /** What the numbers are, while there are some: a number as the rows show it, and its meaning. */
  private readonly legendText = h("span", {});
  private readonly legend = h(
    "p",
    { class: "since-legend", hidden: true },
    h("span", { class: "since-number", "aria-hidden": "true" }, "1"),
    " ",
    this.legendText,
  );

  /** In `element` (`movesHost`), where the page placed it. */
  constructor(i18n: I18n, onPick?: (ply: number) => void, element = movesHost()) {
    this.section = new Section(element);
    this.element = element;
    this.i18n = i18n;
    this.onPick = onPick;
  }

  /**
   * `shown`: the number of actions whose position the board shows while
   * stepping through the game, null for now; `since`: the moves the board numbers.
   */
  render(
    { model, players, you }: TableView,
    shown: number | null = null,
    since: readonly SinceMove[] = [],
    verdicts: ReadonlyMap<number, Exclude<Verdict, "good">> = new Map(),
  ): void {
    const { i18n } = this;
    const key = [model.gameNumber, model.moves.length, players, i18n.language, model.settings.variant];
    this.section.update(key, () => {
      const history = model.game?.history ?? [];
      const capturing = variantOf(model.settings).captures;
      // The game's own count: a seat freed after the game keeps no standing of its own.
      const captures = capturing ? (model.game?.standings().map((standing) => standing.captures) ?? []) : [];
      return [
        h("div", { class: "moves-head" }, h("h2", {}, i18n.t("moves")), this.legend),
        history.length === 0
          ? h("p", { class: "hint" }, i18n.t("noMoves"))
          : h(
              "ol",
              { class: "move-list" },
              history.map((action, ply) =>
                h(
                  "li",
                  {},
                  h(
                    "button",
                    {
                      type: "button",
                      class: "ply",
                      "data-focus": `ply-${ply + 1}`,
                      onclick: () => this.onPick?.(ply + 1),
                    },
                    // The words in a box of their own, the marks after it (this one, and the since and verdict
                    // marks added below): a long row wraps within its box, never under a mark.
                    h(
                      "span",
                      { class: "ply-text" },
                      h("bdi", { class: "who" }, players[action.player]),
                      " ",
                      h(
                        "span",
                        { class: "notation" },
                        action.kind === "move"
                          ? formatPath(action.move.path)
                          : action.kind === "pass"
                            ? i18n.t("passed")
                            : i18n.t("left"),
                      ),
                      action.kind === "move" && action.move.captured.length > 0
                        ? h("span", { class: "captured" }, ` ×${action.move.captured.length}`)
                        : null,
                    ),
                    this.marker(model.movedBy(ply)),
                  ),
                ),
              ),
            ),
        capturing && model.game
          ? h(
              "p",
              { class: "scores" },
              `${i18n.t("captures")}: `,
              captures.flatMap((n, seat) => [seat > 0 && " · ", h("bdi", {}, players[seat]), ` ${n}`]),
            )
          : null,
      ];
    });
    const list = this.element.querySelector(".move-list");
    const watching = you.seat === null;
    this.legend.hidden = since.length === 0 || !list;
    this.legendText.textContent = i18n.t(watching ? "roundLegend" : "sinceLegend");
    if (!list) return;
    const order = new Map(since.map((move) => [move.ply, move.order]));
    const items = list.children;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as HTMLElement;
      this.markSince(item, order.get(i + 1), watching);
      this.markVerdict(item, verdicts.get(i + 1));
      const current = shown !== null && i === shown - 1;
      item.classList.toggle("shown", current);
      if (current) item.firstElementChild?.setAttribute("aria-current", "step");
      else item.firstElementChild?.removeAttribute("aria-current");
    }
    const item = shown !== null && shown > 0 ? (items[shown - 1] as HTMLElement | undefined) : undefined;
    if (shown === null) list.scrollTop = list.scrollHeight;
    else if (item) {
      // Keep the move shown in sight within the list, without scrolling the page.
      const box = list.getBoundingClientRect();
      const row = item.getBoundingClientRect();
      if (row.top < box.top || row.bottom > box.bottom) list.scrollTop += row.top - box.top - box.height / 2;
    } else list.scrollTop = 0;
  }

  /** Numbers a row the board numbers too (the number is the board's; the words are for screen readers), or unmarks it. */
  private markSince(item: HTMLElement, order: number | undefined, watching: boolean): void {
    item.classList.toggle("since", order !== undefined);
    const button = item.firstElementChild;
    const words = order === undefined ? "" : this.i18n.t(watching ? "roundMark" : "sinceMark", { n: order });
    const old = button?.querySelector(".since-mark");
    // The mark reads "2, move 2 since your last turn": drawn again only when that changes.
    if ((old?.textContent ?? "") === (order === undefined ? "" : `${order}, ${words}`)) return;
    old?.remove();
    if (!button || order === undefined) return;
    button.append(
      h(
        "span",
        { class: "since-mark", "data-order": String(order) },
        h("span", { class: "since-number", "aria-hidden": "true" }, String(order)),
        h("span", { class: "visually-hidden" }, `, ${words}`),
      ),
    );
  }

  /** Marks a move with the analysis's verdict, as Lichess does (?! ? ??), or unmarks it. */
  private markVerdict(item: HTMLElement, verdict: Exclude<Verdict, "good"> | undefined): void {
    const button = item.firstElementChild;
    const old = button?.querySelector<HTMLElement>(".verdict-mark");
    const words = verdict ? this.i18n.t(VERDICT_KEYS[verdict]) : "";
    if ((old?.dataset.verdict ?? "") === (verdict ?? "") && (old?.textContent ?? "").endsWith(words)) return;
    old?.remove();
    if (!button || !verdict) return;
    button.append(
      h(
        "span",
        { class: `verdict-mark ${verdict}`, "data-verdict": verdict },
        h("span", { "aria-hidden": "true" }, VERDICT_GLYPHS[verdict]),
        h("span", { class: "visually-hidden" }, `, ${words}`),
      ),
    );
  }

  /** The mark of a move its player did not make. */
  private marker(by: MovedBy | undefined): HTMLElement | null {
    if (by === undefined) return null;
    const label = this.i18n.t(by === "timeout" ? "movedByTimeout" : "movedByComputer");
    return h("span", { class: `moved-by ${by}` }, icon(by === "timeout" ? "stopwatch" : "computer", label));
  }
}
