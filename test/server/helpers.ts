/**
 * Test helpers for the table server: HTTP calls through the worker's own
 * `fetch`, and real WebSockets whose messages are collected into a queue
 * that tests read with `next` (waiting, with a timeout).
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { Identity, ServerMessage, Snapshot, TableEvent } from "../../src/protocol/index.ts";
import { formatPath, parseMove, Game as Replay } from "../../src/rules/index.ts";
import type { Table } from "../../src/server/table/table.ts";
import { newTableId } from "../../src/server/table/table-ids.ts";

export const ORIGIN = "http://example.com";

export type Message<K extends ServerMessage["type"]> = Extract<ServerMessage, { type: K }>;
export type EventOf<K extends TableEvent["type"]> = Extract<TableEvent, { type: K }>;
/** An entry of the table's log as a socket receives it: the event, its number and its server time. */
export interface Sequenced<E extends TableEvent = TableEvent> {
  readonly seq: number;
  readonly at: number;
  readonly event: E;
}

export interface Created {
  readonly id: string;
  readonly shareLink: string;
  readonly hostToken: string;
}

/**
 * A client address of its own: a random /64 of the documentation prefix.
 * Every request a test makes comes from a fresh one unless it names one, so
 * that the per-address limits (tables created, sockets opened, sockets at a
 * table) count only what a test sends on purpose from one address.
 */
export function someAddress(): string {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::1`;
}

/** A request to the worker, from `CF-Connecting-IP` if the test gives one, else from a fresh address. */
export function api(path: string, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", someAddress());
  return exports.default.fetch(`${ORIGIN}${path}`, { ...init, headers });
}

export function postJson(path: string, body: unknown): Promise<Response> {
  return api(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Creates a table (POST /api/tables) and returns its id, share link and host token. */
export async function createTable(settings: Record<string, unknown> = {}): Promise<Created> {
  const response = await postJson("/api/tables", settings);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Created;
}

/** GET /api/tables/:id, which must answer 200. */
export async function getSnapshot(id: string): Promise<Snapshot> {
  const response = await api(`/api/tables/${id}`);
  if (response.status !== 200) throw new Error(`snapshot failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Snapshot;
}

/** The snapshot without what legitimately changes with connections (who is connected). */
export function stateOf(snapshot: Snapshot): unknown {
  return { ...snapshot, seats: snapshot.seats.map(({ connected: _, ...seat }) => seat) };
}

export function stub(id: string): DurableObjectStub<Table> {
  return env.TABLES.getByName(id);
}

/** The tests' TABLE_ID_KEY (vitest.config.ts). */
export function tableIdKey(): string {
  if (env.TABLE_ID_KEY === undefined) throw new Error("the server tests run with a TABLE_ID_KEY");
  return env.TABLE_ID_KEY;
}

/** A signed id that names no table: the worker lets it through, and its object holds nothing. */
export function unknownTableId(): Promise<string> {
  return newTableId(tableIdKey());
}

const DEFAULT_TIMEOUT_MS = 3000;

/** One client end of a socket. Every message is kept, raw and parsed, in arrival order. */
export class Socket<M extends { readonly type: string }> {
  readonly label: string;
  readonly ws: WebSocket;
  /** Every text frame received, as sent by the server. */
  readonly raw: string[] = [];
  readonly messages: M[] = [];
  closed: { code: number; reason: string } | null = null;
  /** Messages before this index have been consumed by `next`. */
  private cursor = 0;
  /** Messages `next` does not return (the welcomes that answered a table client's `flush`). */
  protected readonly hidden = new Set<M>();
  protected readonly activity = new Activity();

  constructor(ws: WebSocket, label: string) {
    this.ws = ws;
    this.label = label;
    ws.addEventListener("message", (event) => {
      const text = typeof event.data === "string" ? event.data : "<binary>";
      this.raw.push(text);
      // Not every frame is a protocol message: the runtime answers "ping" with "pong" itself.
      if (text.startsWith("{")) this.messages.push(JSON.parse(text) as M);
      this.activity.notify();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.activity.notify();
    });
    ws.accept();
  }

