/**
 * The result once the game is over: each player's place (and captures in the
 * capture variant), best first; then the running score of the players at the
 * table now. The two are apart because a score belongs to a player, not to a
 * seat: between games players trade seats, and a leaver's freed seat starts
 * from nothing under its next player.
 */
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { hasScore, scoreText } from "./score-text.ts";
import { seatColours, type TableView } from "./view.ts";

export class Standings {
  private readonly section = new Section(h("section", { class: "results" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render(view: TableView): void {
    const { model, players } = view;
    const { i18n } = this;
    this.section.update([model.result, players, view.names, model.seats, i18n.language], () => {
      if (!model.result) return [];
      return [this.standings(view), hasScore(model.seats) ? this.scores(view) : null];
    });
  }

  private standings({ model, players }: TableView): HTMLElement {
    const { i18n } = this;
    const capture = model.settings.variant === "capture";
    const standings = [...(model.result?.standings ?? [])].sort(
      (a, b) => (a.place ?? 99) - (b.place ?? 99) || b.captures - a.captures || a.seat - b.seat,
    );
    return h(
      "table",
      { class: "standings" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, i18n.t("place")),
          h("th", { scope: "col" }, i18n.t("player")),
          capture ? h("th", { scope: "col" }, i18n.t("captures")) : null,
        ),
      ),
      h(
        "tbody",
        {},
        standings.map((standing) =>
          h(
            "tr",
            { class: standing.place === 1 ? "winner" : "" },
            h("td", {}, standing.place === null ? "–" : `${standing.place}.`),
            h(
              "td",
              {},
              h("span", { class: "swatches" }, seatColours(model, standing.seat).map(swatch)),
              h("bdi", {}, players[standing.seat]),
              standing.resigned ? h("span", { class: "badge muted" }, i18n.t("left")) : null,
            ),
            capture ? h("td", {}, standing.captures) : null,
          ),
        ),
      ),
    );
  }

  /** The players seated now, most points first. */
  private scores({ model, names }: TableView): HTMLElement {
    const { i18n } = this;
    const seated = model.seats.filter((seat) => seat.name !== null);
    seated.sort((a, b) => b.score.points - a.score.points || b.score.games - a.score.games || a.seat - b.seat);
    return h(
      "table",
      { class: "score-table", title: i18n.t("scoreTitle") },
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, i18n.t("player")), h("th", { scope: "col" }, i18n.t("score"))),
      ),
      h(
        "tbody",
        {},
        seated.map((seat) =>
          h(
            "tr",
            { "data-seat": seat.seat },
            h(
              "td",
              {},
              h("span", { class: "swatches" }, seatColours(model, seat.seat).map(swatch)),
              h("bdi", {}, names[seat.seat]),
            ),
            h("td", { class: "score" }, scoreText(i18n, seat.score)),
          ),
        ),
      ),
    );
  }
}
