import type { Carry, CheckedTableSettings, FoldState, LoggedEvent } from "../../table/index.ts";

export interface StoredSeat {
  readonly seat: number;
  readonly name: string;
  readonly tokenHash: ArrayBuffer;
}

/** A live hand-over code, as stored: never the code itself. */
export interface StoredHandover {
  /** The hash of the seat token it hands over. */
  readonly tokenHash: ArrayBuffer;
  readonly codeHash: ArrayBuffer;
  /** When it stops working, in ms since the epoch. */
  readonly expiresAt: number;
  /** Whether hosting goes with the seat. */
  readonly host: boolean;
}

export interface TableMeta {
  readonly id: string;
  /** Checked when the table was made, and trusted since. */
  readonly settings: CheckedTableSettings;
  readonly hostTokenHash: ArrayBuffer;
  readonly createdAt: number;
}

/**
 * The schema. A move is one row in `events` and nothing else: the table has
 * no index but its primary key. A repeated request is looked up among the
 * last two games' rows (`seqOfRequest`), and the few requests that changed
 * nothing in `requests` (no index either); the current game's start is kept
 * in the carry row, written only when a game starts.
 */
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
    -- "occupant:game:request id" of the client request whose last event this is, for idempotency (connection.ts requestKey).
    request TEXT
  );
  -- The seats and scores the current game started with, and where it starts in the log: where the table resumes.
  CREATE TABLE IF NOT EXISTS carry (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    state TEXT NOT NULL
  );
  -- The whole table as of an event of its current game, every so many events: a wake takes up from it
  -- and folds in only the events after it, instead of replaying the game from its start.
  CREATE TABLE IF NOT EXISTS checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    version INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL
  );
  -- Requests that changed nothing (the first player chosen again, a swap offered again, a rematch accepted
  -- twice): no event carries their key, so it is kept here, that a repeat is acknowledged alike and not applied
  -- after a later change. Rows of games no request looks up any more are deleted when a game starts.
  CREATE TABLE IF NOT EXISTS requests (
    request TEXT NOT NULL,
    seq INTEGER NOT NULL
  );
  -- One-time codes that hand a seat over to another device (handover.ts): only the code's hash, the hash of
  -- the seat token it hands over (so it follows its player through a swap, and dies with a freed seat),
  -- when it stops working, and whether hosting goes along. One per seat token: asking again replaces it.
  -- No key and no index (a BLOB key would bring one): it holds a row per seat at most.
  CREATE TABLE IF NOT EXISTS handovers (
    token_hash BLOB NOT NULL,
    code_hash BLOB NOT NULL,
    expires_at INTEGER NOT NULL,
    host INTEGER NOT NULL
  );
  -- Since when each seat has had no live connection (a seat with a connection has no row).
  CREATE TABLE IF NOT EXISTS absences (
    seat INTEGER PRIMARY KEY,
    since INTEGER NOT NULL
  );
`;

/**
 * Tables stored before a move was one row had a UNIQUE request column (an
 * index of its own, which no DROP INDEX removes) and an index by type: the
 * log is copied once into a table without them.
 */
const MIGRATE_EVENTS = `
  DROP INDEX IF EXISTS events_by_type;
  CREATE TABLE events_without_indexes (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    at INTEGER NOT NULL,
    request TEXT
  );
  INSERT INTO events_without_indexes (seq, type, payload, at, request) SELECT seq, type, payload, at, request FROM events;
  DROP TABLE events;
  ALTER TABLE events_without_indexes RENAME TO events;
