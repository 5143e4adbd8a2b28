/**
 * One table: a SQLite-backed Durable Object that stores the table's event
 * log and seats, hands each request to the table's commands (src/table),
 * and broadcasts over hibernatable WebSockets. It knows the platform
 * (storage, alarm, sockets, tokens); what a table may do is the commands'.
 *
 * Every change follows one path (`commit`): the commands check and fold,
 * then in one synchronous block and one transaction the events are
 * appended, with the rows the effects write beside them (effects/), and
 * broadcast. With no `await` in between, the rows commit atomically and the
 * output gate holds the broadcast until they are durable. Who is connected
 * is presence.ts's job, the alarm alarm.ts's, rebuilding after a wake
 * load-table.ts's.
 */
import { DurableObject } from "cloudflare:workers";
import {
  type ClientMessage,
  type ErrorCode,
  type HandedOver,
  type Language,
  type Snapshot,
  SOCKET_PROTOCOL,
} from "../../protocol/index.ts";
import {
  type CheckedTableSettings,
  type LoggedEvent,
  type Outcome,
  outcome,
  TableCommands,
  TableError,
  tableHeader,
} from "../../table/index.ts";
import { isChatRequest, TableChat } from "../chat/chat.ts";
import { ChatStore } from "../chat/chat-store.ts";
import {
  answerClose,
  broadcast,
  FloodGuard,
  frameCost,
  identityOf,
  isOpen,
  markHeard,
  offeredProtocols,
  opened,
  parseClientMessage,
  receive,
  refused,
  requestKey,
  send,
  setIdentity,
} from "../connections/connection.ts";
import { clientKey } from "../connections/limits.ts";
import { DIRECTORY } from "../lobby/directory.ts";
import { ListingReporter, SPECTATORS_REPORT_MS } from "../lobby/listing.ts";
import { Telemetry } from "../observability/telemetry.ts";
import { addressTag, Presence } from "../presence/presence.ts";
import { isPushRequest, NOTIFY_GRACE_MS, TableNotifications } from "../push/notifications.ts";
import { pushConfig } from "../push/push-service.ts";
import { PushStore } from "../push/push-store.ts";
import { msSetting } from "../settings.ts";
import { TableAlarm } from "./alarm.ts";
import { EFFECTS, type TableEffect } from "./effects/index.ts";
import { commandOptions, idleMs, type TableEnv } from "./env.ts";
import { checkHandoverCode, newSecret, offerHandover, redeemHandover, retireSockets } from "./handover.ts";
import { hashToken, newToken } from "./ids.ts";
import { loadTable } from "./load-table.ts";
import { hasSeats, quickPlayEntries, type SeatedPlayer } from "./quick-play.ts";
import { eventsOf } from "./requests.ts";
import { TableSignals } from "./signals.ts";
import { syncSocket } from "./sync.ts";
import { TableStore } from "./table-store.ts";
import { identify, presentsSeat } from "./tokens.ts";
import { type Versioned, versioned } from "./versioned.ts";

export class Table extends DurableObject<TableEnv> {
  private readonly store: TableStore;
  /** Undefined until the table is created, and again once it is deleted. */
  private table: TableCommands | undefined;
  private readonly flood = new FloodGuard();
  private readonly presence: Presence;
  private readonly alarmClock: TableAlarm;
  private readonly effects: readonly TableEffect[];
  private readonly chat: TableChat;
  private readonly notifications: TableNotifications;
  private readonly listing: ListingReporter;
  private readonly telemetry: Telemetry;
  private readonly signals: TableSignals;

