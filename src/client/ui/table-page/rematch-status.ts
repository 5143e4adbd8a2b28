/**
 * After a game, how the rematch stands: who has still to accept (once
 * someone has), and which seats need a player before it can start (a
 * leaver's seat is freed when the game ends).
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { rematchState } from "./rematch-state.ts";
import type { TableView } from "./view.ts";

export class RematchStatus {
  private readonly section = new Section(h("section", { class: "rematch-status" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;

  constructor(i18n: I18n) {
    this.i18n = i18n;
  }

  render({ model, you, names }: TableView): void {
    const { i18n } = this;
    this.section.update([model.status, model.seats, you, names, i18n.language], () => {
      if (model.status !== "over") return [];
      const { waitingFor, freeSeats } = rematchState(model.seats, you);
      // A computer player accepts at once: the wait is worth saying once a person has accepted.
      const someoneAccepted = model.seats.some((seat) => seat.name !== null && seat.rematch && seat.computer === null);
      const waitingNames = waitingFor.map((seat) => names[seat] ?? "");
      const freeNames = freeSeats.map((seat) => names[seat] ?? "");
      return [
        someoneAccepted && waitingFor.length > 0
          ? h(
              "p",
              { class: "rematch-waiting" },
              i18n.count("rematchWaiting", waitingFor.length, { names: i18n.list(waitingNames) }),
            )
          : null,
        freeSeats.length > 0
          ? h(
              "p",
              { class: "rematch-free" },
              i18n.count("rematchNeedsPlayer", freeSeats.length, { seats: i18n.list(freeNames) }),
            )
          : null,
      ];
    });
  }
}
