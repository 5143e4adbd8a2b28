/**
 * The table's buttons: Start (the host), Done, Undo landing and Cancel while
 * a capture path is built, Rematch, Leave seat, Leave the game (confirmed by
 * a second click within five seconds), and the game record's link.
 */
import type { TableClient } from "../../sdk/index.ts";
import type { Board } from "../board.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { TableView } from "./view.ts";

const CONFIRM_MS = 5000;

export class Controls {
  private readonly section = new Section(h("section", { class: "controls" }));
  readonly element = this.section.element;
  private readonly i18n: I18n;
  private readonly client: TableClient;
  private readonly board: Board;
  private readonly tableId: string;
  private confirmResign = false;
  private resignTimer: ReturnType<typeof setTimeout> | undefined;
  /** Redraws the page, which draws these buttons again. */
  private readonly redraw: () => void;

  constructor(i18n: I18n, client: TableClient, board: Board, tableId: string, redraw: () => void) {
    this.i18n = i18n;
    this.client = client;
    this.board = board;
    this.tableId = tableId;
    this.redraw = redraw;
  }

  render({ model, you }: TableView): void {
    const { i18n, client, board } = this;
    const key = [
      model.status,
      you,
      model.seatsFilled,
      board.building,
      board.canFinish,
      this.confirmResign,
      model.seats,
      i18n.language,
    ];
    this.section.update(key, () => {
      const buttons: HTMLElement[] = [];
      if (model.status === "waiting" && you.host) {
        buttons.push(
          h(
            "button",
            {
              type: "button",
              class: "primary start",
              "data-focus": "start",
              disabled: !model.seatsFilled,
              onclick: () => client.start().catch(() => {}),
            },
            i18n.t("start"),
          ),
        );
      }
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
      if (model.status === "over" && (you.seat !== null || you.host)) {
        buttons.push(
          h(
            "button",
            {
              type: "button",
              class: "primary rematch",
              "data-focus": "rematch",
              onclick: () => client.rematch().catch(() => {}),
            },
            i18n.t("rematch"),
          ),
        );
      }
      if (you.seat !== null && model.status === "waiting") {
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
              class: `subtle resign${this.confirmResign ? " confirm" : ""}`,
              "data-focus": "resign",
              onclick: () => this.resign(),
            },
            this.confirmResign ? i18n.t("confirmResign") : i18n.t("resign"),
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

  /** The first click asks for confirmation, which lapses after a while; the second leaves the game. */
  private resign(): void {
    if (this.confirmResign) {
      this.confirmResign = false;
      this.client.leave().catch(() => {});
    } else {
      this.confirmResign = true;
      clearTimeout(this.resignTimer);
      this.resignTimer = setTimeout(() => {
        this.confirmResign = false;
        this.redraw();
      }, CONFIRM_MS);
    }
    this.redraw();
  }
}