`;

/** Where the current game and the one before it start in the log (their `started` events). */
export interface GameStarts {
  readonly current: number | undefined;
  readonly previous: number | undefined;
}

/** The carry row as stored: the carry-over, and since tables kept it there, where its game starts. */
interface StoredCarry extends Carry {
  readonly start?: number;
  readonly previousStart?: number | null;
}

export class TableStore {
  private readonly sql: SqlStorage;
  /** Where the current and the previous game start; read once after a wake, then kept up to date. */
  private starts: GameStarts | undefined;
  /**
   * The request keys of the rows since the previous game started, and the
   * seq of each one's last event (the row that holds the key; in logs
   * written before it went there, the first): read once after a wake, then
   * kept up to date. A key names its game (the current one, or for a start
   * or rematch the next), and a request of game N comes after game N - 1
   * started, so no older row can hold a key still looked up.
   */
  private requests: Map<string, number> | undefined;
  /** The last entry's number (0 for an empty log): read once after a wake, then kept up to date. */
  private lastSeq: number | undefined;

  constructor(storage: DurableObjectStorage) {
    this.sql = storage.sql;
  }

  /** Forgets what was read from storage (after a failed write, say): the next call reads it again. */
  forget(): void {
    this.starts = undefined;
    this.requests = undefined;
    this.lastSeq = undefined;
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

  /** Brings a table stored by an older version up to the current schema: it adds what is missing, drops the old indexes. */
  migrate(): void {
    this.sql.exec(SCHEMA);
    const indexes = this.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'")
      .toArray();
    if (indexes.length > 0) this.sql.exec(MIGRATE_EVENTS);
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

  /** The seat's player keeps the seat under a new token; the old one stops working. */
  replaceSeatToken(seat: number, tokenHash: ArrayBuffer): void {
    this.sql.exec("UPDATE seats SET token_hash = ? WHERE seat = ?", tokenHash, seat);
  }

  /** Hosting moves to a new token; the old one stops working. */
  replaceHostToken(tokenHash: ArrayBuffer): void {
    this.sql.exec("UPDATE meta SET host_token_hash = ?", tokenHash);
  }

  /** Keeps a hand-over code, replacing the one its seat token had, and forgets the codes expired by `now`. */
  putHandover(handover: StoredHandover, now: number): void {
    this.dropExpiredHandovers(now);
    this.sql.exec("DELETE FROM handovers WHERE token_hash = ?", handover.tokenHash);
    this.sql.exec(
      "INSERT INTO handovers (token_hash, code_hash, expires_at, host) VALUES (?, ?, ?, ?)",
      handover.tokenHash,
      handover.codeHash,
      handover.expiresAt,
      handover.host ? 1 : 0,
    );
  }

  /** The codes still live at `now` (a few at most: one per seat token); the expired ones are forgotten. */
  liveHandovers(now: number): StoredHandover[] {
    this.dropExpiredHandovers(now);
    return this.sql
      .exec<{ token_hash: ArrayBuffer; code_hash: ArrayBuffer; expires_at: number; host: number }>(
        "SELECT * FROM handovers",
      )
      .toArray()
      .map((row) => ({
        tokenHash: row.token_hash,
        codeHash: row.code_hash,
        expiresAt: row.expires_at,
        host: row.host === 1,
      }));
  }

  /** A code is used: it never works again. */
  dropHandover(codeHash: ArrayBuffer): void {
    this.sql.exec("DELETE FROM handovers WHERE code_hash = ?", codeHash);
  }

  private dropExpiredHandovers(now: number): void {
    this.sql.exec("DELETE FROM handovers WHERE expires_at <= ?", now);
  }

  /** Two seats trade occupants (either may be free), tokens and all. */
  swapSeats(a: number, b: number): void {
    this.sql.exec("UPDATE seats SET seat = -1 WHERE seat = ?", a);
    this.sql.exec("UPDATE seats SET seat = ? WHERE seat = ?", a, b);
    this.sql.exec("UPDATE seats SET seat = ? WHERE seat = -1", b);
  }

  /** The carry-over of the current game, if one has started since the table began keeping it. */
  carry(): Carry | undefined {
    const stored = this.storedCarry();
    if (!stored) return undefined;
    const { start: _start, previousStart: _previous, ...carry } = stored;
    return carry;
  }

  private storedCarry(): StoredCarry | undefined {
    const row = this.sql.exec<{ state: string }>("SELECT state FROM carry").toArray()[0];
    return row ? JSON.parse(row.state) : undefined;
  }

  /** A game starts at `seq` (its `started` event, just appended) with `carry`: the one row a start writes besides its events. */
  startGame(seq: number, carry: Carry): void {
    const previous = (this.starts ?? this.readStarts(seq)).current;
    const stored: StoredCarry = { ...carry, start: seq, previousStart: previous ?? null };
    this.sql.exec("INSERT OR REPLACE INTO carry (id, state) VALUES (0, ?)", JSON.stringify(stored));
    this.starts = { current: seq, previous };
    // Keys of the games before the previous one are never looked up again.
    if (previous !== undefined) {
      this.sql.exec("DELETE FROM requests WHERE seq < ?", previous);
      if (this.requests) for (const [key, at] of this.requests) if (at < previous) this.requests.delete(key);
    }
  }

  /** Where the current game and the one before it start. */
  gameStarts(): GameStarts {
    this.starts ??= this.readStarts();
    return this.starts;
  }

  /**
   * Where the last game and the one before it that started before `below`
   * start: kept in the carry row; a table whose carry row predates that, or
   * that has none, finds its `started` events in the log (a scan, once after
   * a wake, until its next game starts).
   */
  private readStarts(below = Number.MAX_SAFE_INTEGER): GameStarts {
    const stored = this.storedCarry();
    if (stored?.start !== undefined && stored.start < below) {
      return { current: stored.start, previous: stored.previousStart ?? undefined };
    }
    const startedBefore = (seq: number) =>
      this.sql
        .exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM events WHERE type = 'started' AND seq < ?", seq)
        .one().seq ?? undefined;
    const current = startedBefore(below);
    return { current, previous: current === undefined ? undefined : startedBefore(current) };
  }

  /** The table as of `state.seq`, in the format `version`: one row, replaced each time. */
  saveCheckpoint(version: number, state: FoldState): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO checkpoint (id, version, seq, state) VALUES (0, ?, ?, ?)",
      version,
      state.seq,
      JSON.stringify(state),
    );
  }

  /** The number of the last event the checkpoint in the format `version` holds, if there is one. */
  checkpointSeq(version: number): number | undefined {
    return this.sql.exec<{ seq: number }>("SELECT seq FROM checkpoint WHERE version = ?", version).toArray()[0]?.seq;
  }

  /** The last checkpoint, if there is one in the format `version` (unparsed: the caller falls back if it fails). */
  checkpoint(version: number): { seq: number; state: string } | undefined {
    return this.sql
      .exec<{ seq: number; state: string }>("SELECT seq, state FROM checkpoint WHERE version = ?", version)
      .toArray()[0];
  }

  /** Since when each seat without a live connection has had none. */
  absences(): Map<number, number> {
    const rows = this.sql.exec<{ seat: number; since: number }>("SELECT seat, since FROM absences").toArray();
    return new Map(rows.map((row) => [row.seat, row.since]));
  }

  /**
   * Records who is connected now: a seat that just lost its last connection
   * gets `now`, one that has one loses its row. Returns the absences as noted.
   */
  notePresence(connected: readonly boolean[], now: number): Map<number, number> {
    const absences = this.absences();
    connected.forEach((on, seat) => {
      if (on && absences.delete(seat)) this.sql.exec("DELETE FROM absences WHERE seat = ?", seat);
      if (!on && !absences.has(seat)) {
        this.sql.exec("INSERT INTO absences (seat, since) VALUES (?, ?)", seat, now);
        absences.set(seat, now);
      }
    });
    return absences;
  }

  /**
   * Appends one entry, which must be the log's next (one row, no index). An
   * entry out of step with the log (a number already taken, or one that
   * leaves a gap) throws `LogOutOfStep`, and nothing is written: the log is
   * never written over.
   */
  append({ seq, event, at }: LoggedEvent, request?: string): void {
    const last = this.lastSeq ?? this.lastEvent()?.seq ?? 0;
    if (seq !== last + 1) throw new LogOutOfStep(seq, last);
    this.sql.exec(
      "INSERT INTO events (seq, type, payload, at, request) VALUES (?, ?, ?, ?, ?)",
      seq,
      event.type,
      JSON.stringify(event),
      at,
      request ?? null,
    );
    this.lastSeq = seq;
    if (request !== undefined) this.requests?.set(request, seq);
  }

  /**
   * The last event a client request produced (the seq its ack named), if
   * it was already applied. Its key names the current game or the next: only
   * the rows since the previous game started can hold it.
   */
  seqOfRequest(request: string): number | undefined {
    if (!this.requests) {
      const from = this.gameStarts().previous ?? 0;
      const rows = this.sql.exec<{ seq: number; request: string }>(
        "SELECT seq, request FROM events WHERE seq >= ? AND request IS NOT NULL UNION ALL SELECT seq, request FROM requests WHERE seq >= ?",
        from,
        from,
      );
      this.requests = new Map();
      for (const row of rows) if (!this.requests.has(row.request)) this.requests.set(row.request, row.seq);
    }
    return this.requests.get(request);
  }

  /**
   * A request that produced no event (it changed nothing) was applied as of
   * `seq`, the last event then: one row in `requests`, so that a repeat is
   * acknowledged alike instead of being applied after a later change.
   */
  noteRequest(request: string, seq: number): void {
    // A key is noted once: a repeat is acknowledged before it could get here.
    this.sql.exec("INSERT INTO requests (request, seq) VALUES (?, ?)", request, seq);
    this.requests?.set(request, seq);
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
    return this.gameStarts().current;
  }

  lastEvent(): { seq: number; at: number } | undefined {
    return this.sql
      .exec<{ seq: number; at: number }>("SELECT seq, at FROM events ORDER BY seq DESC LIMIT 1")
      .toArray()[0];
  }
}

/** An entry that is not the log's next: the table's fold is out of step with its log. */
export class LogOutOfStep extends Error {
  override readonly name = "LogOutOfStep";

  constructor(seq: number, last: number) {
    super(`event ${seq} cannot follow the log's last, ${last}: the log is never written over`);
  }
}

/** Settings as stored: tables made before the clock setting had `turnSeconds`, a per-move clock. */
function storedSettings(stored: CheckedTableSettings & { turnSeconds?: number | null }): CheckedTableSettings {
  const { turnSeconds, ...settings } = stored;
  if (settings.clock !== undefined) return settings;
  return { ...settings, clock: turnSeconds == null ? null : { kind: "move", seconds: turnSeconds } };
}
