/**
 * The lobby: the tables listed open to anyone (waiting for players) and the
 * games in play to watch. `getLobby` reads the list once (`GET /api/lobby`,
 * which the service caches for a few seconds); a `LobbyFeed` follows it live
 * over the lobby's socket (`/api/lobby/ws`), which sends the whole list first
 * and then each table listed, changed or unlisted. While the socket is not
 * open (not yet, dropped, or refused because the lobby is full), the feed
 * reads `GET /api/lobby` instead, at once and then every `pollMs`: the list
 * shows before the socket answers, and stays nearly current without it.
 *
 * Every message is validated with the protocol's schemas before it is used.
 * The socket is partysocket's ReconnectingWebSocket: after a drop it
 * connects again, and since every connection begins with the whole list,
 * the feed is whole again with that first message, whatever it missed.
 * A connection that died without a close frame looks open forever, so the
 * feed pings every `heartbeatMs` (the server answers `pong`) and, with
 * nothing received for two intervals, drops it and connects again.
 */
import ReconnectingWebSocket from "partysocket/ws";
import type { ConnectionState } from "../../protocol/index.ts";
import {
  type Listing,
  type LobbyList,
  LobbyListSchema,
  type LobbyMessage,
  LobbyMessageSchema,
} from "../../protocol/lobby.ts";
import { parse } from "../../protocol/schema.ts";
import { Emitter } from "./emitter.ts";
import { type SdkError, TableError } from "./errors.ts";
import { readJson } from "./http.ts";
import { Heartbeat, readMessage } from "./keep-alive.ts";

/** Every listed table, as the service has it now (or as it had it a few seconds ago: the answer is cached). */
export async function getLobby(baseUrl: string | URL, fetcher: typeof fetch = fetch): Promise<LobbyList> {
  const response = await fetcher(new URL("/api/lobby", baseUrl));
  return parse(LobbyListSchema, await readJson(response));
}

