/**
 * The seats: who sits where, in which colours, connected or not (your own
 * seat shows this page's connection: the table's last word on it may be
 * stale once the connection is lost), each player's running score, who left,
 * who accepted the rematch, which seats the computer plays; free seats
 * to take under the name typed above them (remembered for the next table);
 * between games a player's buttons to move to a free seat or trade places
 * (colours stay with the seats), and the offers waiting for an answer; the
 * host's Remove buttons; the turn clock in the row of the seat to move, and
 * with a time bank every seat's bank; how many are watching. Between games
 * the host may seat a computer player of a level in any free seat; a
 * computer player's row says so and its level, with no connection dot (it
 * has no connection to lose), and the host's Remove frees it.
 */

import type { Level, SeatView, TableStatus } from "../../../protocol/index.ts";
import { MAX_NAME_LENGTH } from "../../../protocol/lengths.ts";
import type { Notices } from "../chrome.ts";
import { formatClock } from "../clock-format.ts";
import { swatch } from "../colours.ts";
import { LEVELS } from "../computer-plan.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { icon } from "../icons.ts";
import { NAME_KEY } from "../player-name.ts";
import type { PageClient } from "./held-client.ts";
import { hasScore, scoreText } from "./score-text.ts";
import { seatOffer, swapRequests } from "./seat-offer.ts";
import { seatColours, type TableView } from "./view.ts";
import { watchingText } from "./watching.ts";

export class Seats {
  private readonly section = new Section(h("section", { class: "seats" }));
  readonly element = this.section.element;
  private readonly nameInput: HTMLInputElement;
  private readonly nameLabel = h("label", { for: "player-name" });
  /** The name to sit down under; the page puts it just above the seats. */
  readonly joinRow: HTMLElement;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  private readonly notices: Notices;
  private readonly store: Storage | undefined;
  /** The turn clock's reading, which counts down by itself; placed in the row of the seat to move. */
  private readonly clock: HTMLElement;
  /** The level the host last chose for a computer player, shown in every free seat's choice. */
  private level: Level = "normal";
  /** A seat asked for, the table not yet having answered (`join`). */
  private joinAsked = false;
  private readonly redraw: () => void;

  constructor(
    i18n: I18n,
    client: PageClient,
    notices: Notices,
    store: Storage | undefined,
    clock: HTMLElement,
    redraw: () => void,
  ) {
    this.i18n = i18n;
    this.redraw = redraw;
    this.clock = clock;
    this.client = client;
    this.notices = notices;
    this.store = store;
    this.nameInput = h("input", {
      id: "player-name",
      name: "name",
      maxlength: MAX_NAME_LENGTH,
      autocomplete: "nickname",
      value: safeGet(store, NAME_KEY) ?? "",
    });
    this.joinRow = h("div", { class: "join-row" }, this.nameLabel, this.nameInput);
  }

