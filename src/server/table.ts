/**
 * One table: a SQLite-backed Durable Object that holds the game, the seats
 * and the event log, enforces every rule through the engine, and broadcasts
 * over hibernatable WebSockets.
 *
 * Every state change follows one path (`commit`): the engine validates, then
 * in one synchronous block the events are appended and folded in and
 * broadcast. With no `await` in between, the rows commit atomically and the
 * output gate holds the broadcast until they are durable.
 */
import { DurableObject } from "cloudflare:workers";
import {
  type ClientMessage,
  ClientMessageSchema,
  type ErrorCode,
  type Identity,
  MAX_MESSAGE_BYTES,
  NameSchema,
  type ServerMessage,
  type Snapshot,
  type TableSettings,
} from "../protocol/index.ts";
import { RulesError, writeRecord } from "../rules/index.ts";
import { type NumberedEvent, TableCommands } from "../table/commands.ts";
import type { Env } from "./env.ts";
import { hashToken, newToken, sameHash } from "./ids.ts";
import { TableStore } from "./table-store.ts";

/** A client that is this far behind gets a snapshot instead of the missed events. */
const MAX_REPLAY_EVENTS = 256;
/** Flood control: more messages than this in one window closes the socket with 1008. */
const RATE_WINDOW_MS = 10_000;
const RATE_LIMIT = 100;
const DAY_MS = 86_400_000;
const DEFAULT_IDLE_DAYS = 30;

/** A refusal sent to the socket that caused it; the table is unchanged. */
class Refusal extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type CreateResult = { ok: true } | { ok: false; code: "table-exists" };
export type RecordResult = { ok: true; text: string } | { ok: false; code: "table-not-found" | "not-found" };

export class Table extends DurableObject<Env> {
  private readonly store: TableStore;
  /** Undefined until the table is created, and again once it is deleted. */
  private state: TableCommands | undefined;
  /** Messages per socket in the current window; losing it on hibernation only forgives a quiet socket. */
  private readonly rates = new WeakMap<WebSocket, { windowStart: number; count: number }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new TableStore(ctx.storage);
    this.state = this.load();
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  // --- RPC from the worker -------------------------------------------------

  async create(id: string, settings: TableSettings, hostToken: string): Promise<CreateResult> {
    const hostTokenHash = await hashToken(hostToken);
    if (this.store.meta()) return { ok: false, code: "table-exists" };
    const createdAt = Date.now();
    this.store.createMeta({ id, settings, hostTokenHash, createdAt });
    this.state = new TableCommands(id, settings, createdAt);
    this.commit(this.state.create(createdAt));
    return { ok: true };
  }

  snapshot(): Snapshot | null {
    return this.state?.view(this.connectedSeats()) ?? null;
  }

  /** Whether this object holds a table: a cheap check for the pages. */
  exists(): boolean {
    return this.state !== undefined;
  }

  /** The current (or last) game's record. */
  record(): RecordResult {
    const { state } = this;
    if (!state) return { ok: false, code: "table-not-found" };
    if (!state.game) return { ok: false, code: "not-found" };
    const tags: Record<string, string> = { Table: state.id, Game: String(state.gameNumber) };
    state.names.forEach((name, seat) => {
      if (name !== null) tags[`Player${seat + 1}`] = name;
    });
    return { ok: true, text: writeRecord(state.game, tags) };
  }

