/**
 * One socket of a table, as the Durable Object sees it: who it is and when
 * it was last heard from (kept in the socket's attachment, so they survive
 * hibernation), flood control, reading a client message and sending server
 * messages.
 */
import {
  type ClientMessage,
  ClientMessageSchema,
  checked,
  type ErrorCode,
  type Identity,
  type LobbyMessage,
  MAX_MESSAGE_BYTES,
  type QuickServerMessage,
  RequestIdSchema,
  type ServerMessage,
  SOCKET_PROTOCOL,
  TokenSchema,
} from "../../protocol/index.ts";
import type { GenericSchema, InferOutput } from "../../protocol/schema.ts";
import { TableError } from "../../table/index.ts";

/**
 * What a socket's attachment holds: who it is, for a seat the key of the
 * token it presented, which scopes its request ids to that occupant, and when
 * its last message (or its opening) arrived, in ms since the epoch.
 */
interface Attachment extends Identity {
  readonly seatKey: string | null;
  readonly lastMessageAt: number;
  /** When the socket opened, in ms since the epoch. */
  readonly openedAt: number;
}

/** A socket without an attachment has never been heard from: it counts as long silent. */
const SPECTATOR: Attachment = { seat: null, host: false, seatKey: null, lastMessageAt: 0, openedAt: 0 };

/**
 * The attachments as last written or read, while the object stays in memory:
 * a socket's is read several times per message (who it is, its request
 * scope, when it was heard), and `deserializeAttachment` copies it out of
 * the runtime each time. After a wake the map is empty and each socket's is
 * read once more; the runtime keeps the same socket object while the object
 * lives, as `FloodGuard` also relies on.
 */
const attachments = new WeakMap<WebSocket, Attachment>();

function attachmentOf(ws: WebSocket): Attachment {
  let attachment = attachments.get(ws);
  if (attachment === undefined) {
    attachment = (ws.deserializeAttachment() as Attachment | null) ?? SPECTATOR;
    attachments.set(ws, attachment);
  }
  return attachment;
}

/** The only way an attachment is written: to the socket, which keeps it through hibernation, and to the map. */
function attach(ws: WebSocket, attachment: Attachment): void {
  ws.serializeAttachment(attachment);
  attachments.set(ws, attachment);
}

/** Who the socket is, as it is told (`you`). */
export function identityOf(ws: WebSocket): Identity {
  const { seat, host } = attachmentOf(ws);
  return { seat, host };
}

/** The key of the seat token the socket presented (its occupant, for request ids and chat), or null. */
export function seatKeyOf(ws: WebSocket): string | null {
  return attachmentOf(ws).seatKey;
}

/** A socket just accepted: a spectator, heard from (and opened) at `now`. */
export function opened(ws: WebSocket, now: number): void {
  attach(ws, { ...SPECTATOR, lastMessageAt: now, openedAt: now });
}

/** When the socket opened. */
export function openedAt(ws: WebSocket): number {
  return attachmentOf(ws).openedAt;
}

/** A spectator (or the host) seated with a token: `tokenHash` is that seat token's hash, or null for no seat. */
export function setIdentity(ws: WebSocket, identity: Identity, tokenHash: ArrayBuffer | null = null): void {
  const seatKey = identity.seat === null || tokenHash === null ? null : hex(tokenHash).slice(0, 16);
  attach(ws, { ...attachmentOf(ws), seat: identity.seat, host: identity.host, seatKey });
}

/** A seat's player moved to another seat: the socket follows, keeping its token's key. */
export function moveSeat(ws: WebSocket, seat: number): void {
  attach(ws, { ...attachmentOf(ws), seat });
}

/** Hosting moved to another device (a hand-over): the socket keeps its seat, if any, but is no longer the host. */
export function dropHost(ws: WebSocket): void {
  attach(ws, { ...attachmentOf(ws), host: false });
}

/**
 * How stale a socket's last-message time may be before a message refreshes it:
 * well under the table's `STALE_MS` (6 s), so that a client that sends
 * messages but no `ping` is never taken for silent while it talks.
 */
const HEARD_GRANULARITY_MS = 1_000;

/** Notes that the socket was heard from (it opened, or a message arrived) at `now`. */
export function markHeard(ws: WebSocket, now: number): void {
  const attachment = attachmentOf(ws);
  // Staleness is judged in seconds: rewriting the attachment on every message would buy nothing.
  if (now - attachment.lastMessageAt < HEARD_GRANULARITY_MS) return;
  attach(ws, { ...attachment, lastMessageAt: now });
}

/**
 * When the socket was last heard from, in ms since the epoch, at the latest
 * it may have been: its last message, or the last `ping` that the runtime
 * answered for us (`pingAnsweredAt`, which it keeps without waking the
 * object), whichever is later. A message is recorded only once a second
 * (`markHeard`), so the last one may have come up to a second after the time
 * recorded: that second is counted in, so that a socket is never taken for
 * silent before `STALE_MS` after its last message (rather up to a second
 * after). A client that pings is alive; one that went without a close frame
 * stops pinging.
 */
