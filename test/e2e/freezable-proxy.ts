/**
 * A TCP proxy in front of `wrangler dev` that can go silent: `freeze()`
 * stops forwarding bytes in both directions on every connection and holds
 * new ones unanswered, closing nothing, as a network that died would (a
 * cable pulled, a laptop asleep). Neither end gets a close frame or a reset:
 * only a heartbeat can tell. `thaw()` forwards again, what waited included.
 *
 * A page opened at the proxy's address sends all its traffic through it: the
 * page takes the socket's address from `location`.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

interface Link {
  readonly client: Socket;
  /** The connection to the target, made when the link first flows. */
  upstream: Socket | null;
  /** It carries a WebSocket: its first request asked for the upgrade. */
  webSocket?: boolean;
}

export class FreezableProxy {
  private readonly server: Server;
  private readonly links = new Set<Link>();
  private frozen = false;
  /**
   * WebSocket connections that ended while frozen, from either side: a test
   * checks it is 0, so what it saw was the heartbeat at work, not a close.
   * Idle HTTP keep-alive connections (the page's own files) are left out: the
   * server may close those whenever it likes, frozen or not, and a slow
   * machine can make that happen within the frozen seconds.
   */
  closedWhileFrozen = 0;
  private readonly targetPort: number;
  readonly port: number;

  private constructor(server: Server, port: number, targetPort: number) {
    this.server = server;
    this.port = port;
    this.targetPort = targetPort;
    server.on("connection", (client) => this.accept(client));
  }

  /** A proxy on a free localhost port, forwarding to `target` (an http://127.0.0.1:port address). */
  static async start(target: string): Promise<FreezableProxy> {
    const targetPort = Number(new URL(target).port);
    const server = createServer({ pauseOnConnect: true });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    const address = server.address();
    if (typeof address !== "object" || !address) throw new Error("the proxy has no port");
    return new FreezableProxy(server, address.port, targetPort);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Stops forwarding on every connection, and answers no new one, until `thaw`. */
  freeze(): void {
    this.frozen = true;
    for (const link of this.links) {
      link.client.unpipe();
      link.upstream?.unpipe();
      link.client.pause();
      link.upstream?.pause();
    }
  }

  /** Forwards again: what the connections sent meanwhile, then whatever comes. */
  thaw(): void {
    this.frozen = false;
    for (const link of this.links) this.flow(link);
  }

  /** Closes the proxy and every connection through it. */
  async close(): Promise<void> {
    for (const { client, upstream } of this.links) {
      client.destroy();
      upstream?.destroy();
    }
    this.links.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    const link: Link = { client, upstream: null };
    this.links.add(link);
    // The first bytes say what the connection is for (the stream stays paused until it flows).
    client.once("data", (chunk: Buffer) => {
      link.webSocket = /^upgrade:\s*websocket\s*$/im.test(chunk.toString("latin1"));
    });
    const drop = () => {
      if (!this.links.has(link)) return;
      if (this.frozen && link.webSocket) this.closedWhileFrozen++;
      this.links.delete(link);
      client.destroy();
      link.upstream?.destroy();
    };
    client.on("error", drop);
    client.on("close", drop);
    if (!this.frozen) this.flow(link);
  }

  private flow(link: Link): void {
    const { client } = link;
    if (client.destroyed) return;
    if (!link.upstream) {
      const upstream = connect(this.targetPort, "127.0.0.1");
      upstream.on("error", () => client.destroy());
      upstream.on("close", () => client.destroy());
      link.upstream = upstream;
    }
    client.pipe(link.upstream);
    link.upstream.pipe(client);
    client.resume();
    link.upstream.resume();
  }
}
