/**
 * "A finished game worth studying": after a race game, under the replay, a
 * button that analyses the game in the browser, off the page's thread (the
 * analysis worker, /build/analysis.js, runs src/bots/analysis.ts), with a
 * progress bar; then the race chart (`analysis/chart.ts`), a line on the
 * position the replay shows (each side's moves to finish before and after
 * the move, the computer's better move and what the move lost), and the moves
 * that lost the most as buttons. Clicking a point or a mark shows that
 * position in the replay, where the board draws the better move as an arrow
 * (`betterMove`). The move list marks each move's verdict (`verdicts`).
 *
 * The capture variant has no race to measure: a note says so instead of
 * the button. A new game (a rematch) ends an analysis under way and clears
 * the last one.
 */
import { checked } from "../../../protocol/schema.ts";
import { formatPath, holeName, type Point, seating, variantOf } from "../../../rules/index.ts";
import { MARKED, RaceChart } from "../analysis/chart.ts";
import {
  type AnalysisReply,
  AnalysisReplySchema,
  analysisRequest,
  type GameAnalysisWire,
  type MoveReviewWire,
} from "../analysis/protocol.ts";
import { swatch } from "../colours.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { analysisHost } from "./lazy-part.ts";
import { VERDICT_GLYPHS, VERDICT_KEYS, type Verdict } from "./verdicts.ts";
import type { TableView } from "./view.ts";

/** Where the worker is served (scripts/build-client.mjs builds it; the worker serves public/build/ as files). */
export const ANALYSIS_WORKER_URL = "/build/analysis.js";

/** The most moves the list of those that lost the most names: the worst, in the order they were played. */
const LISTED = 8;

type State =
  | { readonly kind: "idle" }
  | { readonly kind: "running"; readonly id: number; readonly done: number; readonly total: number }
  | { readonly kind: "done"; readonly analysis: GameAnalysisWire }
  | { readonly kind: "failed" };

interface PanelOptions {
  /** Show the position after `ply` actions in the replay. */
  readonly onPick: (ply: number) => void;
  /** The analysis changed (its verdicts and arrows are drawn elsewhere): the page draws again. */
  readonly onChange: () => void;
  /** Makes the worker (a test may give its own). */
  readonly worker?: () => Worker;
}

export class AnalysisPanel {
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  private readonly options: PanelOptions;
  private state: State = { kind: "idle" };
  private worker: Worker | null = null;
  private requests = 0;
  private gameNumber: number | null = null;
  private view: TableView | null = null;
  private shown = 0;
  /** What the drawn part shows, so that it is drawn again only when that changes. */
  private drawnKey = "";
  private chart: RaceChart | null = null;
  private readonly heading = h("h2", { class: "analysis-heading" });
  private readonly body = h("div", { class: "analysis-body" });
  private readonly progress = h("div", {
    class: "analysis-progress",
    role: "progressbar",
    "aria-valuemin": "0",
    "data-focus": "analysis-progress",
    tabindex: "-1",
  });
  private readonly progressFill = h("div", { class: "analysis-progress-fill" });
  private readonly progressText = h("p", { class: "analysis-text analysis-progress-text" });
  /** Not a live region: the replay's own line says which move is shown as it changes; this is read on demand. */
  private readonly details = h("div", { class: "analysis-details" });

  /** The panel's width when the chart was drawn: it is drawn again when the panel's changes much. */
  private chartWidth = 0;

