/**
 * One quick-play pool: a SQLite-backed Durable Object per kind of game
 * (players × variant × clock, its name `classic-2-live`), holding the seeks
 * of those who asked for it and seating them in waves (src/lobby says who
 * sits with whom). A seeker holds a hibernatable socket to its pool while it
 * waits: the seek lives while the socket does, and a short grace after.
 *
 * A wave writes its tables and removes their seeks in one transaction,
 * then asks each table's object to seat its players (`Table.seatPlayers`,
 * which is idempotent), and only then tells the seekers. A kill at any point
 * leaves either seeks that the next wave takes up, or tables written but not
 * made, which the next alarm makes: no seek is lost and none is seated
 * twice. A seeker whose socket dropped meanwhile gets its seat when it seeks
 * again with its key.
 */
import { DurableObject } from "cloudflare:workers";
import { fillAt, isOver, isPresent, type PairingTimes, poolTableSettings, seatNames, wave } from "../../lobby/index.ts";
import {
  type ErrorCode,
  type PoolKind,
  parsePoolName,
  type QuickClientMessage,
  QuickClientMessageSchema,
} from "../../protocol/index.ts";
import { checkTableSettings, TableError } from "../../table/index.ts";
import {
  answerClose,
  broadcast,
  FloodGuard,
  hex,
  isOpen,
  parseMessage,
  receive,
  refused,
  send,
} from "../connections/connection.ts";
import { clientKey } from "../connections/limits.ts";
import { shortHash } from "../observability/signals.ts";
import { Telemetry } from "../observability/telemetry.ts";
import { addressTag } from "../presence/presence.ts";
import { hashToken, newTableId, newToken } from "../table/ids.ts";
import {
  MAX_POOL_SOCKETS,
  MAX_POOL_SOCKETS_PER_ADDRESS,
  MAX_SEEKS_PER_ADDRESS,
  MAX_SEEKS_PER_POOL,
  type PoolEnv,
  poolTimes,
  SEAT_KEPT_MS,
} from "./pool-settings.ts";
import { PoolStore, pairedMessage, type SeatGiven, type Seeker, type StoredSeek, seekerOf } from "./pool-store.ts";

/** The tag of a socket accepted only to be refused. */
const REFUSED_TAG = "refused";
/** A table that could not be made is tried again this soon. */
const RETRY_MS = 1_000;

export class Pool extends DurableObject<PoolEnv> {
  private readonly store: PoolStore;
  private readonly times: PairingTimes;
  private readonly waveMs: number;
  private readonly silentMs: number;
  private readonly flood = new FloodGuard();
  private readonly telemetry: Telemetry;
  /** The count last told to the seekers, so that a wave that changed nothing tells nobody. */
  private toldWaiting = -1;

  constructor(ctx: DurableObjectState, env: PoolEnv) {
    super(ctx, env);
    this.telemetry = new Telemetry(env.METRICS);
    this.store = new PoolStore(ctx.storage);
    ({ pairing: this.times, waveMs: this.waveMs, silentMs: this.silentMs } = poolTimes(env));
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // After a restart no socket survives: the seeks that had one start their grace now.
    const open = new Set(this.openSockets().flatMap((ws) => seekerOf(ws).seeker ?? []));
    ctx.storage.transactionSync(() => this.store.dropAllBut(open, Date.now()));
  }

