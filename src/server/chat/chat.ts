/**
 * A table's chat and reactions, beside the game and apart from it: its own
 * store (chat-store.ts), its own limits (chat-limits.ts), its own messages.
 * Nothing here goes through `commit` or touches the event log, so a move
 * pays nothing for chat, and chat counts against none of the log's limits.
 * Who may say what is the table's rule (src/table/chat.ts); here it is
 * stored, delivered and bounded.
 */
import type { ClientMessage, Identity } from "../../protocol/index.ts";
import { chatAuthor, chatText, requireVoice, type TableCommands, TableError } from "../../table/index.ts";
import { broadcast, hex, identityOf, seatKeyOf, send } from "../connections/connection.ts";
import { type ChatGroup, ChatLimiter, MESSAGE_RATES, REACTION_RATES, RecentRequests } from "./chat-limits.ts";
import type { ChatStore } from "./chat-store.ts";

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

/** What the chat needs of the Durable Object: its storage, its sockets, where each came from, its secret. */
export interface ChatRoom {
  readonly store: ChatStore;
  /** Sockets that can still receive. */
  readonly openSockets: () => WebSocket[];
  /** A socket's client address tag. */
  readonly addressOf: (ws: WebSocket) => string;
  /** Runs writes in one transaction. */
  readonly transaction: <T>(write: () => T) => T;
  /** The deployment's secret (TABLE_ID_KEY) that writers' keys are made under; never stored with a table. */
  readonly secret: string | undefined;
  /** Something was said, for the operator's figures. */
  readonly said: (kind: "message" | "reaction") => void;
  /** A write failed (the request is refused with internal-error). */
  readonly failed: (error: unknown) => void;
}

/** A spectator is who the host's silence reaches: not a seat's player, and not the host. */
function isSpectator(who: Identity): boolean {
  return who.seat === null && !who.host;
}

/** Whose share of the table's chat a writer draws on: a crowd of spectators never spends the players'. */
function groupOf(who: Identity): ChatGroup {
  return isSpectator(who) ? "spectators" : "players";
}

export class TableChat {
  private readonly room: ChatRoom;
  private readonly messageLimit = new ChatLimiter(MESSAGE_RATES);
  private readonly reactionLimit = new ChatLimiter(REACTION_RATES);
  private readonly recentReactions = new RecentRequests(60_000);
  private mac: Promise<CryptoKey> | undefined;
  /** Each socket's writer key, with what it was made from: a socket that changes seats gets a new one. */
  private readonly keys = new WeakMap<WebSocket, { readonly source: string; readonly key: string }>();

  constructor(room: ChatRoom) {
    this.room = room;
  }

  /** Sends a socket the chat as it finds it; returns the frame's length, which the asker is charged. */
  async greet(ws: WebSocket, table: TableCommands): Promise<number> {
    const writer = await this.writerKey(ws, table);
    const { store } = this.room;
    return send(ws, {
      type: "chatHistory",
      policy: store.policy,
      messages: store.messages.map((stored) => stored.message),
      silenced: isSpectator(identityOf(ws)) && store.isSilenced(writer),
    });
  }

  /** Answers a chat request with an `ack` naming the table's last event (chat adds none), or throws a TableError. */
  async handle(ws: WebSocket, table: TableCommands, message: ChatRequest): Promise<void> {
    switch (message.type) {
      case "chat": {
        const n = await this.say(ws, table, message);
        send(ws, { type: "ack", id: message.id, seq: table.seq, n });
        return;
      }
      case "react":
        await this.react(ws, table, message);
        break;
      case "chatPolicy":
        this.write(() => this.room.store.setPolicy(message.policy));
        broadcast(this.room.openSockets(), { type: "chatPolicy", policy: message.policy });
        break;
      case "deleteChat":
        this.delete(message.n);
        break;
      case "silence":
        await this.silence(message.n, table);
        break;
    }
    send(ws, { type: "ack", id: message.id, seq: table.seq });
  }

  /** Posts a message; returns its number (a repeat's, for a request already posted). */
  private async say(
    ws: WebSocket,
    table: TableCommands,
    message: Extract<ChatRequest, { type: "chat" }>,
  ): Promise<number> {
    const { store } = this.room;
    await this.writerKey(ws, table);
    // From here on no await: the checks and the write see the same table and the same socket.
    const writer = this.knownKey(ws);
    if (writer === undefined) {
      throw new TableError("bad-token", "this connection's seat changed while the message was read: send it again");
    }
    const who = identityOf(ws);
    const request = `${writer}:${message.id}`;
    const posted = store.numberOf(request);
    if (posted !== undefined) return posted;
    requireVoice(who, { policy: store.policy, silenced: isSpectator(who) && store.isSilenced(writer) });
    const text = chatText(message.text);
    const by = chatAuthor(who, table.names, message.name);
    const now = Date.now();
    if (!this.messageLimit.take(ws, this.room.addressOf(ws), groupOf(who), now)) {
      throw new TableError("chat-rate-limited", "too many chat messages: wait a moment");
    }
    const stored = this.write(() => store.add(now, by, writer, text, request));
    broadcast(this.room.openSockets(), { type: "chatMessage", message: stored });
    this.room.said("message");
    return stored.n;
  }

