/**
 * A quick-play pool's SQLite: the seeks waiting, and the tables a wave
 * made with the seat each seeker was given. A restart, or a kill, loses
 * none of them: a wave writes its tables and removes their seeks in one
 * transaction, so a seek is either waiting or seated, never both.
 */

import type { Seek } from "../../lobby/index.ts";
import type { Language, QuickServerMessage } from "../../protocol/index.ts";

const SCHEMA = `
  -- Which pool this is (its name, as in its path): the alarm has no request to read it from.
  CREATE TABLE IF NOT EXISTS meta (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    pool TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS seeks (
    -- The seeker key's SHA-256, hex: who this is, and nothing else about them.
    seeker TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    lang TEXT NOT NULL,
    -- The tag of the seeker's address, for the seeks one address may have (never the address itself).
    address TEXT NOT NULL,
    since INTEGER NOT NULL,
    dropped_at INTEGER,
    fill INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX IF NOT EXISTS seeks_by_address ON seeks (address);
  -- A table a wave made; made = 1 once its Durable Object holds it.
  CREATE TABLE IF NOT EXISTS pairings (
    table_id TEXT PRIMARY KEY,
    computers INTEGER NOT NULL,
    lang TEXT NOT NULL,
    at INTEGER NOT NULL,
    made INTEGER NOT NULL DEFAULT 0
  );
  -- The seat each seeker of a pairing was given, with its token, until the seeker has had time to hear of it.
  CREATE TABLE IF NOT EXISTS seated (
    seeker TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS seated_by_table ON seated (table_id);
`;

/** A seek, with what the pool keeps beside the pairing rules' view of it. */
export interface StoredSeek extends Seek {
  readonly lang: Language;
  readonly address: string;
}

/** A seat a wave gave a seeker. */
export interface SeatGiven {
  readonly seeker: string;
  readonly tableId: string;
  readonly seat: number;
  readonly name: string;
  readonly token: string;
}

/** A table a wave made, and whether its Durable Object holds it yet. */
export interface Pairing {
  readonly tableId: string;
  readonly computers: number;
  readonly lang: Language;
  readonly at: number;
  readonly made: boolean;
}

/** What the pool's next alarm depends on. */
export interface PoolDue {
  readonly seeks: number;
  /** Seeks whose seeker has a socket open, and of those, the ones who asked for computers. */
  readonly here: number;
  readonly fillers: number;
  /** The oldest seek's start, and the earliest drop of a seek's socket. */
  readonly firstSince?: number;
  readonly firstDropped?: number;
  /** Tables written but not made yet, and when the oldest made one was made. */
  readonly unmade: number;
  readonly oldestMade?: number;
}

type Row = Record<string, SqlStorageValue>;

function seekOf(row: Row): StoredSeek {
  return {
    seeker: row.seeker as string,
    name: row.name as string,
    lang: row.lang as Language,
    address: row.address as string,
    since: row.since as number,
    droppedAt: (row.dropped_at as number | null) ?? null,
    fill: row.fill === 1,
  };
}

export class PoolStore {
  private readonly sql: SqlStorage;
  /** The pool's name as stored, read once: it never changes once set (null: none yet). */
  private name: string | null | undefined;

  constructor(storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.sql.exec(SCHEMA);
  }

  /** The pool's name, once a seeker has come. */
  poolName(): string | undefined {
    if (this.name === undefined) {
      const [row] = this.sql.exec("SELECT pool FROM meta").toArray();
      this.name = (row?.pool as string | undefined) ?? null;
    }
    return this.name ?? undefined;
  }

  setPoolName(pool: string): void {
    this.sql.exec("INSERT OR REPLACE INTO meta (id, pool) VALUES (0, ?)", pool);
    this.name = pool;
  }

  seeks(): StoredSeek[] {
    return this.sql.exec("SELECT * FROM seeks").toArray().map(seekOf);
  }

  seek(seeker: string): StoredSeek | undefined {
    const [row] = this.sql.exec("SELECT * FROM seeks WHERE seeker = ?", seeker).toArray();
    return row && seekOf(row);
  }

  count(): number {
    return this.sql.exec("SELECT count(*) AS n FROM seeks").one().n as number;
  }

  countFrom(address: string): number {
    return this.sql.exec("SELECT count(*) AS n FROM seeks WHERE address = ?", address).one().n as number;
  }

  add(seek: StoredSeek): void {
    this.sql.exec(
      "INSERT INTO seeks (seeker, name, lang, address, since, dropped_at, fill) VALUES (?, ?, ?, ?, ?, ?, ?)",
      seek.seeker,
      seek.name,
      seek.lang,
      seek.address,
      seek.since,
      seek.droppedAt,
      seek.fill ? 1 : 0,
    );
  }

  /** The seeker's socket dropped at `at`, or (null) one is open again. */
  setDropped(seeker: string, at: number | null): void {
    this.sql.exec("UPDATE seeks SET dropped_at = ? WHERE seeker = ?", at, seeker);
  }

