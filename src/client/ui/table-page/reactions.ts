/**
 * Quick reactions (issue 22): a bar of six emoji, one tap each to send, for
 * whoever may chat; and the reactions that arrive, shown for a moment by
 * the sender's seat in the seats list (a spectator's by the count of those
 * watching). A screen reader hears at most one reaction in each moment they
 * are shown, politely, rather than every tap of a busy table.
 */
import { REACTIONS } from "../../../protocol/chat.ts";
import type { Reaction } from "../../../protocol/index.ts";
import { REACTION_SHOWN_MS } from "../../sdk/chat.ts";
import type { TableClient } from "../../sdk/client.ts";
import { h } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { chatBarrier } from "./chat-panel.ts";
import type { TableView } from "./view.ts";

/** How each reaction is drawn. */
export const REACTION_EMOJI: Readonly<Record<Reaction, string>> = {
  thumbsUp: "👍",
  clap: "👏",
  laugh: "😄",
  wow: "😮",
  thinking: "🤔",
  wave: "👋",
};

export class ReactionBar {
  readonly element = h("div", { class: "reaction-bar", role: "group" });
  private readonly i18n: I18n;
  private readonly buttons: readonly (readonly [Reaction, HTMLButtonElement])[];

  constructor(i18n: I18n, client: TableClient) {
    this.i18n = i18n;
    this.buttons = REACTIONS.map((reaction) => {
      const button = h(
        "button",
        { type: "button", class: "reaction", "data-reaction": reaction },
        REACTION_EMOJI[reaction],
      );
      button.addEventListener("click", () => client.react(reaction).catch(() => {}));
      return [reaction, button] as const;
    });
    this.element.append(...this.buttons.map(([, button]) => button));
  }

  render({ you }: TableView, client: TableClient): void {
    const { i18n } = this;
    this.element.hidden = !client.chat.loaded || chatBarrier(client.chat, you) !== null;
    this.element.setAttribute("aria-label", i18n.t("reactionsLabel"));
    for (const [reaction, button] of this.buttons) {
      const label = i18n.t(`reaction_${reaction}`);
      button.setAttribute("aria-label", label);
      button.title = label;
    }
  }
}

/** The reactions that arrived, each by its sender's seat (or the spectators' count) for `REACTION_SHOWN_MS`. */
export class ReactionsShown {
  private readonly i18n: I18n;
  /** The page's one announcer (its polite live region): a screen reader hears the first reaction of each moment. */
  private readonly announce: (text: string) => void;
  private readonly seats: HTMLElement;
  /** The bubble shown for each sender (a seat's number, or "spectator"), with when it arrived. */
  private readonly bubbles = new Map<string, { readonly element: HTMLElement; readonly until: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSaidAt = Number.NEGATIVE_INFINITY;
  private names: readonly string[] = [];

  constructor(i18n: I18n, client: TableClient, seats: HTMLElement, announce: (text: string) => void) {
    this.i18n = i18n;
    this.announce = announce;
    this.seats = seats;
    client.on("reaction", ({ seat, reaction }) => this.show(seat, reaction));
  }

  private show(seat: number | null, reaction: Reaction): void {
    const { i18n } = this;
    const name = seat === null ? i18n.t("reactionSpectator") : (this.names[seat] ?? i18n.t("seatN", { n: seat + 1 }));
    const said = i18n.t("reactionBy", { name, reaction: i18n.t(`reaction_${reaction}`) });
    const bubble = h("span", { class: "reaction-bubble", role: "img", "aria-label": said }, REACTION_EMOJI[reaction]);
    const key = seat === null ? "spectator" : String(seat);
    this.bubbles.get(key)?.element.remove();
    const now = Date.now();
    this.bubbles.set(key, { element: bubble, until: now + REACTION_SHOWN_MS });
    if (now - this.lastSaidAt >= REACTION_SHOWN_MS) {
      this.lastSaidAt = now;
      this.announce(said);
    }
    this.place();
  }

  /**
   * Puts each bubble by its sender, after the seats were drawn (which may
   * have drawn them anew); one already in place is left, so it does not
   * start its entrance again.
   */
  place(names: readonly string[] = this.names): void {
    this.names = names;
    const now = Date.now();
    for (const [key, { element, until }] of this.bubbles) {
      if (until <= now) {
        element.remove();
        this.bubbles.delete(key);
        continue;
      }
      const target =
        key === "spectator"
          ? (this.seats.querySelector(".watching") ?? this.seats.querySelector("h2"))
          : this.seats.querySelector(`li.seat[data-seat="${key}"] .name-line`);
      if (target && element.parentElement !== target) target.append(element);
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const next = Math.min(...[...this.bubbles.values()].map(({ until }) => until));
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.place(), next - now);
  }
}
