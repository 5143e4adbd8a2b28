/**
 * Who is at the table: its sockets, which of them are live, which seats are
 * connected, and the heartbeat that finds the ones gone silent. The table
 * (table.ts) asks it; it tells everyone as `presence`, coalesced. It keeps
 * the connection bookkeeping apart from the room, as partyserver does.
 *
 * All of it but the absences is in memory: after a wake it has forgotten
 * what it last sent, which costs at most one broadcast that repeats it.
 */
import type { ServerMessage } from "../../protocol/index.ts";
import type { TableCommands } from "../../table/index.ts";
import { broadcast, identityOf, isOpen, isStale, lastHeard, openedAt } from "../connections/connection.ts";
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_TABLE } from "../connections/limits.ts";
import { logInternalError } from "../observability/telemetry.ts";
import type { TableStore } from "../table/table-store.ts";

/**
 * A socket heard from neither by message nor by `ping` for this long is taken
 * for dropped (and closed, and its seat shown disconnected). The SDK pings
 * every 2 s, so this allows two pings lost or late before a live client is
 * cut off, and a silently dropped seat is seen as gone about 6 s after its
 * last ping.
 */
export const STALE_MS = 6_000;

/** Each socket is tagged with its client's address, so that the runtime lists one client's sockets. */
const ADDRESS_TAG = "address:";

/** The tag of the sockets of the client whose address is `key` (`clientKey`; tags are at most 256 characters). */
export function addressTag(key: string): string {
  return `${ADDRESS_TAG}${key.slice(0, 200)}`;
}

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

/** Why a socket was refused: the HTTP status and the message. */
export interface SocketRefusal {
  readonly status: 429 | 503;
  readonly message: string;
}

export class Presence {
  private readonly ctx: DurableObjectState;
  private readonly store: TableStore;
  private readonly table: () => TableCommands | undefined;
  /**
   * A pending broadcast (`schedule`). It keeps the object in memory until it
   * fires (a quarter of a second, or about a second at a full table), which
   * is the price of coalescing; the alarm could do the same but is the
   * clock's and the heartbeat's, and rewriting it on every connect would
   * cost a storage write each time.
   */
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The presence last broadcast, as sent, and when. */
  private lastSent: string | undefined;
  private lastSentAt = 0;
  /** Sockets that were just welcomed: they are told the presence even when it has not changed. */
  private readonly owed = new Set<WebSocket>();
  /** Sockets the runtime reported closed or broken, which `getWebSockets()` may still list for a moment. */
  private readonly gone = new WeakSet<WebSocket>();

  /** How many watch, as the last presence counted them (0 until then, and after a wake). */
  private watching = 0;
  /** Told when the count of those who watch changes (the lobby's listing shows it). */
  private readonly onSpectators: ((spectators: number) => void) | undefined;

  constructor(
    ctx: DurableObjectState,
    store: TableStore,
    table: () => TableCommands | undefined,
    onSpectators?: (spectators: number) => void,
  ) {
    this.onSpectators = onSpectators;
    this.ctx = ctx;
    this.store = store;
    this.table = table;
  }

  /** How many watch, as the last presence counted them (0 until then, and after a wake). */
  get spectators(): number {
    return this.watching;
  }

