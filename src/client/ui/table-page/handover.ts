/**
 * Continuing on another device. For a seated player, "Continue on another
 * device" (folded until asked for): a one-time link to the seat, to copy or
 * scan, which works once and for a few minutes, and a button for a new one.
 * On the old device, once the seat has gone, a line saying so at the top of
 * the panel (`notice`). On the new one, the link's code is taken out of the
 * address at once (`openTable`, opening.ts) and redeemed before the page connects.
 */
import type { ClientErrorCode, ErrorCode } from "../../../protocol/index.ts";
// The table's error class itself, not the SDK's module, which carries the protocol's error schemas.
import { TableError } from "../../../table/errors.ts";
import type { TableClient } from "../../sdk/client.ts";
import type { HandoverCode } from "../../sdk/handover.ts";
import type { Notices } from "../chrome.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { linkRow, qrCode } from "../share.ts";
import type { PageClient } from "./held-client.ts";
import type { TableView } from "./view.ts";

/** Redeems `code` (taken from the address by `openTable`) and then connects, seated if it worked; the page says which. */
export function redeemThenConnect(client: TableClient, code: string, i18n: I18n, notices: Notices): void {
  client
    .redeemHandover(code)
    .then(
      () => notices.show(() => i18n.t("handoverTaken"), "info"),
      (error: unknown) => notices.show(() => i18n.error(codeOf(error))),
    )
    .finally(() => client.connect());
}

/** What went wrong, as the page says it: a refusal's code, or for a request that never got an answer, the connection. */
function codeOf(error: unknown): ErrorCode | ClientErrorCode {
  return error instanceof TableError ? error.code : "disconnected";
}

export class Handover {
  private readonly section = new Section(h("section", { class: "handover" }));
  /** The fold with the link, for a seated player. */
  readonly element = this.section.element;
  private readonly movedSection = new Section(h("div", { class: "handover-moved", "aria-live": "polite" }));
  /** The line that says this page's seat went to another device. */
  readonly notice = this.movedSection.element;
  private readonly i18n: I18n;
  private readonly client: PageClient;
  private readonly notices: Notices;
  private readonly redraw: () => void;
  private code: HandoverCode | null = null;
  /** Redraws the fold when the code runs out, so that a dead link is not left on show. */
  private expiry: ReturnType<typeof setTimeout> | undefined;
  private open = false;
  /** This page's seat was handed over to another device (until it takes a seat again). */
  private moved = false;

  constructor(i18n: I18n, client: PageClient, notices: Notices, redraw: () => void) {
    this.i18n = i18n;
    this.client = client;
    this.notices = notices;
    this.redraw = redraw;
    client.on("identity", ({ reason }) => {
      if (reason !== "handedOver") return;
      this.moved = true;
      this.code = null;
      clearTimeout(this.expiry);
      this.open = false;
      redraw();
    });
  }

  render({ you }: TableView): void {
    const { i18n } = this;
    const seated = you.seat !== null;
    if (seated) this.moved = false;
    this.movedSection.update([this.moved, i18n.language], () =>
      this.moved ? [h("p", { class: "notice info" }, i18n.t("handoverMoved"))] : [],
    );
    const expired = this.code !== null && this.code.expiresAt <= this.client.serverNow();
    this.section.update([seated, you.host, this.code, expired, this.open, i18n.language], () =>
      seated ? [this.fold(you.host, expired)] : [],
    );
  }

  private fold(host: boolean, expired: boolean): HTMLElement {
    const { i18n, code } = this;
    const details = h(
      "details",
      { open: this.open },
      h("summary", { "data-focus": "handover" }, i18n.t("handoverButton")),
      ...(code && !expired ? this.link(code, host) : []),
      code && expired ? [h("p", { class: "hint" }, i18n.t("handoverExpired")), this.newLinkButton()] : [],
    );
    details.addEventListener("toggle", () => {
      if (details.open === this.open) return;
      this.open = details.open;
      // Opened with no live link: ask for one (a link already shown stays until it runs out).
      if (this.open && (code === null || code.expiresAt <= this.client.serverNow())) this.ask();
      else this.redraw();
    });
    return details;
  }

  private link(code: HandoverCode, host: boolean): (HTMLElement | null)[] {
    const { i18n } = this;
    const minutes = Math.max(1, Math.round((code.expiresAt - this.client.serverNow()) / 60_000));
    return [
      h("p", { class: "hint" }, i18n.count("handoverHint", minutes)),
      host ? h("p", { class: "hint" }, i18n.t("handoverHostHint")) : null,
      linkRow(i18n, code.link, { id: "handover-link", label: i18n.t("handoverLink") }),
      qrCode(code.link, i18n.t("handoverQr")),
      this.newLinkButton(),
    ];
  }

  private newLinkButton(): HTMLElement {
    return h(
      "button",
      { type: "button", class: "subtle new-link", "data-focus": "handover-new", onclick: () => this.ask() },
      this.i18n.t("handoverNewLink"),
    );
  }

  /** A new code (replacing any before): the last one asked for is the one shown. */
  private ask(): void {
    this.client.handover().then(
      (code) => {
        this.code = code;
        clearTimeout(this.expiry);
        this.expiry = setTimeout(() => this.redraw(), Math.max(0, code.expiresAt - this.client.serverNow()) + 250);
        this.redraw();
      },
      (error: unknown) => {
        this.notices.show(() => this.i18n.error(codeOf(error)));
        this.redraw();
      },
    );
  }
}