  constructor(ctx: DurableObjectState, env: TableEnv) {
    super(ctx, env);
    this.telemetry = new Telemetry(env.METRICS);
    this.signals = new TableSignals(
      this.telemetry,
      () => this.table,
      () => this.presence.openSockets().length,
    );
    this.store = new TableStore(ctx.storage);
    this.presence = new Presence(
      ctx,
      this.store,
      () => this.table,
      () => this.listing.spectatorsChanged(this.table),
    );
    this.listing = new ListingReporter({
      sql: ctx.storage.sql,
      sendListing: (tableId, listing) => env.DIRECTORY.getByName(DIRECTORY).report(tableId, listing),
      keep: (pending) => ctx.waitUntil(pending),
      spectators: () => this.presence.spectators,
      spectatorsEveryMs: msSetting(env.LISTING_SPECTATORS_SECONDS, SPECTATORS_REPORT_MS),
    });
    this.notifications = new TableNotifications({
      store: new PushStore(ctx.storage),
      config: pushConfig(env),
      graceMs: msSetting(env.NOTIFY_GRACE_SECONDS, NOTIFY_GRACE_MS),
      connectedSeats: () => this.presence.connectedSeats(),
      pushed: (result, status, ms) => this.signals.pushed(result, status, ms),
    });
    this.alarmClock = new TableAlarm(ctx, this.presence, idleMs(env), () => this.notifications.nextDue);
    const room = {
      store: this.store,
      presence: this.presence,
      alarm: this.alarmClock,
      notifications: this.notifications,
      listing: this.listing,
      telemetry: this.telemetry,
    };
    this.effects = EFFECTS.map((effect) => effect(room));
    this.chat = new TableChat({
      store: new ChatStore(ctx.storage),
      openSockets: () => this.presence.openSockets(),
      addressOf: (ws) => this.presence.addressOf(ws),
      transaction: (write) => ctx.storage.transactionSync(write),
      secret: env.TABLE_ID_KEY,
      said: (kind) => this.signals.chat(kind),
      failed: (error) => this.signals.internalError("chat-write", error, "internal-error"),
    });
    this.table = loadTable(this.store, commandOptions(env), this.telemetry);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // After a wake: the alarm this table set before. (An id that names no table has none, and is left unread.)
    if (this.table) this.alarmClock.recall();
    // A report to the lobby that a stopped object owed (lobby/listing.ts) goes now.
    if (this.table) this.listing.resume(this.table);
  }

  // --- RPC from the worker -------------------------------------------------

  /** Makes this object the table `id`; false when it already is a table (an id collision). */
  async create(id: string, settings: CheckedTableSettings, hostToken: string): Promise<boolean> {
    const hostTokenHash = await hashToken(hostToken);
    if (this.store.meta()) return false;
    const createdAt = Date.now();
    const table = new TableCommands(tableHeader(id, settings, createdAt), commandOptions(this.env));
    this.store.createMeta({ id, settings, hostTokenHash, createdAt });
    this.table = table;
    this.commit(table.create());
    return true;
  }

  /**
   * Makes this object the table `id` with its players seated, for quick
   * play: the pool (lobby/pool.ts) hands each seeker's name and the hash of
   * the seat token it will give them, and how many computer players fill the
   * seats after them; the game starts as the table is full. Nobody holds
   * its host token. The table is listed in the lobby in `lang`, to watch.
   * Idempotent, for a pool that retries after a crash: a table already made
   * with these very seats answers true; any other table under the id, false.
   */
  async seatPlayers(
    id: string,
    settings: CheckedTableSettings,
    players: readonly SeatedPlayer[],
    computers: number,
    lang: Language,
  ): Promise<boolean> {
    const hostTokenHash = await hashToken(newToken());
    // From here on no await: the check and the writes see the same state.
    if (this.store.meta()) return hasSeats(this.store, players);
    const createdAt = Date.now();
    const table = new TableCommands(tableHeader(id, settings, createdAt), commandOptions(this.env));
    const entries = quickPlayEntries(table, players, computers, lang, createdAt);
    this.table = table;
    this.commit(entries, undefined, () => {
      this.store.createMeta({ id, settings, hostTokenHash, createdAt });
      players.forEach((player, seat) => {
        this.store.takeSeat({ seat, name: table.names[seat] as string, tokenHash: player.tokenHash });
      });
    });
    return true;
  }

  /**
   * The table's snapshot and its version (an ETag: the log's last `seq` and
   * who is connected, all a snapshot changes with); none, and none built,
   * when `seen` names that version.
   */
  snapshot(seen: readonly string[] = []): Promise<Outcome<Versioned<Snapshot>>> {
    return outcome(() => {
      const table = this.requireTable();
      const connected = this.presence.connectedSeats();
      const tag = `"${table.seq}-${connected.map((seat) => (seat ? 1 : 0)).join("")}"`;
      return versioned(tag, seen, () => table.view(connected));
    });
  }

  /** The current (or last) game's record, and its version (the log's last `seq`), as `snapshot`. */
  record(seen: readonly string[] = []): Promise<Outcome<Versioned<string>>> {
    return outcome(() => {
      const table = this.requireTable();
      return versioned(`"${table.seq}"`, seen, () => table.gameRecord());
    });
  }