  /** Sockets that can still receive. */
  openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => !this.gone.has(ws) && isOpen(ws));
  }

  /** The tag of the client address a socket came from (`addressTag`). */
  addressOf(ws: WebSocket): string {
    return this.ctx.getTags(ws).find((tag) => tag.startsWith(ADDRESS_TAG)) ?? "";
  }

  /** Which seats have an open socket that is not silent. */
  connectedSeats(live = this.liveSockets()): boolean[] {
    const connected = new Array<boolean>(this.table()?.settings.players ?? 0).fill(false);
    for (const ws of live) {
      const { seat } = identityOf(ws);
      if (seat !== null) connected[seat] = true;
    }
    return connected;
  }

  /**
   * Why one more socket from the client tagged `tag` cannot be taken, if it
   * cannot: one client address holds at most `MAX_SOCKETS_PER_ADDRESS` open
   * sockets at a table (429), and a table at most `MAX_SOCKETS_PER_TABLE`
   * (503). At a cap, sockets gone silent are closed first and do not count.
   * A full table makes room for a socket that `presentsSeat` (a seat's or the
   * host's token): a spectator gives way, the most recent of the address
   * holding the most spectator sockets, closed with 4001. The seats always
   * get in; a crowd of spectators cannot keep a player out.
   */
  async refusal(tag: string, presentsSeat: () => Promise<boolean>): Promise<SocketRefusal | undefined> {
    const full = () => this.openSockets().length >= MAX_SOCKETS_PER_TABLE;
    const mine = () => this.ctx.getWebSockets(tag).filter((ws) => !this.gone.has(ws) && isOpen(ws)).length;
    if (full() || mine() >= MAX_SOCKETS_PER_ADDRESS) this.closeSilent(Date.now());
    if (mine() >= MAX_SOCKETS_PER_ADDRESS) {
      return { status: 429, message: `at most ${MAX_SOCKETS_PER_ADDRESS} connections to a table from one address` };
    }
    if (full() && !((await presentsSeat()) && this.makeRoom())) {
      return { status: 503, message: `this table takes at most ${MAX_SOCKETS_PER_TABLE} connections` };
    }
    return undefined;
  }

  /** Closes one spectator socket for a player: the most recent of the address holding the most spectator sockets. */
  private makeRoom(): boolean {
    const byAddress = new Map<string, WebSocket[]>();
    for (const ws of this.openSockets()) {
      const { seat, host } = identityOf(ws);
      if (seat !== null || host) continue;
      const address = this.addressOf(ws);
      const sockets = byAddress.get(address);
      if (sockets) sockets.push(ws);
      else byAddress.set(address, [ws]);
    }
    const crowd = [...byAddress.values()].reduce<WebSocket[]>((a, b) => (b.length > a.length ? b : a), []);
    const latest = crowd.reduce<WebSocket | undefined>((a, b) => (a && openedAt(a) > openedAt(b) ? a : b), undefined);
    if (!latest) return false;
    this.close(latest, 4001, "making room for a player");
    return true;
  }

  /** The runtime reported a socket closed or broken. */
  lost(ws: WebSocket): void {
    this.gone.add(ws);
    this.schedule();
  }

  /**
   * Since when a seat has had no live connection; when the table does not
   * know, since its last event. Presence is noted when it goes out, a moment
   * after a change: a disconnection that is not noted yet is noted now.
   */
  absentSince(seat: number, lastEventAt: number): number | null {
    const connected = this.connectedSeats();
    if (connected[seat]) return null;
    return this.store.notePresence(connected, Date.now()).get(seat) ?? lastEventAt;
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
  heartbeatCheckAt(sockets: readonly WebSocket[], now: number): number | null {
    let earliest = Number.POSITIVE_INFINITY;
    for (const ws of sockets) {
      if (identityOf(ws).seat === null) continue;
      earliest = Math.min(earliest, lastHeard(ws, this.ctx.getWebSocketAutoResponseTimestamp(ws)) + STALE_MS);
    }
    return earliest === Number.POSITIVE_INFINITY ? null : Math.max(earliest, now + HEARTBEAT_FLOOR_MS);
  }

  /**
   * Closes the sockets that went silent, and returns the ones left open. A
   * client dropped without a close frame is never reported by the runtime,
   * so the others hear it here.
   */
  closeSilent(now: number): WebSocket[] {
    const open: WebSocket[] = [];
    for (const ws of this.openSockets()) {
      if (this.isSilent(ws, now)) this.close(ws, 4000, "no heartbeat");
      else open.push(ws);
    }
    return open;
  }

  /** Closes a socket the table gives up on; it no longer counts, and the others hear of it. */
  private close(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
    this.gone.add(ws);
    this.schedule();
  }

  /** `ws` is told the presence at the next send, changed or not (after its welcome or identity). */
  owe(ws: WebSocket): void {
    this.owed.add(ws);
    this.schedule();
  }

  /**
   * Something may have changed who is connected: presence goes out once the
   * burst is over. The first change after a quiet spell is sent at the end
   * of the current event (a timer of 0 ms); later ones wait until the
   * interval since the last broadcast is over, and are sent together.
   */
  schedule(): void {
    if (this.timer !== undefined) return;
    const interval = Math.max(PRESENCE_INTERVAL_MS, PRESENCE_MS_PER_SOCKET * this.ctx.getWebSockets().length);
    const wait = Math.max(0, this.lastSentAt + interval - Date.now());
    this.timer = setTimeout(() => this.send(), wait);
  }

  private isSilent(ws: WebSocket, now: number): boolean {
    return isStale(ws, this.ctx.getWebSocketAutoResponseTimestamp(ws), now, STALE_MS);
  }

  /** Open sockets heard from lately: those presence counts. */
  private liveSockets(open = this.openSockets()): WebSocket[] {
    const now = Date.now();
    return open.filter((ws) => !this.isSilent(ws, now));
  }

  /**
   * Tells everyone who is connected if that changed since the last broadcast,
   * and otherwise only the sockets owed it; and notes since when seats are
   * not connected (the stall remedies count from then).
   */
  private send(): void {
    this.timer = undefined;
    const owed = [...this.owed];
    this.owed.clear();
    const table = this.table();
    if (!table) return;
    const now = Date.now();
    const open = this.openSockets();
    const live = this.liveSockets(open);
    const spectators = live.filter((ws) => identityOf(ws).seat === null).length;
    if (spectators !== this.watching) {
      this.watching = spectators;
      this.onSpectators?.(spectators);
    }
    const connected = this.connectedSeats(live);
    let absences = new Map<number, number>();
    try {
      absences = this.store.notePresence(connected, now);
    } catch (error) {
      // Outside any request (a timer): nobody to answer; the next presence notes it again.
      logInternalError("presence-note", error);
    }
    // Only people are ever absent: free seats and computer players are not.
    const person = (seat: number) => table.names[seat] !== null && table.computerLevel(seat) === null;
    const absentSince = connected.map((on, seat) => (on || !person(seat) ? null : (absences.get(seat) ?? null)));
    const { stallGraceMs } = table;
    const message: ServerMessage = { type: "presence", connected, spectators, absentSince, stallGraceMs };
    const text = JSON.stringify(message);
    if (text !== this.lastSent) {
      this.lastSent = text;
      this.lastSentAt = now;
      broadcast(open, message);
    } else {
      broadcast(
        owed.filter((ws) => !this.gone.has(ws) && isOpen(ws)),
        message,
      );
    }
  }
}
