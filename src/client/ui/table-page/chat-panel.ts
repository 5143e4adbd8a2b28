/**
 * The table's chat (issue 22): the messages, newest at the bottom, each with
 * its writer (a seat's colour, a spectator marked as watching, the host
 * marked), its time and its text; a line to write in, and for a spectator the
 * name to write under (remembered on this device); why this visitor cannot
 * write, when they cannot; the host's choice of who may chat and their
 * Delete and Silence buttons; and a personal Mute for anyone else's
 * messages, with the muted writers listed to unmute. On a phone the panel
 * folds behind a button that counts what is unread.
 *
 * What people wrote is always set as text (`textContent`, never markup),
 * names in a `<bdi>` and messages `dir="auto"`, so that neither HTML nor a
 * right-to-left name can change the page around it; nothing is made a link.
 */

import { CHAT_POLICIES, type ChatMessage, type ChatPolicy, MAX_CHAT_LENGTH } from "../../../protocol/chat.ts";
import { MAX_NAME_LENGTH } from "../../../protocol/lengths.ts";
import { requireVoice, TableError } from "../../../table/index.ts";
import type { ChatModel } from "../../sdk/chat.ts";
import type { TableClient } from "../../sdk/client.ts";
import type { Notices } from "../chrome.ts";
import { swatch } from "../colours.ts";
import { h, Section } from "../dom.ts";
import type { I18n } from "../i18n/index.ts";
import { rememberedName } from "../player-name.ts";
import { NARROW } from "./layout.ts";
import { chatHost } from "./lazy-part.ts";
import { seatColours, type TableView } from "./view.ts";

/** The name a spectator last chatted under, on this device. */
export const CHAT_NAME_KEY = "chinese-checkers:chat-name";
/** The counter of characters left shows from this many before the limit. */
const COUNTER_FROM = 40;

/** Why this visitor cannot write, or null when they can: the table's own rule (`requireVoice`), asked here. */
export function chatBarrier(chat: ChatModel, you: TableView["you"]): "closed" | "players" | "silenced" | null {
  try {
    requireVoice(you, { policy: chat.policy, silenced: chat.silenced });
    return null;
  } catch (error) {
    if (!(error instanceof TableError)) throw error;
    if (error.code === "silenced") return "silenced";
    return chat.policy === "nobody" ? "closed" : "players";
  }
}

export class ChatPanel {
  readonly element: HTMLElement;
  private readonly i18n: I18n;
  private readonly client: TableClient;
  private readonly notices: Notices;
  private readonly store: Storage | undefined;
  private readonly narrow: MediaQueryList | null;
  /** On a phone: whether the visitor unfolded the panel. */
  private expanded = false;

  private readonly toggle = h("button", {
    type: "button",
    class: "chat-toggle",
    "aria-expanded": "false",
    "aria-controls": "chat-body",
  });
  private readonly heading = h("h2", { id: "chat-heading" });
  private readonly body = h("div", { class: "chat-body", id: "chat-body" });
  private readonly policy = new Section(h("div", { class: "chat-policy" }));
  private readonly list = h("ol", { class: "chat-messages" });
  private readonly empty = h("p", { class: "chat-empty" });
  private readonly muted = new Section(h("div", { class: "chat-muted" }));
  private readonly barrier = h("p", { class: "chat-barrier" });
  private readonly form = h("form", { class: "chat-form" });
  private readonly nameRow: HTMLElement;
  private readonly nameLabel = h("label", { for: "chat-name" });
  private readonly nameInput: HTMLInputElement;
  private readonly textLabel = h("label", { for: "chat-text", class: "visually-hidden" });
  private readonly textInput = h("input", {
    id: "chat-text",
    name: "chat",
    maxlength: MAX_CHAT_LENGTH,
    autocomplete: "off",
    enterkeyhint: "send",
    "aria-describedby": "chat-counter",
  });
  private readonly counter = h("span", { class: "chat-counter", id: "chat-counter" });
  private readonly send = h("button", { type: "submit", class: "primary chat-send" });

  private readonly barrierText = {
    closed: () => this.i18n.t("chatClosed"),
    players: () => this.i18n.t("chatPlayersOnly"),
    silenced: () => this.i18n.error("silenced"),
  } as const;

  /** The messages drawn, by number; drawn anew when what every message shows changes (`drawnFor`). */
  private readonly drawn = new Map<number, HTMLElement>();
  private drawnFor = "";
  private view: TableView | null = null;

