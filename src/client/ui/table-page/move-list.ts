/**
 * The moves of the current game in notation, newest in view, each made by
 * the computer marked (a stopwatch when the player's time ran out, the
 * computer when it plays the seat), and the capture scores.
 */
import { formatPath } from "../../../rules/index.ts";
import type { MovedBy } from "../../sdk/index.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { icon } from "../icons.ts";
import type { TableView } from "./view.ts";

export class MoveList {
  private readonly section = new Section(h("section", { class: "moves" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render({ model, players }: TableView): void {
    const { i18n } = this;
    const key = [model.gameNumber, model.moves.length, players, i18n.language, model.settings.variant];
    this.section.update(key, () => {
      const history = model.game?.history ?? [];
      const capture = model.settings.variant === "capture";
      const captures = capture ? model.seats.map((seat) => seat.captures) : [];
      return [
        h("h2", {}, i18n.t("moves")),
        history.length === 0
          ? h("p", { class: "hint" }, i18n.t("noMoves"))
          : h(
              "ol",
              { class: "move-list" },
              history.map((action, ply) =>
                h(
                  "li",
                  {},
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
                  this.marker(model.movedBy(ply)),
                ),
              ),
            ),
        capture && model.game
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
    if (list) list.scrollTop = list.scrollHeight;
  }

  /** The mark of a move its player did not make. */
  private marker(by: MovedBy | undefined): HTMLElement | null {
    if (by === undefined) return null;
    const label = this.i18n.t(by === "timeout" ? "movedByTimeout" : "movedByComputer");
    return h("span", { class: `moved-by ${by}` }, icon(by === "timeout" ? "stopwatch" : "computer", label));
  }
}