  // --- WebSockets -------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (!this.state)
      return Response.json({ error: { code: "table-not-found", message: "no such table" } }, { status: 404 });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(
        { error: { code: "bad-request", message: "expected a WebSocket upgrade" } },
        { status: 426 },
      );
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    setIdentity(server, { seat: null, host: false });
    this.broadcastPresence();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    if (this.overRateLimit(ws)) {
      send(ws, { type: "error", code: "rate-limited", message: "too many messages" });
      ws.close(1008, "rate limited");
      return;
    }
    let message: ClientMessage;
    try {
      message = parseMessage(data);
    } catch (error) {
      if (error instanceof Refusal) return send(ws, { type: "error", code: error.code, message: error.message });
      throw error;
    }
    const id = "id" in message ? message.id : undefined;
    try {
      await this.handle(ws, message);
    } catch (error) {
      if (error instanceof Refusal || error instanceof RulesError) {
        send(ws, { type: "error", ...(id === undefined ? {} : { id }), code: error.code, message: error.message });
        return;
      }
      throw error;
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // The runtime completes the closing handshake; echo the code for older compatibility dates.
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
    this.broadcastPresence(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.broadcastPresence(ws);
  }

  // --- Alarm: turn clock and idle cleanup ---------------------------------------

  override async alarm(): Promise<void> {
    const { state } = this;
    if (!state) return;
    const now = Date.now();
    if (now >= state.lastEventAt + this.idleMs()) {
      await this.delete();
      return;
    }
    const deadline = state.deadline;
    const turn = state.game?.turn;
    if (deadline !== null && now >= deadline && turn) {
      this.commit(state.resign(turn.player, "timeout", now));
      return;
    }
    this.scheduleAlarm();
  }

  // --- Requests -------------------------------------------------------------------

  private async handle(ws: WebSocket, message: ClientMessage): Promise<void> {
    const state = this.requireState();
    switch (message.type) {
      case "hello":
        return this.hello(ws, message);
      case "sync":
        return this.catchUp(ws, message.lastSeq);
      case "join":
        return this.join(ws, message);
    }
    const identity = getIdentity(ws);
    const request = `${identity.seat ?? "host"}:${message.id}`;
    const seq = this.store.seqOfRequest(request);
    if (seq !== undefined) return send(ws, { type: "ack", id: message.id, seq });

    switch (message.type) {
      case "move": {
        const seat = requireSeat(identity);
        if (state.status === "waiting") throw new Refusal("not-started", "the game has not started");
        return this.commit(state.play(message.path, seat, Date.now()), request);
      }
      case "leave": {
        const seat = requireSeat(identity);
        // During a game, leaving is resigning: the seat stays, its turns are skipped.
        if (state.status === "playing") return this.commit(state.resign(seat, "left", Date.now()), request);
        this.commit(state.unseat(seat, "left", Date.now()), request);
        return this.unseatSockets(seat);
      }
      case "remove": {
        requireHost(identity);
        if (state.status === "playing") throw new Refusal("already-started", "players cannot be removed during a game");
        if (state.names[message.seat] === null) throw new Refusal("no-such-seat", `seat ${message.seat + 1} is free`);
        this.commit(state.unseat(message.seat, "removed", Date.now()), request);
        return this.unseatSockets(message.seat);
      }
      case "start": {
        requireHost(identity);
        if (state.status !== "waiting") throw new Refusal("already-started", "the game has already started");
        return this.startGame(request);
      }
      case "rematch": {
        if (!identity.host) requireSeat(identity);
        if (state.status !== "over") throw new Refusal("not-over", "a rematch can start once the game is over");
        return this.startGame(request);
      }
    }
  }

  private startGame(request: string): void {
    const state = this.requireState();
    if (!state.seatsFilled) throw new Refusal("seats-not-filled", "every seat needs a player first");
    const firstPlayer = crypto.getRandomValues(new Uint32Array(1))[0] % state.settings.players;
    this.commit(state.start(firstPlayer, Date.now()), request);
  }

  private async hello(ws: WebSocket, message: Extract<ClientMessage, { type: "hello" }>): Promise<void> {
    const [seatHash, hostHash] = await Promise.all([
      message.token === undefined ? undefined : hashToken(message.token),
      message.hostToken === undefined ? undefined : hashToken(message.hostToken),
    ]);
    const meta = this.store.meta();
    if (!meta) throw new Refusal("table-not-found", "no such table");
    let seat: number | null = null;
    if (seatHash) {
      seat = this.store.seats().find((stored) => sameHash(stored.tokenHash, seatHash))?.seat ?? null;
      if (seat === null) throw new Refusal("bad-token", "that seat token is not valid at this table");
    }
    const host = hostHash !== undefined && sameHash(meta.hostTokenHash, hostHash);
    if (hostHash && !host) throw new Refusal("bad-token", "that host token is not valid at this table");
    setIdentity(ws, { seat, host });
    if (message.lastSeq === undefined) this.welcome(ws);
    else this.catchUp(ws, message.lastSeq);
    this.broadcastPresence();
  }

  /** Sends what a client missed since `lastSeq`, or the whole table when it is far behind. */
  private catchUp(ws: WebSocket, lastSeq: number): void {
    const state = this.requireState();
    if (lastSeq > state.seq || state.seq - lastSeq > MAX_REPLAY_EVENTS) {
      this.welcome(ws);
      return;
    }
    send(ws, { type: "identity", you: getIdentity(ws) });
    for (const { seq, event, at } of this.store.eventsAfter(lastSeq)) send(ws, { type: "event", seq, at, event });
  }

  private welcome(ws: WebSocket): void {
    send(ws, { type: "welcome", you: getIdentity(ws), snapshot: this.requireState().view(this.connectedSeats()) });
  }

  private async join(ws: WebSocket, message: Extract<ClientMessage, { type: "join" }>): Promise<void> {
    const name = NameSchema.safeParse(message.name);
    if (!name.success) throw new Refusal("bad-name", name.error.issues[0]?.message ?? "that name cannot be used");
    const token = newToken();
    const tokenHash = await hashToken(token);
    // From here on no await: the checks and the writes see the same state.
    const state = this.requireState();
    const identity = getIdentity(ws);
    if (identity.seat !== null) throw new Refusal("already-seated", "this connection already has a seat");
    if (state.status === "playing") throw new Refusal("already-started", "seats cannot change during a game");
    if (message.seat >= state.settings.players)
      throw new Refusal("no-such-seat", `this table has ${state.settings.players} seats`);
    if (state.names[message.seat] !== null) throw new Refusal("seat-taken", `seat ${message.seat + 1} is taken`);
    this.store.takeSeat({ seat: message.seat, name: name.data, tokenHash });
    this.commit(state.seat(message.seat, name.data, Date.now()));
    setIdentity(ws, { seat: message.seat, host: identity.host });
    send(ws, { type: "joined", id: message.id, seat: message.seat, token });
    this.broadcastPresence();
  }

  /** Sockets of a freed seat become spectators; its token stops working. */
  private unseatSockets(seat: number): void {
    this.store.freeSeat(seat);
    for (const ws of this.ctx.getWebSockets()) {
      const identity = getIdentity(ws);
      if (identity.seat !== seat) continue;
      setIdentity(ws, { seat: null, host: identity.host });
      send(ws, { type: "identity", you: getIdentity(ws) });
    }
    this.broadcastPresence();
  }

  // --- The one path for every change ------------------------------------------------

  /**
   * Stores and broadcasts events the state has already folded in, in one
   * synchronous block: the rows commit together and the output gate holds
   * the broadcast until they are durable. If storage throws, memory is
   * rebuilt from storage so the two never disagree.
   */
  private commit(events: readonly NumberedEvent[], request?: string): void {
    try {
      events.forEach(({ seq, event, at }, i) => {
        this.store.append(seq, event, at, i === 0 ? request : undefined);
      });
      this.scheduleAlarm();
    } catch (error) {
      this.state = this.load();
      throw error;
    }
    for (const { seq, event, at } of events) this.broadcast({ type: "event", seq, at, event });
  }

  private scheduleAlarm(): void {
    const state = this.requireState();
    const idleAt = state.lastEventAt + this.idleMs();
    const deadline = state.deadline;
    void this.ctx.storage.setAlarm(deadline === null ? idleAt : Math.min(deadline, idleAt));
  }

  private async delete(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1001, "table deleted");
      } catch {
        // Already closing.
      }
    }
    this.state = undefined;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** Rebuilds the table from storage: settings, seats, then the current game's events. */
  private load(): TableCommands | undefined {
    const meta = this.store.meta();
    if (!meta) return undefined;
    const state = new TableCommands(meta.id, meta.settings, meta.createdAt);
    for (const seat of this.store.seats()) state.names[seat.seat] = seat.name;
    const start = this.store.lastStartSeq();
    if (start !== undefined) {
      for (const { seq, event, at } of this.store.eventsAfter(start - 1)) state.apply(seq, event, at);
    }
    const last = this.store.lastEvent();
    if (last && last.seq > state.seq) {
      // Seat changes before the first game: the seats table already holds their outcome.
      state.seq = last.seq;
      state.lastEventAt = last.at;
    }
    return state;
  }

  private requireState(): TableCommands {
    if (!this.state) throw new Refusal("table-not-found", "no such table");
    return this.state;
  }

  private idleMs(): number {
    return Number(this.env.IDLE_DAYS ?? DEFAULT_IDLE_DAYS) * DAY_MS;
  }

  // --- Broadcasting ---------------------------------------------------------------------

  private broadcast(message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) sendText(ws, text);
  }

  /** Which seats have an open socket; `closing` is left out (it may still be listed). */
  private connectedSeats(closing?: WebSocket): boolean[] {
    const connected = new Array<boolean>(this.state?.settings.players ?? 0).fill(false);
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === closing || ws.readyState !== WebSocket.OPEN) continue;
      const { seat } = getIdentity(ws);
      if (seat !== null) connected[seat] = true;
    }
    return connected;
  }

  private broadcastPresence(closing?: WebSocket): void {
    if (!this.state) return;
    const sockets = this.ctx.getWebSockets().filter((ws) => ws !== closing && ws.readyState === WebSocket.OPEN);
    const spectators = sockets.filter((ws) => getIdentity(ws).seat === null).length;
    this.broadcast({ type: "presence", connected: this.connectedSeats(closing), spectators });
  }

  private overRateLimit(ws: WebSocket): boolean {
    const now = Date.now();
    const rate = this.rates.get(ws);
    if (!rate || now - rate.windowStart > RATE_WINDOW_MS) {
      this.rates.set(ws, { windowStart: now, count: 1 });
      return false;
    }
    rate.count++;
    return rate.count > RATE_LIMIT;
  }
}

