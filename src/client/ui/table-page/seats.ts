/**
 * The seats: who sits where, in which colours, connected or not (your own
 * seat shows this page's connection: the table's last word on it may be
 * stale once the connection is lost); free seats
 * to take under the name typed above them (remembered for the next table);
 * the host's Remove buttons before the game; the turn clock in the row of
 * the seat to move; how many are watching.
 */
import type { TableClient } from "../../sdk/index.ts";
import type { Notices } from "../chrome.ts";
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import type { TableView } from "./view.ts";

const NAME_KEY = "chinese-checkers:name";

export class Seats {
  private readonly section = new Section(h("section", { class: "seats" }));
  readonly element = this.section.element;
  private readonly nameInput: HTMLInputElement;
  private readonly nameLabel = h("label", { for: "player-name" });
  /** The name to sit down under; the page puts it just above the seats. */
  readonly joinRow: HTMLElement;
  private readonly i18n: I18n;
  private readonly client: TableClient;
  private readonly notices: Notices;
  private readonly store: Storage | undefined;
  /** The turn clock's reading, which counts down by itself; placed in the row of the seat to move. */
  private readonly clock: HTMLElement;

  constructor(i18n: I18n, client: TableClient, notices: Notices, store: Storage | undefined, clock: HTMLElement) {
    this.i18n = i18n;
    this.clock = clock;
    this.client = client;
    this.notices = notices;
    this.store = store;
    this.nameInput = h("input", {
      id: "player-name",
      name: "name",
      maxlength: 24,
      autocomplete: "nickname",
      value: safeGet(store, NAME_KEY) ?? "",
    });
    this.joinRow = h("div", { class: "join-row" }, this.nameLabel, this.nameInput);
  }

  render({ model, you }: TableView): void {
    const { i18n, client } = this;
    const turn = model.turn;
    const timed = model.status === "playing" && model.deadline !== null;
    const online = client.connection === "open";
    const key = [model.seats, you, model.status, turn?.seat, timed, model.spectators, online, i18n.language];
    this.section.update(key, () => {
      const canJoin = you.seat === null && model.status !== "playing";
      const rows = model.seats.map((seat) => {
        const colours = model.coloursOf(seat.seat);
        const isYou = you.seat === seat.seat;
        const connected = seat.connected && (online || !isYou);
        return h(
          "li",
          {
            class: `seat${isYou ? " you" : ""}${turn?.seat === seat.seat ? " to-move" : ""}${seat.name ? "" : " free"}`,
            "data-seat": seat.seat,
          },
          h("span", { class: "swatches" }, colours.map(swatch)),
          seat.name
            ? h("span", {
                class: `dot ${connected ? "on" : "off"}`,
                role: "img",
                "aria-label": i18n.t(connected ? "online" : "offline"),
                title: i18n.t(connected ? "online" : "offline"),
              })
            : null,
          h(
            "span",
            { class: "name" },
            seat.name ?? h("em", {}, `${i18n.t("seatN", { n: seat.seat + 1 })}: ${i18n.t("freeSeat")}`),
          ),
          isYou ? h("span", { class: "badge" }, i18n.t("you")) : null,
          seat.resigned ? h("span", { class: "badge muted" }, i18n.t("left")) : null,
          timed && turn?.seat === seat.seat ? this.clock : null,
          !seat.name && canJoin
            ? h(
                "button",
                {
                  type: "button",
                  class: "sit",
                  "data-focus": `sit-${seat.seat}`,
                  "aria-label": i18n.t("takeSeat", { n: seat.seat + 1 }),
                  onclick: () => this.join(seat.seat),
                },
                i18n.t("sitHere"),
              )
            : null,
          seat.name && you.host && model.status !== "playing" && !isYou
            ? h(
                "button",
                {
                  type: "button",
                  class: "remove subtle",
                  "data-focus": `remove-${seat.seat}`,
                  "aria-label": i18n.t("removeSeat", { name: seat.name }),
                  onclick: () => client.remove(seat.seat).catch(() => {}),
                },
                i18n.t("remove"),
              )
            : null,
        );
      });
      return [
        h("h2", {}, i18n.t("seats")),
        h("ul", { class: "seat-list" }, rows),
        model.spectators > 0 ? h("p", { class: "watching" }, i18n.t("watching", { n: model.spectators })) : null,
        you.seat === null && model.status === "playing" ? h("p", { class: "hint" }, i18n.t("spectatorHint")) : null,
      ];
    });
    this.nameLabel.textContent = i18n.t("yourName");
    this.joinRow.hidden = !(you.seat === null && model.status !== "playing" && model.seats.some((seat) => !seat.name));
  }

  private join(seat: number): void {
    const name = this.nameInput.value.trim();
    if (!name) {
      this.notices.show(() => this.i18n.error("bad-name"));
      this.nameInput.focus();
      return;
    }
    try {
      this.store?.setItem(NAME_KEY, name);
    } catch {
      // Not remembered.
    }
    this.client.join(seat, name).catch(() => {});
  }
}

function safeGet(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
