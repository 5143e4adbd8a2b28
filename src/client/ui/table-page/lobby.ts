/**
 * The waiting room's next action, first in the side panel: what this visitor
 * has to do before the game can begin.
 *
 * - A visitor without a seat, while seats are free (before a game, or a
 *   leaver's seat between games): the name and "Sit down", which takes the
 *   first free seat (the seat list below still offers each free seat).
 * - The host, once every seat is taken: "Start the game". Before that there
 *   is no Start button to grey out: the status line says how many players
 *   are missing.
 * - While seats are free: the share box, the link to send (with the phone's
 *   share sheet where there is one). For the host it is the first thing on
 *   the page; for a visitor it comes after the seat to take.
 * - For the host, before the game: the switch that lists the table in the
 *   lobby, open to anyone (listing-toggle.ts).
 *
 * The three parts are always in that order and shown or hidden, never moved
 * or rebuilt around the name field, which keeps its focus and what is typed.
 */
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { setShareProminent, shareBox } from "../share.ts";
import type { PageClient } from "./held-client.ts";
import { invitationText } from "./invitation.ts";
import { ListingToggle } from "./listing-toggle.ts";
import type { Seats } from "./seats.ts";
import type { TableView } from "./view.ts";

export class Lobby {
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  private readonly seats: Seats;
  private readonly shareLink: string | null;
  private readonly joinCard: HTMLElement;
  private readonly joinHeading = h("h2", { id: "join-heading" });
  /** Who is at the table already, the host first, so that a friend opening the link knows whose table it is (invitation.ts). */
  private readonly invitation = h("p", { class: "invitation" });
  private readonly sitDown: HTMLButtonElement;
  private readonly start = new Section(h("section", { class: "start-slot" }));
  private readonly share = new Section(h("div", { class: "share-slot" }));
  private readonly listing: ListingToggle;

  /** `shareLink`: the table's link, or null for an embedded table, which has no share box. */
  constructor(i18n: I18n, client: PageClient, seats: Seats, shareLink: string | null) {
    this.i18n = i18n;
    this.client = client;
    this.seats = seats;
    this.shareLink = shareLink;
    this.sitDown = h("button", { type: "button", class: "primary big sit-down", "data-focus": "sit-down" });
    this.sitDown.addEventListener("click", () => this.sit());
    // Enter in the name field sits down too.
    seats.joinRow.querySelector("input")?.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !this.joinCard.hidden) {
        event.preventDefault();
        this.sit();
      }
    });
    this.joinCard = h(
      "section",
      { class: "join-card", "aria-labelledby": "join-heading" },
      this.joinHeading,
      this.invitation,
      seats.joinRow,
      this.sitDown,
    );
    this.listing = new ListingToggle(i18n, client);
    this.element = h(
      "div",
      { class: "lobby" },
      this.joinCard,
      this.start.element,
      this.share.element,
      this.listing.element,
    );
  }

  render(view: TableView): void {
    const { model, you, names } = view;
    const { i18n, client } = this;
    const free = model.seats.filter((seat) => !seat.name).map((seat) => seat.seat);
    const canSit = you.seat === null && model.status !== "playing" && free.length > 0;
    this.joinCard.hidden = !canSit;
    this.joinHeading.textContent = i18n.t("joinHeading");
    const invitation = invitationText(i18n, model, you, names);
    this.invitation.textContent = invitation;
    this.invitation.hidden = invitation === "";
    this.sitDown.textContent = i18n.t("sitDown");
    // Busy while a seat asked for waits for the table's answer (seats.ts, `joining`).
    for (const state of ["aria-busy", "aria-disabled"]) {
      if (this.seats.joining) this.sitDown.setAttribute(state, "true");
      else this.sitDown.removeAttribute(state);
    }

    const startable = model.status === "waiting" && you.host && model.seatsFilled;
    this.start.update([startable, i18n.language], () =>
      startable
        ? [
            h(
              "button",
              {
                type: "button",
                class: "primary big start",
                "data-focus": "start",
                onclick: () => client.start().catch(() => {}),
              },
              i18n.t("start"),
            ),
          ]
        : [],
    );

    const sharing = this.shareLink !== null && model.status === "waiting";
    // An embedded table is its site's to share: it is not listed from the frame.
    this.listing.render(view, this.shareLink !== null);
    // Nothing to do here (a game on): no empty slot to take room at the top of the panel.
    this.element.hidden = !canSit && !startable && !sharing && this.listing.element.hidden;
    // Sharing is the obvious thing to do while seats are free and you are not the one to take them.
    const prominent = free.length > 0 && (you.seat !== null || (you.host && !canSit));
    this.share.update([sharing, i18n.language], () =>
      sharing && this.shareLink ? [shareBox(i18n, this.shareLink, prominent)] : [],
    );
    const box = this.share.element.firstElementChild;
    if (box instanceof HTMLElement) setShareProminent(box, prominent);
  }

  /** Takes the first free seat. */
  private sit(): void {
    const seat = this.client.model?.seats.find((candidate) => !candidate.name)?.seat;
    if (seat !== undefined) this.seats.join(seat);
  }
}
