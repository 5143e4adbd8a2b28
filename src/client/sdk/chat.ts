/**
 * A table's chat as a client sees it (docs/client.md, "Chat and reactions"):
 * the messages the table keeps, in order by number, who may chat, whether
 * this client was silenced, how many messages came since the reader last
 * looked, and whose messages this reader chose not to see (a personal mute,
 * kept per table in the client's store, so that it outlasts a reload).
 * The server's chat messages feed it (`TableClient` routes them here); it
 * has no connection of its own.
 */
import { type ChatMessage, type ChatPolicy, DEFAULT_CHAT_POLICY, type Reaction } from "../../protocol/chat.ts";
import type { ServerMessage } from "../../protocol/server-messages.ts";
import { chatMutedKey, chatOwnKey, type TokenStore } from "./storage.ts";

/** A reaction as it arrived: from `seat`'s player, or a spectator when `seat` is null; `at` is server time. */
export interface ReactionSent {
  readonly seat: number | null;
  readonly reaction: Reaction;
  readonly at: number;
}

/** How long a reaction is recent: shown by its sender, then gone (it is never stored). */
export const REACTION_SHOWN_MS = 3000;

type ChatHistory = Omit<Extract<ServerMessage, { type: "chatHistory" }>, "type">;

export class ChatModel {
  /** The table's chat messages, oldest first, muted writers' included (see `visible`). */
  messages: readonly ChatMessage[] = [];
  policy: ChatPolicy = DEFAULT_CHAT_POLICY;
  /** The host silenced this client (a spectator) at this table. */
  silenced = false;
  /** Messages of others, not muted, that arrived since `markRead`. */
  unread = 0;
  /** Whether the table's chat has arrived yet (with the first `chatHistory`). */
  loaded = false;
  private readonly tableId: string;
  private readonly store: TokenStore;
  private muted: ReadonlySet<string>;
  /** The writer keys of this client's own messages, learnt from the acks of its `chat` requests (`claim`). */
  private own: ReadonlySet<string>;
  private recent: (ReactionSent & { readonly receivedAt: number })[] = [];

  constructor(tableId: string, store: TokenStore) {
    this.tableId = tableId;
    this.store = store;
    this.muted = new Set(readList(store, chatMutedKey(tableId)));
    this.own = new Set(readList(store, chatOwnKey(tableId)));
  }

  /** The chat as the table has it now, after every hello: replaces what was known. */
  setHistory({ policy, messages, silenced }: ChatHistory): void {
    const lastKnown = this.messages.at(-1)?.n ?? 0;
    // A reconnect brings what was missed: those count as new; the chat found on arrival does not.
    if (this.loaded) this.unread += messages.filter((message) => message.n > lastKnown && this.isNews(message)).length;
    this.messages = [...messages].sort((a, b) => a.n - b.n);
    this.policy = policy;
    this.silenced = silenced;
    this.loaded = true;
  }

  /** A new message; a repeat of one already here changes nothing. Whether it was new. */
  add(message: ChatMessage): boolean {
    if (this.messages.some((known) => known.n === message.n)) return false;
    this.messages = [...this.messages, message].sort((a, b) => a.n - b.n);
    if (this.isNews(message)) this.unread++;
    return true;
  }

  /** The host deleted message `n`. Whether it was here. */
  delete(n: number): boolean {
    const before = this.messages.length;
    this.messages = this.messages.filter((message) => message.n !== n);
    return this.messages.length !== before;
  }

  setPolicy(policy: ChatPolicy): void {
    this.policy = policy;
  }

  silence(): void {
    this.silenced = true;
  }

  /** The reader has seen the chat: nothing is unread. */
  markRead(): void {
    this.unread = 0;
  }

  /** Hides the messages of the writer with this `author` key, on this device, at this table. */
  mute(author: string): void {
    if (this.muted.has(author)) return;
    this.muted = new Set([...this.muted, author]);
    writeList(this.store, chatMutedKey(this.tableId), this.muted);
  }

  unmute(author: string): void {
    if (!this.muted.has(author)) return;
    this.muted = new Set([...this.muted].filter((key) => key !== author));
    writeList(this.store, chatMutedKey(this.tableId), this.muted);
  }

  isMuted(author: string): boolean {
    return this.muted.has(author);
  }

  /** The writer keys muted at this table. */
  get mutedAuthors(): readonly string[] {
    return [...this.muted];
  }

  /** The writer keys this client has written under at this table. */
  get ownAuthors(): readonly string[] {
    return [...this.own];
  }

  /** Whether a message is this client's own (as far as it has learnt: see `claim`). */
  isOwn(message: ChatMessage): boolean {
    return this.own.has(message.author);
  }

  /**
   * Message `n` is this client's own (its `chat` was acknowledged with it,
   * after the message came): its writer's messages are never unread, nor
   * offered to mute. The message itself no longer counts as unread.
   * Whether that was news.
   */
  claim(n: number): boolean {
    const message = this.messages.find((known) => known.n === n);
    if (!message || this.own.has(message.author)) return false;
    if (!this.muted.has(message.author)) this.unread = Math.max(0, this.unread - 1);
    this.own = new Set([...this.own, message.author]);
    writeList(this.store, chatOwnKey(this.tableId), this.own);
    return true;
  }

  /** The messages to show: every one but those of muted writers. */
  get visible(): readonly ChatMessage[] {
    return this.messages.filter((message) => !this.muted.has(message.author));
  }

  /** A reaction that arrived `receivedAt` (local time). */
  react(reaction: ReactionSent, receivedAt = Date.now()): void {
    this.recent = [...this.recentAt(receivedAt), { ...reaction, receivedAt }];
  }

  /** The reactions that arrived in the last `REACTION_SHOWN_MS` before `now` (local time), oldest first. */
  recentReactions(now = Date.now()): readonly ReactionSent[] {
    return this.recentAt(now).map(({ seat, reaction, at }) => ({ seat, reaction, at }));
  }

  private recentAt(now: number) {
    return this.recent.filter((reaction) => now - reaction.receivedAt < REACTION_SHOWN_MS);
  }

  private isNews(message: ChatMessage): boolean {
    return !this.own.has(message.author) && !this.muted.has(message.author);
  }
}

/** A list of keys kept as JSON; what cannot be read is an empty list. */
function readList(store: TokenStore, key: string): string[] {
  try {
    const value: unknown = JSON.parse(store.get(key) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function writeList(store: TokenStore, key: string, values: ReadonlySet<string>): void {
  if (values.size === 0) store.remove(key);
  else store.set(key, JSON.stringify([...values]));
}
