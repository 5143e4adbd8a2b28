/**
 * A table's socket opened before its client: the table page opens it as it
 * starts (ui/table-page/opening.ts), so that the socket's handshake is done
 * while the rest of the page's code, the SDK among it, is still coming; the
 * client then takes it for its first connection (`TableClientOptions.early`)
 * instead of opening another. What the table sent meanwhile is kept and
 * handed on in order once the client listens.
 *
 * It needs nothing but the platform's WebSocket, so that the page's first
 * code carries none of the SDK.
 */
import { socketProtocols } from "../../protocol/socket.ts";
import { hostTokenKey, seatTokenKey, type TokenStore } from "./storage.ts";

/** A socket's `readyState`s (the constants of the WebSocket interface). */
const OPEN = 1;
const CLOSING = 2;

export class EarlySocket {
  readonly url: string;
  readonly protocols: readonly string[];
  private socket: WebSocket | null;
  private readonly received: unknown[] = [];
  private readonly keep = (event: MessageEvent) => {
    this.received.push(event.data);
  };

  /**
   * Opens the table's socket with the tokens `tokens` keeps for it, as the
   * client would (`TableClient.connect`); with `Socket`, a WebSocket
   * constructor other than the platform's (for tests).
   */
  constructor(baseUrl: string | URL, tableId: string, tokens: TokenStore, Socket: typeof WebSocket = WebSocket) {
    this.url = socketUrl(baseUrl, tableId);
    this.protocols = socketProtocols({
      seat: tokens.get(seatTokenKey(tableId)),
      host: tokens.get(hostTokenKey(tableId)),
    });
    this.socket = new Socket(this.url, [...this.protocols]);
    this.socket.addEventListener("message", this.keep);
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
    const same = url === this.url && [protocols ?? []].flat().join() === this.protocols.join();
    if (!same || socket.readyState >= CLOSING) {
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
