/**
 * A connection to one table: the socket (partysocket's ReconnectingWebSocket,
 * which reconnects with a growing delay), the hello handshake with the stored
 * tokens, the table's state kept in step with the event log, and requests
 * (join, move, start, …) as promises.
 *
 * Every message from the server is validated with the protocol's schemas
 * before it is used. Events arrive with consecutive sequence numbers: one at
 * or below the current number is a repeat and ignored; one past the next
 * means some were missed, and the client asks for them with `sync`. After a
 * reconnect the hello carries the last sequence number, so the server sends
 * only what was missed (or a whole new snapshot when that is too much).
 *
 * A connection that died without a close frame looks open forever, so the
 * client sends `ping` every `heartbeatMs` (2 s; the server answers `pong`
 * without waking the table) and, when nothing at all has come for two
 * intervals, reports `reconnecting` and connects again: a silent drop shows
 * within 4 to 6 s. The server likewise closes a socket it has not heard from
 * for 6 s and tells the others its seat is gone.
 */
import ReconnectingWebSocket from "partysocket/ws";
import type {
  ChatPolicy,
  ClientMessage,
  ConnectionState,
  Identity,
  Language,
  Level,
  NoticeLanguage,
  PushSubscriptionJson,
  Reaction,
  ServerMessage,
  Snapshot,
  TableEvent,
} from "../../protocol/index.ts";
import { ServerMessageSchema } from "../../protocol/server-messages.ts";
import { socketProtocols } from "../../protocol/socket.ts";
import { formatPath, parseHole } from "../../rules/index.ts";
import type { LoggedEvent } from "../../table/fold.ts";
import { ChatModel, type ReactionSent } from "./chat.ts";
import { type EarlySocket, type Hello, helloMessage, socketUrl } from "./early-socket.ts";
import { Emitter } from "./emitter.ts";
import { type SdkError, TableError } from "./errors.ts";
import { type HandedOver, type HandoverCode, redeemHandover } from "./handover.ts";
import { handoverLink } from "./handover-link.ts";
import { Heartbeat, readMessage } from "./keep-alive.ts";
import { TableModel } from "./model.ts";
import { newRequestId } from "./request-id.ts";
import { ServerClock } from "./server-clock.ts";
import { hostTokenKey, keptIdentity, memoryTokens, seatNumberKey, seatTokenKey, type TokenStore } from "./storage.ts";

export type { ConnectionState };

/** What a `TableClient` reports, by event name. */
export interface TableClientEvents {
  /** The connection's state changed. */
  connection: { readonly state: ConnectionState };
  /**
   * A whole snapshot replaced the table's state (first connect, or after being far behind); a client
   * started from a snapshot (`options.snapshot`) hears it when its first connection says who it is.
   */
  welcome: { readonly snapshot: Snapshot; readonly you: Identity };
  /** One event of the table's log, already folded into `client.model`. */
  event: { readonly seq: number; readonly event: TableEvent; readonly model: TableModel };
  /**
   * Who this client is changed: it took a seat, left, was removed, or
   * presented a token. `reason: "handedOver"`: its seat (and hosting, if it
   * went along) was handed over to another device; its tokens are forgotten.
   */
  identity: { readonly you: Identity; readonly reason?: "handedOver" };
  /** Who is connected changed. */
  presence: { readonly connected: readonly boolean[]; readonly spectators: number };
  /** A request was refused, or something went wrong; the table is unchanged. */
  error: SdkError;
  /** The table's chat changed (`client.chat`): its messages, who may chat, or this client's standing in it. */
  chat: { readonly chat: ChatModel };
  /** Someone reacted, shown for a moment by their seat (a spectator's `seat` is null); kept in `client.chat` for `REACTION_SHOWN_MS`. */
  reaction: ReactionSent;
  /** Anything shown may have changed: the model, the identity, presence or the connection. */
  change: { readonly model: TableModel | null };
}