  /** `reactionBar` goes under the heading, outside the fold: a tap on a phone without unfolding the chat. */
  constructor(
    i18n: I18n,
    client: TableClient,
    notices: Notices,
    store: Storage | undefined,
    reactionBar: HTMLElement,
    element = chatHost(),
  ) {
    this.i18n = i18n;
    this.client = client;
    this.notices = notices;
    this.store = store;
    this.narrow = typeof matchMedia === "function" ? matchMedia(NARROW) : null;
    this.narrow?.addEventListener("change", () => this.redraw());
    this.nameInput = h("input", {
      id: "chat-name",
      name: "chat-name",
      maxlength: MAX_NAME_LENGTH,
      autocomplete: "nickname",
      value: readName(store),
    });
    this.nameRow = h("div", { class: "chat-name-row" }, this.nameLabel, this.nameInput);
    this.form.append(
      this.nameRow,
      h("div", { class: "chat-line" }, this.textLabel, this.textInput, this.send),
      this.counter,
    );
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.say();
    });
    this.textInput.addEventListener("input", () => this.count());
    this.toggle.addEventListener("click", () => {
      this.expanded = !this.expanded;
      this.redraw();
      if (this.expanded) this.textInput.focus();
    });
    // A log (a live region) announces what is added to it, not the list drawn at first.
    const log = h("div", { role: "log", "aria-labelledby": "chat-heading" }, this.list);
    this.body.append(this.policy.element, log, this.empty, this.muted.element, this.barrier, this.form);
    this.element = element;
    element.append(this.heading, reactionBar, this.toggle, this.body);
    this.count();
  }

  render(view: TableView): void {
    this.view = view;
    const { i18n, client } = this;
    const chat = client.chat;
    this.element.hidden = !chat.loaded;
    const narrow = this.narrow?.matches ?? false;
    const open = !narrow || this.expanded;
    this.body.hidden = !open;
    this.toggle.hidden = !narrow;
    this.heading.classList.toggle("visually-hidden", narrow);
    this.heading.textContent = i18n.t("chatHeading");
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open && document.visibilityState !== "hidden") chat.markRead();
    const unread =
      chat.unread > 0 ? [h("span", { class: "badge chat-unread" }, i18n.count("chatUnread", chat.unread))] : [];
    this.toggle.replaceChildren(i18n.t("chatToggle"), ...unread);
    this.renderPolicy(view, chat.policy);
    this.renderMessages(view, chat);
    this.renderMuted(chat);
    const barrier = chatBarrier(chat, view.you);
    this.barrier.hidden = barrier === null;
    this.barrier.textContent = barrier === null ? "" : this.barrierText[barrier]();
    this.form.hidden = barrier !== null;
    this.nameRow.hidden = view.you.seat !== null;
    this.nameLabel.textContent = i18n.t("chatNameLabel");
    this.textLabel.textContent = i18n.t("chatMessageLabel");
    this.send.textContent = i18n.t("chatSend");
    this.empty.textContent = i18n.t("chatEmpty");
    this.empty.hidden = chat.visible.length > 0;
    this.count();
  }

  /** Draws the panel again as it was last drawn (a phone's fold, the window's width). */
  private redraw(): void {
    if (this.view) this.render(this.view);
  }

  /** The host's choice of who may chat. */
  private renderPolicy({ you }: TableView, policy: ChatPolicy): void {
    const { i18n, client } = this;
    this.policy.update([you.host, policy, i18n.language], () => {
      if (!you.host) return [];
      const select = h(
        "select",
        {
          id: "chat-policy",
          "data-focus": "chat-policy",
          onchange: () => client.setChatPolicy(select.value as ChatPolicy).catch(() => {}),
        },
        CHAT_POLICIES.map((choice) =>
          h("option", { value: choice, selected: choice === policy }, i18n.t(`chatPolicy_${choice}`)),
        ),
      );
      return [h("label", { for: "chat-policy" }, i18n.t("chatPolicyLabel")), select];
    });
  }

  /**
   * The messages shown, one item each, kept while they stay: a new message
   * is added (and announced by the log's role) without the others being
   * drawn again, and the list scrolls to it.
   */
  private renderMessages(view: TableView, chat: ChatModel): void {
    const key = JSON.stringify([
      this.i18n.language,
      view.you,
      view.model.seats.map((seat) => seat.seat),
      chat.mutedAuthors,
      // A message drawn before its ack told it was this visitor's own loses its Mute when it does.
      chat.ownAuthors,
    ]);
    if (key !== this.drawnFor) {
      this.drawnFor = key;
      this.drawn.clear();
      this.list.replaceChildren();
    }
    const visible = chat.visible;
    const shown = new Set(visible.map((message) => message.n));
    for (const [n, item] of this.drawn) {
      if (shown.has(n)) continue;
      item.remove();
      this.drawn.delete(n);
    }
    let added = false;
    let next: ChildNode | null = null;
    // From the newest back, so that each goes before the one after it.
    for (const message of [...visible].reverse()) {
      const known = this.drawn.get(message.n);
      if (known) {
        next = known;
        continue;
      }
      const item = this.item(view, chat, message);
      this.list.insertBefore(item, next);
      this.drawn.set(message.n, item);
      next = item;
      added = true;
    }
    if (added) this.list.scrollTop = this.list.scrollHeight;
  }

  private item(view: TableView, chat: ChatModel, message: ChatMessage): HTMLElement {
    const { i18n } = this;
    const { by } = message;
    const colour = by.kind === "seat" ? seatColours(view.model, by.seat)[0] : undefined;
    const time = new Date(message.at);
    const badges = [
      by.host ? h("span", { class: "badge chat-host" }, i18n.t("chatHostBadge")) : null,
      by.kind === "spectator" ? h("span", { class: "badge muted chat-watching" }, i18n.t("chatWatchingBadge")) : null,
    ];
    const name = h("bdi", { class: "chat-author" });
    name.textContent = by.name;
    const text = h("p", { class: "chat-text", dir: "auto" });
    text.textContent = message.text;
    return h(
      "li",
      { class: `chat-message from-${by.kind}`, "data-n": message.n, "data-focus": `chat-${message.n}`, tabindex: -1 },
      h(
        "div",
        { class: "chat-meta" },
        colour ? swatch(colour) : null,
        name,
        badges,
        h(
          "time",
          { class: "chat-time", datetime: time.toISOString() },
          time.toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" }),
        ),
      ),
      text,
      this.actions(view, chat, message),
    );
  }

  /** Mute (anyone else's message); the host's Delete, and Silence for a spectator's message. */
  private actions({ you }: TableView, chat: ChatModel, message: ChatMessage): HTMLElement | null {
    const { i18n, client } = this;
    const { by } = message;
    const buttons: HTMLElement[] = [];
    const button = (action: string, label: string, text: string, onclick: () => void) =>
      h(
        "button",
        {
          type: "button",
          class: `subtle chat-${action}`,
          "aria-label": label,
          "data-focus": `${action}-${message.n}`,
          onclick,
        },
        text,
      );
    if (!chat.isOwn(message)) {
      buttons.push(
        button("mute", i18n.t("chatMuteName", { name: by.name }), i18n.t("chatMute"), () => {
          chat.mute(message.author);
          this.redraw();
          // The button went with the message: the focus goes to what undoes it.
          this.muted.element.querySelector<HTMLElement>(`[data-focus="unmute-${message.author}"]`)?.focus();
        }),
      );
    }
    if (you.host) {
      buttons.push(
        button("delete", i18n.t("chatDeleteFrom", { name: by.name }), i18n.t("chatDelete"), () => {
          client.deleteChat(message.n).catch(() => {});
        }),
      );
      if (by.kind === "spectator" && !by.host) {
        buttons.push(
          button("silence", i18n.t("chatSilenceName", { name: by.name }), i18n.t("chatSilence"), () => {
            client.silence(message.n).catch(() => {});
          }),
        );
      }
    }
    return buttons.length > 0 ? h("div", { class: "chat-actions" }, buttons) : null;
  }

  /** How many messages the visitor's mutes hide, and an Unmute for each muted writer, by their last name here. */
  private renderMuted(chat: ChatModel): void {
    const { i18n } = this;
    const hidden = chat.messages.filter((message) => chat.isMuted(message.author));
    const names = new Map<string, string>();
    for (const message of hidden) names.set(message.author, message.by.name);
    this.muted.update([hidden.length, [...names], i18n.language], () => {
      if (hidden.length === 0) return [];
      return [
        h("p", {}, i18n.count("chatHidden", hidden.length)),
        [...names].map(([author, name]) =>
          h(
            "button",
            {
              type: "button",
              class: "subtle chat-unmute",
              "data-focus": `unmute-${author}`,
              onclick: () => {
                chat.unmute(author);
                this.redraw();
                // The button went: the focus goes to the writer's last message, shown again.
                const n = chat.messages.findLast((message) => message.author === author)?.n;
                if (n !== undefined) this.drawn.get(n)?.focus();
              },
            },
            i18n.t("chatUnmuteName", { name }),
          ),
        ),
      ];
    });
  }

  /** Characters left, shown near the limit. */
  private count(): void {
    const left = MAX_CHAT_LENGTH - this.textInput.value.length;
    this.counter.hidden = left > COUNTER_FROM;
    this.counter.textContent = this.i18n.count("chatCharsLeft", left);
  }

  /** Sends what was typed; a spectator's name first (remembered). A refusal keeps the text and is shown by the page. */
  private say(): void {
    const { client, i18n } = this;
    const text = this.textInput.value;
    if (!text.trim() || !this.view) return;
    let name: string | undefined;
    if (this.view.you.seat === null) {
      name = this.nameInput.value.trim();
      if (!name) {
        this.notices.show(() => i18n.error("bad-name"));
        this.nameInput.focus();
        return;
      }
      try {
        this.store?.setItem(CHAT_NAME_KEY, name);
      } catch {
        // Not remembered.
      }
    }
    client.say(text, name).then(
      () => {
        // Cleared only if it is still what was sent.
        if (this.textInput.value === text) this.textInput.value = "";
        this.count();
      },
      () => {},
    );
  }
}

/** The name a spectator chats under: the one last used in a chat, else the one they sit down under. */
function readName(store: Storage | undefined): string {
  try {
    return store?.getItem(CHAT_NAME_KEY) ?? rememberedName(store);
  } catch {
    return "";
  }
}
