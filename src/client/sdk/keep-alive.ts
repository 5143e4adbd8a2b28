/**
 * What every socket of the SDK does alike (a table's, a quick-play pool's,
 * the lobby's): it pings, takes a connection that stays silent for two
 * intervals for dead, and reads each message at its boundary with the
 * protocol's schema, so that nothing unchecked reaches a client's model.
 */
import { checked, type GenericSchema, type InferOutput } from "../../protocol/schema.ts";
import { type SdkError, TableError } from "./errors.ts";

/** After this many intervals with nothing received (not even a `pong`), the connection is taken for dead. */
export const SILENT_INTERVALS = 2;

/** The part of a reconnecting socket (partysocket's) a heartbeat uses. */
interface Pingable {
  send(data: string): void;
  reconnect(): void;
}

/**
 * Pings every interval; after `SILENT_INTERVALS` with nothing received, the
 * connection is taken for dead: `reconnect` drops it at once (the close is
 * reported without waiting for a close frame that would never come) and
 * connects again.
 *
 * Silence is counted only while the timer keeps its time. A tick that comes
 * a whole silence late means the client itself was stalled (a busy thread,
 * a phone asleep, a background tab's throttled timers): what the socket
 * received meanwhile is still queued behind this very tick, so the tick
 * pings and the connection has the usual two intervals from then to answer.
 */
export class Heartbeat {
  private readonly socket: () => Pingable | null | undefined;
  private readonly intervalMs: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastReceivedAt = 0;
  private lastTickAt = 0;

  constructor(socket: () => Pingable | null | undefined, intervalMs: number) {
    this.socket = socket;
    this.intervalMs = intervalMs;
  }

  /** The connection opened: silence is counted from now. */
  start(): void {
    this.stop();
    this.lastReceivedAt = Date.now();
    this.lastTickAt = this.lastReceivedAt;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
  }

  private tick(): void {
    const now = Date.now();
    const silence = SILENT_INTERVALS * this.intervalMs;
    if (now - this.lastTickAt >= silence) this.lastReceivedAt = Math.max(this.lastReceivedAt, now - this.intervalMs);
    this.lastTickAt = now;
    if (now - this.lastReceivedAt >= silence) this.socket()?.reconnect();
    else this.socket()?.send("ping");
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Something arrived: the connection is alive. */
  heard(): void {
    this.lastReceivedAt = Date.now();
  }
}

/**
 * One frame from the server: its message, checked by `schema`; undefined
 * for the runtime's `pong`, which is no protocol message; a TableError
 * (`bad-server-message`) for anything else, naming `from` (the server, the
 * pool, the lobby) and where the message is wrong.
 */
export function readMessage<Schema extends GenericSchema>(
  data: unknown,
  schema: Schema,
  from: string,
): InferOutput<Schema> | SdkError | undefined {
  if (data === "pong") return undefined;
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    return new TableError("bad-server-message", `${from} sent something that is not JSON`);
  }
  const parsed = checked(schema, json);
  if (parsed.ok) return parsed.value;
  return new TableError("bad-server-message", `unexpected message from ${from}: ${parsed.path || "message"}`);
}
