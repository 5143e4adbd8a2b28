/**
 * Where the game stands: waiting for players or the host (and who will
 * begin), whose turn it is (with a hint on your own; a computer player to
 * move is thinking), or who won (and who begins the next game).
 */

import { variantOf } from "../../../rules/index.ts";
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { reasonText, winnerText } from "./reason-text.ts";
import type { TableView } from "./view.ts";

export class TurnStatus {
  private readonly section = new Section(h("section", { class: "status", "aria-live": "polite" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  /** `resultOnCard`: the end-of-game card is open and says who won; the status does not say it again. */
  render({ model, you, names, players, turn }: TableView, resultOnCard = false): void {
    const { i18n } = this;
    const key = [
      resultOnCard,
      model.status,
      turn,
      you,
      names,
      players,
      model.result,
      model.gameNumber,
      model.firstPlayer,
      i18n.language,
    ];
    this.section.update(key, () => {
      if (model.status === "waiting") {
        // What is missing, by number; once nothing is, whose word starts the game.
        const free = model.seats.filter((seat) => !seat.name).length;
        const text =
          free > 0 ? i18n.count("waitingForMore", free) : you.host ? i18n.t("readyToStart") : i18n.t("waitingForHost");
        const begins =
          model.firstPlayer === null ? i18n.t("beginsRandom") : i18n.t("begins", { name: names[model.firstPlayer] });
        return [text && h("p", { class: "state" }, text), h("p", { class: "first-player" }, begins)];
      }
      if (model.status === "over") {
        const result = model.result;
        const line = winnerText(i18n, model, players);
        const next =
          model.firstPlayer === null
            ? i18n.t("nextBeginsRandom")
            : i18n.t("nextBegins", { name: names[model.firstPlayer] });
        return [
          h("h2", { class: "state" }, i18n.t("gameOver")),
          !resultOnCard && line && h("p", { class: "winner" }, line),
          !resultOnCard && result && h("p", { class: "reason" }, reasonText(i18n, model, players)),
          h("p", { class: "first-player" }, next),
        ];
      }
      if (!turn) return [];
      const colour = turn.colour ? i18n.colour(turn.colour) : null;
      const mine = turn.seat === you.seat;
      const thinking = model.computerLevel(turn.seat) !== null;
      const text = mine
        ? colour
          ? i18n.t("yourTurnColour", { colour })
          : i18n.t("yourTurn")
        : thinking
          ? i18n.t("computerThinking", { name: names[turn.seat] })
          : colour
            ? i18n.t("turnOfColour", { name: names[turn.seat], colour })
            : i18n.t("turnOf", { name: names[turn.seat] });
      return [
        h(
          "p",
          { class: `state turn${mine ? " mine" : ""}` },
          turn.colour ? swatch(turn.colour) : null,
          h("span", {}, text),
        ),
        mine &&
          h("p", { class: "hint" }, variantOf(model.settings).landings ? i18n.t("captureHint") : i18n.t("raceHint")),
      ];
    });
  }
}