// --- Socket helpers -------------------------------------------------------------------------

function getIdentity(ws: WebSocket): Identity {
  return (ws.deserializeAttachment() as Identity | null) ?? { seat: null, host: false };
}

function setIdentity(ws: WebSocket, identity: Identity): void {
  ws.serializeAttachment(identity);
}

function requireSeat(identity: Identity): number {
  if (identity.seat === null) throw new Refusal("not-seated", "take a seat first: spectators cannot play");
  return identity.seat;
}

function requireHost(identity: Identity): void {
  if (!identity.host) throw new Refusal("not-host", "only the host can do that");
}

function send(ws: WebSocket, message: ServerMessage): void {
  sendText(ws, JSON.stringify(message));
}

function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // A closing socket: its close handler tidies up.
  }
}

const KNOWN_TYPES = new Set<string>(ClientMessageSchema.def.options.map((option) => option.shape.type.def.values[0]));

function parseMessage(data: string | ArrayBuffer): ClientMessage {
  if (typeof data !== "string") throw new Refusal("bad-message", "messages are JSON text");
  // UTF-8 takes at most 3 bytes per UTF-16 unit: only a long message needs counting.
  if (data.length * 3 > MAX_MESSAGE_BYTES && new TextEncoder().encode(data).byteLength > MAX_MESSAGE_BYTES) {
    throw new Refusal("too-large", `messages are at most ${MAX_MESSAGE_BYTES} bytes`);
  }
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new Refusal("bad-json", "that message is not valid JSON");
  }
  const parsed = ClientMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !KNOWN_TYPES.has(type)) {
    throw new Refusal("unknown-type", `unknown message type ${JSON.stringify(type)}`);
  }
  const issue = parsed.error.issues[0];
  throw new Refusal("bad-message", `${type}: ${issue?.path.join(".") || "message"}: ${issue?.message}`);
}