/** The lobby's WebSocket address for a service origin. */
export function lobbySocketUrl(baseUrl: string | URL): string {
  const url = new URL("/api/lobby/ws", baseUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/** What changed in a feed's list. */
export type LobbyChange =
  /** The whole list arrived (the first message of each connection, or a list given to `offer`). */
  | { readonly type: "lobby" }
  /** A table was listed (`added`), or its listing changed: a seat taken or freed, its game started. */
  | { readonly type: "listed"; readonly table: Listing; readonly added: boolean }
  /** A table left the list: unlisted by its host, over, or gone. */
  | { readonly type: "unlisted"; readonly table: Listing };

/** What a `LobbyFeed` reports, by event name. */
export interface LobbyFeedEvents {
  /** The list changed; `feed.tables` has it as it is now. */
  change: { readonly change: LobbyChange; readonly feed: LobbyFeed };
  /** The connection's state changed. */
  connection: { readonly state: ConnectionState };
  /** The server refused something or sent what does not validate; the list is unchanged. */
  error: SdkError;
}

export type LobbyFeedEventName = keyof LobbyFeedEvents;
type Listener<K extends LobbyFeedEventName> = (detail: LobbyFeedEvents[K]) => void;

export interface LobbyFeedOptions {
  /** The service's origin, e.g. `https://checkers.example` or `location.origin`. */
  readonly baseUrl: string | URL;
  /** A WebSocket constructor, where there is no global one or for tests. */
  readonly WebSocket?: unknown;
  /** Reconnection backoff: the first retry waits `minDelayMs`, each next one `growFactor` times longer, at most `maxDelayMs`. */
  readonly reconnect?: { readonly minDelayMs?: number; readonly maxDelayMs?: number; readonly growFactor?: number };
  /** How often to ping while connected (default 10 s); with nothing received for twice this, the feed reconnects. */
  readonly heartbeatMs?: number;
  /** Start connecting at once (default), or wait for `connect()`. */
  readonly autoConnect?: boolean;
  /** How often the list is read with `GET /api/lobby` while the socket is not open (default 10 s; 0: never). */
  readonly pollMs?: number;
  /** The `fetch` those reads use (default: the global one). */
  readonly fetch?: typeof fetch;
}

/**
 * A lobby's list is quiet between changes, and a dead connection only costs
 * a stale list, not a lost move: a ping every 10 s finds it within 20 to 30 s.
 */
const DEFAULT_HEARTBEAT_MS = 10_000;
/** The service caches `GET /api/lobby` for 5 s: reading it more often than this would mostly read the same list. */
const DEFAULT_POLL_MS = 10_000;

/** The lobby's list, live. */
export class LobbyFeed {
  connection: ConnectionState = "closed";
  /** When (server time, ms since the epoch) the list was whole as it is; 0 before any list arrived. */
  at = 0;

  private readonly options: LobbyFeedOptions;
  private readonly heartbeat: Heartbeat;
  private readonly listings = new Map<string, Listing>();
  private socket: ReconnectingWebSocket | null = null;
  private readonly events = new Emitter<LobbyFeedEvents>();
  private poll: ReturnType<typeof setInterval> | null = null;
  /** Whether the current connection has sent its whole list: until it has, its changes are not applied. */
  private listed = false;

  constructor(options: LobbyFeedOptions) {
    this.options = options;
    this.heartbeat = new Heartbeat(() => this.socket, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    if (options.autoConnect !== false) this.connect();
  }

  /** Every listed table, in no promised order: `openTables` and `games` sort theirs. */
  get tables(): readonly Listing[] {
    return [...this.listings.values()];
  }

  /** The tables waiting for players, the one that has waited longest first. */
  get openTables(): readonly Listing[] {
    return this.tables.filter((table) => table.status === "waiting").sort((a, b) => a.since - b.since);
  }

  /** The games in play, to watch: the most watched first, then the latest started. */
  get games(): readonly Listing[] {
    return this.tables
      .filter((table) => table.status === "playing")
      .sort((a, b) => b.spectators - a.spectators || b.since - a.since);
  }

  /** The listing of a table, if it is listed. */
  get(tableId: string): Listing | undefined {
    return this.listings.get(tableId);
  }

  on<K extends LobbyFeedEventName>(type: K, listener: Listener<K>): () => void {
    return this.events.on(type, listener);
  }

  /**
   * Takes a whole list from elsewhere (`getLobby`, to show something before
   * the socket has answered), unless the socket's own list has come: that is
   * followed by every change since, and a list offered later may be older
   * (the answer is cached) or miss a change already applied.
   */
  offer(list: LobbyList): void {
    if (this.listed || list.at <= this.at) return;
    this.replace(list.tables, list.at);
  }

  connect(): void {
    if (this.socket) return;
    const { reconnect = {} } = this.options;
    const socket = new ReconnectingWebSocket(lobbySocketUrl(this.options.baseUrl), [], {
      WebSocket: this.options.WebSocket,
      minReconnectionDelay: reconnect.minDelayMs ?? 1000,
      maxReconnectionDelay: reconnect.maxDelayMs ?? 30_000,
      reconnectionDelayGrowFactor: reconnect.growFactor ?? 1.6,
      // The feed only listens: a ping for a closed socket has no use later.
      maxEnqueuedMessages: 0,
    });
    this.socket = socket;
    this.setConnection("connecting");
    this.startPolling();
    socket.addEventListener("open", () => {
      this.listed = false;
      this.heartbeat.start();
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.heartbeat.stop();
      this.listed = false;
      if (this.connection !== "closed") this.setConnection("reconnecting");
    });
  }

  /** Closes the connection for good; the list stays as it was last seen. */
  close(): void {
    const socket = this.socket;
    this.socket = null;
    this.heartbeat.stop();
    if (this.poll !== null) clearInterval(this.poll);
    this.poll = null;
    this.setConnection("closed");
    socket?.close(1000, "bye");
  }

  /** Reads the list now and every `pollMs`, each time the socket is not open (has not sent its list). */
  private startPolling(): void {
    const pollMs = this.options.pollMs ?? DEFAULT_POLL_MS;
    if (pollMs <= 0 || this.poll !== null) return;
    const read = () => {
      if (this.listed) return;
      getLobby(this.options.baseUrl, this.options.fetch)
        // Offered, not taken: the socket's list may have come meanwhile, and it wins.
        .then((list) => this.offer(list))
        // The next read, or the socket, brings the list; a failed read changes nothing shown.
        .catch(() => {});
    };
    read();
    this.poll = setInterval(read, pollMs);
  }

  private receive(data: unknown): void {
    this.heartbeat.heard();
    const message = readMessage(data, LobbyMessageSchema, "the lobby");
    if (message instanceof TableError) this.events.emit("error", message);
    else if (message !== undefined) this.handle(message);
  }

  private handle(message: LobbyMessage): void {
    switch (message.type) {
      case "lobby":
        this.listed = true;
        this.setConnection("open");
        this.replace(message.tables, message.at);
        return;
      case "changes": {
        // Before this connection's list, a change may be one the list already holds, or not: the list decides.
        if (!this.listed) return;
        for (const table of message.listed) {
          const added = !this.listings.has(table.tableId);
          this.listings.set(table.tableId, table);
          this.events.emit("change", { change: { type: "listed", table, added }, feed: this });
        }
        for (const tableId of message.unlisted) {
          const table = this.listings.get(tableId);
          if (!table) continue;
          this.listings.delete(tableId);
          this.events.emit("change", { change: { type: "unlisted", table }, feed: this });
        }
        return;
      }
      case "error":
        this.events.emit("error", new TableError(message.code, message.message));
        return;
    }
  }

  private replace(tables: readonly Listing[], at: number): void {
    this.listings.clear();
    for (const table of tables) this.listings.set(table.tableId, table);
    this.at = at;
    this.events.emit("change", { change: { type: "lobby" }, feed: this });
  }

  private setConnection(state: ConnectionState): void {
    if (this.connection === state) return;
    this.connection = state;
    this.events.emit("connection", { state });
  }
}