  send(message: object | string): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /**
   * The next message (after those already consumed) of the given type that
   * matches `where`; the messages skipped on the way are consumed too.
   */
  async next<K extends M["type"]>(
    type: K,
    where: (message: Extract<M, { type: K }>) => boolean = () => true,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<Extract<M, { type: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const message = this.messages[this.cursor++];
        if (this.hidden.has(message)) continue;
        if (message.type === type && where(message as Extract<M, { type: K }>))
          return message as Extract<M, { type: K }>;
      }
      if (this.closed) throw new Error(`${this.label}: socket closed (${this.closed.code}) while waiting for ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.messages.map((m) => m.type).join(", ");
        throw new Error(`${this.label}: no ${type} within ${timeoutMs} ms (received: ${seen})`);
      }
      await this.activity.wait(left);
    }
  }

  /** The next error, which must carry `code`. */
  async error(code: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Extract<M, { type: "error" }>> {
    const error = (await this.next("error" as M["type"], () => true, timeoutMs)) as unknown as {
      code: string;
      message: string;
    };
    if (error.code !== code)
      throw new Error(`${this.label}: expected error ${code}, got ${error.code}: ${error.message}`);
    return error as unknown as Extract<M, { type: "error" }>;
  }

  /** Waits until the server has closed this socket. */
  async waitForClose(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.label}: still open after ${timeoutMs} ms`);
      await this.activity.wait(left);
    }
    return this.closed;
  }

  /** Consumes everything received so far. */
  skip(): void {
    this.cursor = this.messages.length;
  }

  close(code = 1000): void {
    try {
      this.ws.close(code, "test done");
    } catch {
      // Already closed.
    }
  }
}

/** One client end of a table socket. */
export class Client extends Socket<ServerMessage> {
  /** The next event of the given type. */
  async event<K extends TableEvent["type"]>(
    type: K,
    where: (event: EventOf<K>) => boolean = () => true,
  ): Promise<Sequenced<EventOf<K>>> {
    const message = await this.next("event", (m) => m.event.type === type && where(m.event as EventOf<K>));
    return { seq: message.seq, at: message.at, event: message.event as EventOf<K> };
  }