  /** Seeks whose socket is not among the open ones: after a restart every socket is gone. */
  dropAllBut(open: ReadonlySet<string>, at: number): void {
    for (const seek of this.seeks()) {
      if (seek.droppedAt === null && !open.has(seek.seeker)) this.setDropped(seek.seeker, at);
    }
  }

  setFill(seeker: string): void {
    this.sql.exec("UPDATE seeks SET fill = 1 WHERE seeker = ?", seeker);
  }

  remove(seeker: string): void {
    this.sql.exec("DELETE FROM seeks WHERE seeker = ?", seeker);
  }

  /** A table a wave made: its seats given, their seeks gone. Call inside a transaction. */
  pair(pairing: Omit<Pairing, "made">, seats: readonly SeatGiven[]): void {
    this.sql.exec(
      "INSERT INTO pairings (table_id, computers, lang, at) VALUES (?, ?, ?, ?)",
      pairing.tableId,
      pairing.computers,
      pairing.lang,
      pairing.at,
    );
    for (const seat of seats) {
      this.sql.exec(
        "INSERT INTO seated (seeker, table_id, seat, name, token) VALUES (?, ?, ?, ?, ?)",
        seat.seeker,
        seat.tableId,
        seat.seat,
        seat.name,
        seat.token,
      );
      this.remove(seat.seeker);
    }
  }

  /** Tables a wave made that their Durable Object does not hold yet (the pool stopped, or the call failed). */
  unmade(): Pairing[] {
    return this.sql
      .exec("SELECT * FROM pairings WHERE made = 0 ORDER BY at")
      .toArray()
      .map((row) => ({
        tableId: row.table_id as string,
        computers: row.computers as number,
        lang: row.lang as Language,
        at: row.at as number,
        made: false,
      }));
  }

  markMade(tableId: string): void {
    this.sql.exec("UPDATE pairings SET made = 1 WHERE table_id = ?", tableId);
  }

  seatsAt(tableId: string): SeatGiven[] {
    return this.sql
      .exec("SELECT * FROM seated WHERE table_id = ? ORDER BY seat", tableId)
      .toArray()
      .map((row) => seatOf(row));
  }

  /** The seat a seeker was given, once its table is made. */
  seatOf(seeker: string): SeatGiven | undefined {
    const [row] = this.sql
      .exec(
        "SELECT seated.* FROM seated JOIN pairings USING (table_id) WHERE seated.seeker = ? AND pairings.made = 1",
        seeker,
      )
      .toArray();
    return row && seatOf(row);
  }

  /** Whether a seeker has a seat, made or being made. */
  isSeated(seeker: string): boolean {
    return this.sql.exec("SELECT 1 FROM seated WHERE seeker = ?", seeker).toArray().length > 0;
  }

  /** Forgets the made tables older than `before` with their seats: their seekers have had time to hear. */
  forgetMadeBefore(before: number): void {
    this.sql.exec(
      "DELETE FROM seated WHERE table_id IN (SELECT table_id FROM pairings WHERE made = 1 AND at < ?)",
      before,
    );
    this.sql.exec("DELETE FROM pairings WHERE made = 1 AND at < ?", before);
  }

  /** What the pool's next alarm depends on, in one pass over each table. */
  due(): PoolDue {
    const seeks = this.sql
      .exec(
        `SELECT count(*) AS seeks, count(*) FILTER (WHERE dropped_at IS NULL) AS here,
           count(*) FILTER (WHERE dropped_at IS NULL AND fill = 1) AS fillers,
           min(since) AS first_since, min(dropped_at) AS first_dropped FROM seeks`,
      )
      .one();
    const pairings = this.sql
      .exec(
        `SELECT count(*) FILTER (WHERE made = 0) AS unmade, min(at) FILTER (WHERE made = 1) AS oldest_made
         FROM pairings`,
      )
      .one();
    return {
      seeks: seeks.seeks as number,
      here: seeks.here as number,
      fillers: seeks.fillers as number,
      firstSince: (seeks.first_since as number | null) ?? undefined,
      firstDropped: (seeks.first_dropped as number | null) ?? undefined,
      unmade: pairings.unmade as number,
      oldestMade: (pairings.oldest_made as number | null) ?? undefined,
    };
  }
}

function seatOf(row: Row): SeatGiven {
  return {
    seeker: row.seeker as string,
    tableId: row.table_id as string,
    seat: row.seat as number,
    name: row.name as string,
    token: row.token as string,
  };
}

/** What a seeker is told of the seat it was given. */
export function pairedMessage(seat: SeatGiven): QuickServerMessage {
  return { type: "paired", tableId: seat.tableId, seat: seat.seat, token: seat.token };
}

/** Who a pool's socket is: its address's tag, its seek's seeker (hashed) once it seeks, when it was last heard. */
export interface Seeker {
  readonly address: string;
  readonly seeker: string | null;
  readonly heardAt: number;
}

export function seekerOf(ws: WebSocket): Seeker {
  return (ws.deserializeAttachment() as Seeker | null) ?? { address: "", seeker: null, heardAt: 0 };
}
