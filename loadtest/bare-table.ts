/**
 * The load test's baseline: the least a Durable Object of the table's shape
 * does per message. Hibernatable sockets (`ctx.acceptWebSocket`); each
 * message becomes one SQLite row and is broadcast to every socket, then
 * acknowledged to its sender, as the table does with a move. No validation,
 * no rules, no identities, no alarm: what the table does beyond this is what
 * the load test measures. Bound only by loadtest/wrangler.toml, never in
 * production.
 */
import { DurableObject } from "cloudflare:workers";

interface BareMove {
  readonly id: string;
  readonly seat: number;
  readonly path: string;
}

export class BareTable extends DurableObject<Record<string, never>> {
  private seq: number;

  constructor(ctx: DurableObjectState, env: Record<string, never>) {
    super(ctx, env);
    const { sql } = ctx.storage;
    sql.exec("CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, payload TEXT NOT NULL, at INTEGER NOT NULL)");
    this.seq = sql.exec<{ seq: number }>("SELECT coalesce(max(seq), 0) AS seq FROM events").one().seq;
    // As the table: the runtime answers the clients' heartbeat without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    if (typeof data !== "string") return;
    const { id, seat, path } = JSON.parse(data) as BareMove;
    const seq = ++this.seq;
    const at = Date.now();
    const event = { type: "moved", seat, path, captured: [] };
    this.ctx.storage.sql.exec("INSERT INTO events (seq, payload, at) VALUES (?, ?, ?)", seq, JSON.stringify(event), at);
    const text = JSON.stringify({ type: "event", seq, at, event });
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(text);
      } catch {
        // A closing socket.
      }
    }
    ws.send(JSON.stringify({ type: "ack", id, seq }));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
  }
}
