/**
 * Table talk, one part of the table page that comes after its first drawing
 * (`LazyPart`): the chat panel with its row of reactions, and the reactions'
 * bubbles over the seats.
 */
import type { TableClient } from "../../sdk/client.ts";
import type { Notices } from "../chrome.ts";
import type { I18n } from "../i18n/index.ts";
import { ChatPanel } from "./chat-panel.ts";
import { ReactionBar, ReactionsShown } from "./reactions.ts";
import type { TableView } from "./view.ts";

export class Talk {
  private readonly client: TableClient;
  private readonly bar: ReactionBar;
  private readonly chat: ChatPanel;
  private readonly shown: ReactionsShown;

  /** `element`: the chat's (`chatHost`); `seats`: where the bubbles show; `announce`: tells screen readers who reacted. */
  constructor(
    i18n: I18n,
    client: TableClient,
    notices: Notices,
    store: Storage | undefined,
    element: HTMLElement,
    seats: HTMLElement,
    announce: (text: string) => void,
  ) {
    this.client = client;
    this.bar = new ReactionBar(i18n, client);
    this.chat = new ChatPanel(i18n, client, notices, store, this.bar.element, element);
    this.shown = new ReactionsShown(i18n, client, seats, announce);
  }

  render(view: TableView): void {
    this.shown.place(view.names);
    this.bar.render(view, this.client);
    this.chat.render(view);
  }
}