  /**
   * A round trip: a `sync` from the future is answered with a welcome, after
   * everything the server sent this socket before it. Returns that welcome.
   */
  async flush(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Message<"welcome">> {
    const from = this.messages.length;
    this.send({ type: "sync", lastSeq: Number.MAX_SAFE_INTEGER });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const welcome = this.messages.slice(from).find((m): m is Message<"welcome"> => m.type === "welcome");
      if (welcome) {
        this.hidden.add(welcome);
        return welcome;
      }
      if (this.closed) throw new Error(`${this.label}: socket closed (${this.closed.code}) during a flush`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.label}: no answer to a flush within ${timeoutMs} ms`);
      await this.activity.wait(left);
    }
  }

  /** Every event received so far, in order, with its sequence number. */
  events(): Sequenced[] {
    return this.messages.flatMap((m) => (m.type === "event" ? [{ seq: m.seq, at: m.at, event: m.event }] : []));
  }

  errors(): Message<"error">[] {
    return this.messages.filter((m): m is Message<"error"> => m.type === "error");
  }
}

/** A wait for a socket's next frame that the frame's arrival ends early: `wait(ms)`, and `notify()` when a frame comes. */
export class Activity {
  private resume: (() => void) | null = null;

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.resume = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.resume = done;
    });
  }

  notify(): void {
    this.resume?.();
  }
}

/** Opens a socket to a table (from `address`, or a fresh one); the response must be a 101 upgrade. */
export async function connect(id: string, label = "client", address = someAddress()): Promise<Client> {
  const response = await api(`/api/tables/${id}/ws`, {
    headers: { Upgrade: "websocket", "CF-Connecting-IP": address },
  });
  if (response.status !== 101 || !response.webSocket) {
    throw new Error(`${label}: upgrade failed: ${response.status} ${await response.text()}`);
  }
  return new Client(response.webSocket, label);
}

export interface HelloOptions {
  readonly token?: string;
  readonly hostToken?: string;
  readonly lastSeq?: number;
}

/** Connects and says hello; returns the client and the welcome it got. */
export async function hello(
  id: string,
  label: string,
  options: HelloOptions = {},
): Promise<{ client: Client; welcome: Message<"welcome"> }> {
  const client = await connect(id, label);
  client.send({ type: "hello", ...options });
  return { client, welcome: await client.next("welcome") };
}

/**
 * Connects and says hello with the last event seen: the answer is an
 * `identity` followed by the missed events. Returns the client and that identity.
 */
export async function resume(
  id: string,
  label: string,
  options: HelloOptions & { lastSeq: number },
): Promise<{ client: Client; identity: Message<"identity"> }> {
  const client = await connect(id, label);
  client.send({ type: "hello", ...options });
  return { client, identity: await client.next("identity") };
}

let requestCounter = 0;
/** A fresh client-chosen request id. */
export function rid(prefix = "r"): string {
  return `${prefix}-${++requestCounter}`;
}

/** Sends a request (given a fresh id) and returns its answer, an ack or the refusal. */
export async function ask(
  client: Client,
  message: Record<string, unknown>,
): Promise<Message<"ack"> | Message<"error">> {
  const id = rid(String(message.type));
  const from = client.messages.length;
  client.send({ ...message, id });
  for (;;) {
    const answer = client.messages
      .slice(from)
      .find((m): m is Message<"ack"> | Message<"error"> => (m.type === "ack" || m.type === "error") && m.id === id);
    if (answer) return answer;
    await client.flush();
  }
}

/** Takes a seat; returns the seat token from the private `joined` answer. */
export async function join(client: Client, seat: number, name: string): Promise<string> {
  const id = rid("join");
  client.send({ type: "join", id, seat, name });
  const joined = await client.next("joined", (m) => m.id === id);
  if (joined.seat !== seat) throw new Error(`joined seat ${joined.seat}, expected ${seat}`);
  return joined.token;
}

export interface Seated {
  readonly client: Client;
  readonly token: string;
  readonly seat: number;
}

export interface Game {
  readonly table: Created;
  readonly host: Client;
  readonly players: Seated[];
  readonly spectator: Client;
  readonly clients: Client[];
}

/**
 * A table with every seat taken (one socket per seat), a host socket that
 * is not seated, and a spectator, all past their welcome. With `start`, the
 * host starts the game and every client has seen `started`.
 */
export async function setUpTable(settings: Record<string, unknown> = {}, start = true): Promise<Game> {
  const table = await createTable(settings);
  const players_ = (settings.players as number | undefined) ?? 2;
  const { client: host } = await hello(table.id, "host", { hostToken: table.hostToken });
  const { client: spectator } = await hello(table.id, "spectator");
  const players: Seated[] = [];
  for (let seat = 0; seat < players_; seat++) {
    const { client } = await hello(table.id, `seat${seat}`);
    const token = await join(client, seat, `Player ${seat + 1}`);
    players.push({ client, token, seat });
  }
  const clients = [host, spectator, ...players.map((p) => p.client)];
  if (start) {
    host.send({ type: "start", id: rid("start") });
    for (const client of clients) await client.event("started");
  }
  return { table, host, players, spectator, clients };
}

/** The legal moves of the side to move in a snapshot's game, found by the engine as any client would. */
export function legalMoves(snapshot: Snapshot): string[] {
  const view = snapshot.game;
  if (!view) return [];
  const game = Replay.replay(snapshot.settings, { firstPlayer: view.firstPlayer }, view.moves.map(parseMove));
  return game.legalMoves().map((move) => formatPath(move.path));
}

/** The seat whose turn it is and a legal move for it, from the current snapshot. */
export async function toMove(id: string): Promise<{ seat: number; move: string; snapshot: Snapshot }> {
  const snapshot = await getSnapshot(id);
  const turn = snapshot.game?.turn;
  if (!turn) throw new Error("no one is to move");
  const [move] = legalMoves(snapshot);
  if (move === undefined) throw new Error("the side to move has no legal move");
  return { seat: turn.seat, move, snapshot };
}

/** Plays the first legal move for whoever is to move, and waits until every client has seen it. */
export async function playOne(game: Game): Promise<Sequenced<EventOf<"moved">>> {
  const { seat, move } = await toMove(game.table.id);
  const player = game.players[seat];
  player.client.send({ type: "move", id: rid("move"), path: move });
  let moved: Sequenced<EventOf<"moved">> | undefined;
  for (const client of game.clients) moved = await client.event("moved", (e) => e.path === move);
  if (!moved || moved.event.seat !== seat) throw new Error("the move was not played");
  return moved;
}

/**
 * Ends the game by `seat`'s player leaving (between two players the other
 * wins); once the game is over and the seat freed, the same socket takes it
 * again (with a new token), and every seat accepts the rematch. Resolves with
 * the next game's `started` as the host saw it.
 */
export async function leaveAndRematch(game: Game, seat: number): Promise<Sequenced<EventOf<"started">>> {
  const number = ((await getSnapshot(game.table.id)).game?.number ?? 0) + 1;
  const leaver = game.players[seat];
  const id = rid("leave");
  leaver.client.send({ type: "leave", id });
  // The ack follows every event of the leave: the game's end, and the seat freed.
  await leaver.client.next("ack", (m) => m.id === id);
  const token = await join(leaver.client, seat, `Player ${seat + 1}`);
  game.players[seat] = { ...leaver, token };
  for (const player of game.players) player.client.send({ type: "rematch", id: rid("rematch") });
  return game.host.event("started", (e) => e.game === number);
}

export function identity(seat: number | null, host = false): Identity {
  return { seat, host };
}

export function closeAll(clients: readonly Client[]): void {
  for (const client of clients) client.close();
}

/**
 * Makes everything at the table `ms` older (its events, and since when seats
 * have been disconnected), then evicts the object so that it rebuilds from
 * storage: the clock and the stall remedies see that much time gone by.
 */
export async function age(id: string, ms: number): Promise<void> {
  await runInDurableObject(stub(id), (_instance, state) => {
    state.storage.sql.exec("UPDATE events SET at = at - ?", ms);
    state.storage.sql.exec("UPDATE absences SET since = since - ?", ms);
  });
  await evictDurableObject(stub(id), { webSockets: "hibernate" });
}

export async function alarmAt(id: string): Promise<number | null> {
  return runInDurableObject(stub(id), (_instance, state) => state.storage.getAlarm());
}
