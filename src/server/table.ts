/**
 * One table: a SQLite-backed Durable Object that stores the table's event
 * log and seats, hands each request to the table's commands (src/table),
 * and broadcasts over hibernatable WebSockets. It knows the platform
 * (storage, alarm, sockets, tokens); what a table may do is the commands'.
 *
 * Every change follows one path (`commit`): the commands check and fold,
 * then in one synchronous block the events are appended and broadcast.
 * With no `await` in between, the rows commit atomically and the output
 * gate holds the broadcast until they are durable.
 */
import { DurableObject } from "cloudflare:workers";
import type { ClientMessage, ServerMessage, Snapshot, TableSettings } from "../protocol/index.ts";
import {
  type Carry,
  type CommandOptions,
  type LoggedEvent,
  type Outcome,
  outcome,
  TableCommands,
  TableError,
  tableHeader,
} from "../table/index.ts";
import {
  broadcast,
  FloodGuard,
  identityOf,
  isOpen,
  isStale,
  lastHeard,
  markHeard,
  moveSeat,
  parseClientMessage,
  requestKey,
  send,
  setIdentity,
} from "./connection.ts";
import type { Env } from "./env.ts";
import { hashToken, newToken, sameHash } from "./ids.ts";
import { clientKey, MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_TABLE } from "./limits.ts";
import { type TableMeta, TableStore } from "./table-store.ts";

/** A client that is this far behind gets a snapshot instead of the missed events. */
const MAX_REPLAY_EVENTS = 256;
const DAY_MS = 86_400_000;
const DEFAULT_IDLE_DAYS = 30;
/**
 * A socket heard from neither by message nor by `ping` for this long is taken
 * for dropped (and closed, and its seat shown disconnected). The SDK pings
 * every 2 s, so this allows two pings lost or late before a live client is
 * cut off, and a silently dropped seat is seen as gone about 6 s after its
 * last ping.
 */
const STALE_MS = 6_000;
/**
 * The heartbeat check never comes sooner than this after it was set: a socket
 * heard from just before its deadline does not make the alarm fire again at once.
 */
const HEARTBEAT_FLOOR_MS = 1_000;
/**
 * Presence goes out at most once in this interval, and at a crowded table at
 * most once in `PRESENCE_MS_PER_SOCKET` per open socket: a broadcast to n
 * sockets every n × 4 ms, so that presence costs a table at most about 250
 * messages a second however many sockets come and go (before, each of N
 * connects told every socket: N²/2 messages).
 */
const PRESENCE_INTERVAL_MS = 250;
const PRESENCE_MS_PER_SOCKET = 4;
/**
 * During a game the table stores its whole fold every this many events (one
 * more row written, replaced each time), so that a wake folds in at most this
 * many events instead of replaying the game from its start: replaying 1,500
 * moves took tens of milliseconds in a fresh isolate.
 */
const CHECKPOINT_EVERY = 200;
/** The format of the stored fold (`TableFold.saveState`); a checkpoint of another is ignored, and the game replayed. */
const CHECKPOINT_VERSION = 1;

function commandOptions(env: Env): CommandOptions {
  const grace = env.STALL_GRACE_SECONDS;
  const delay = env.COMPUTER_DELAY_MS;
  return {
    drawFirstPlayer: (players: number) => crypto.getRandomValues(new Uint32Array(1))[0] % players,
    ...(grace === undefined ? {} : { stallGraceMs: Number(grace) * 1000 }),
    ...(delay === undefined ? {} : { computerDelayMs: Number(delay) }),
  };
}

