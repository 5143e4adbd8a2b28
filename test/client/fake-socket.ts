/**
 * A WebSocket a test drives, for the SDK under Node: it records what the
 * client sends and delivers what the test says the server sent.
 */
import type { ClientMessage, ServerMessage } from "../../src/protocol/index.ts";

export class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readonly url: string;
  readyState = 0;
  binaryType = "blob";
  readonly sent: ClientMessage[] = [];
  /** How many heartbeat `ping`s (plain text, not protocol messages) were sent. */
  pings = 0;

  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.all.push(this);
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.dispatchEvent(new Event("open"));
    }, 0);
  }

  send(data: string): void {
    if (data === "ping") {
      this.pings++;
      return;
    }
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(code = 1000, reason = ""): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason, wasClean: true }));
  }

  /** A message from the server: a protocol message, or raw text (a "pong", or something malformed). */
  deliver(message: ServerMessage | string): void {
    const data = typeof message === "string" ? message : JSON.stringify(message);
    this.dispatchEvent(new MessageEvent("message", { data }));
  }

  /** The connection drops, as a network failure would. */
  drop(): void {
    this.close(1006, "gone");
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all[FakeSocket.all.length - 1];
    if (!socket) throw new Error("no socket yet");
    return socket;
  }
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await tick(5);
  }
  throw new Error(`timed out waiting for ${what}`);
}