  // --- Sockets ----------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    const pool = new URL(request.url).pathname.split("/")[3] ?? "";
    if (!parsePoolName(pool)) return this.refuse(404, "no-such-pool", "no such pool");
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return this.refuse(426, "bad-request", "this endpoint expects a WebSocket upgrade");
    }
    if (this.store.poolName() !== pool) this.store.setPoolName(pool);
    const address = addressTag(clientKey(request.headers.get("CF-Connecting-IP")));
    // Refused over the socket itself: a browser is never shown an upgrade's status, and the page names the reason.
    if (this.openSockets().length >= MAX_POOL_SOCKETS) {
      return this.refuseSocket("pool-full", "too many are looking for this game right now: try again soon");
    }
    if (this.ctx.getWebSockets(address).filter(isOpen).length >= MAX_POOL_SOCKETS_PER_ADDRESS) {
      return this.refuseSocket("too-many-connections", "too many connections from your address to this pool");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [address]);
    server.serializeAttachment({ address, seeker: null, heardAt: Date.now() } satisfies Seeker);
    this.schedule(Date.now());
    this.telemetry.emit({ event: "socket-opened", kind: "pool", pool, n: this.openSockets().length });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The pool's name for the operator's figures ("" before any seeker came). */
  private get poolLabel(): string {
    return this.store.poolName() ?? "";
  }

  /** An upgrade refused, and counted. */
  private refuse(status: number, code: ErrorCode, message: string): Response {
    this.telemetry.emit({ event: "refused", kind: "pool", code, pool: this.poolLabel });
    return refused(status, code, message);
  }

  /**
   * A socket accepted only to be told why it is refused, then closed (1013,
   * try again later): it is tagged apart, so no address's count includes it.
   */
  private refuseSocket(code: "pool-full" | "too-many-connections", message: string): Response {
    this.telemetry.emit({ event: "refused", kind: "pool", code, pool: this.poolLabel });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [REFUSED_TAG]);
    send(server, { type: "error", code, message });
    server.close(1013, code);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    if (!isOpen(ws)) return;
    const now = Date.now();
    ws.serializeAttachment({ ...seekerOf(ws), heardAt: now } satisfies Seeker);
    await receive(
      ws,
      data,
      this.flood,
      (text) => parseMessage(QuickClientMessageSchema, text),
      (message) => this.handle(ws, message, now),
      (code) => this.telemetry.emit({ event: "refused", kind: "pool", code, pool: this.poolLabel }),
    );
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    answerClose(ws, code);
    this.dropped(ws, Date.now(), String(code));
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.dropped(ws, Date.now(), "error");
  }

  /** A socket gone: its seek, unless another socket holds it, starts its grace. */
  private dropped(ws: WebSocket, now: number, code: string): void {
    const n = this.openSockets().length;
    this.telemetry.emit({ event: "socket-dropped", kind: "pool", pool: this.poolLabel, code, n });
    const { seeker } = seekerOf(ws);
    if (seeker === null || !this.store.seek(seeker)) return;
    const elsewhere = this.openSockets().some((other) => other !== ws && seekerOf(other).seeker === seeker);
    if (elsewhere) return;
    this.store.setDropped(seeker, now);
    this.schedule(now);
  }

  // --- Requests ---------------------------------------------------------------

  private async handle(ws: WebSocket, message: QuickClientMessage, now: number): Promise<void> {
    switch (message.type) {
      case "seek":
        return this.seek(ws, message, now);
      case "cancel": {
        const seeker = this.requireSeek(ws);
        this.store.remove(seeker);
        this.attach(ws, null);
        send(ws, { type: "ack", id: message.id });
        return;
      }
      case "fill": {
        const seeker = this.requireSeek(ws);
        const seek = this.store.seek(seeker) as StoredSeek;
        if (now < fillAt(seek, this.times)) {
          throw new TableError("fill-too-early", "computer players are offered once you have waited a little");
        }
        this.store.setFill(seeker);
        send(ws, { type: "ack", id: message.id });
        this.schedule(now);
        return;
      }
    }
  }

  /**
   * A seek, or one taken up again with the same key: a seeker already seated
   * is told its seat; one still waiting keeps its place, on this socket.
   */
  private async seek(ws: WebSocket, message: Extract<QuickClientMessage, { type: "seek" }>, now: number) {
    const seeker = hex(await hashToken(message.seeker));
    // From here on no await: the checks and the writes see the same state.
    const current = seekerOf(ws).seeker;
    if (current !== null && current !== seeker && this.store.seek(current)) {
      throw new TableError("already-seeking", "this socket is already looking for a game: cancel it first");
    }
    const seat = this.store.seatOf(seeker);
    if (seat) {
      this.attach(ws, seeker);
      send(ws, { type: "ack", id: message.id });
      send(ws, pairedMessage(seat));
      return;
    }
    let seek = this.store.seek(seeker);
    if (seek) {
      this.replaceOtherSockets(ws, seeker);
      this.store.setDropped(seeker, null);
    } else if (this.store.isSeated(seeker)) {
      // Its table is being made: the seat follows as soon as it is.
    } else {
      const { address } = seekerOf(ws);
      if (this.store.count() >= MAX_SEEKS_PER_POOL) {
        throw new TableError("pool-full", "too many are looking for this game right now: try again soon");
      }
      if (this.store.countFrom(address) >= MAX_SEEKS_PER_ADDRESS) {
        throw new TableError(
          "too-many-seeks",
          `an address may look for this game at most ${MAX_SEEKS_PER_ADDRESS} times at once`,
        );
      }
      seek = {
        seeker,
        name: message.name,
        lang: message.lang ?? "en",
        address,
        since: now,
        droppedAt: null,
        fill: false,
      };
      this.store.add(seek);
    }
    this.attach(ws, seeker);
    send(ws, { type: "ack", id: message.id });
    if (seek) {
      const waiting = this.store.count();
      const { since, fill } = seek;
      send(ws, { type: "seeking", since, waiting, fillAt: fillAt(seek, this.times), fill, at: Date.now() });
    }
    this.schedule(now);
  }

  /** The seeker's key in use on another socket (an old tab): that one's seek ends there. */
  private replaceOtherSockets(ws: WebSocket, seeker: string): void {
    for (const other of this.openSockets()) {
      if (other === ws || seekerOf(other).seeker !== seeker) continue;
      this.attach(other, null);
      send(other, { type: "ended", reason: "replaced" });
    }
  }

  private requireSeek(ws: WebSocket): string {
    const { seeker } = seekerOf(ws);
    if (seeker === null || !this.store.seek(seeker))
      throw new TableError("not-seeking", "you are not looking for a game");
    return seeker;
  }

  private attach(ws: WebSocket, seeker: string | null): void {
    ws.serializeAttachment({ ...seekerOf(ws), seeker } satisfies Seeker);
  }

  // --- Waves ------------------------------------------------------------------

  /**
   * The wave, and everything else the pool owes by its time: seeks over by
   * themselves (dropped past their grace, or expired), silent sockets, tables
   * to make, seats to forget. Alarms are at-least-once: a repeat finds
   * nothing owed and sets the next.
   */
  override async alarm(): Promise<void> {
    const kind = parsePoolName(this.store.poolName() ?? "");
    if (!kind) return;
    const now = Date.now();
    this.closeSilent(now);
    this.endOver(now);
    await this.pairWave(kind, now);
    await this.makeTables(kind);
    this.store.forgetMadeBefore(now - SEAT_KEPT_MS);
    this.tellWaiting();
    this.schedule(Date.now());
  }

  private closeSilent(now: number): void {
    for (const ws of this.openSockets()) {
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      if (now - Math.max(seekerOf(ws).heardAt, pinged) < this.silentMs) continue;
      try {
        ws.close(1011, "silent");
      } catch {
        // Already closing.
      }
      this.dropped(ws, now, "silent");
    }
  }

  private endOver(now: number): void {
    const expired: string[] = [];
    for (const seek of this.store.seeks()) {
      const over = isOver(seek, now, this.times);
      if (!over) continue;
      this.store.remove(seek.seeker);
      if (over === "expired") expired.push(seek.seeker);
    }
    if (expired.length === 0) return;
    const sockets = this.socketsBySeeker();
    for (const seeker of expired)
      for (const ws of sockets.get(seeker) ?? []) send(ws, { type: "ended", reason: "expired" });
  }

  /**
   * Pairs the seekers here as the rules say. The tables' ids and tokens are
   * made first (they need `await`); then, with no await, each group is
   * checked again (a seeker may have cancelled or dropped meanwhile; then the
   * group waits for the next wave) and written with its seeks removed.
   */
  private async pairWave(kind: PoolKind, now: number): Promise<void> {
    const groups = wave(this.store.seeks(), kind.players);
    if (groups.length === 0) return;
    const key = this.env.TABLE_ID_KEY;
    if (!key) return;
    const made = await Promise.all(
      groups.map(async (group) => ({
        group,
        tableId: await newTableId(key),
        tokens: group.seekers.map(() => newToken()),
      })),
    );
    this.ctx.storage.transactionSync(() => {
      for (const { group, tableId, tokens } of made) {
        const still = group.seekers.every((seek) => {
          const stored = this.store.seek(seek.seeker);
          return stored !== undefined && isPresent(stored) && stored.fill === seek.fill;
        });
        if (!still) continue;
        const names = seatNames(
          group.seekers.map((seek) => seek.name),
          kind.players,
        );
        const seats = group.seekers.map((seek, seat) => ({
          seeker: seek.seeker,
          tableId,
          seat,
          name: names[seat] as string,
          token: tokens[seat] as string,
        }));
        const lang = (group.seekers[0] as StoredSeek).lang;
        this.store.pair({ tableId, computers: group.computers, lang, at: now }, seats);
        const ms = now - Math.min(...group.seekers.map((seek) => seek.since));
        this.telemetry.emit({
          event: "paired",
          pool: this.poolLabel,
          players: seats.length,
          computers: group.computers,
          ms,
        });
      }
    });
  }

  /** Makes each table written but not made yet, then tells its seekers their seats. */
  private async makeTables(kind: PoolKind): Promise<void> {
    const settings = checkTableSettings(poolTableSettings(kind));
    const seated = await Promise.all(
      this.store.unmade().map(async (pairing): Promise<SeatGiven[]> => {
        const seats = this.store.seatsAt(pairing.tableId);
        const players = await Promise.all(
          seats.map(async (seat) => ({ name: seat.name, tokenHash: await hashToken(seat.token) })),
        );
        try {
          const table = this.env.TABLES.getByName(pairing.tableId);
          const ok = await table.seatPlayers(pairing.tableId, settings, players, pairing.computers, pairing.lang);
          if (!ok) throw new Error("the table id is taken by another table");
        } catch (error) {
          // Not made yet: tried again soon.
          this.telemetry.internalError("pool-make-table", error, "none", shortHash(pairing.tableId));
          return [];
        }
        this.store.markMade(pairing.tableId);
        return seats;
      }),
    );
    // Told once every table is made, through one look at the sockets: a seeker that came back meanwhile is found.
    const made = seated.flat();
    if (made.length === 0) return;
    const sockets = this.socketsBySeeker();
    for (const seat of made) for (const ws of sockets.get(seat.seeker) ?? []) send(ws, pairedMessage(seat));
  }

  /** Tells every seeker how many are looking, when a wave changed it. */
  private tellWaiting(): void {
    const waiting = this.store.count();
    if (waiting === this.toldWaiting) return;
    this.toldWaiting = waiting;
    const seeking = this.openSockets().filter((ws) => seekerOf(ws).seeker !== null);
    broadcast(seeking, { type: "waiting", waiting });
  }

  /**
   * Sets the alarm for the pool's next need, if it is sooner than the one
   * set: a wave while a table could be made of those here (or someone asked
   * for computers), a retry for tables not made, a seek's grace or lifetime
   * running out, the heartbeat while sockets are open, seats to forget.
   */
  private schedule(now: number): void {
    const due = this.store.due();
    const kind = parsePoolName(this.store.poolName() ?? "");
    const times: number[] = [];
    const pairable = kind !== undefined && (due.here >= kind.players || due.fillers > 0);
    // A wave also tells the seekers a count that changed since the last one.
    if (pairable || (due.here > 0 && due.seeks !== this.toldWaiting)) times.push(now + this.waveMs);
    if (due.unmade > 0) times.push(now + RETRY_MS);
    if (due.firstSince !== undefined) times.push(due.firstSince + this.times.lifetimeMs);
    if (due.firstDropped !== undefined) times.push(due.firstDropped + this.times.dropGraceMs);
    if (due.oldestMade !== undefined) times.push(due.oldestMade + SEAT_KEPT_MS);
    // The heartbeat, while any socket is open (a closing one listed costs one early check).
    if (this.ctx.getWebSockets().length > 0) times.push(now + this.silentMs);
    if (times.length === 0) return;
    const next = Math.max(now, Math.min(...times));
    void this.ctx.storage.getAlarm().then((set) => {
      if (set === null || set > next) return this.ctx.storage.setAlarm(next);
    });
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter(isOpen);
  }

  private socketsBySeeker(): Map<string, WebSocket[]> {
    const sockets = new Map<string, WebSocket[]>();
    for (const ws of this.openSockets()) {
      const { seeker } = seekerOf(ws);
      if (seeker !== null) sockets.set(seeker, [...(sockets.get(seeker) ?? []), ws]);
    }
    return sockets;
  }
}