export type TableClientEventName = keyof TableClientEvents;
type Listener<K extends TableClientEventName> = (detail: TableClientEvents[K]) => void;

export interface TableClientOptions {
  /** The service's origin, e.g. `https://checkers.example` or `location.origin`. */
  readonly baseUrl: string | URL;
  readonly tableId: string;
  /** Where seat and host tokens are kept; by default in memory only. In a browser: `webStorageTokens(localStorage)`. */
  readonly tokens?: TokenStore;
  /** A WebSocket constructor, where there is no global one or for tests. */
  readonly WebSocket?: unknown;
  /** Reconnection backoff: the first retry waits `minDelayMs`, each next one `growFactor` times longer, at most `maxDelayMs`. */
  readonly reconnect?: { readonly minDelayMs?: number; readonly maxDelayMs?: number; readonly growFactor?: number };
  /** How long a request may wait for its answer before it fails with `timeout`. */
  readonly requestTimeoutMs?: number;
  /** Start connecting at once (default), or wait for `connect()`. */
  readonly autoConnect?: boolean;
  /** How often to ping while connected (default 2000 ms); with nothing received for twice this, the client reconnects. */
  readonly heartbeatMs?: number;
  /**
   * The table as the page already has it (the table page's HTML carries its
   * snapshot): the model is there at once, before the socket opens, and the
   * first hello asks only for what came after it. Until the table says who
   * this client is, the seat kept beside its token (`seatNumberKey`) stands
   * for it, so that a seated player's page is drawn as theirs from the start.
   */
  readonly snapshot?: Snapshot;
  /**
   * The table's socket, opened before the client (the table page opens it as
   * it starts, so that its handshake is done while the SDK is still coming):
   * taken for the first connection if it was opened for this table with
   * this client's tokens, and what came on it meanwhile is handled in order.
   * The web client's own (sdk/early-socket.ts), not exported by the package.
   */
  readonly early?: EarlySocket;
}

interface Pending {
  readonly message: Exclude<ClientMessage, { type: "hello" | "sync" }>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: SdkError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
  /** The connection it was last sent on, or 0 while unsent. */
  sentOn: number;
  /** Acknowledged as applied by this event, which has not reached the model yet. */
  appliedAt?: number;
}

const SYNC_RETRY_MS = 5000;

/** Whether two hellos say the same. */
function sameHello(a: Hello, b: Hello): boolean {
  return a.token === b.token && a.hostToken === b.hostToken && a.lastSeq === b.lastSeq;
}

/** How often the client pings; the server's `STALE_MS` (6 s) allows two of these lost or late. */
const DEFAULT_HEARTBEAT_MS = 2_000;

export class TableClient {
  readonly tableId: string;
  /** The table as last seen: null until the first welcome. */
  model: TableModel | null = null;
  /** Who this client is at the table. */
  you: Identity = { seat: null, host: false };
  connection: ConnectionState = "closed";
  /** The table's chat, as the server last told it; muted writers are kept in the token store. */
  readonly chat: ChatModel;

  private readonly options: TableClientOptions;
  private readonly heartbeat: Heartbeat;
  private readonly tokens: TokenStore;
  private socket: ReconnectingWebSocket | null = null;
  /** Counts connections; the handshake is done when `readyOn` equals it. */
  private connectionNumber = 0;
  private readyOn = -1;
  /** The hello said on the current connection (its tokens tell a refusal of them apart). */
  private lastHello: Hello = helloMessage(null, null, undefined);
  private readonly pending = new Map<string, Pending>();
  private syncAskedAt: number | null = null;
  private readonly events = new Emitter<TableClientEvents>();
  private readonly serverClock = new ServerClock();
  /** Started from a snapshot (`options.snapshot`), and not yet told by the table who this client is. */
  private unwelcomed = false;