export function lastHeard(ws: WebSocket, pingAnsweredAt: Date | null): number {
  return Math.max(attachmentOf(ws).lastMessageAt + HEARD_GRANULARITY_MS, pingAnsweredAt?.getTime() ?? 0);
}

/** Whether nothing has come from the socket for `staleMs`: no message and no `ping`. */
export function isStale(ws: WebSocket, pingAnsweredAt: Date | null, now: number, staleMs: number): boolean {
  return now - lastHeard(ws, pingAnsweredAt) >= staleMs;
}

/**
 * The scope of a socket's request ids: the seat's occupant (its token), or
 * the host, and the game the request belongs to. A new occupant of the seat,
 * or the same player in the next game, never meets an old request's id.
 */
export function requestKey(ws: WebSocket, game: number, id: string): string {
  const { seatKey, host } = attachmentOf(ws);
  return `${seatKey ?? (host ? "host" : "spectator")}:${game}:${id}`;
}

/** Bytes as lower-case hexadecimal. */
export function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What an upgrade offers in `Sec-WebSocket-Protocol`: whether it names our
 * subprotocol (then the answer must name it too), and the seat and host
 * tokens it presents, when they are of a token's shape.
 */
export function offeredProtocols(header: string | null): {
  readonly ours: boolean;
  readonly seat?: string;
  readonly host?: string;
} {
  const offered = (header ?? "").split(",").map((value) => value.trim());
  const token = (prefix: string) => {
    const value = offered.find((protocol) => protocol.startsWith(prefix))?.slice(prefix.length);
    return value !== undefined && checked(TokenSchema, value).ok ? value : undefined;
  };
  const seat = token("seat.");
  const host = token("host.");
  return {
    ours: offered.includes(SOCKET_PROTOCOL),
    ...(seat === undefined ? {} : { seat }),
    ...(host === undefined ? {} : { host }),
  };
}

/**
 * The client closed its socket: the runtime completes the closing
 * handshake, and the code is echoed for older compatibility dates.
 */
export function answerClose(ws: WebSocket, code: number): void {
  try {
    ws.close(code === 1005 ? 1000 : code, "closing");
  } catch {
    // Already closed.
  }
}

/** Whether a socket can still receive: `getWebSockets()` may list one that is closing. */
export function isOpen(ws: WebSocket): boolean {
  return ws.readyState === WebSocket.OPEN;
}

/** An upgrade or request a Durable Object refuses: the error body every refusal has, with its status. */
export function refused(status: number, code: ErrorCode, message: string): Response {
  return Response.json({ error: new TableError(code, message).body() }, { status });
}

/**
 * Takes one message from a socket: charged against its flood bucket (a
 * flood is refused with `rate-limited` and closes the socket with 1008),
 * read with `parse`, and handed to `handle`. A refusal goes back to the
 * socket as `error`, with the request's id when it carried a well-formed one,
 * and its code to `refusedWith`, for the operator's figures.
 */
export async function receive<T>(
  ws: WebSocket,
  data: string | ArrayBuffer,
  flood: FloodGuard,
  parse: (data: string | ArrayBuffer) => T,
  handle: (message: T) => Promise<void>,
  refusedWith: (code: ErrorCode) => void,
): Promise<void> {
  if (flood.exceeded(ws, data, Date.now())) {
    refusedWith("rate-limited");
    send(ws, { type: "error", code: "rate-limited", message: "too many messages" });
    ws.close(1008, "rate limited");
    return;
  }
  let id: string | undefined;
  try {
    const message = parse(data);
    const carried = (message as { id?: unknown }).id;
    id = typeof carried === "string" ? carried : undefined;
    await handle(message);
  } catch (error) {
    if (!(error instanceof TableError)) throw error;
    refusedWith(error.code);
    const replyTo = id ?? (error instanceof RefusedMessage ? error.id : undefined);
    send(ws, {
      type: "error",
      ...(replyTo === undefined ? {} : { id: replyTo }),
      code: error.code,
      message: error.message,
    });
  }
}

/** What the server sends on any of its sockets: a table's, a quick-play pool's, the lobby's. */
export type OutgoingMessage = ServerMessage | QuickServerMessage | LobbyMessage;

/** Sends a message; returns its length in UTF-16 units, what `messageCost` counts. */
export function send(ws: WebSocket, message: OutgoingMessage): number {
  const text = JSON.stringify(message);
  sendText(ws, text);
  return text.length;
}

/** Sends one message to many sockets, serialised once. */
export function broadcast(sockets: Iterable<WebSocket>, message: OutgoingMessage): void {
  const text = JSON.stringify(message);
  for (const ws of sockets) sendText(ws, text);
}

function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // A closing socket: its close handler tidies up.
  }
}

/** A socket's messages: a union of objects told apart by their `type` (`v.variant("type", …)`), as the protocol's schemas are. */
interface MessageSchema extends GenericSchema {
  readonly options: readonly { readonly entries: { readonly type: { readonly literal: unknown } } }[];
}

/** The types each message schema knows, worked out once per schema. */
const knownTypes = new WeakMap<object, ReadonlySet<unknown>>();

