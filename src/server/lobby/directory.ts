/**
 * The lobby's list: the tables their hosts listed (open to anyone) and the
 * games in play that anyone may watch, in one SQLite-backed Durable Object.
 * Tables report to it only when their listing changes (a seat taken or
 * freed, the start, the end: effects/listing.ts), so a move costs it
 * nothing. Watchers hold a hibernatable socket and hear each change as an
 * addition or a removal; those who only look read `GET /api/lobby`, which
 * the worker answers from the edge's cache, asking this object at most once
 * per cache period and location (docs/architecture.md, "The lobby").
 */
import { DurableObject } from "cloudflare:workers";
import type { ErrorCode, Listing, LobbyList } from "../../protocol/index.ts";
import { answerClose, broadcast, isOpen, refused, send } from "../connections/connection.ts";
import { clientKey } from "../connections/limits.ts";
import { Telemetry, type TelemetryEnv } from "../observability/telemetry.ts";
import { addressTag } from "../presence/presence.ts";

/**
 * Watchers hear of changes at most once in this interval, in one message:
 * a frame a second to each however many tables change (bench:lobby found
 * one frame per change and watcher to be most of the lobby's cost).
 */
export const CHANGES_EVERY_MS = 1_000;
/** The one directory's name. */
export const DIRECTORY = "lobby";
/** The lobby holds at most this many watching sockets (503 lobby-full: come back, or read the cached list). */
export const MAX_WATCHERS = 10_000;
/** One address watches the lobby over at most this many sockets (429). */
export const MAX_WATCHERS_PER_ADDRESS = 8;
/**
 * At most this many tables are listed; past it the oldest listing goes. A
 * listing is about 250 bytes, so the whole list stays under 250 KB.
 */
export const MAX_LISTINGS = 1_000;
/** A listing not reported for this long is taken for stale (a table deleted without a word) and dropped. */
export const LISTING_LIFETIME_MS = 8 * 86_400_000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS listings (
    table_id TEXT PRIMARY KEY,
    listing TEXT NOT NULL,
    reported_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS listings_by_report ON listings (reported_at);
`;

/** Whether two listings say the same, but for when they were reported. */
function sameListing(a: Listing, b: Listing): boolean {
  return JSON.stringify({ ...a, since: 0 }) === JSON.stringify({ ...b, since: 0 });
}

export class Directory extends DurableObject<TelemetryEnv> {
  private readonly sql: SqlStorage;
  private readonly telemetry: Telemetry;
  /** Changes not yet sent to the watchers, by table (null: unlisted), and when they were last sent. */
  private readonly pending = new Map<string, Listing | null>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushedAt = 0;

  constructor(ctx: DurableObjectState, env: TelemetryEnv) {
    super(ctx, env);
    this.telemetry = new Telemetry(env.METRICS);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Every listed table, newest first. */
  list(): LobbyList {
    const now = Date.now();
    this.sql.exec("DELETE FROM listings WHERE reported_at < ?", now - LISTING_LIFETIME_MS);
    const tables = this.sql
      .exec("SELECT listing FROM listings ORDER BY reported_at DESC")
      .toArray()
      .map((row) => JSON.parse(row.listing as string) as Listing);
    return { tables, at: now };
  }

  /** A table's listing as it is now, or null when it is no longer listed; every watcher hears of it. */
  report(tableId: string, listing: Listing | null): void {
    const now = Date.now();
    if (listing === null) {
      const gone = this.sql.exec("DELETE FROM listings WHERE table_id = ?", tableId).rowsWritten > 0;
      if (gone) this.changed(tableId, null);
      return;
    }
    const [stored] = this.sql.exec("SELECT listing FROM listings WHERE table_id = ?", tableId).toArray();
    const before = stored && (JSON.parse(stored.listing as string) as Listing);
    // A table reports again what it reported before (after a wake, say): the watchers have it already, and
    // it keeps the time it was first listed at.
    if (before && sameListing(before, listing)) {
      this.sql.exec("UPDATE listings SET reported_at = ? WHERE table_id = ?", now, tableId);
      return;
    }
    this.sql.exec(
      "INSERT OR REPLACE INTO listings (table_id, listing, reported_at) VALUES (?, ?, ?)",
      tableId,
      JSON.stringify(listing),
      now,
    );
    this.changed(tableId, listing);
    const over = (this.sql.exec("SELECT count(*) AS n FROM listings").one().n as number) - MAX_LISTINGS;
    if (over <= 0) return;
    const oldest = this.sql
      .exec("SELECT table_id FROM listings ORDER BY reported_at LIMIT ?", over)
      .toArray()
      .map((row) => row.table_id as string);
    for (const id of oldest) {
      this.sql.exec("DELETE FROM listings WHERE table_id = ?", id);
      this.changed(id, null);
    }
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(this.list());
    }
    const address = addressTag(clientKey(request.headers.get("CF-Connecting-IP")));
    if (this.watchers().length >= MAX_WATCHERS) {
      return this.refuse(503, "lobby-full", "too many are watching the lobby: read GET /api/lobby instead");
    }
    if (this.ctx.getWebSockets(address).filter(isOpen).length >= MAX_WATCHERS_PER_ADDRESS) {
      return this.refuse(429, "too-many-connections", "too many connections to the lobby from your address");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [address]);
    send(server, { type: "lobby", ...this.list() });
    this.telemetry.emit({ event: "socket-opened", kind: "lobby", n: this.watchers().length });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** An upgrade refused, and counted. */
  private refuse(status: number, code: ErrorCode, message: string): Response {
    this.telemetry.emit({ event: "refused", kind: "lobby", code });
    return refused(status, code, message);
  }

  /** Watchers only listen: anything but the `ping` the runtime answers is refused, and a flood closes the socket. */
  override async webSocketMessage(ws: WebSocket): Promise<void> {
    this.telemetry.emit({ event: "refused", kind: "lobby", code: "unknown-type" });
    send(ws, { type: "error", code: "unknown-type", message: "the lobby's socket only sends" });
    ws.close(1008, "the lobby's socket only sends");
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    answerClose(ws, code);
    this.telemetry.emit({ event: "socket-dropped", kind: "lobby", code: String(code), n: this.watchers().length });
  }

  /**
   * Notes a change for the watchers: the first after a quiet second goes out
   * at once, later ones together when the second is over, each table once
   * with its latest state. Held in memory only: the object stays while its
   * timer runs, and an object that dies loses its sockets with it (a watcher
   * that connects again gets the whole list).
   */
  private changed(tableId: string, listing: Listing | null): void {
    this.pending.set(tableId, listing);
    if (this.flushTimer !== undefined) return;
    const wait = Math.max(0, this.flushedAt + CHANGES_EVERY_MS - Date.now());
    this.flushTimer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.flushTimer = undefined;
    this.flushedAt = Date.now();
    const listed: Listing[] = [];
    const unlisted: string[] = [];
    for (const [tableId, listing] of this.pending) {
      if (listing === null) unlisted.push(tableId);
      else listed.push(listing);
    }
    this.pending.clear();
    broadcast(this.watchers(), { type: "changes", listed, unlisted });
  }

  private watchers(): WebSocket[] {
    return this.ctx.getWebSockets().filter(isOpen);
  }
}
