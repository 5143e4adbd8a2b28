/**
 * The notifications' SQLite tables, apart from the game's (table-store.ts)
 * and the chat's: the seats' push subscriptions, and the outbox of
 * notifications owed (one row per subscription and notice, kept once sent
 * so that a notice is never sent twice). Both are small (at most
 * MAX_SUBSCRIPTIONS_PER_SEAT a seat; an outbox row a turn) and read once
 * after a wake, then kept in memory, so a move reads no row.
 */
import { NOTICE_KINDS, type Notice, type NoticeKind } from "../../protocol/index.ts";
import type { Subscriber } from "./push-service.ts";

/**
 * Made with a table's first subscription: a table nobody asked to be
 * notified by has none. No index but SQLite's row ids, as the game's tables:
 * the rows are few and read once after a wake, and an endpoint (or an
 * endpoint and a notice's key) is kept once by the code that writes them.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS push_subscriptions (
    endpoint TEXT NOT NULL,
    seat INTEGER NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    lang TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS push_outbox (
    endpoint TEXT NOT NULL,
    key TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    notice TEXT NOT NULL,
    due INTEGER,
    attempts INTEGER NOT NULL
  );
`;

/** A player's devices: a new subscription past this replaces the seat's oldest. */
export const MAX_SUBSCRIPTIONS_PER_SEAT = 4;

/** Sent notices remembered per subscription (so that none goes twice); older ones are forgotten. */
const SENT_KEPT = 16;

export interface StoredSubscription extends Subscriber {
  readonly seat: number;
  readonly lang: Notice["lang"];
  readonly at: number;
}

/** A notice owed to one subscription: `due` null once sent (or given up). */
export interface OutboxEntry {
  readonly endpoint: string;
  readonly key: string;
  readonly seat: number;
  readonly kind: NoticeKind;
  readonly notice: Notice;
  readonly due: number | null;
  readonly attempts: number;
}

interface Loaded {
  subscriptions: StoredSubscription[];
  outbox: OutboxEntry[];
}

export class PushStore {
  private readonly sql: SqlStorage;
  private loaded: Loaded | undefined;

  constructor(storage: DurableObjectStorage) {
    this.sql = storage.sql;
  }

  /** Forgets what was read (after a failed write): the next call reads storage again. */
  forget(): void {
    this.loaded = undefined;
  }

  /** The subscriptions of `seat`, oldest first. */
  subscriptionsOf(seat: number): StoredSubscription[] {
    return this.load().subscriptions.filter((subscription) => subscription.seat === seat);
  }

  /** Whether any seat has a subscription: a table with none pays nothing per move. */
  get empty(): boolean {
    return this.load().subscriptions.length === 0;
  }

  /** Keeps `subscription` for its seat (moved there if another seat had it), dropping the seat's oldest past the cap. */
  subscribe(subscription: StoredSubscription): void {
    const loaded = this.load();
    this.sql.exec(SCHEMA);
    this.unsubscribe(subscription.endpoint);
    this.sql.exec(
      "INSERT INTO push_subscriptions (endpoint, seat, p256dh, auth, lang, at) VALUES (?, ?, ?, ?, ?, ?)",
      subscription.endpoint,
      subscription.seat,
      subscription.p256dh,
      subscription.auth,
      subscription.lang,
      subscription.at,
    );
    loaded.subscriptions = [...loaded.subscriptions, subscription];
    const ofSeat = this.subscriptionsOf(subscription.seat);
    for (const old of ofSeat.slice(0, Math.max(0, ofSeat.length - MAX_SUBSCRIPTIONS_PER_SEAT))) {
      this.unsubscribe(old.endpoint);
    }
  }

  /** Deletes the subscription at `endpoint`, and what it was owed; false if there was none. */
  unsubscribe(endpoint: string): boolean {
    const loaded = this.load();
    const before = loaded.subscriptions.length;
    this.sql.exec("DELETE FROM push_subscriptions WHERE endpoint = ?", endpoint);
    this.sql.exec("DELETE FROM push_outbox WHERE endpoint = ?", endpoint);
    loaded.subscriptions = loaded.subscriptions.filter((subscription) => subscription.endpoint !== endpoint);
    loaded.outbox = loaded.outbox.filter((entry) => entry.endpoint !== endpoint);
    return loaded.subscriptions.length < before;
  }

  /** The seat is freed: its subscriptions go with its player. */
  freeSeat(seat: number): void {
    for (const { endpoint } of this.subscriptionsOf(seat)) this.unsubscribe(endpoint);
  }

  /** Two players traded seats: each one's subscriptions follow them. */
  swapSeats(a: number, b: number): void {
    const loaded = this.load();
    this.sql.exec(
      "UPDATE push_subscriptions SET seat = CASE seat WHEN ? THEN ? ELSE ? END WHERE seat IN (?, ?)",
      a,
      b,
      a,
      a,
      b,
    );
    this.sql.exec("DELETE FROM push_outbox WHERE seat IN (?, ?) AND due IS NOT NULL", a, b);
    const swapped = (seat: number) => (seat === a ? b : seat === b ? a : seat);
    loaded.subscriptions = loaded.subscriptions.map((subscription) => ({
      ...subscription,
      seat: swapped(subscription.seat),
    }));
    loaded.outbox = loaded.outbox.filter((entry) => entry.due === null || (entry.seat !== a && entry.seat !== b));
  }

