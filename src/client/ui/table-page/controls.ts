/**
 * The table's buttons (Start is the lobby's): Done, Undo landing and Cancel while
 * a capture path is built, Rematch (saying whether it also accepts for absent
 * players, and disabled once accepted), Leave seat (between games), Leave the
 * game (confirmed by a second click within five seconds), and the game
 * record's link.
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { PageBoard } from "./board-slot.ts";
import { Confirmation } from "./confirmation.ts";
import type { PageClient } from "./held-client.ts";
import { REMATCH_LABEL, type RematchButton, rematchState } from "./rematch-state.ts";
import type { TableView } from "./view.ts";

export class Controls {
  private readonly section = new Section(h("section", { class: "controls" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  private readonly board: PageBoard;
  private readonly tableId: string;
  /** Leaving the game asks for a second click. */
  private readonly confirmation: Confirmation;

  constructor(i18n: I18n, client: PageClient, board: PageBoard, tableId: string, redraw: () => void) {
    this.i18n = i18n;
    this.client = client;
    this.board = board;
    this.tableId = tableId;
    this.confirmation = new Confirmation(redraw);
  }

  render({ model, you }: TableView): void {
    const { i18n, client, board } = this;
    const key = [
      model.status,
      you,
      model.seatsFilled,
      board.building,
      board.canFinish,
      this.confirmation.armed("resign"),
      model.seats,
      i18n.language,
    ];
    this.section.update(key, () => {
      const buttons: HTMLElement[] = [];
      if (board.building) {
        buttons.push(
          h(
            "button",
            {
              type: "button",
              class: "primary done",
              "data-focus": "done",
              disabled: !board.canFinish,
              onclick: () => board.finish(),
            },
            i18n.t("done"),
          ),
          h("button", { type: "button", "data-focus": "undo", onclick: () => board.undoLanding() }, i18n.t("undo")),
          h("button", { type: "button", "data-focus": "cancel", onclick: () => board.cancel() }, i18n.t("cancel")),
        );
      }
      if (model.status === "over") {
        const rematch = this.rematchButton(rematchState(model.seats, you).button);
        if (rematch) buttons.push(rematch);
      }
      if (you.seat !== null && model.status !== "playing") {
        buttons.push(
          h(
            "button",
            { type: "button", class: "subtle", "data-focus": "leave", onclick: () => client.leave().catch(() => {}) },
            i18n.t("leaveSeat"),
          ),
        );
      }
      const seat = you.seat === null ? undefined : model.seats[you.seat];
      if (seat && model.status === "playing" && !seat.resigned) {
        buttons.push(
          h(
            "button",
            {
              type: "button",
              class: `subtle resign${this.confirmation.armed("resign") ? " confirm" : ""}`,
              "data-focus": "resign",
              onclick: () => {
                if (this.confirmation.click("resign")) client.leave().catch(() => {});
              },
            },
            this.confirmation.armed("resign") ? i18n.t("confirmResign") : i18n.t("resign"),
          ),
        );
      }
      if (model.game) {
        buttons.push(
          h(
            "a",
            { class: "record", href: `/api/tables/${encodeURIComponent(this.tableId)}/record`, target: "_blank" },
            i18n.t("record"),
          ),
        );
      }
      return buttons.length ? [h("div", { class: "buttons" }, buttons)] : [];
    });
  }

  /** Rematch, in the words of what it accepts; disabled once there is nothing left for this visitor to accept. */
  private rematchButton(button: RematchButton): HTMLElement | null {
    if (button === null) return null;
    const done = button === "accepted" || button === "idle";
    return h(
      "button",
      {
        type: "button",
        class: `primary rematch${done ? " accepted" : ""}`,
        "data-focus": "rematch",
        disabled: done,
        onclick: () => this.client.rematch().catch(() => {}),
      },
      this.i18n.t(REMATCH_LABEL[button]),
    );
  }
}
