/**
 * The result once the game is over: each player's place (and captures in the
 * capture variant), best first; then the running score of the players at the
 * table now. The two are apart because a score belongs to a player, not to a
 * seat: between games players trade seats, and a leaver's freed seat starts
 * from nothing under its next player.
 */
import { variantOf } from "../../../rules/index.ts";
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { ordinal } from "./reason-text.ts";
import { byScore, hasScore, scoreText } from "./score-text.ts";
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
      return [placesTable(i18n, view, "standings"), hasScore(model.seats) ? this.scores(view) : null];
    });
  }

  /** The players seated now, most points first. */
  private scores({ model, names }: TableView): HTMLElement {
    const { i18n } = this;
    const seated = byScore(model.seats);
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

/**
 * Each player's place, best first; who left or was counted out; captures in
 * the capture variant. The side panel's table, and the end-of-game card's.
 */
export function placesTable(i18n: I18n, { model, players }: TableView, className: string): HTMLElement {
  const { captures } = variantOf(model.settings);
  const standings = [...(model.result?.standings ?? [])].sort(
    (a, b) => (a.place ?? 99) - (b.place ?? 99) || b.captures - a.captures || a.seat - b.seat,
  );
  return h(
    "table",
    { class: className },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, i18n.t("place")),
        h("th", { scope: "col" }, i18n.t("player")),
        captures ? h("th", { scope: "col" }, i18n.t("captures")) : null,
      ),
    ),
    h(
      "tbody",
      {},
      standings.map((standing) => {
        const departed = standing.resigned
          ? model.departureOf(standing.seat) === "absent"
            ? i18n.t("countedOut")
            : i18n.t("left")
          : null;
        return h(
          "tr",
          { class: standing.place === 1 ? "first" : "", "data-seat": standing.seat },
          h("td", { class: "place" }, standing.place === null ? "–" : ordinal(i18n, standing.place)),
          h(
            "td",
            {},
            h("span", { class: "swatches" }, seatColours(model, standing.seat).map(swatch)),
            h("bdi", {}, players[standing.seat]),
            departed ? h("span", { class: "badge muted" }, departed) : null,
          ),
          captures ? h("td", { class: "captures" }, standing.captures) : null,
        );
      }),
    ),
  );
}