export class Table extends DurableObject<Env> {
  private readonly store: TableStore;
  /** Undefined until the table is created, and again once it is deleted. */
  private table: TableCommands | undefined;
  private readonly flood = new FloodGuard();
  /**
   * Presence, coalesced (`schedulePresence`). All of it is in memory: after a
   * wake the table has forgotten what it last sent, which costs at most one
   * broadcast that repeats it. A pending timer keeps the object in memory
   * until it fires (a quarter of a second, or about a second at a full
   * table), which is the price of coalescing; the alarm could do the same but
   * is the clock's and the heartbeat's, and rewriting it on every connect
   * would cost a storage write each time.
   */
  private presenceTimer: ReturnType<typeof setTimeout> | undefined;
  /** The presence last broadcast, as sent, and when. */
  private lastPresence: string | undefined;
  private lastPresenceAt = 0;
  /** Sockets that were just welcomed: they are told the presence even when it has not changed. */
  private readonly owedPresence = new Set<WebSocket>();
  /** Sockets the runtime reported closed or broken, which `getWebSockets()` may still list for a moment. */
  private readonly gone = new WeakSet<WebSocket>();
  /**
   * When the alarm is set for (null: none), as this object last set or read
   * it: an alarm already due no later than needed is left alone, since
   * moving it is a storage write (`scheduleAlarm`).
   */
  private alarmSetFor: number | null = null;
  /**
   * No heartbeat check can be due before this (+∞ with no seat connected),
   * as the last full look at the seat sockets found, until a socket takes a
   * seat: a seat socket's last-heard time only grows, and a closed one only
   * drops out. Undefined when a new look is needed (after a wake, or a seat
   * taken). It spares a move the look at every socket.
   */
  private heartbeatNotBefore: number | undefined;
  /** The event up to which a wake need not replay: the last checkpoint, or the current game's start. */
  private checkpointSeq = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new TableStore(ctx.storage);
    this.table = this.load();
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // After a wake: the alarm this table set before. (An id that names no table has none, and is left unread.)
    if (this.table) {
      void ctx.blockConcurrencyWhile(async () => {
        this.alarmSetFor = await ctx.storage.getAlarm();
      });
    }
  }

  // --- RPC from the worker -------------------------------------------------

  /** Makes this object the table `id`; false when it already is a table (an id collision). */
  async create(id: string, settings: TableSettings, hostToken: string): Promise<boolean> {
    const hostTokenHash = await hashToken(hostToken);
    if (this.store.meta()) return false;
    const createdAt = Date.now();
    const table = new TableCommands(tableHeader(id, settings, createdAt), commandOptions(this.env));
    this.store.createMeta({ id, settings, hostTokenHash, createdAt });
    this.table = table;
    this.commit(table.create());
    return true;
  }

  snapshot(): Promise<Outcome<Snapshot>> {
    return outcome(() => this.requireTable().view(this.connectedSeats()));
  }

  /** Whether this object holds a table: a cheap check for the pages. */
  exists(): boolean {
    return this.table !== undefined;
  }

  /** The current (or last) game's record. */
  record(): Promise<Outcome<string>> {
    return outcome(() => this.requireTable().gameRecord());
  }

  // --- WebSockets -------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (!this.table) {
      return Response.json({ error: new TableError("table-not-found", "no such table").body() }, { status: 404 });
    }
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      const error = new TableError("bad-request", "expected a WebSocket upgrade");
      return Response.json({ error: error.body() }, { status: 426 });
    }
    // Each socket is tagged with its client's address, so that the runtime lists one client's sockets.
    const tag = `address:${clientKey(request.headers.get("CF-Connecting-IP")).slice(0, 200)}`;
    const refusal = this.refuseSocket(tag);
    if (refusal) return refusal;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [tag]);
    setIdentity(server, { seat: null, host: false });
    markHeard(server, Date.now());
    this.schedulePresence();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Why one more socket cannot be taken, if it cannot: a table holds at most
   * `MAX_SOCKETS_PER_TABLE` open sockets (503), one client address at most
   * `MAX_SOCKETS_PER_ADDRESS` of them (429). At a cap, sockets gone silent
   * are closed first and do not count.
   */
  private refuseSocket(tag: string): Response | undefined {
    const full = () => this.openSockets().length >= MAX_SOCKETS_PER_TABLE;
    const mine = () => this.ctx.getWebSockets(tag).filter((ws) => !this.gone.has(ws) && isOpen(ws)).length;
    if (full() || mine() >= MAX_SOCKETS_PER_ADDRESS) this.closeSilentSockets(Date.now());
    const refuse = (status: number, message: string) =>
      Response.json({ error: new TableError("too-many-connections", message).body() }, { status });
    if (full()) return refuse(503, `this table takes at most ${MAX_SOCKETS_PER_TABLE} connections`);
    if (mine() >= MAX_SOCKETS_PER_ADDRESS) {
      return refuse(429, `at most ${MAX_SOCKETS_PER_ADDRESS} connections to a table from one address`);
    }
    return undefined;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // What a socket closed for flooding had already sent is dropped unread.
    if (!isOpen(ws)) return;
    const now = Date.now();
    markHeard(ws, now);
    if (this.flood.exceeded(ws, data, now)) {
      send(ws, { type: "error", code: "rate-limited", message: "too many messages" });
      ws.close(1008, "rate limited");
      return;
    }
    let id: string | undefined;
    try {
      const message = parseClientMessage(data);
      id = "id" in message ? message.id : undefined;
      await this.handle(ws, message);
    } catch (error) {
      if (!(error instanceof TableError)) throw error;
      send(ws, { type: "error", ...(id === undefined ? {} : { id }), code: error.code, message: error.message });
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // The runtime completes the closing handshake; echo the code for older compatibility dates.
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
    this.gone.add(ws);
    this.schedulePresence();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.gone.add(ws);
    this.schedulePresence();
  }

  // --- Alarm: the clock, the computer's turns, idle cleanup and silent sockets -----------

  /**
   * Alarms are at-least-once: a repeated one finds the turn already played
   * (the turn has moved on, so `tick` owes nothing) and only sets the next.
   */
  override async alarm(): Promise<void> {
    this.alarmSetFor = null; // the runtime has taken it off
    const { table } = this;
    if (!table) return;
    const now = Date.now();
    if (table.isIdle(now, this.idleMs())) return this.delete();
    this.closeSilentSockets(now);
    const events = table.tick(now);
    if (events.length > 0) this.commit(events);
    else this.scheduleAlarm();
  }

  // --- Requests -------------------------------------------------------------------

  private async handle(ws: WebSocket, message: ClientMessage): Promise<void> {
    const table = this.requireTable();
    switch (message.type) {
      case "hello":
        return this.hello(ws, message);
      case "sync":
        return this.catchUp(ws, message.lastSeq);
      case "join":
        return this.join(ws, message);
    }
    const who = identityOf(ws);
    // Who may send this at all comes first: a repeat is acknowledged only to whoever could have sent it.
    table.authorize(who, message.type);
    const request = requestKey(ws, table.gameOfRequest(message.type), message.id);
    const seen = this.store.seqOfRequest(request);
    if (seen !== undefined) return send(ws, { type: "ack", id: message.id, seq: seen });
    const now = Date.now();
    const events = (() => {
      switch (message.type) {
        case "move":
          return table.move(who, message.path, now);
        case "leave":
          return table.leave(who, now);
        case "remove":
          return table.remove(who, message.seat, now);
        case "start":
          return table.start(who, now);
        case "rematch":
          return table.rematch(who, this.connectedSeats(), now);
        case "swap":
          return table.swap(who, message.seat, now);
        case "firstPlayer":
          return table.chooseFirstPlayer(who, message.seat, now);
        case "addComputer":
          return table.addComputer(who, message.seat, message.level, now);
        case "back":
          return table.back(who, now);
        case "remedy": {
          const connected = this.connectedSeats();
          const disconnectedAt = connected[message.seat] ? null : this.absentSince(message.seat, connected);
          return table.remedy(who, message.seat, message.remedy, disconnectedAt, now);
        }
      }
    })();
    const seq = this.commit(events, request);
    send(ws, { type: "ack", id: message.id, seq });
  }

  private async hello(ws: WebSocket, message: Extract<ClientMessage, { type: "hello" }>): Promise<void> {
    const [seatHash, hostHash] = await Promise.all([
      message.token === undefined ? undefined : hashToken(message.token),
      message.hostToken === undefined ? undefined : hashToken(message.hostToken),
    ]);
    const meta = this.requireMeta();
    let seat: number | null = null;
    if (seatHash) {
      seat = this.store.seats().find((stored) => sameHash(stored.tokenHash, seatHash))?.seat ?? null;
      if (seat === null) throw new TableError("bad-token", "that seat token is not valid at this table");
    }
    const host = hostHash !== undefined && sameHash(meta.hostTokenHash, hostHash);
    if (hostHash && !host) throw new TableError("bad-token", "that host token is not valid at this table");
    setIdentity(ws, { seat, host }, seatHash ?? null);
    if (message.lastSeq === undefined) this.welcome(ws);
    else this.catchUp(ws, message.lastSeq);
    if (seat !== null) this.seatConnected();
    // Everyone hears of it if the seats connected changed; this socket hears the presence in any case.
    this.owePresence(ws);
  }

  /** Sends what a client missed since `lastSeq`, or the whole table when it is far behind. */
  private catchUp(ws: WebSocket, lastSeq: number): void {
    const table = this.requireTable();
    if (lastSeq > table.seq || table.seq - lastSeq > MAX_REPLAY_EVENTS) {
      this.welcome(ws);
      return;
    }
    send(ws, { type: "identity", you: identityOf(ws) });
    for (const entry of this.store.eventsAfter(lastSeq)) send(ws, { type: "event", ...entry });
  }

  /** The whole table; the spectator count, which the snapshot lacks, follows in a presence. */
  private welcome(ws: WebSocket): void {
    send(ws, { type: "welcome", you: identityOf(ws), snapshot: this.requireTable().view(this.connectedSeats()) });
    this.owePresence(ws);
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
    this.seatConnected();
    this.schedulePresence();
  }

  // --- The one path for every change ------------------------------------------------

  /**
   * Stores and broadcasts events the commands have already folded in, in one
   * synchronous block, with `write` (the seat a join takes) among the rows:
   * they commit together and the output gate holds the broadcast until they
   * are durable. If storage throws, memory is rebuilt from storage so the
   * two never disagree. Returns the last event's sequence number.
   */
  private commit(events: readonly LoggedEvent[], request?: string, write?: () => void): number {
    const sockets = this.openSockets();
    try {
      write?.();
      events.forEach((entry, i) => {
        // The request's key goes on its last event: a repeat is acknowledged with the seq the first ack named.
        this.store.append(entry, i === events.length - 1 ? request : undefined);
        const { event } = entry;
        // A freed seat's token stops working with the event that frees it; a traded one goes with its player.
        if (event.type === "unseated") this.store.freeSeat(event.seat);
        if (event.type === "swapped") this.store.swapSeats(event.seats[0], event.seats[1]);
        if (event.type === "started") {
          this.store.startGame(entry.seq, this.requireTable().carry);
          this.checkpointSeq = entry.seq;
        }
      });
      // A request that changed nothing is remembered all the same: its repeat must not apply it later.
      if (events.length === 0 && request !== undefined) this.store.noteRequest(request, this.requireTable().seq);
      const table = this.requireTable();
      if (table.status === "playing" && table.seq - this.checkpointSeq >= CHECKPOINT_EVERY) {
        this.store.saveCheckpoint(CHECKPOINT_VERSION, table.saveState());
        this.checkpointSeq = table.seq;
      }
      this.scheduleAlarm(sockets);
    } catch (error) {
      this.table = this.load();
      throw error;
    }
    for (const entry of events) broadcast(sockets, { type: "event", ...entry });
    for (const { event } of events) {
      if (event.type === "unseated") this.demoteSeat(event.seat);
      if (event.type === "swapped") this.swapSockets(event.seats[0], event.seats[1]);
    }
    return events[events.length - 1]?.seq ?? this.requireTable().seq;
  }

  /** The sockets of two seats that traded players follow their players. */
  private swapSockets(a: number, b: number): void {
    for (const ws of this.openSockets()) {
      const { seat } = identityOf(ws);
      if (seat !== a && seat !== b) continue;
      moveSeat(ws, seat === a ? b : a);
      send(ws, { type: "identity", you: identityOf(ws) });
    }
    this.schedulePresence();
  }

  /**
   * Since when a seat has had no live connection; when the table does not
   * know, since its last event. Presence is noted when it goes out, a moment
   * after a change: a disconnection that is not noted yet is noted now.
   */
  private absentSince(seat: number, connected: readonly boolean[]): number {
    return this.store.notePresence(connected, Date.now()).get(seat) ?? this.requireTable().lastEventAt;
  }

  /** The sockets of a freed seat become spectators'. */
  private demoteSeat(seat: number): void {
    for (const ws of this.openSockets()) {
      const who = identityOf(ws);
      if (who.seat !== seat) continue;
      setIdentity(ws, { seat: null, host: who.host });
      send(ws, { type: "identity", you: identityOf(ws) });
    }
    this.schedulePresence();
  }

  /**
   * The table's own alarm (turn deadline, idle deletion), or the heartbeat
   * check if that comes first. One alarm serves both: `alarm()` does whatever
   * is due, and sets the next.
   */
  private scheduleAlarm(sockets?: readonly WebSocket[]): void {
    const tableAlarm = this.requireTable().alarmAt(this.idleMs());
    const set = this.alarmSetFor;
    // An alarm set no later than is due stays: when it comes it finds nothing due and sets the next. A move
    // pushes the idle deletion and the heartbeat check later, and moving the alarm on every move would
    // cost a storage write each time (one more than the move's own row).
    if (set !== null && this.heartbeatNotBefore !== undefined && set <= Math.min(tableAlarm, this.heartbeatNotBefore)) {
      return;
    }
    const check = this.heartbeatCheckAt(sockets ?? this.openSockets(), Date.now());
    this.heartbeatNotBefore = check ?? Number.POSITIVE_INFINITY;
    const due = check === null ? tableAlarm : Math.min(tableAlarm, check);
    if (set !== null && set <= due) return;
    this.alarmSetFor = due;
    void this.ctx.storage.setAlarm(due);
  }

  /** A socket took a seat: the heartbeat check may come sooner than the alarm set. */
  private seatConnected(): void {
    this.heartbeatNotBefore = undefined;
    this.scheduleAlarm();
  }

  /**
   * The earliest moment a seat's socket could go stale, as far as the object
   * knows now (`ping`s answered by the runtime do not wake it): the least
   * last-heard time of the seat sockets plus `STALE_MS`, but not sooner than
   * `HEARTBEAT_FLOOR_MS` from now; null when no seat is connected. A check
   * that finds the socket heard from since just sets the next one.
   *
   * Only seats set it. A spectator that vanished only keeps the spectator
   * count one too high until the next check or presence broadcast (both leave
   * silent sockets out); waking every few seconds for it would keep a table
   * that is only watched awake for as long as a tab stays open.
   *
   * The cost: while every seat pings, the alarm fires about every `STALE_MS`
   * (minus up to one ping interval), each firing a short wake and an alarm
   * write. That is the price of seeing a silent drop within seconds.
   */
  private heartbeatCheckAt(sockets: readonly WebSocket[], now: number): number | null {
    let earliest = Number.POSITIVE_INFINITY;
    for (const ws of sockets) {
      if (identityOf(ws).seat === null) continue;
      earliest = Math.min(earliest, lastHeard(ws, this.ctx.getWebSocketAutoResponseTimestamp(ws)) + STALE_MS);
    }
    return earliest === Number.POSITIVE_INFINITY ? null : Math.max(earliest, now + HEARTBEAT_FLOOR_MS);
  }

  /**
   * Closes the sockets that went silent. A client dropped without a close
   * frame is never reported by the runtime, so the others hear it here.
   */
  private closeSilentSockets(now: number): void {
    const silent = this.openSockets().filter((ws) => this.isSilent(ws, now));
    if (silent.length === 0) return;
    for (const ws of silent) {
      try {
        ws.close(4000, "no heartbeat");
      } catch {
        // Already closing.
      }
      this.gone.add(ws);
    }
    this.schedulePresence();
  }

  private async delete(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1001, "table deleted");
      } catch {
        // Already closing.
      }
    }
    this.table = undefined;
    this.alarmSetFor = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /**
   * Rebuilds the table from storage: from the last checkpoint of its current
   * game and the events after it, or else the seats and scores its current
   * game started with and the events from that game's start (or from the
   * first).
   */
  private load(): TableCommands | undefined {
    this.store.forget();
    const meta = this.store.meta();
    if (!meta) return undefined;
    this.store.migrate();
    const newTable = () =>
      new TableCommands(tableHeader(meta.id, meta.settings, meta.createdAt), commandOptions(this.env));
    const report = (skipped: LoggedEvent[]) => {
      for (const { seq, event } of skipped) {
        console.error(`table ${meta.id}: event ${seq} (${event.type}) does not fit the game and was skipped`);
      }
    };
    const gameStart = this.store.currentGameStart();
    const last = this.store.lastEvent();
    const checkpoint = this.store.checkpoint(CHECKPOINT_VERSION);
    if (checkpoint && gameStart !== undefined && checkpoint.seq >= gameStart && checkpoint.seq <= (last?.seq ?? 0)) {
      try {
        const table = newTable();
        report(table.resumeState(JSON.parse(checkpoint.state), this.store.eventsAfter(checkpoint.seq)));
        this.checkpointSeq = checkpoint.seq;
        return table;
      } catch (error) {
        // A checkpoint must never brick its table: the log is the truth, replayed from the game's start.
        console.error(`table ${meta.id}: checkpoint at ${checkpoint.seq} not usable; replaying the game`, error);
      }
    }
    const table = newTable();
    const carry = {
      ...(this.store.carry() ?? this.carryBeforeKept(table.settings.players, gameStart)),
      seq: last?.seq ?? 0,
      at: last?.at ?? meta.createdAt,
    };
    report(table.resume(carry, this.store.eventsAfter((gameStart ?? 1) - 1)));
    this.checkpointSeq = gameStart ?? 0;
    return table;
  }

  /**
   * The carry-over of a table stored before carries were kept: before any
   * game the whole log is replayed from empty seats; during one, the seats
   * as they are now (swaps did not exist then, so replaying the game's seat
   * changes over them changes nothing).
   */
  private carryBeforeKept(players: number, gameStart: number | undefined): Carry {
    const names = new Array<string | null>(players).fill(null);
    if (gameStart !== undefined) for (const { seat, name } of this.store.seats()) names[seat] = name;
    return { names, scores: [] };
  }

  private requireTable(): TableCommands {
    if (!this.table) throw new TableError("table-not-found", "no such table");
    return this.table;
  }

  private requireMeta(): TableMeta {
    const meta = this.store.meta();
    if (!meta) throw new TableError("table-not-found", "no such table");
    return meta;
  }

  private idleMs(): number {
    return Number(this.env.IDLE_DAYS ?? DEFAULT_IDLE_DAYS) * DAY_MS;
  }

  // --- Presence ---------------------------------------------------------------------------

  /** Sockets that can still receive. */
  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => !this.gone.has(ws) && isOpen(ws));
  }

  private isSilent(ws: WebSocket, now: number): boolean {
    return isStale(ws, this.ctx.getWebSocketAutoResponseTimestamp(ws), now, STALE_MS);
  }

  /** Open sockets heard from lately: those presence counts. */
  private liveSockets(open = this.openSockets()): WebSocket[] {
    const now = Date.now();
    return open.filter((ws) => !this.isSilent(ws, now));
  }

  /** Which seats have an open socket that is not silent. */
  private connectedSeats(live = this.liveSockets()): boolean[] {
    const connected = new Array<boolean>(this.table?.settings.players ?? 0).fill(false);
    for (const ws of live) {
      const { seat } = identityOf(ws);
      if (seat !== null) connected[seat] = true;
    }
    return connected;
  }

  /** `ws` is told the presence at the next send, changed or not (after its welcome or identity). */
  private owePresence(ws: WebSocket): void {
    this.owedPresence.add(ws);
    this.schedulePresence();
  }

  /**
   * Something may have changed who is connected: presence goes out once the
   * burst is over. The first change after a quiet spell is sent at the end
   * of the current event (a timer of 0 ms); later ones wait until the
   * interval since the last broadcast is over, and are sent together.
   */
  private schedulePresence(): void {
    if (this.presenceTimer !== undefined) return;
    const interval = Math.max(PRESENCE_INTERVAL_MS, PRESENCE_MS_PER_SOCKET * this.ctx.getWebSockets().length);
    const wait = Math.max(0, this.lastPresenceAt + interval - Date.now());
    this.presenceTimer = setTimeout(() => this.sendPresence(), wait);
  }

  /**
   * Tells everyone who is connected if that changed since the last broadcast,
   * and otherwise only the sockets owed it; and notes since when seats are
   * not connected (the stall remedies count from then).
   */
  private sendPresence(): void {
    this.presenceTimer = undefined;
    const owed = [...this.owedPresence];
    this.owedPresence.clear();
    if (!this.table) return;
    const now = Date.now();
    const open = this.openSockets();
    const live = this.liveSockets(open);
    const spectators = live.filter((ws) => identityOf(ws).seat === null).length;
    const connected = this.connectedSeats(live);
    const table = this.table;
    let absences = new Map<number, number>();
    try {
      absences = this.store.notePresence(connected, now);
    } catch (error) {
      // Outside any request (a timer): nobody to answer; the next presence notes it again.
      console.error("could not note presence", error);
    }
    // Only people are ever absent: free seats and computer players are not.
    const person = (seat: number) => table.names[seat] !== null && table.computerLevel(seat) === null;
    const absentSince = connected.map((on, seat) => (on || !person(seat) ? null : (absences.get(seat) ?? null)));
    const { stallGraceMs } = table;
    const message: ServerMessage = { type: "presence", connected, spectators, absentSince, stallGraceMs };
    const text = JSON.stringify(message);
    if (text !== this.lastPresence) {
      this.lastPresence = text;
      this.lastPresenceAt = now;
      broadcast(open, message);
    } else {
      broadcast(
        owed.filter((ws) => !this.gone.has(ws) && isOpen(ws)),
        message,
      );
    }
  }
}
