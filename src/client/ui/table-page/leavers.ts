/**
 * The players who left the game or were counted out, and what became of
 * their pieces, said plainly: "Aino left: their pieces were taken off the
 * board", "Aino left: Bjørn now plays their colour", "Aino was counted out".
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { leaveReason, leaverFate, leaverSentence } from "./leaver-fate.ts";
import type { TableView } from "./view.ts";

export class Leavers {
  private readonly section = new Section(h("section", { class: "leavers" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render({ model, players }: TableView): void {
    const { i18n } = this;
    // The game's own standings: the players who left it, also once their seats are freed.
    const gone = (model.game?.standings() ?? []).filter((standing) => standing.resigned);
    const reasons = gone.map((standing) => leaveReason(model, standing.player));
    this.section.update([model.gameNumber, gone, reasons, players, i18n.language], () => {
      if (gone.length === 0) return [];
      return [
        h(
          "ul",
          { class: "leaver-list" },
          gone.map((standing, i) => {
            const seat = standing.player;
            const fate = leaverFate(model.settings, seat, standing.finished, (s) => model.coloursOf(s));
            const reason = reasons[i] ?? "left";
            return h("li", { "data-seat": seat }, leaverSentence(i18n, players, seat, reason, fate));
          }),
        ),
      ];
    });
  }
}
