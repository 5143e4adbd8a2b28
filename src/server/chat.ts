/**
 * A table's chat and reactions, beside the game and apart from it: its own
 * store (chat-store.ts), its own limits (chat-limits.ts), its own messages.
 * Nothing here goes through `commit` or touches the event log, so a move
 * pays nothing for chat, and chat counts against none of the log's limits.
 * Who may say what is the table's rule (src/table/chat.ts); here it is
 * stored, delivered and bounded.
 */
import type { ClientMessage, Identity } from "../protocol/index.ts";
import { chatAuthor, chatText, requireVoice, type TableCommands, TableError } from "../table/index.ts";
import { ChatLimiter, MESSAGE_RATES, REACTION_RATES } from "./chat-limits.ts";
import type { ChatStore } from "./chat-store.ts";
import { broadcast, identityOf, seatKeyOf, send } from "./connection.ts";

/** The requests the chat answers. */
export type ChatRequest = Extract<ClientMessage, { type: "chat" | "react" | "chatPolicy" | "deleteChat" | "silence" }>;

const CHAT_REQUESTS: ReadonlySet<string> = new Set<ChatRequest["type"]>([
  "chat",
  "react",
  "chatPolicy",
  "deleteChat",
  "silence",
]);

export function isChatRequest(message: ClientMessage): message is ChatRequest {
  return CHAT_REQUESTS.has(message.type);
}

/** What the chat needs of the Durable Object: its sockets, and where each came from. */
export interface ChatRoom {
  readonly store: ChatStore;
  /** Sockets that can still receive. */
  readonly openSockets: () => WebSocket[];
  /** A socket's client address tag. */
  readonly addressOf: (ws: WebSocket) => string;
  /** Runs writes in one transaction. */
  readonly transaction: <T>(write: () => T) => T;
}

/** A spectator is who the host's silence reaches: not a seat's player, and not the host. */
function isSpectator(who: Identity): boolean {
  return who.seat === null && !who.host;
}

/**
 * The writer's key that clients mute by: a hash of the table's id and the
 * seat's token key, the host's role, or the spectator's address, so that
 * one table's key says nothing of the writer at another, nor of the address.
 */
async function authorKey(tableId: string, source: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`chat:${tableId}:${source}`));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class TableChat {
  private readonly room: ChatRoom;
  private readonly messageLimit = new ChatLimiter(MESSAGE_RATES);
  private readonly reactionLimit = new ChatLimiter(REACTION_RATES);

  constructor(room: ChatRoom) {
    this.room = room;
  }

  /** Sends a socket the chat as it finds it; returns the frame's length, which the asker is charged. */
  greet(ws: WebSocket): number {
    const { store } = this.room;
    return send(ws, {
      type: "chatHistory",
      policy: store.policy,
      messages: store.messages.map((stored) => stored.message),
      silenced: this.isSilenced(ws),
    });
  }

  /** Answers a chat request with an `ack` naming the table's last event (chat adds none), or throws a TableError. */
  async handle(ws: WebSocket, table: TableCommands, message: ChatRequest): Promise<void> {
    switch (message.type) {
      case "chat":
        await this.say(ws, table, message);
        break;
      case "react":
        this.react(ws, message.reaction);
        break;
      case "chatPolicy":
        this.write(() => this.room.store.setPolicy(message.policy));
        broadcast(this.room.openSockets(), { type: "chatPolicy", policy: message.policy });
        break;
      case "deleteChat":
        this.delete(message.n);
        break;
      case "silence":
        this.silence(message.n);
        break;
    }
    send(ws, { type: "ack", id: message.id, seq: table.seq });
  }

  private async say(ws: WebSocket, table: TableCommands, message: Extract<ChatRequest, { type: "chat" }>) {
    const { store } = this.room;
    const address = this.room.addressOf(ws);
    const asked = identityOf(ws);
    const author = await authorKey(table.id, seatKeyOf(ws) ?? (asked.host ? "host" : address));
    // From here on no await: the checks and the write see the same table. The socket may have changed seats.
    const who = identityOf(ws);
    if (who.seat !== asked.seat || who.host !== asked.host) {
      throw new TableError("bad-token", "this connection's seat changed while the message was read: send it again");
    }
    const request = `${author}:${message.id}`;
    if (store.numberOf(request) !== undefined) return;
    requireVoice(who, { policy: store.policy, silenced: this.isSilenced(ws) });
    const text = chatText(message.text);
    const by = chatAuthor(who, table.names, message.name);
    const now = Date.now();
    if (!this.messageLimit.take(ws, address, now)) {
      throw new TableError("chat-rate-limited", "too many chat messages: wait a moment");
    }
    const stored = this.write(() => store.add(now, by, author, text, request, address));
    broadcast(this.room.openSockets(), { type: "chatMessage", message: stored });
  }

  private react(ws: WebSocket, reaction: Extract<ChatRequest, { type: "react" }>["reaction"]): void {
    const who = identityOf(ws);
    requireVoice(who, { policy: this.room.store.policy, silenced: this.isSilenced(ws) });
    const now = Date.now();
    if (!this.reactionLimit.take(ws, this.room.addressOf(ws), now)) {
      throw new TableError("chat-rate-limited", "too many reactions: wait a moment");
    }
    broadcast(this.room.openSockets(), { type: "reaction", seat: who.seat, reaction, at: now });
  }

  /** A message that is gone already (deleted, or dropped from the history) is acknowledged: what was asked is so. */
  private delete(n: number): void {
    const { store } = this.room;
    if (!store.wasWritten(n)) throw new TableError("no-such-message", `there is no chat message ${n} at this table`);
    if (!store.find(n)) return;
    this.write(() => store.delete(n));
    broadcast(this.room.openSockets(), { type: "chatDeleted", n });
  }

  /** Silences the address the spectator wrote message `n` from, and tells that address's spectator sockets. */
  private silence(n: number): void {
    const { store } = this.room;
    const stored = store.find(n);
    if (!stored) throw new TableError("no-such-message", `chat message ${n} is not kept at this table`);
    if (stored.message.by.kind === "seat" || stored.message.by.host) {
      throw new TableError("not-a-spectator", "only a spectator's chat can be silenced; the host may remove a player");
    }
    if (store.isSilenced(stored.address)) return;
    this.write(() => store.silence(stored.address));
    const silenced = this.room
      .openSockets()
      .filter((ws) => isSpectator(identityOf(ws)) && this.room.addressOf(ws) === stored.address);
    broadcast(silenced, { type: "silenced" });
  }

  private isSilenced(ws: WebSocket): boolean {
    return isSpectator(identityOf(ws)) && this.room.store.isSilenced(this.room.addressOf(ws));
  }

  /** A write in its own transaction; if storage fails, what the chat had read is forgotten and the request refused. */
  private write<T>(write: () => T): T {
    try {
      return this.room.transaction(write);
    } catch (error) {
      this.room.store.forget();
      console.error("a chat write failed; the chat will be read again from storage", error);
      throw new TableError("internal-error", "the table could not store that: try again");
    }
  }
}