  constructor(i18n: I18n, options: PanelOptions, element = analysisHost()) {
    this.element = element;
    this.i18n = i18n;
    this.options = options;
    this.progress.append(this.progressFill);
    this.element.append(this.heading, this.body);
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => {
        const width = this.element.clientWidth;
        if (this.chart && width > 0 && Math.abs(width - this.chartWidth) > 24) this.relabel();
      }).observe(this.element);
    }
  }

  /** The analysis shown, if it is done. */
  get analysis(): GameAnalysisWire | null {
    return this.state.kind === "done" ? this.state.analysis : null;
  }

  /** The verdict on each move that has one worth marking, by its place in the history (from 1). */
  verdicts(): ReadonlyMap<number, Exclude<Verdict, "good">> {
    const marks = new Map<number, Exclude<Verdict, "good">>();
    for (const review of this.analysis?.moves ?? []) {
      if (review && review.verdict !== "good") marks.set(review.ply, review.verdict);
    }
    return marks;
  }

  /** The better move of the move that led to the position after `ply` actions, as hole names, if it lost tempo. */
  betterMove(ply: number): readonly string[] | null {
    const review = this.analysis?.moves[ply - 1];
    return review?.best ? review.best.map(holeName) : null;
  }

  /** `shown`: the number of actions whose position the board shows, null for the end. */
  render(view: TableView, shown: number | null): void {
    this.view = view;
    const { model } = view;
    const history = model.game?.history ?? [];
    if (model.gameNumber !== this.gameNumber) {
      this.gameNumber = model.gameNumber;
      this.stop();
      this.state = { kind: "idle" };
    }
    const over = model.status === "over" && model.game !== null && history.length > 0;
    this.element.hidden = !over;
    if (!over) {
      this.stop();
      return;
    }
    this.shown = shown ?? history.length;
    this.draw(view);
    this.chart?.show(this.shown);
    if (this.state.kind === "done") this.renderDetails(view, this.state.analysis);
  }

  /** The language changed: everything is written again. */
  relabel(): void {
    this.drawnKey = "";
    if (this.view) this.render(this.view, this.shown);
  }

  private draw(view: TableView): void {
    const { i18n } = this;
    const { model, players } = view;
    const race = !variantOf(model.settings).captures;
    const key = JSON.stringify([this.state.kind, model.gameNumber, players, i18n.language, race]);
    if (this.state.kind === "running") this.renderProgress(this.state.done, this.state.total);
    if (key === this.drawnKey) return;
    this.drawnKey = key;
    this.heading.textContent = i18n.t("analysisHeading");
    // Before it is asked for, the analysis is one button and takes no more room than one: the record
    // column's moves and results keep their place in the first screen.
    this.heading.hidden = race && this.state.kind === "idle";
    this.chart = null;
    if (!race) {
      this.body.replaceChildren(h("p", { class: "hint analysis-text analysis-note" }, i18n.t("analysisRaceOnly")));
      return;
    }
    const state = this.state;
    switch (state.kind) {
      case "idle":
      case "failed":
        this.body.replaceChildren(
          ...(state.kind === "failed"
            ? [h("p", { class: "analysis-text analysis-failed", role: "alert" }, i18n.t("analysisFailed"))]
            : []),
          h("p", { class: "visually-hidden", id: "analysis-intro" }, i18n.t("analysisIntro")),
          h(
            "button",
            {
              type: "button",
              class: "analyse",
              "data-focus": "analyse",
              "aria-describedby": "analysis-intro",
              title: i18n.t("analysisIntro"),
              onclick: () => this.start(),
            },
            i18n.t("analyse"),
          ),
        );
        return;
      case "running":
        this.progress.setAttribute("aria-label", i18n.t("analysing"));
        this.body.replaceChildren(this.progress, this.progressText);
        this.renderProgress(state.done, state.total);
        if (this.element.contains(document.activeElement) || document.activeElement === document.body) {
          this.progress.focus();
        }
        return;
      case "done":
        this.body.replaceChildren(...this.results(view, state.analysis));
        return;
    }
  }

  private renderProgress(done: number, total: number): void {
    const { i18n } = this;
    const text = i18n.t("analysisProgress", { n: done, total });
    this.progress.setAttribute("aria-valuemax", String(total));
    this.progress.setAttribute("aria-valuenow", String(done));
    this.progress.setAttribute("aria-valuetext", text);
    this.progressFill.style.width = `${total === 0 ? 0 : (100 * done) / total}%`;
    this.progressText.textContent = text;
  }

  private results(view: TableView, analysis: GameAnalysisWire): (HTMLElement | SVGSVGElement)[] {
    const { i18n } = this;
    const { model, players } = view;
    const colours: (Point | undefined)[] = seating(model.settings).map((points) => points[0]);
    this.chartWidth = this.element.clientWidth;
    const chart = new RaceChart({
      analysis,
      width: this.chartWidth,
      colours,
      id: "race-chart",
      title: i18n.t("analysisChartTitle"),
      description: i18n.t("analysisChartDescription"),
      markLabel: (review) => this.reviewLabel(review, players),
      onPick: (ply) => this.options.onPick(ply),
    });
    this.chart = chart;
    const legend = h(
      "ul",
      { class: "race-legend" },
      players.map((name, player) => {
        const point = colours[player];
        return h("li", { class: "race-legend-item" }, point ? swatch(point) : null, h("bdi", {}, name));
      }),
    );
    const marked = analysis.moves
      .filter((review): review is MoveReviewWire => review !== null && MARKED.has(review.verdict))
      .sort((a, b) => b.tempoLost - a.tempoLost || a.ply - b.ply)
      .slice(0, LISTED)
      .sort((a, b) => a.ply - b.ply);
    const worst = h(
      "div",
      { class: "analysis-worst" },
      h("h3", { class: "analysis-subheading" }, i18n.t("analysisWorst")),
      marked.length === 0
        ? h("p", { class: "hint analysis-text" }, i18n.t("analysisNoMistakes"))
        : h(
            "ol",
            { class: "analysis-worst-list" },
            marked.map((review) =>
              h(
                "li",
                {},
                h(
                  "button",
                  {
                    type: "button",
                    class: `analysis-worst-move ${review.verdict}`,
                    "data-ply": String(review.ply),
                    "data-focus": `worst-${review.ply}`,
                    onclick: () => this.options.onPick(review.ply),
                  },
                  h(
                    "span",
                    { class: "verdict-glyph", "aria-hidden": "true" },
                    VERDICT_GLYPHS[review.verdict as "mistake"],
                  ),
                  " ",
                  this.reviewLabel(review, players),
                ),
              ),
            ),
          ),
    );
    return [chart.element, legend, this.details, worst];
  }

  /** "Move 12, Aino (c2-e4): mistake, 1.4 moves lost". */
  private reviewLabel(review: MoveReviewWire, players: readonly string[]): string {
    const { i18n } = this;
    return i18n.t("analysisMoveLabel", {
      n: review.ply,
      name: players[review.player] ?? "",
      move: formatPath(review.played),
      verdict: review.verdict === "good" ? "" : i18n.t(VERDICT_KEYS[review.verdict]),
      lost: this.number(review.tempoLost),
    });
  }

  /** The position shown: each side's moves to finish, and the move that led there against the computer's. */
  private renderDetails(view: TableView, analysis: GameAnalysisWire): void {
    const { i18n } = this;
    const { players } = view;
    const ply = Math.min(this.shown, analysis.estimates.length - 1);
    const estimates = analysis.estimates[ply] ?? [];
    const standing = estimates
      .map((value, player) => (value === null ? null : `${players[player] ?? ""} ${this.number(value)}`))
      .filter((text): text is string => text !== null);
    const lines: HTMLElement[] = [
      h(
        "p",
        { class: "analysis-text analysis-estimates" },
        i18n.t(ply === 0 ? "analysisAtStart" : "analysisAfterMove", { n: ply }),
        " ",
        i18n.t("analysisToFinish", { list: standing.join(" · ") }),
      ),
    ];
    const review = ply > 0 ? analysis.moves[ply - 1] : null;
    if (review) {
      lines.push(
        h(
          "p",
          { class: "analysis-text analysis-move" },
          i18n.t("analysisPlayed", {
            name: players[review.player] ?? "",
            move: formatPath(review.played),
            before: this.number(review.before),
            after: this.number(review.after),
          }),
          " ",
          review.best
            ? i18n.t("analysisBetter", {
                move: formatPath(review.best),
                after: this.number(review.bestAfter),
                lost: this.number(review.tempoLost),
              })
            : i18n.t("analysisNoBetter"),
          review.verdict === "good"
            ? null
            : h(
                "strong",
                { class: `verdict ${review.verdict}` },
                ` ${VERDICT_GLYPHS[review.verdict]} ${i18n.t(VERDICT_KEYS[review.verdict])}`,
              ),
        ),
      );
    }
    const key = JSON.stringify([ply, i18n.language, players, lines.map((line) => line.textContent)]);
    if (this.details.dataset.key === key) return;
    this.details.dataset.key = key;
    this.details.replaceChildren(...lines);
  }

  private number(value: number): string {
    return new Intl.NumberFormat(this.i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      value,
    );
  }

  private start(): void {
    const game = this.view?.model.game;
    if (!game) return;
    this.stop();
    const id = ++this.requests;
    const request = analysisRequest(game, id);
    let worker: Worker;
    try {
      worker = this.options.worker?.() ?? new Worker(ANALYSIS_WORKER_URL);
    } catch {
      this.finish({ kind: "failed" });
      return;
    }
    this.worker = worker;
    worker.addEventListener("message", (event: MessageEvent<unknown>) => this.hear(id, event.data));
    worker.addEventListener("error", () => {
      if (this.state.kind === "running" && this.state.id === id) this.finish({ kind: "failed" });
    });
    this.state = { kind: "running", id, done: 0, total: request.history.length };
    worker.postMessage(request);
    this.options.onChange();
  }

  private hear(id: number, data: unknown): void {
    const parsed = checked(AnalysisReplySchema, data);
    if (this.state.kind !== "running" || this.state.id !== id) return;
    if (!parsed.ok) {
      this.finish({ kind: "failed" });
      return;
    }
    const reply: AnalysisReply = parsed.value;
    if (reply.id !== id) return;
    if (reply.type === "progress") {
      this.state = { ...this.state, done: reply.done, total: reply.total };
      this.renderProgress(reply.done, reply.total);
      return;
    }
    if (reply.type === "error") console.warn(`analysis: ${reply.message}`);
    this.finish(reply.type === "result" ? { kind: "done", analysis: reply.analysis } : { kind: "failed" });
  }

  private finish(state: State): void {
    const hadFocus = this.element.contains(document.activeElement);
    this.stop();
    this.state = state;
    this.options.onChange();
    // The focus was on the progress bar, which is gone: the chart's heading takes it.
    if (hadFocus && state.kind === "done") {
      this.heading.setAttribute("tabindex", "-1");
      this.heading.focus();
    }
  }

  /** Ends the worker under way, if any. */
  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
