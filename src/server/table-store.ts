/**
 * The table's SQLite schema and every query it runs. The event log is the
 * source of truth: one row per event, appended, never rewritten; seats and
 * the table's settings live in their own small tables. All calls are
 * synchronous (the Durable Object SQL API), so a caller that makes several
 * without an `await` between them commits them atomically.
 */
import type { TableSettings } from "../protocol/index.ts";
import type { Carry, LoggedEvent } from "../table/index.ts";

export interface StoredSeat {
  readonly seat: number;
  readonly name: string;
  readonly tokenHash: ArrayBuffer;
}

export interface TableMeta {
  readonly id: string;
  readonly settings: TableSettings;
  readonly hostTokenHash: ArrayBuffer;
  readonly createdAt: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (
    id TEXT NOT NULL,
    settings TEXT NOT NULL,
    host_token_hash BLOB NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS seats (
    seat INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    at INTEGER NOT NULL,
    -- "seat:request id" of the client request that caused the event, for idempotency.
    request TEXT UNIQUE
  );
  CREATE INDEX IF NOT EXISTS events_by_type ON events (type, seq);
  -- The seats and scores the current game started with: where the table resumes its log.
  CREATE TABLE IF NOT EXISTS carry (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    state TEXT NOT NULL
  );
  -- Since when each seat has had no live connection (a seat with a connection has no row).
  CREATE TABLE IF NOT EXISTS absences (
    seat INTEGER PRIMARY KEY,
    since INTEGER NOT NULL
  );
`;

export class TableStore {
  private readonly sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.sql = storage.sql;
  }

  /**
   * Whether this object holds a table. Reading the catalogue writes nothing,
   * so probing ids that name no table leaves no storage behind.
   */
  exists(): boolean {
    return this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").toArray().length > 0;
  }

  meta(): TableMeta | undefined {
    if (!this.exists()) return undefined;
    const row = this.sql
      .exec<{ id: string; settings: string; host_token_hash: ArrayBuffer; created_at: number }>("SELECT * FROM meta")
      .toArray()[0];
    if (!row) return undefined;
    return {
      id: row.id,
      settings: storedSettings(JSON.parse(row.settings)),
      hostTokenHash: row.host_token_hash,
      createdAt: row.created_at,
    };
  }

  /** Brings a table stored by an older version up to the current schema: it only adds what is missing. */
  migrate(): void {
    this.sql.exec(SCHEMA);
  }

  /** Creates the schema and the table's one meta row. */
  createMeta(meta: TableMeta): void {
    this.sql.exec(SCHEMA);
    this.sql.exec(
      "INSERT INTO meta (id, settings, host_token_hash, created_at) VALUES (?, ?, ?, ?)",
      meta.id,
      JSON.stringify(meta.settings),
      meta.hostTokenHash,
      meta.createdAt,
    );
  }

  seats(): StoredSeat[] {
    return this.sql
      .exec<{ seat: number; name: string; token_hash: ArrayBuffer }>("SELECT * FROM seats ORDER BY seat")
      .toArray()
      .map((row) => ({ seat: row.seat, name: row.name, tokenHash: row.token_hash }));
  }

  takeSeat(seat: StoredSeat): void {
    this.sql.exec("INSERT INTO seats (seat, name, token_hash) VALUES (?, ?, ?)", seat.seat, seat.name, seat.tokenHash);
  }

  freeSeat(seat: number): void {
    this.sql.exec("DELETE FROM seats WHERE seat = ?", seat);
  }

  /** Two seats trade occupants (either may be free), tokens and all. */
  swapSeats(a: number, b: number): void {
    this.sql.exec("UPDATE seats SET seat = -1 WHERE seat = ?", a);
    this.sql.exec("UPDATE seats SET seat = ? WHERE seat = ?", a, b);
    this.sql.exec("UPDATE seats SET seat = ? WHERE seat = -1", b);
  }

  /** The carry-over of the current game, if one has started since the table began keeping it. */
  carry(): Carry | undefined {
    const row = this.sql.exec<{ state: string }>("SELECT state FROM carry").toArray()[0];
    return row ? JSON.parse(row.state) : undefined;
  }

  saveCarry(carry: Carry): void {
    this.sql.exec("INSERT OR REPLACE INTO carry (id, state) VALUES (0, ?)", JSON.stringify(carry));
  }

  /** Since when each seat without a live connection has had none. */
  absences(): Map<number, number> {
    const rows = this.sql.exec<{ seat: number; since: number }>("SELECT seat, since FROM absences").toArray();
    return new Map(rows.map((row) => [row.seat, row.since]));
  }

  /** Records who is connected now: a seat that just lost its last connection gets `now`, one that has one loses its row. */
  notePresence(connected: readonly boolean[], now: number): void {
    const absences = this.absences();
    connected.forEach((on, seat) => {
      if (on && absences.has(seat)) this.sql.exec("DELETE FROM absences WHERE seat = ?", seat);
      if (!on && !absences.has(seat)) this.sql.exec("INSERT INTO absences (seat, since) VALUES (?, ?)", seat, now);
    });
  }

  /** Appends one entry under its sequence number; a number already taken throws. */
  append({ seq, event, at }: LoggedEvent, request?: string): void {
    this.sql.exec(
      "INSERT INTO events (seq, type, payload, at, request) VALUES (?, ?, ?, ?, ?)",
      seq,
      event.type,
      JSON.stringify(event),
      at,
      request ?? null,
    );
  }

  /** The event a client request produced, if it was already applied. */
  seqOfRequest(request: string): number | undefined {
    return this.sql.exec<{ seq: number }>("SELECT seq FROM events WHERE request = ?", request).toArray()[0]?.seq;
  }

  /** Entries after `seq`, in order. */
  eventsAfter(seq: number, limit = Number.MAX_SAFE_INTEGER): LoggedEvent[] {
    return this.sql
      .exec<{ seq: number; payload: string; at: number }>(
        "SELECT seq, payload, at FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
        seq,
        limit,
      )
      .toArray()
      .map((row) => ({ seq: row.seq, event: JSON.parse(row.payload), at: row.at }));
  }

  /** The current game's `started` event's number; undefined before the first game. */
  currentGameStart(): number | undefined {
    const start = this.sql
      .exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM events WHERE type = 'started'")
      .one().seq;
    return start ?? undefined;
  }

  lastEvent(): { seq: number; at: number } | undefined {
    return this.sql
      .exec<{ seq: number; at: number }>("SELECT seq, at FROM events ORDER BY seq DESC LIMIT 1")
      .toArray()[0];
  }
}

/** Settings as stored: tables made before the clock setting had `turnSeconds`, a per-move clock. */
function storedSettings(stored: TableSettings & { turnSeconds?: number | null }): TableSettings {
  const { turnSeconds, ...settings } = stored;
  if (settings.clock !== undefined) return settings;
  return { ...settings, clock: turnSeconds == null ? null : { kind: "move", seconds: turnSeconds } };
}