  render({ model, you, names, turn }: TableView): void {
    const { i18n, client } = this;
    const timed = model.status === "playing" && model.deadline !== null;
    const online = client.connection === "open";
    const key = [
      model.seats,
      you,
      model.status,
      turn?.seat,
      timed,
      model.spectators,
      online,
      this.joinAsked,
      i18n.language,
    ];
    this.section.update(key, () => {
      const scored = hasScore(model.seats);
      const rows = model.seats.map((seat) => {
        const isYou = you.seat === seat.seat;
        const toMove = turn?.seat === seat.seat;
        const classes = ["seat", isYou && "you", toMove && "to-move", !seat.name && "free", seat.away && "away"];
        return h(
          "li",
          // The row takes the focus when the button in it that had it goes (after sitting down, say).
          {
            class: classes.filter(Boolean).join(" "),
            "data-seat": seat.seat,
            "data-focus": `seat-${seat.seat}`,
            tabindex: -1,
          },
          h("span", { class: "swatches" }, seatColours(model, seat.seat).map(swatch)),
          seat.name && seat.computer === null ? this.dot(seat.connected && (online || !isYou)) : null,
          h(
            "div",
            { class: "who" },
            h(
              "div",
              { class: "name-line" },
              h(
                "span",
                { class: "name" },
                seat.name
                  ? h("bdi", {}, names[seat.seat])
                  : h("em", {}, `${i18n.t("seatN", { n: seat.seat + 1 })}: ${i18n.t("freeSeat")}`),
              ),
              ...this.badges(model.status, seat, isYou),
            ),
            // After a game the score table beside the places says it; the rows do not say it again.
            scored && seat.name && !model.result
              ? h("div", { class: "score", title: i18n.t("scoreTitle") }, scoreText(i18n, seat.score))
              : null,
          ),
          timed && toMove ? this.clock : this.bank(seat),
          h("span", { class: "actions" }, this.buttons({ model, you, names }, seat)),
        );
      });
      return [
        h("h2", {}, i18n.t("seats")),
        swapRequests(model.seats, you, model.status).map((seat) =>
          h("p", { class: "swap-request" }, i18n.t("swapRequest", { name: names[seat] ?? "" })),
        ),
        h("ul", { class: "seat-list" }, rows),
        watchingLine(watchingText(i18n, model.spectators, you)),
        // A table of computers alone is there to watch: no seat to take.
        you.seat === null && model.status === "playing" && model.seats.some((seat) => seat.computer === null)
          ? h("p", { class: "hint" }, i18n.t("spectatorHint"))
          : null,
      ];
    });
    this.nameLabel.textContent = i18n.t("yourName");
    this.joinRow.hidden = !(you.seat === null && model.status !== "playing" && model.seats.some((seat) => !seat.name));
  }

  /** Whether the seat's player is connected: a dot, named for screen readers. */
  private dot(connected: boolean): HTMLElement {
    const label = this.i18n.t(connected ? "online" : "offline");
    return h("span", { class: `dot ${connected ? "on" : "off"}`, role: "img", "aria-label": label, title: label });
  }

  /** You; a computer player and its level; left the game; accepted the rematch; played by the computer. */
  private badges(status: TableStatus, seat: SeatView, isYou: boolean): HTMLElement[] {
    const { i18n } = this;
    const badges: HTMLElement[] = [];
    if (isYou) badges.push(h("span", { class: "badge" }, i18n.t("you")));
    if (seat.computer !== null) {
      const level = i18n.t(`level_${seat.computer}`).toLocaleLowerCase(i18n.language);
      badges.push(h("span", { class: "badge computer" }, icon("computer"), i18n.t("computerBadge", { level })));
    }
    // After the game the leaver's seat is free for anyone: the standings and the leavers' lines say who left.
    if (status === "playing" && seat.resigned) badges.push(h("span", { class: "badge muted" }, i18n.t("left")));
    if (status === "over" && seat.name && seat.rematch) {
      badges.push(h("span", { class: "badge accepted" }, `✓ ${i18n.t("accepted")}`));
    }
    if (seat.away) badges.push(h("span", { class: "badge computer" }, icon("computer"), i18n.t("computerPlays")));
    return badges;
  }

  /** A time bank's reading, for a seat that is not counting down now. */
  private bank(seat: SeatView): HTMLElement | null {
    if (seat.bank === null || !seat.name) return null;
    const time = formatClock(seat.bank / 1000, (d, h) => this.i18n.t("clockDaysHours", { d, h }));
    return h("span", { class: "clock seat-bank", title: this.i18n.t("bankTitle") }, time);
  }