  /**
   * Another device redeems a one-time hand-over code (handover.ts): the
   * seat's new token, and the host's if hosting came along; the old
   * device's sockets are told their seat moved.
   */
  redeemHandover(code: string): Promise<Outcome<HandedOver>> {
    return outcome(async () => {
      checkHandoverCode(code);
      const [codeHash, token, hostToken] = await Promise.all([hashToken(code), newSecret(), newSecret()]);
      // From here on no await: the checks and the writes see the same state.
      this.requireTable();
      const redeemed = this.ctx.storage.transactionSync(() =>
        redeemHandover(this.store, codeHash, token, hostToken, Date.now()),
      );
      retireSockets(this.presence.openSockets(), redeemed);
      this.presence.schedule();
      return redeemed.answer;
    });
  }

  // --- WebSockets -------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (!this.table) return this.refuse(404, "table-not-found", "no such table");
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return this.refuse(426, "bad-request", "expected a WebSocket upgrade");
    }
    const tag = addressTag(clientKey(request.headers.get("CF-Connecting-IP")));
    const offered = offeredProtocols(request.headers.get("Sec-WebSocket-Protocol"));
    const refusal = await this.presence.refusal(tag, () => presentsSeat(this.store, offered));
    if (refusal) return this.refuse(refusal.status, "too-many-connections", refusal.message);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [tag]);
    opened(server, Date.now());
    this.presence.schedule();
    this.signals.opened();
    // A client that offers subprotocols fails the handshake unless the answer names the one it speaks.
    const headers: HeadersInit = offered.ours ? { "Sec-WebSocket-Protocol": SOCKET_PROTOCOL } : {};
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // What a socket closed for flooding had already sent is dropped unread.
    if (!isOpen(ws)) return;
    markHeard(ws, Date.now());
    await receive(
      ws,
      data,
      this.flood,
      parseClientMessage,
      (message) => this.handle(ws, message),
      (code) => this.signals.refused(code),
    );
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    answerClose(ws, code);
    this.presence.lost(ws);
    this.signals.dropped(String(code));
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.presence.lost(ws);
    this.signals.dropped("error");
  }

  /** An upgrade refused, and counted. */
  private refuse(status: number, code: ErrorCode, message: string): Response {
    this.signals.refused(code);
    return refused(status, code, message);
  }

  // --- Alarm: the clock, the computer's turns, idle cleanup and silent sockets -----------

  /**
   * Alarms are at-least-once: a repeated one finds the turn already played
   * (the turn has moved on, so `tick` owes nothing) and only sets the next.
   */
  override async alarm(): Promise<void> {
    this.alarmClock.fired();
    const { table } = this;
    if (!table) return;
    const now = Date.now();
    if (table.isIdle(now, this.alarmClock.idleMs)) return this.delete();
    const open = this.presence.closeSilent(now);
    const events = this.signals.tick(table, now);
    // Claimed before the alarm is set again, which then does not come back for them while they are out.
    const sending = this.notifications.claimDue(table, now);
    if (events.length > 0) this.commit(events);
    else this.alarmClock.schedule(table, open);
    if (sending) {
      await sending();
      if (this.table) this.alarmClock.schedule(this.table);
    }
  }

  // --- Requests -------------------------------------------------------------------

  private async handle(ws: WebSocket, message: ClientMessage): Promise<void> {
    const table = this.requireTable();
    switch (message.type) {
      case "hello":
        return this.hello(ws, message);
      case "sync":
        return this.sync(ws, message.lastSeq);
      case "join":
        return this.join(ws, message);
    }
    const who = identityOf(ws);
    // Who may send this at all comes first: a repeat is acknowledged only to whoever could have sent it.
    table.authorize(who, message.type);
    if (isChatRequest(message)) return this.chat.handle(ws, table, message);
    if (isPushRequest(message)) return this.notifications.handle(ws, table, message);
    // Like a join, its answer carries a secret: not remembered by id (a repeat just replaces the code).
    if (message.type === "handover") return this.handover(ws, message.id);
    const request = requestKey(ws, table.gameOfRequest(message.type), message.id);
    const seen = this.store.seqOfRequest(request);
    if (seen !== undefined) {
      send(ws, { type: "ack", id: message.id, seq: seen });
      return;
    }
    const events = eventsOf(table, who, message, this.presence, Date.now());
    const seq = this.commit(events, request);
    send(ws, { type: "ack", id: message.id, seq });
  }

  private async hello(ws: WebSocket, message: Extract<ClientMessage, { type: "hello" }>): Promise<void> {
    const { seat, host, seatHash } = await identify(this.store, message);
    setIdentity(ws, { seat, host }, seatHash);
    this.sync(ws, message.lastSeq);
    if (seat !== null) this.alarmClock.seatConnected(this.requireTable());
    // Everyone hears of it if the seats connected changed; this socket hears the presence in any case.
    this.presence.owe(ws);
    this.flood.charge(ws, frameCost(await this.chat.greet(ws, this.requireTable())), Date.now());
  }

  /** Brings a socket up to the table: what it missed since `lastSeq`, or (none given, or far behind) the whole table. */
  private sync(ws: WebSocket, lastSeq?: number): void {
    const sent = syncSocket(ws, this.requireTable(), this.store, this.presence.connectedSeats(), lastSeq);
    this.flood.charge(ws, sent.bytes, Date.now());
    // The spectator count, which a snapshot lacks, follows in a presence.
    if (sent.whole) this.presence.owe(ws);
  }

  /** A one-time code that hands this socket's seat, and hosting if it has it, to another device. */
  private async handover(ws: WebSocket, id: string): Promise<void> {
    const code = await newSecret();
    // From here on no await; the seat may have been freed while the code was made.
    const who = identityOf(ws);
    this.requireTable().authorize(who, "handover");
    const expiresAt = offerHandover(this.store, who.seat as number, who.host, code, Date.now());
    send(ws, { type: "handoverCode", id, code: code.value, expiresAt });
  }

  /** Joining is the one request with a secret in its answer: the seat's token, stored only as a hash. */
  private async join(ws: WebSocket, message: Extract<ClientMessage, { type: "join" }>): Promise<void> {
    const token = newToken();
    const tokenHash = await hashToken(token);
    // From here on no await: the checks and the writes see the same state.
    const table = this.requireTable();
    const who = identityOf(ws);
    const events = table.join(who, message.seat, message.name, Date.now());
    const name = table.names[message.seat] as string;
    const seq = this.commit(events, undefined, () => this.store.takeSeat({ seat: message.seat, name, tokenHash }));
    setIdentity(ws, { seat: message.seat, host: who.host }, tokenHash);
    send(ws, { type: "joined", id: message.id, seat: message.seat, token });
    send(ws, { type: "ack", id: message.id, seq });
    this.alarmClock.seatConnected(table);
    this.presence.schedule();
  }

  // --- The one path for every change ------------------------------------------------

  /**
   * Stores and broadcasts events the commands have already folded in, in one
   * synchronous block, with `write` (the seat a join takes) and every
   * effect's writes among the rows: they commit together, in one
   * transaction, and the output gate holds the broadcast until they are
   * durable. Then the effects that follow a broadcast run. Returns the last
   * event's sequence number.
   *
   * If the entries do not follow the stored log (the fold out of step with
   * it), or storage throws, nothing is written: the table is rebuilt from
   * storage, so that memory and storage never disagree, and the request is
   * refused. The log is never written over.
   */
  private commit(entries: readonly LoggedEvent[], request?: string, write?: () => void): number {
    const table = this.requireTable();
    const commit = { entries, table, sockets: this.presence.openSockets() };
    try {
      this.ctx.storage.transactionSync(() => {
        write?.();
        entries.forEach((entry, i) => {
          // The request's key goes on its last event: a repeat is acknowledged with the seq the first ack named.
          this.store.append(entry, i === entries.length - 1 ? request : undefined);
        });
        // A request that changed nothing is remembered all the same: its repeat must not apply it later.
        if (entries.length === 0 && request !== undefined) this.store.noteRequest(request, table.seq);
        for (const effect of this.effects) effect.write?.(commit);
      });
    } catch (error) {
      this.table = loadTable(this.store, commandOptions(this.env), this.telemetry);
      this.notifications.store.forget();
      this.signals.internalError("commit", error, "internal-error");
      throw new TableError("internal-error", "the table could not store that: it has reloaded itself, try again");
    }
    for (const entry of entries) broadcast(commit.sockets, { type: "event", ...entry });
    for (const effect of this.effects) effect.after?.(commit);
    return entries[entries.length - 1]?.seq ?? table.seq;
  }

  private async delete(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1001, "table deleted");
      } catch {
        // Already closing.
      }
    }
    if (this.table) this.listing.deleted(this.table);
    this.table = undefined;
    await this.alarmClock.clear();
    await this.ctx.storage.deleteAll();
  }

  private requireTable(): TableCommands {
    if (!this.table) throw new TableError("table-not-found", "no such table");
    return this.table;
  }
}