  /** Owes `notice` to every subscription of `seat`, from `due`; one already owed or sent under `key` is left as it is. */
  owe(seat: number, kind: NoticeKind, key: string, notice: Omit<Notice, "lang">, due: number): void {
    const loaded = this.load();
    for (const subscription of this.subscriptionsOf(seat)) {
      const known = loaded.outbox.some((entry) => entry.endpoint === subscription.endpoint && entry.key === key);
      if (known) continue;
      const entry: OutboxEntry = {
        endpoint: subscription.endpoint,
        key,
        seat,
        kind,
        notice: { ...notice, lang: subscription.lang },
        due,
        attempts: 0,
      };
      this.sql.exec(
        "INSERT INTO push_outbox (endpoint, key, seat, kind, notice, due, attempts) VALUES (?, ?, ?, ?, ?, ?, 0)",
        entry.endpoint,
        key,
        seat,
        kind,
        JSON.stringify(entry.notice),
        due,
      );
      loaded.outbox = [...loaded.outbox, entry];
    }
  }

  /** When the next owed notice is due (+∞ when none is). */
  get nextDue(): number {
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.load().outbox) if (entry.due !== null && entry.due < next) next = entry.due;
    return next;
  }

  /** The notices owed and not yet sent (nor given up), being sent included. */
  pending(): OutboxEntry[] {
    return this.load().outbox.filter((entry) => entry.due !== null);
  }

  /** The notices due by `now`. */
  due(now: number): OutboxEntry[] {
    return this.load().outbox.filter((entry) => entry.due !== null && entry.due <= now);
  }

  /** The subscription at `endpoint`, if it is still kept. */
  subscription(endpoint: string): StoredSubscription | undefined {
    return this.load().subscriptions.find((subscription) => subscription.endpoint === endpoint);
  }

  /**
   * A notice about to be sent: not due again until `until` (should this
   * object stop before it knows the outcome, it is tried again then), and
   * one attempt more.
   */
  claim(entry: OutboxEntry, until: number): OutboxEntry {
    this.update(entry, until, entry.attempts + 1);
    return { ...entry, due: until, attempts: entry.attempts + 1 };
  }

  /** A notice to try again at `due`. */
  postpone(entry: OutboxEntry, due: number): void {
    this.update(entry, due, entry.attempts);
  }

  /** A notice was sent, or will not be: it stays, not due, so that it is not owed again; the oldest are forgotten. */
  settle(entry: OutboxEntry): void {
    this.update(entry, null, entry.attempts);
    const loaded = this.load();
    const settled = loaded.outbox.filter((kept) => kept.endpoint === entry.endpoint && kept.due === null);
    for (const old of settled.slice(0, Math.max(0, settled.length - SENT_KEPT))) {
      this.sql.exec("DELETE FROM push_outbox WHERE endpoint = ? AND key = ?", old.endpoint, old.key);
      loaded.outbox = loaded.outbox.filter((kept) => kept !== old);
    }
  }

  private update(entry: OutboxEntry, due: number | null, attempts: number): void {
    const loaded = this.load();
    this.sql.exec(
      "UPDATE push_outbox SET due = ?, attempts = ? WHERE endpoint = ? AND key = ?",
      due,
      attempts,
      entry.endpoint,
      entry.key,
    );
    // Replaced where it stands: the outbox keeps the order notices were owed in.
    loaded.outbox = loaded.outbox.map((kept) =>
      kept.endpoint === entry.endpoint && kept.key === entry.key ? { ...kept, due, attempts } : kept,
    );
  }

  private load(): Loaded {
    if (this.loaded) return this.loaded;
    const made = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'push_subscriptions'");
    if (made.toArray().length === 0) {
      this.loaded = { subscriptions: [], outbox: [] };
      return this.loaded;
    }
    const subscriptions = this.sql
      .exec<{ endpoint: string; seat: number; p256dh: string; auth: string; lang: string; at: number }>(
        "SELECT endpoint, seat, p256dh, auth, lang, at FROM push_subscriptions ORDER BY at, rowid",
      )
      .toArray()
      .map((row) => ({ ...row, lang: row.lang as Notice["lang"] }));
    const outbox = this.sql
      .exec<{
        endpoint: string;
        key: string;
        seat: number;
        kind: string;
        notice: string;
        due: number | null;
        attempts: number;
      }>("SELECT endpoint, key, seat, kind, notice, due, attempts FROM push_outbox ORDER BY rowid")
      .toArray()
      .flatMap((row) =>
        (NOTICE_KINDS as readonly string[]).includes(row.kind)
          ? [{ ...row, kind: row.kind as NoticeKind, notice: JSON.parse(row.notice) as Notice }]
          : [],
      );
    this.loaded = { subscriptions, outbox };
    return this.loaded;
  }
}