  constructor(options: TableClientOptions) {
    this.options = options;
    this.heartbeat = new Heartbeat(() => this.socket, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    this.tableId = options.tableId;
    this.tokens = options.tokens ?? memoryTokens();
    this.chat = new ChatModel(this.tableId, this.tokens);
    if (options.snapshot) {
      this.model = TableModel.fromSnapshot(options.snapshot);
      this.unwelcomed = true;
      this.you = keptIdentity(this.tokens, this.tableId);
    }
    if (options.autoConnect !== false) this.connect();
  }

  /** The seat token kept for this table, if any. */
  get seatToken(): string | null {
    return this.tokens.get(seatTokenKey(this.tableId));
  }

  get hostToken(): string | null {
    return this.tokens.get(hostTokenKey(this.tableId));
  }

  /** Keeps the host token (from `createTable`) so the next hello presents it. */
  setHostToken(token: string): void {
    this.tokens.set(hostTokenKey(this.tableId), token);
  }

  /** The table's public state, as a snapshot. */
  get snapshot(): Snapshot | null {
    return this.model?.toSnapshot() ?? null;
  }

  /**
   * The server's time now, in ms since the epoch: the local clock corrected by
   * how far ahead of it the server's times on the events that arrived were
   * (see `ServerClock`). Count down to `model.deadline` with this, not `Date.now()`.
   */
  serverNow(): number {
    return this.serverClock.now();
  }

  get ready(): boolean {
    return this.readyOn === this.connectionNumber && this.socket !== null;
  }

  on<K extends TableClientEventName>(type: K, listener: Listener<K>): () => void {
    return this.events.on(type, listener);
  }

  connect(): void {
    if (this.socket) return;
    const { reconnect = {} } = this.options;
    // The tokens are offered with every (re)connection, so that a table full of spectators makes room for this seat.
    const protocols = () => socketProtocols({ seat: this.seatToken, host: this.hostToken });
    const socket = new ReconnectingWebSocket(socketUrl(this.options.baseUrl, this.tableId), protocols, {
      WebSocket: this.options.early
        ? this.options.early.constructorFrom((this.options.WebSocket as typeof WebSocket | undefined) ?? WebSocket)
        : this.options.WebSocket,
      minReconnectionDelay: reconnect.minDelayMs ?? 500,
      maxReconnectionDelay: reconnect.maxDelayMs ?? 10_000,
      reconnectionDelayGrowFactor: reconnect.growFactor ?? 1.6,
      // Nothing is sent before the hello: requests wait in `pending` for the handshake instead.
      maxEnqueuedMessages: 0,
    });
    this.socket = socket;
    this.setConnection("connecting");
    socket.addEventListener("open", () => {
      this.connectionNumber++;
      this.heartbeat.start();
      // The early socket, taken open, may have said this very hello already: the table's answer is coming.
      const greeting = this.options.early?.takeGreeting() ?? null;
      const hello = this.helloNow(this.model?.seq);
      if (greeting !== null && sameHello(greeting, hello)) this.lastHello = hello;
      else this.sendHello(this.model?.seq);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.heartbeat.stop();
      this.readyOn = -1;
      this.syncAskedAt = null;
      if (this.connection !== "closed") this.setConnection("reconnecting");
    });
  }

  /** Closes the connection for good; waiting requests fail with `closed`. */
  close(): void {
    const socket = this.socket;
    this.socket = null;
    this.heartbeat.stop();
    this.setConnection("closed");
    socket?.close(1000, "bye");
    for (const [id, pending] of this.pending) {
      this.settle(id);
      pending.reject(new TableError("closed", "the client was closed", { request: pending.message.type }));
    }
  }

  /** Drops the current connection and connects again at once (resyncing from the last sequence number). */
  reconnect(): void {
    this.socket?.reconnect();
  }

  // --- Requests ------------------------------------------------------------------------

  /** Takes a free seat under a name; resolves with the seat once the server gives this client the seat's token. */
  join(seat: number, name: string): Promise<number> {
    return this.request({ type: "join", id: newRequestId(), seat, name }) as Promise<number>;
  }

  /**
   * Plays a move for this client's seat: a path of hole names, as an array or
   * in notation (`"c2-e4-g4"`). Resolves when the move is on the table.
   */
  move(path: string | readonly string[], id = newRequestId()): Promise<void> {
    const notation = typeof path === "string" ? path : formatPath(path.map(parseHole));
    return this.request({ type: "move", id, path: notation }) as Promise<void>;
  }

  /** The host starts the game once every seat is taken. */
  start(): Promise<void> {
    return this.request({ type: "start", id: newRequestId() }) as Promise<void>;
  }

  /**
   * After a game: accepts a rematch (the host's acceptance also covers seats
   * whose player is gone). The next game starts once every seat has accepted.
   */
  rematch(): Promise<void> {
    return this.request({ type: "rematch", id: newRequestId() }) as Promise<void>;
  }

  /**
   * Between games: moves to a free seat, or offers to trade places with an
   * occupied one (or accepts that seat's offer). Colours go with the seats.
   */
  swap(seat: number): Promise<void> {
    return this.request({ type: "swap", id: newRequestId(), seat }) as Promise<void>;
  }

  /** The host, between games: who begins the next games, a seat or null to draw one for each game. */
  chooseFirstPlayer(seat: number | null): Promise<void> {
    return this.request({ type: "firstPlayer", id: newRequestId(), seat }) as Promise<void>;
  }

  /** Takes back this client's seat from the computer. */
  back(): Promise<void> {
    return this.request({ type: "back", id: newRequestId() }) as Promise<void>;
  }

  /**
   * When the player to move (`seat`) has been disconnected for the grace
   * period: hands the seat to the computer until its player returns, or
   * counts the player out as if they had left.
   */
  remedy(seat: number, remedy: "computer" | "resign"): Promise<void> {
    return this.request({ type: "remedy", id: newRequestId(), seat, remedy }) as Promise<void>;
  }

  /** Leaves the seat: before the game it becomes free; during the game the player resigns. */
  leave(): Promise<void> {
    return this.request({ type: "leave", id: newRequestId() }) as Promise<void>;
  }

  /** The host frees a seat before the game starts. */
  remove(seat: number): Promise<void> {
    return this.request({ type: "remove", id: newRequestId(), seat }) as Promise<void>;
  }

  /**
   * The host, outside a game: a computer player of `level` (`easy`, `normal`,
   * `strong` or `master`) takes the free seat, named "Computer n". The table plays its
   * turns, accepts every rematch and swap for it; `remove` frees the seat.
   */
  addComputer(seat: number, level: Level): Promise<void> {
    return this.request({ type: "addComputer", id: newRequestId(), seat, level }) as Promise<void>;
  }

  /**
   * A one-time code that hands this client's seat to another device, and the
   * link to open there (the code in its fragment). It works once, for 10
   * minutes; asking again replaces it. When it is redeemed, this client's
   * seat (and hosting, if it hosts) moves: it hears `identity` with
   * `reason: "handedOver"` and watches from then on.
   */
  async handover(): Promise<HandoverCode> {
    const { code, expiresAt } = (await this.request({ type: "handover", id: newRequestId() })) as {
      code: string;
      expiresAt: number;
    };
    return { code, expiresAt, link: handoverLink(this.options.baseUrl, this.tableId, code) };
  }

  /**
   * Takes over a seat with a one-time code from another device (`handover`):
   * keeps the seat's new token (and the host token, if hosting came along)
   * and presents them, so that this client plays the seat from now on.
   * Resolves with the seat; a code that does not work rejects with
   * `invalid-handover`, and changes nothing.
   */
  async redeemHandover(code: string, fetcher: typeof fetch = fetch): Promise<number> {
    const handedOver: HandedOver = await redeemHandover(this.options.baseUrl, this.tableId, code, fetcher);
    this.tokens.set(seatTokenKey(this.tableId), handedOver.token);
    if (handedOver.hostToken !== null) this.setHostToken(handedOver.hostToken);
    // Connected (or saying hello): say hello again with the tokens; a connection still to come presents them itself.
    if (this.socket?.readyState === ReconnectingWebSocket.OPEN) this.sendHello(this.model?.seq);
    return handedOver.seat;
  }

  /**
   * Says `text` in the table's chat. A seated player writes under the seat's
   * name; a spectator must give a `name` (checked as a player's, and not one
   * a seated player goes by). Resolves once the table has taken it;
   * refusals: `bad-chat`, `bad-name`, `name-taken`, `chat-closed`,
   * `silenced`, `chat-rate-limited`.
   */
  say(text: string, name?: string): Promise<void> {
    const message = { type: "chat", id: newRequestId(), text, ...(name === undefined ? {} : { name }) } as const;
    return this.request(message) as Promise<void>;
  }

  /** A quick reaction, shown for a moment to everyone at the table; allowed to whoever may chat. */
  react(reaction: Reaction): Promise<void> {
    return this.request({ type: "react", id: newRequestId(), reaction }) as Promise<void>;
  }

  /** The host: who may chat from now on (`everyone`, `players`, `nobody`). */
  setChatPolicy(policy: ChatPolicy): Promise<void> {
    return this.request({ type: "chatPolicy", id: newRequestId(), policy }) as Promise<void>;
  }

  /** The host: deletes chat message `n` for everyone. */
  deleteChat(n: number): Promise<void> {
    return this.request({ type: "deleteChat", id: newRequestId(), n }) as Promise<void>;
  }

  /** The host: the spectator who wrote chat message `n` may no longer chat or react here (`not-a-spectator` for a player's). */
  silence(n: number): Promise<void> {
    return this.request({ type: "silence", id: newRequestId(), n }) as Promise<void>;
  }

  /**
   * A seated player: notify this push subscription (`PushSubscription.toJSON()`,
   * made with the key `getPushKey` gives) in `lang` when it is this seat's turn
   * and the player is away, when the game ends, and when a rematch is
   * offered. Kept until the seat is freed or `unsubscribePush`. Refusals:
   * `not-seated`, `push-unavailable`, `push-refused` (not a known push service).
   */
  subscribePush(subscription: PushSubscriptionJson, lang: NoticeLanguage): Promise<void> {
    return this.request({ type: "pushSubscribe", id: newRequestId(), subscription, lang }) as Promise<void>;
  }

  /** A seated player: no more notifications to this endpoint. */
  unsubscribePush(endpoint: string): Promise<void> {
    return this.request({ type: "pushUnsubscribe", id: newRequestId(), endpoint }) as Promise<void>;
  }

  /**
   * The host: lists the table in the lobby, open to anyone, in `lang` (the
   * language its players will chat in), or takes it off (`listed: false`).
   * The table's `listing` event says so to everyone, and `model.listedIn`
   * follows it. Refused with `not-host`.
   */
  setListing(listed: boolean, lang: Language): Promise<void> {
    return this.request({ type: "listing", id: newRequestId(), listed, lang }) as Promise<void>;
  }

  /**
   * Sends a request and settles when the server answers it: `joined` for a
   * join, `handoverCode` for a hand-over, otherwise `ack` with the sequence number of the last event it
   * produced, once that event is in the model; `error` rejects.
   */
  private request(message: Pending["message"]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.connection === "closed") {
        reject(new TableError("closed", "the client is closed", { request: message.type }));
        return;
      }
      const timer = setTimeout(() => {
        if (!this.pending.has(message.id)) return;
        this.settle(message.id);
        const error = new TableError("timeout", "no answer from the table", { request: message.type });
        reject(error);
      }, this.options.requestTimeoutMs ?? 30_000);
      this.pending.set(message.id, { message, resolve, reject, timer, sentOn: 0 });
      if (this.ready) this.sendPending(message.id);
    });
  }

  private sendPending(id: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    pending.sentOn = this.connectionNumber;
    this.send(pending.message);
  }

  /** After a handshake: sends what waited for it, and resends what a dropped connection may have lost. */
  private flushPending(): void {
    for (const [id, pending] of this.pending) {
      if (pending.sentOn === this.connectionNumber) continue;
      if (pending.sentOn !== 0 && pending.message.type === "join") {
        // A join is not idempotent: the server may have seated us, with a token we never received.
        this.settle(id);
        pending.reject(new TableError("disconnected", "the connection dropped while joining", { request: "join" }));
        continue;
      }
      // Moves and the rest carry their id: the server acknowledges a repeat instead of applying it twice.
      this.sendPending(id);
    }
  }

  private settle(id: string): Pending | undefined {
    const pending = this.pending.get(id);
    if (pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
    }
    return pending;
  }

  // --- The socket ----------------------------------------------------------------------------

  private send(message: ClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  /** The hello this client says now: its tokens, and the last event it has (`lastSeq`). */
  private helloNow(lastSeq: number | undefined): Hello {
    return helloMessage(this.seatToken, this.hostToken, lastSeq);
  }

  private sendHello(lastSeq: number | undefined): void {
    this.lastHello = this.helloNow(lastSeq);
    this.send(this.lastHello);
  }

  private receive(data: unknown): void {
    this.heartbeat.heard();
    const message = readMessage(data, ServerMessageSchema, "the server");
    if (message instanceof TableError) this.events.emit("error", message);
    else if (message !== undefined) this.handle(message);
  }

  private handle(message: ServerMessage): void {
    switch (message.type) {
      case "welcome": {
        this.unwelcomed = false;
        this.model = TableModel.fromSnapshot(message.snapshot);
        // A running clock's turn began at this server time, before the welcome was sent.
        if (this.model.deadline !== null) this.serverClock.observe(this.model.turnStart, Date.now());
        this.settleApplied();
        this.setIdentity(message.you);
        this.events.emit("welcome", { snapshot: message.snapshot, you: message.you });
        this.handshakeDone();
        this.changed();
        return;
      }
      case "identity":
        this.setIdentity(message.you, message.reason);
        this.handshakeDone();
        // Started from a page's snapshot, the first connection completes what a welcome would have told:
        // it is heard as one, with the table as the client has it, before the events it missed.
        if (this.unwelcomed && this.model) {
          this.unwelcomed = false;
          this.events.emit("welcome", { snapshot: this.model.toSnapshot(), you: this.you });
        }
        this.changed();
        return;
      case "event":
        this.serverClock.observe(message.at, Date.now());
        this.receiveEvent({ seq: message.seq, at: message.at, event: message.event });
        return;
      case "joined": {
        this.tokens.set(seatTokenKey(this.tableId), message.token);
        this.setIdentity({ seat: message.seat, host: this.you.host });
        this.settle(message.id)?.resolve(message.seat);
        this.changed();
        return;
      }
      case "handoverCode":
        this.settle(message.id)?.resolve({ code: message.code, expiresAt: message.expiresAt });
        return;
      case "ack": {
        // A chat's ack names the message it posted, which came before it: its writer is this client.
        if (message.n !== undefined && this.chat.claim(message.n)) this.events.emit("chat", { chat: this.chat });
        this.acknowledged(message.id, message.seq);
        return;
      }
      case "presence":
        this.model?.setPresence(message);
        this.events.emit("presence", { connected: message.connected, spectators: message.spectators });
        this.changed();
        return;
      case "error":
        this.receiveError(message);
        return;
      default:
        this.receiveChat(message);
    }
  }

  /** The chat's messages, which change `chat` and never the table's model. */
  private receiveChat(message: Extract<ServerMessage, { type: `chat${string}` | "silenced" | "reaction" }>): void {
    const { chat } = this;
    switch (message.type) {
      case "chatHistory":
        chat.setHistory(message);
        break;
      case "chatMessage":
        if (!chat.add(message.message)) return;
        break;
      case "chatDeleted":
        if (!chat.delete(message.n)) return;
        break;
      case "chatPolicy":
        chat.setPolicy(message.policy);
        break;
      case "silenced":
        chat.silence();
        break;
      case "reaction": {
        const reaction = { seat: message.seat, reaction: message.reaction, at: message.at };
        chat.react(reaction);
        this.events.emit("reaction", reaction);
        return;
      }
    }
    this.events.emit("chat", { chat });
  }

  private receiveError(message: Extract<ServerMessage, { type: "error" }>): void {
    const pending = message.id === undefined ? undefined : this.settle(message.id);
    const error = new TableError(message.code, message.message, { request: pending?.message.type });
    if (!this.ready && message.code === "bad-token") {
      // A stored token no longer works (the seat was freed, or the table was made anew): forget it, say hello again.
      if (this.lastHello.token) this.forgetSeat();
      else this.tokens.remove(hostTokenKey(this.tableId));
      this.sendHello(this.model?.seq);
    } else if (!this.ready && message.code === "table-not-found") {
      this.close();
    }
    pending?.reject(error);
    this.events.emit("error", error);
  }

  /** A request was applied: it is done once the model has folded in the event `seq`. */
  private acknowledged(id: string, seq: number): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    pending.appliedAt = seq;
    this.settleApplied();
  }

  /** Resolves the applied requests whose last event the model has reached. */
  private settleApplied(): void {
    const seq = this.model?.seq ?? 0;
    for (const [id, pending] of this.pending) {
      if (pending.appliedAt !== undefined && pending.appliedAt <= seq) this.settle(id)?.resolve(undefined);
    }
  }

  private receiveEvent(entry: LoggedEvent): void {
    const { seq, event } = entry;
    const model = this.model;
    if (!model || seq <= model.seq) return; // a repeat: already folded in
    if (seq > model.seq + 1) {
      // A gap: ask for what is missing, once; the replay arrives before any later broadcast.
      const now = Date.now();
      if (this.syncAskedAt === null || now - this.syncAskedAt > SYNC_RETRY_MS) {
        this.syncAskedAt = now;
        this.send({ type: "sync", lastSeq: model.seq });
      }
      return;
    }
    this.syncAskedAt = null;
    try {
      model.apply(entry);
    } catch {
      // The local game no longer matches the server's: start again from a snapshot.
      this.sendHello(undefined);
      return;
    }
    this.settleApplied();
    this.events.emit("event", { seq, event, model });
    this.changed();
  }

  private handshakeDone(): void {
    if (this.ready) return;
    this.readyOn = this.connectionNumber;
    this.setConnection("open");
    this.flushPending();
  }

  private setIdentity(you: Identity, reason?: "handedOver"): void {
    // A seat token that no longer has a seat (the player left or was removed) is useless: forget it.
    if (you.seat === null && this.you.seat !== null) this.forgetSeat();
    // Which seat the token holds, kept beside it: the "My tables" page reads only snapshots, which list the
    // seats without saying whose each is, and the token itself is random (storage.ts, seatNumberKey).
    if (you.seat !== null && this.seatToken !== null) this.tokens.set(seatNumberKey(this.tableId), String(you.seat));
    // Hosting handed over with the seat: the host token kept here no longer works either.
    if (reason === "handedOver" && !you.host && this.you.host) this.tokens.remove(hostTokenKey(this.tableId));
    if (you.seat === this.you.seat && you.host === this.you.host) return;
    this.you = you;
    this.events.emit("identity", reason === undefined ? { you } : { you, reason });
  }

  /** The seat token no longer holds a seat: it goes, and the seat number kept beside it. */
  private forgetSeat(): void {
    this.tokens.remove(seatTokenKey(this.tableId));
    this.tokens.remove(seatNumberKey(this.tableId));
  }

  private setConnection(state: ConnectionState): void {
    if (this.connection === state) return;
    this.connection = state;
    this.events.emit("connection", { state });
    this.changed();
  }

  private changed(): void {
    this.events.emit("change", { model: this.model });
  }
}
