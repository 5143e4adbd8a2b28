/** The moves of the current game in notation, newest in view, and the capture scores. */
import { formatPath } from "../../../rules/index.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { TableView } from "./view.ts";

export class MoveList {
  private readonly section = new Section(h("section", { class: "moves" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render({ model, names }: TableView): void {
    const { i18n } = this;
    this.section.update([model.gameNumber, model.moves.length, names, i18n.language, model.settings.variant], () => {
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
              history.map((action) =>
                h(
                  "li",
                  {},
                  h("span", { class: "who" }, names[action.player]),
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
              ),
            ),
        capture && model.game
          ? h(
              "p",
              { class: "scores" },
              `${i18n.t("captures")}: `,
              captures.map((n, seat) => `${names[seat]} ${n}`).join(" · "),
            )
          : null,
      ];
    });
    const list = this.element.querySelector(".move-list");
    if (list) list.scrollTop = list.scrollHeight;
  }
}