  /**
   * Sit here (a spectator, before a game); move, swap or answer a swap (a
   * player, between games); Remove, or for a free seat a computer player of
   * a level (the host, between games).
   */
  private buttons({ model, you, names }: Pick<TableView, "model" | "you" | "names">, seat: SeatView): HTMLElement[] {
    const { i18n, client } = this;
    const buttons: HTMLElement[] = [];
    const button = (props: Record<string, string | boolean | EventListener>, text: string) =>
      h("button", { type: "button", ...props }, text);
    const swap = () => client.swap(seat.seat).catch(() => {});
    const name = names[seat.seat] ?? "";
    if (!seat.name && you.seat === null && model.status !== "playing") {
      const label = i18n.t("takeSeat", { n: seat.seat + 1 });
      const focus = `sit-${seat.seat}`;
      buttons.push(
        button(
          {
            class: "sit",
            "data-focus": focus,
            "aria-label": label,
            "aria-disabled": this.joinAsked && "true",
            "aria-busy": this.joinAsked && "true",
            onclick: () => this.join(seat.seat),
          },
          i18n.t("sitHere"),
        ),
      );
    }
    switch (seatOffer(model.seats, you, model.status, seat.seat)) {
      case "sit": {
        const label = i18n.t("takeSeat", { n: seat.seat + 1 });
        buttons.push(
          button(
            { class: "sit", "data-focus": `sit-${seat.seat}`, "aria-label": label, onclick: swap },
            i18n.t("sitHere"),
          ),
        );
        break;
      }
      case "swap": {
        const label = i18n.t("swapWith", { name });
        buttons.push(
          button(
            { class: "swap", "data-focus": `swap-${seat.seat}`, "aria-label": label, onclick: swap },
            i18n.t("swapSeats"),
          ),
        );
        break;
      }
      case "accept-swap": {
        const label = i18n.t("acceptSwapWith", { name });
        const props = { class: "primary swap", "data-focus": `swap-${seat.seat}`, "aria-label": label, onclick: swap };
        buttons.push(button(props, i18n.t("acceptSwap")));
        break;
      }
      case "offered":
        buttons.push(
          button({ class: "swap", "data-focus": `swap-${seat.seat}`, disabled: true }, i18n.t("swapOffered")),
        );
        break;
    }
    if (seat.name && you.host && model.status !== "playing" && you.seat !== seat.seat) {
      const label = i18n.t("removeSeat", { name });
      const remove = () => client.remove(seat.seat).catch(() => {});
      buttons.push(
        button(
          { class: "remove subtle", "data-focus": `remove-${seat.seat}`, "aria-label": label, onclick: remove },
          i18n.t("remove"),
        ),
      );
    }
    if (!seat.name && you.host && model.status !== "playing") buttons.push(this.addComputer(seat.seat));
    return buttons;
  }

  /** The host's choice of a level and the button that seats a computer player of that level. */
  private addComputer(seat: number): HTMLElement {
    const { i18n, client } = this;
    const select = h(
      "select",
      {
        class: "computer-level",
        "data-focus": `level-${seat}`,
        "aria-label": i18n.t("levelFor", { n: seat + 1 }),
        onchange: () => {
          this.level = select.value as Level;
          // Every free seat's choice says the same level.
          for (const other of this.element.querySelectorAll<HTMLSelectElement>("select.computer-level")) {
            other.value = this.level;
          }
        },
      },
      LEVELS.map((level) => h("option", { value: level, selected: level === this.level }, i18n.t(`level_${level}`))),
    );
    const label = i18n.t("addComputerTo", { n: seat + 1 });
    const add = () => client.addComputer(seat, select.value as Level).catch(() => {});
    return h(
      "span",
      { class: "add-computer" },
      select,
      h(
        "button",
        { type: "button", class: "add", "data-focus": `add-computer-${seat}`, "aria-label": label, onclick: add },
        icon("computer"),
        i18n.t("addComputer"),
      ),
    );
  }

  /** Sits down in `seat` under the name typed (and remembers it); an empty name is pointed out. */
  /**
   * Whether a seat was asked for and the table has not yet answered: until
   * it has (or, before the page's client has come, until the client has
   * sent the request and the table answered: held-client.ts), every button
   * that takes a seat is busy, so that one tap makes one request. Busy, not
   * disabled: a disabled button loses the keyboard's focus, which the seat
   * taken is to keep.
   */
  get joining(): boolean {
    return this.joinAsked;
  }

  /** Takes `seat` under the name typed (Sit here, or the waiting room's Sit down). */
  join(seat: number): void {
    const name = this.nameInput.value.trim();
    if (this.joinAsked) return;
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
    this.joinAsked = true;
    this.redraw();
    this.client
      .join(seat, name)
      .catch(() => {
        // A refusal is shown through the client's error event (table-page.ts).
      })
      .finally(() => {
        this.joinAsked = false;
        this.redraw();
      });
  }
}

function watchingLine(text: string | null): HTMLElement | null {
  return text === null ? null : h("p", { class: "watching" }, text);
}

function safeGet(store: Storage | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
