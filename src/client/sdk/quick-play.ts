/**
 * Quick play: look for a game with strangers in a pool (players × variant ×
 * clock) and be seated at a table once the pool pairs this seeker, over the
 * pool's socket (`/api/quick/:pool/ws`). See docs/protocol.md, "Quick play".
 *
 * One seek at a time, known to the pool by this browser's seeker key (kept
 * in the token store, `seekerKey`), not by its socket: after a dropped
 * socket the client connects again and sends the same `seek`, and the pool
 * takes up the same seek with its place in the queue kept (within its grace
 * of 10 s). When the pool seats the seeker, the seat token and seat number
 * go into the token store where a `TableClient` (and the table page) looks
 * for them, so that the table opens seated.
 *
 * As `TableClient` does, it validates every message from the server with
 * the protocol's schema before using it, pings every `heartbeatMs` and takes
 * a connection that has been silent for two intervals for dead.
 */
import ReconnectingWebSocket from "partysocket/ws";
import type { ConnectionState, Language, QuickClientMessage } from "../../protocol/index.ts";
import {
  type PoolKind,
  poolName,
  type QuickServerMessage,
  QuickServerMessageSchema,
  SeekerKeySchema,
} from "../../protocol/lobby.ts";
import { checked } from "../../protocol/schema.ts";
import { Emitter } from "./emitter.ts";
import { type SdkError, TableError } from "./errors.ts";
import { Heartbeat, readMessage } from "./keep-alive.ts";
import { newRequestId } from "./request-id.ts";
import { ServerClock } from "./server-clock.ts";
import { memoryTokens, SEEKER_KEY, seatNumberKey, seatTokenKey, type TokenStore } from "./storage.ts";

/** A seek the pool has taken: what it looks for, and the pool's times for it (server time, ms since the epoch). */
export interface Seek {
  readonly kind: PoolKind;
  readonly name: string;
  /** When the seek began (its place in the queue); a seek taken up again keeps it. */
  readonly since: number;
  /** From when `fill()` may ask for computer players for the empty seats. */
  readonly fillAt: number;
  /** Whether computer players were asked for: the next wave seats this seeker, with whoever else is looking. */
  readonly fill: boolean;
  /** How many are looking in this pool, this seeker included. */
  readonly waiting: number;
}

/** A seat the pool gave: the table, the seat, its secret token (also kept in the token store). */
export interface QuickPaired {
  readonly kind: PoolKind;
  readonly tableId: string;
  readonly seat: number;
  readonly token: string;
}

/** Why a seek ended without a table: it waited its longest, or this seeker key began seeking on another socket. */
export type QuickEndReason = Extract<QuickServerMessage, { type: "ended" }>["reason"];

/** What a `QuickPlay` reports, by event name. */
export interface QuickPlayEvents {
  /** The connection's state changed ("closed" while there is no seek). */
  connection: { readonly state: ConnectionState };
  /** The pool took the seek, took it up again after a reconnect, or noted that computer players were asked for. */
  seeking: Seek;
  /** How many are looking in this pool changed. */
  waiting: { readonly waiting: number };
  /** Seated: the tokens are kept, the table's game starts as it is full. The seek is over. */
  paired: QuickPaired;
  /** The seek is over without a table. */
  ended: { readonly reason: QuickEndReason };
  /** A request was refused, or something went wrong. */
  error: SdkError;
}

export type QuickPlayEventName = keyof QuickPlayEvents;
type Listener<K extends QuickPlayEventName> = (detail: QuickPlayEvents[K]) => void;

export interface QuickPlayOptions {
  /** The service's origin, e.g. `https://checkers.example` or `location.origin`. */
  readonly baseUrl: string | URL;
  /** Where the seeker key is kept and the seat token goes; by default in memory only. In a browser: `webStorageTokens(localStorage)`. */
  readonly tokens?: TokenStore;
  /** The seeker's language: the table's, as the lobby lists it to watch (the first seat's). */
  readonly lang?: Language;
  /** A WebSocket constructor, where there is no global one or for tests. */
  readonly WebSocket?: unknown;
  /** Reconnection backoff: the first retry waits `minDelayMs`, each next one `growFactor` times longer, at most `maxDelayMs`. */
  readonly reconnect?: { readonly minDelayMs?: number; readonly maxDelayMs?: number; readonly growFactor?: number };
  /** How long a request may wait for its answer before it fails with `timeout`. */
  readonly requestTimeoutMs?: number;
  /** How often to ping while connected (default 2000 ms); with nothing received for twice this, the client reconnects. */
  readonly heartbeatMs?: number;
}

