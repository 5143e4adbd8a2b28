/**
 * The result once the game is over: each player's place (and captures in the
 * capture variant), best first, with the running score of the seat's player.
 */
import type { SeatView } from "../../sdk/index.ts";
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { hasScore, scoreText } from "./score-text.ts";
import type { TableView } from "./view.ts";

export class Standings {
  private readonly section = new Section(h("section", { class: "results" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render({ model, players }: TableView): void {
    const { i18n } = this;
    const scores = model.seats.map((seat) => (seat.name === null ? null : seat.score));
    this.section.update([model.result, players, scores, i18n.language], () => {
      const result = model.result;
      if (!result) return [];
      const capture = model.settings.variant === "capture";
      const scored = hasScore(model.seats);
      const standings = [...result.standings].sort(
        (a, b) => (a.place ?? 99) - (b.place ?? 99) || b.captures - a.captures || a.seat - b.seat,
      );
      return [
        h(
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
              scored ? h("th", { scope: "col", title: i18n.t("scoreTitle") }, i18n.t("score")) : null,
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
                  h("span", { class: "swatches" }, model.coloursOf(standing.seat).map(swatch)),
                  players[standing.seat],
                  standing.resigned ? h("span", { class: "badge muted" }, i18n.t("left")) : null,
                ),
                capture ? h("td", {}, standing.captures) : null,
                scored ? h("td", { class: "score" }, this.score(scores[standing.seat] ?? null)) : null,
              ),
            ),
          ),
        ),
      ];
    });
  }

  /** A seat's running score; a dash where the player left and the seat is free (its score went with them). */
  private score(score: SeatView["score"] | null): string {
    return score === null ? "–" : scoreText(this.i18n, score);
  }
}