function typesOf(schema: MessageSchema): ReadonlySet<unknown> {
  let types = knownTypes.get(schema);
  if (types === undefined) {
    types = new Set(schema.options.map((option) => option.entries.type.literal));
    knownTypes.set(schema, types);
  }
  return types;
}

/**
 * A message refused at the boundary. `id` is the request id it carried, when
 * that id is itself well-formed, so that the client can match the refusal
 * to its request as it would any other.
 */
export class RefusedMessage extends TableError {
  readonly id: string | undefined;

  constructor(code: "bad-message" | "unknown-type", message: string, id: string | undefined) {
    super(code, message);
    this.id = id;
  }
}

/** The request id of a message that failed its schema, when the id field is a well-formed one. */
function requestIdOf(json: unknown): string | undefined {
  const id = (json as { id?: unknown } | null)?.id;
  return checked(RequestIdSchema, id).ok ? (id as string) : undefined;
}

/** Reads one client message of a table's socket, or throws a TableError saying what is wrong with it. */
export function parseClientMessage(data: string | ArrayBuffer): ClientMessage {
  return parseMessage(ClientMessageSchema, data);
}

/**
 * Reads one message of a socket whose messages `schema` describes (a
 * table's, a pool's), or throws a TableError saying what is wrong with it.
 */
export function parseMessage<Schema extends MessageSchema>(
  schema: Schema,
  data: string | ArrayBuffer,
): InferOutput<Schema> {
  if (typeof data !== "string") throw new TableError("bad-message", "messages are JSON text");
  // UTF-8 takes at most 3 bytes per UTF-16 unit: only a long message needs counting.
  if (data.length * 3 > MAX_MESSAGE_BYTES && new TextEncoder().encode(data).byteLength > MAX_MESSAGE_BYTES) {
    throw new TableError("too-large", `messages are at most ${MAX_MESSAGE_BYTES} bytes`);
  }
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new TableError("bad-json", "that message is not valid JSON");
  }
  const parsed = checked(schema, json);
  if (parsed.ok) return parsed.value;
  const type = (json as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !typesOf(schema).has(type)) {
    throw new RefusedMessage("unknown-type", `unknown message type ${JSON.stringify(type)}`, requestIdOf(json));
  }
  throw new RefusedMessage("bad-message", `${type}: ${parsed.path || "message"}: ${parsed.message}`, requestIdOf(json));
}

/**
 * Flood control: a token bucket per socket. A socket may send a burst of
 * `FLOOD_BURST` messages at once (a bot catching up, a client replaying a
 * game), and `FLOOD_REFILL_PER_SECOND` a second after that, a sustained rate
 * no person reaches; a message costs one token, and one more per KiB
 * (`messageCost`). What the table sends back at the socket's own asking (a
 * replay of missed events, a snapshot) costs the same, per frame and per KiB
 * (`charge`): a small request cannot make the table send much more than the
 * asker pays for. A message the bucket cannot pay closes the socket with 1008.
 * `ping` never reaches the object: the runtime answers it.
 */
export const FLOOD_BURST = 300;
export const FLOOD_REFILL_PER_SECOND = 20;
const FLOOD_BYTES_PER_TOKEN = 1024;

/** What a message costs: 1, plus 1 per whole KiB (counted in UTF-16 units for text, which is cheap). */
export function messageCost(data: string | ArrayBuffer): number {
  return frameCost(typeof data === "string" ? data.length : data.byteLength);
}

/** What a frame of `size` costs, in either direction: 1, plus 1 per whole KiB. */
export function frameCost(size: number): number {
  return 1 + Math.floor(size / FLOOD_BYTES_PER_TOKEN);
}

/**
 * The sockets' buckets, in memory only (a WeakMap, so a closed socket's goes
 * with it). Hibernation forgets them, which refills every bucket: the object
 * hibernates only after some seconds without a message, and a bucket refills
 * 20 tokens a second, so forgetting forgives little more than the quiet did.
 */
export class FloodGuard {
  private readonly buckets = new WeakMap<WebSocket, { tokens: number; at: number }>();

  /** Charges a message to its socket; true when the bucket cannot pay for it (a flood). */
  exceeded(ws: WebSocket, data: string | ArrayBuffer, now: number): boolean {
    const tokens = this.tokens(ws, now);
    const cost = messageCost(data);
    const flood = tokens < cost;
    this.buckets.set(ws, { tokens: flood ? tokens : tokens - cost, at: now });
    return flood;
  }

  /**
   * Charges the socket for what it was sent back at its own asking (a
   * replay, a snapshot): the same price per frame and per KiB as what it
   * sends. The bucket may go below empty; then the socket's next message is
   * a flood, until the refill has paid the debt.
   */
  charge(ws: WebSocket, cost: number, now: number): void {
    this.buckets.set(ws, { tokens: this.tokens(ws, now) - cost, at: now });
  }

  private tokens(ws: WebSocket, now: number): number {
    const bucket = this.buckets.get(ws) ?? { tokens: FLOOD_BURST, at: now };
    const refilled = (Math.max(0, now - bucket.at) / 1000) * FLOOD_REFILL_PER_SECOND;
    return Math.min(FLOOD_BURST, bucket.tokens + refilled);
  }
}