/** The pool's WebSocket address for a service origin. */
export function poolSocketUrl(baseUrl: string | URL, kind: PoolKind): string {
  const url = new URL(`/api/quick/${poolName(kind)}/ws`, baseUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/** How often the client pings; the pool, like a table, closes a socket it has not heard from for 6 s. */
const DEFAULT_HEARTBEAT_MS = 2_000;

type Request = Extract<QuickClientMessage, { type: "cancel" | "fill" }>;

interface Pending {
  readonly message: Request;
  readonly resolve: () => void;
  readonly reject: (error: SdkError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** The seek this client is making: asked for, and once the pool has answered, as the pool has it. */
interface Seeker {
  readonly kind: PoolKind;
  readonly name: string;
  readonly socket: ReconnectingWebSocket;
  /** The id of the `seek` last sent: a refusal that names it ends the seek. */
  seekId: string;
  /** Until the pool takes the seek: `seek()`'s promise. */
  started: { readonly resolve: () => void; readonly reject: (error: SdkError) => void } | null;
  /** The pool's answer, once it came. */
  seek: Seek | null;
}

export class QuickPlay {
  connection: ConnectionState = "closed";

  private readonly options: QuickPlayOptions;
  private readonly heartbeat: Heartbeat;
  private readonly tokens: TokenStore;
  private seeker: Seeker | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly events = new Emitter<QuickPlayEvents>();
  private readonly serverClock = new ServerClock();

  constructor(options: QuickPlayOptions) {
    this.options = options;
    this.heartbeat = new Heartbeat(() => this.seeker?.socket, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    this.tokens = options.tokens ?? memoryTokens();
  }

  /** The seek on, as the pool last told it; null while asking, and when there is none. */
  get current(): Seek | null {
    return this.seeker?.seek ?? null;
  }

  /** Whether a seek is on or being asked for. */
  get seeking(): boolean {
    return this.seeker !== null;
  }

  /** The server's time now, by the best estimate: count down to `current.fillAt` with this. */
  serverNow(): number {
    return this.serverClock.now();
  }

  on<K extends QuickPlayEventName>(type: K, listener: Listener<K>): () => void {
    return this.events.on(type, listener);
  }

  /**
   * Looks for a game of `kind` under `name` (checked as a seat's name; the
   * pool makes a name already at the table distinct). Resolves once the pool
   * has taken the seek: `seeking` tells its times (and `current` has them),
   * and `paired` follows when a wave seats this seeker, at once if this key
   * was seated already. Refusals: `bad-name`, `no-such-pool`, `pool-full`,
   * `too-many-seeks`, and `already-seeking` while this client seeks already.
   */
  seek(kind: PoolKind, name: string): Promise<void> {
    if (this.seeker) {
      return Promise.reject(new TableError("already-seeking", "this client is seeking already"));
    }
    return new Promise((resolve, reject) => {
      const { reconnect = {} } = this.options;
      const socket = new ReconnectingWebSocket(poolSocketUrl(this.options.baseUrl, kind), [], {
        WebSocket: this.options.WebSocket,
        minReconnectionDelay: reconnect.minDelayMs ?? 500,
        maxReconnectionDelay: reconnect.maxDelayMs ?? 10_000,
        reconnectionDelayGrowFactor: reconnect.growFactor ?? 1.6,
        // Nothing is queued while the socket is down: each connection sends its own `seek` first.
        maxEnqueuedMessages: 0,
      });
      const timer = setTimeout(() => {
        if (this.seeker === seeker && seeker.started) {
          this.finish(new TableError("timeout", "no answer from the pool"));
        }
      }, this.options.requestTimeoutMs ?? 30_000);
      const started = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: SdkError) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const seeker: Seeker = { kind, name, socket, seekId: "", started, seek: null };
      this.seeker = seeker;
      socket.addEventListener("open", () => {
        if (this.seeker !== seeker) return;
        this.heartbeat.start();
        this.sendSeek(seeker);
        // What a dropped connection may have lost goes again, after the seek it is about: cancel and fill are
        // harmless to repeat.
        for (const pending of this.pending.values()) this.send(pending.message);
      });
      socket.addEventListener("message", (event) => {
        if (this.seeker === seeker) this.receive(event.data);
      });
      socket.addEventListener("close", () => {
        if (this.seeker !== seeker) return;
        this.heartbeat.stop();
        this.setConnection("reconnecting");
      });
      this.setConnection("connecting");
    });
  }

  /**
   * Stops looking. Resolves once the seek is over: cancelled, or already
   * over otherwise (a `paired` or `ended` event says how: a wave may seat
   * this seeker before the cancel reaches the pool). While the connection
   * is down the client stops at once; the pool drops the seek after its
   * grace, unless a wave seats it first.
   */
  cancel(): Promise<void> {
    const seeker = this.seeker;
    if (!seeker) return Promise.resolve();
    if (seeker.socket.readyState !== ReconnectingWebSocket.OPEN) {
      // No way to say so now: the pool forgets a seek whose socket stays gone.
      this.finish(new TableError("closed", "the seek was cancelled"));
      return Promise.resolve();
    }
    return this.request({ type: "cancel", id: newRequestId() }).then(() => {
      if (this.seeker === seeker) this.finish(new TableError("closed", "the seek was cancelled"));
    });
  }

  /**
   * Asks for computer players for the empty seats: the next wave seats this
   * seeker with whoever else is looking then, and computers in the rest.
   * Allowed from `current.fillAt` (`fill-too-early` before); resolves once the
   * pool has noted it.
   */
  fill(): Promise<void> {
    const seeker = this.seeker;
    if (!seeker?.seek) {
      return Promise.reject(new TableError("not-seeking", "there is no seek to fill"));
    }
    return this.request({ type: "fill", id: newRequestId() }).then(() => {
      if (this.seeker !== seeker || !seeker.seek || seeker.seek.fill) return;
      seeker.seek = { ...seeker.seek, fill: true };
      this.events.emit("seeking", seeker.seek);
    });
  }

  /** Stops looking, if looking, and closes for good: nothing more is reported. */
  close(): void {
    if (this.seeker) this.finish(new TableError("closed", "the client was closed"));
    this.events.clear();
  }

  // --- Requests ------------------------------------------------------------------------

  private request(message: Request): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(message.id)) return;
        reject(new TableError("timeout", "no answer from the pool"));
      }, this.options.requestTimeoutMs ?? 30_000);
      this.pending.set(message.id, { message, resolve, reject, timer });
      // On a connection that is up the seek went first, and the pool reads in order; one still to come sends it.
      if (this.seeker?.socket.readyState === ReconnectingWebSocket.OPEN) this.send(message);
    });
  }

  private settle(id: string): Pending | undefined {
    const pending = this.pending.get(id);
    if (pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
    }
    return pending;
  }

  /**
   * The seek is over: seated, or (with the `error` that `seek()` rejects
   * with if it is still waiting) ended, cancelled, refused, or the client
   * closed. The socket goes for good; a waiting cancel is done, and a
   * waiting fill is moot.
   */
  private finish(error?: SdkError): void {
    const seeker = this.seeker;
    if (!seeker) return;
    this.seeker = null;
    this.heartbeat.stop();
    seeker.socket.close(1000, "done");
    if (error) seeker.started?.reject(error);
    else seeker.started?.resolve();
    for (const [id, pending] of this.pending) {
      this.settle(id);
      if (pending.message.type === "cancel") pending.resolve();
      else pending.reject(new TableError("not-seeking", "the seek is over"));
    }
    this.setConnection("closed");
  }

  // --- The socket ----------------------------------------------------------------------------

  private send(message: QuickClientMessage): void {
    this.seeker?.socket.send(JSON.stringify(message));
  }

  /** Each connection begins with the seek: the first asks for it, later ones take it up again (the same key). */
  private sendSeek(seeker: Seeker): void {
    seeker.seekId = newRequestId();
    const { lang } = this.options;
    this.send({
      type: "seek",
      id: seeker.seekId,
      seeker: seekerKey(this.tokens),
      name: seeker.name,
      ...(lang === undefined ? {} : { lang }),
    });
  }

  private receive(data: unknown): void {
    this.heartbeat.heard();
    const message = readMessage(data, QuickServerMessageSchema, "the pool");
    if (message instanceof TableError) this.events.emit("error", message);
    else if (message !== undefined) this.handle(message);
  }

  private handle(message: QuickServerMessage): void {
    const seeker = this.seeker;
    if (!seeker) return;
    switch (message.type) {
      case "seeking": {
        const { since, fillAt, fill, waiting, at } = message;
        // The pool's time as it sent this: the wait is counted on the server's clock, a seek taken up again too.
        this.serverClock.observe(at, Date.now());
        seeker.seek = { kind: seeker.kind, name: seeker.name, since, fillAt, fill, waiting };
        this.taken(seeker);
        this.events.emit("seeking", seeker.seek);
        return;
      }
      case "waiting": {
        if (seeker.seek) seeker.seek = { ...seeker.seek, waiting: message.waiting };
        this.events.emit("waiting", { waiting: message.waiting });
        return;
      }
      case "paired": {
        const { tableId, seat, token } = message;
        // Where the table page and a `TableClient` look for them: the table opens seated.
        this.tokens.set(seatTokenKey(tableId), token);
        this.tokens.set(seatNumberKey(tableId), String(seat));
        this.finish();
        this.events.emit("paired", { kind: seeker.kind, tableId, seat, token });
        return;
      }
      case "ended":
        this.finish(new TableError("closed", `the seek ended: ${message.reason}`));
        this.events.emit("ended", { reason: message.reason });
        return;
      case "ack":
        if (message.id === seeker.seekId) this.taken(seeker);
        else this.settle(message.id)?.resolve();
        return;
      case "error":
        this.receiveError(seeker, message);
        return;
    }
  }

  /** The pool has the seek (its ack, or its `seeking` without one): the connection is ready for requests. */
  private taken(seeker: Seeker): void {
    const started = seeker.started;
    seeker.started = null;
    this.setConnection("open");
    started?.resolve();
  }

  /**
   * A refusal of a request rejects it. A refusal of the seek itself (the first
   * or one taken up again), or one that answers nothing before the pool took
   * the seek (a full pool), ends the seek: there is nothing to wait for.
   */
  private receiveError(seeker: Seeker, message: Extract<QuickServerMessage, { type: "error" }>): void {
    const pending = message.id === undefined ? undefined : this.settle(message.id);
    const endsSeek = message.id === seeker.seekId || (message.id === undefined && seeker.seek === null);
    const error = new TableError(message.code, message.message);
    pending?.reject(error);
    if (endsSeek) this.finish(error);
    this.events.emit("error", error);
  }

  private setConnection(state: ConnectionState): void {
    if (this.connection === state) return;
    this.connection = state;
    this.events.emit("connection", { state });
  }
}

/**
 * This browser's seeker key for quick play (`SeekerKeySchema`: 128 random
 * bits, base64url), made on first use and kept for good: a seek taken up
 * again on a new socket (a dropped connection, a reload) belongs to whoever
 * holds it. A kept value that is not a key (written by hand, cut short) is
 * replaced.
 */
export function seekerKey(tokens: TokenStore): string {
  const kept = tokens.get(SEEKER_KEY);
  if (kept !== null && checked(SeekerKeySchema, kept).ok) return kept;
  const key = base64url(crypto.getRandomValues(new Uint8Array(16)));
  tokens.set(SEEKER_KEY, key);
  return key;
}

/** Bytes in base64url without padding (16 bytes: 22 characters). */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