  /**
   * Shows a reaction to everyone. A request id the writer used in the last
   * minute is acknowledged and not shown again: a client resends what was
   * unanswered when its connection dropped.
   */
  private async react(ws: WebSocket, table: TableCommands, message: Extract<ChatRequest, { type: "react" }>) {
    const writer = await this.writerKey(ws, table);
    const who = identityOf(ws);
    const { store } = this.room;
    const now = Date.now();
    const request = `${writer}:${message.id}`;
    if (this.recentReactions.seen(request, now)) return;
    requireVoice(who, { policy: store.policy, silenced: isSpectator(who) && store.isSilenced(writer) });
    if (!this.reactionLimit.take(ws, this.room.addressOf(ws), groupOf(who), now)) {
      throw new TableError("chat-rate-limited", "too many reactions: wait a moment");
    }
    this.recentReactions.note(request, now);
    broadcast(this.room.openSockets(), { type: "reaction", seat: who.seat, reaction: message.reaction, at: now });
    this.room.said("reaction");
  }

  /** A message that is gone already (deleted, or dropped from the history) is acknowledged: what was asked is so. */
  private delete(n: number): void {
    const { store } = this.room;
    if (!store.wasWritten(n)) throw new TableError("no-such-message", `there is no chat message ${n} at this table`);
    if (!store.find(n)) return;
    this.write(() => store.delete(n));
    broadcast(this.room.openSockets(), { type: "chatDeleted", n });
  }

  /**
   * Silences the spectator who wrote message `n`: their key, which is their
   * address's at this table, so every socket of theirs, now or later, is
   * silenced. Those sockets are told.
   */
  private async silence(n: number, table: TableCommands): Promise<void> {
    const { store } = this.room;
    const stored = store.find(n);
    if (!stored) throw new TableError("no-such-message", `chat message ${n} is not kept at this table`);
    const { by, author } = stored.message;
    if (by.kind === "seat" || by.host) {
      throw new TableError("not-a-spectator", "only a spectator's chat can be silenced; the host may remove a player");
    }
    const spectators = this.room.openSockets().filter((ws) => isSpectator(identityOf(ws)));
    const keys = await Promise.all(spectators.map((ws) => this.writerKey(ws, table)));
    // From here on no await.
    if (store.isSilenced(author)) return;
    this.write(() => store.silence(author));
    broadcast(
      spectators.filter((ws, i) => keys[i] === author && isSpectator(identityOf(ws))),
      { type: "silenced" },
    );
  }

  /**
   * The key a socket's writer is known by at this table (ChatMessage's
   * `author`): an HMAC, under the deployment's secret, of the table's id and
   * the seat's token key, the host's role, or a spectator's address. It is
   * sent to everyone, and says nothing of the writer at another table, nor
   * of the address: without the secret no one can test a guess against it.
   */
  private async writerKey(ws: WebSocket, table: TableCommands): Promise<string> {
    const known = this.knownKey(ws);
    if (known !== undefined) return known;
    const source = this.sourceOf(ws);
    this.mac ??= this.importSecret();
    const text = new TextEncoder().encode(`chat:${table.id}:${source}`);
    const mac = await crypto.subtle.sign("HMAC", await this.mac, text);
    const key = hex(mac).slice(0, 16);
    this.keys.set(ws, { source, key });
    return key;
  }

  /** The socket's writer key, if it was made for who the socket is now. */
  private knownKey(ws: WebSocket): string | undefined {
    const known = this.keys.get(ws);
    return known?.source === this.sourceOf(ws) ? known.key : undefined;
  }

  private sourceOf(ws: WebSocket): string {
    return seatKeyOf(ws) ?? (identityOf(ws).host ? "host" : this.room.addressOf(ws));
  }

  private importSecret(): Promise<CryptoKey> {
    const { secret } = this.room;
    if (!secret) throw new TableError("misconfigured", "the table has no secret to make chat keys with (TABLE_ID_KEY)");
    return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
  }

  /** A write in its own transaction; if storage fails, what the chat had read is forgotten and the request refused. */
  private write<T>(write: () => T): T {
    try {
      return this.room.transaction(write);
    } catch (error) {
      this.room.store.forget();
      // What the chat had read is read again from storage.
      this.room.failed(error);
      throw new TableError("internal-error", "the table could not store that: try again");
    }
  }
}
