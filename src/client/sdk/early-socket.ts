/**
 * A table's socket opened before its client: the table page opens it as it
 * starts (ui/table-page/opening.ts), so that the socket's handshake is done
 * while the rest of the page's code, the SDK among it, is still coming; the
 * client then takes it for its first connection (`TableClientOptions.early`)
 * instead of opening another. Open before the client has come, it says the
 * client's hello itself (the same tokens, the page's snapshot's sequence
 * number), so that the table's answer is on its way meanwhile too. What the
 * table sent meanwhile is kept and handed on in order once the client
 * listens, and the client, told the hello it would have said was said
 * (`takeGreeting`), does not say it again.
 *
 * It needs nothing but the platform's WebSocket, so that the page's first
 * code carries none of the SDK.
 */
import type { ClientMessage } from "../../protocol/client-messages.ts";
import { socketProtocols } from "../../protocol/socket.ts";
import { hostTokenKey, seatTokenKey, type TokenStore } from "./storage.ts";

/** The first message on a table's socket: who this is, and the last event the client has. */
export type Hello = Extract<ClientMessage, { type: "hello" }>;

/** The hello a client with these tokens and this last event says (no token, no last event: the field left out). */
export function helloMessage(token: string | null, hostToken: string | null, lastSeq: number | undefined): Hello {
  return {
    type: "hello",
    ...(token === null ? {} : { token }),
    ...(hostToken === null ? {} : { hostToken }),
    ...(lastSeq === undefined ? {} : { lastSeq }),
  };
}

/** A socket's `readyState`s (the constants of the WebSocket interface). */
const OPEN = 1;
const CLOSING = 2;

export class EarlySocket {
  readonly url: string;
  readonly protocols: readonly string[];
  /** The hello it says once open, if the client has not come by then. */
  readonly hello: Hello;
  private socket: WebSocket | null;
  private readonly received: unknown[] = [];
  /** The hello said on the socket, while it is this one's to hand over with it. */
  private greeting: Hello | null = null;
  private readonly keep = (event: MessageEvent) => {
    this.received.push(event.data);
  };
  private readonly greet = () => {
    this.socket?.send(JSON.stringify(this.hello));
    this.greeting = this.hello;
  };

  /**
   * Opens the table's socket with the tokens `tokens` keeps for it, as the
   * client would (`TableClient.connect`), to say hello with them and
   * `lastSeq` (the page's snapshot's, from which its client will start);
   * with `Socket`, a WebSocket constructor other than the platform's (for
   * tests).
   */
  constructor(
    baseUrl: string | URL,
    tableId: string,
    tokens: TokenStore,
    { lastSeq, Socket = WebSocket }: { readonly lastSeq?: number; readonly Socket?: typeof WebSocket } = {},
  ) {
    this.url = socketUrl(baseUrl, tableId);
    const seat = tokens.get(seatTokenKey(tableId));
    const host = tokens.get(hostTokenKey(tableId));
    this.protocols = socketProtocols({ seat, host });
    this.hello = helloMessage(seat, host, lastSeq);
    this.socket = new Socket(this.url, [...this.protocols]);
    this.socket.addEventListener("message", this.keep);
    this.socket.addEventListener("open", this.greet, { once: true });
  }

  /**
   * The socket, for a first connection to `url` with `protocols`: null if it
   * was opened for another, is taken already, or is closing or closed. Once
   * the caller has added its listeners (at the next microtask), an open
   * socket's `open` is announced again and what it received meanwhile is
   * delivered, in order, before anything that comes after.
   */
  take(url: string, protocols: string | readonly string[] | undefined): WebSocket | null {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return null;
    socket.removeEventListener("message", this.keep);
    // Not yet open, it is the client's to greet.
    socket.removeEventListener("open", this.greet);
    const same = url === this.url && [protocols ?? []].flat().join() === this.protocols.join();
    if (!same || socket.readyState >= CLOSING) {
      this.greeting = null;
      if (socket.readyState < CLOSING) socket.close(1000, "unused");
      return null;
    }
    const received = this.received.splice(0);
    if (socket.readyState === OPEN)
      queueMicrotask(() => {
        socket.dispatchEvent(new Event("open"));
        for (const data of received) socket.dispatchEvent(new MessageEvent("message", { data }));
      });
    return socket;
  }

  /**
   * The hello said on the socket `take` handed over, once: the client that
   * took it says its own only if it would say something else (other
   * tokens, another last event). Null when none was said, or it was asked.
   */
  takeGreeting(): Hello | null {
    const greeting = this.greeting;
    this.greeting = null;
    return greeting;
  }

  /**
   * A WebSocket constructor that gives this socket for the first connection
   * it fits (`take`), and a new socket from `Base` for any other.
   */
  constructorFrom(Base: typeof WebSocket): typeof WebSocket {
    const early = this;
    function FirstEarly(url: string | URL, protocols?: string | string[]): WebSocket {
      return early.take(String(url), protocols) ?? new Base(url, protocols);
    }
    return FirstEarly as unknown as typeof WebSocket;
  }
}

/** The table's WebSocket address for a service origin. */
export function socketUrl(baseUrl: string | URL, tableId: string): string {
  const url = new URL(`/api/tables/${encodeURIComponent(tableId)}/ws`, baseUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}
