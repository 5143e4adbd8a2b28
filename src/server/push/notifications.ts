/**
 * "Your turn" notifications by Web Push: the seats' subscriptions, what a
 * commit owes to players who are away, and sending what is due when the
 * alarm comes.
 *
 * Nothing of it is on a move's path: a commit only notes, in its own
 * transaction, a notice owed to a seat that has a subscription (due after a
 * grace, so that a player who just glanced away is not buzzed), and settles
 * those it made untrue; the alarm sends it, if it still says something true
 * and the player is away then. A push service that is slow or fails delays
 * nothing but its own notice, which is tried again a few times.
 *
 * Whether the player is away is asked only when the notice is due, never at
 * the commit: who is connected then is what the table has heard so far, and
 * it lags. A tab's close may reach the table after the move it crossed, and
 * a phone locked with its socket open still counts as connected until the
 * socket goes silent (presence.ts, STALE_MS). Decided at the commit, such a
 * player was never owed the notice, and never got it.
 */
import type { ClientMessage } from "../../protocol/index.ts";
import { type LoggedEvent, noticesOf, stillDue, type TableCommands, TableError } from "../../table/index.ts";
import { identityOf, send } from "../connections/connection.ts";
import { allowedEndpoint, type PushConfig, sendPush, validBrowserKey } from "./push-service.ts";
import type { OutboxEntry, PushStore } from "./push-store.ts";

type PushRequest = Extract<ClientMessage, { type: "pushSubscribe" | "pushUnsubscribe" }>;

export function isPushRequest(message: ClientMessage): message is PushRequest {
  return message.type === "pushSubscribe" || message.type === "pushUnsubscribe";
}

/** How long after the turn passes a player who is away is notified, by default. */
export const NOTIFY_GRACE_MS = 60_000;
/** Attempts at one notice before it is given up. */
export const MAX_ATTEMPTS = 4;
/** How long a notice being sent is held back from the next alarm: longer than a push service may take. */
const SENDING_MS = 30_000;
/** The wait before the next attempt after the n-th failed one: 30 s, 2 min, 8 min. */
const retryDelay = (attempts: number) => 30_000 * 4 ** (attempts - 1);

export interface NotificationsOptions {
  readonly store: PushStore;
  /** Null when the service has no VAPID keys: no one may subscribe, and nothing is sent. */
  readonly config: PushConfig | null;
  readonly graceMs: number;
  /** Which seats have a live socket now. */
  readonly connectedSeats: () => boolean[];
  /** What came of each push, for the operator's figures: sent, failed for good, or to be tried again. */
  readonly pushed: (result: "sent" | "failed" | "retried", status: string, ms: number) => void;
}

export class TableNotifications {
  private readonly options: NotificationsOptions;

  constructor(options: NotificationsOptions) {
    this.options = options;
  }

  get store(): PushStore {
    return this.options.store;
  }

  /** When the next notice is due (+∞ when none is): the alarm comes for it. */
  get nextDue(): number {
    return this.options.store.nextDue;
  }

  async handle(ws: WebSocket, table: TableCommands, message: PushRequest): Promise<void> {
    if (message.type === "pushUnsubscribe") {
      const { seat } = identityOf(ws);
      // Someone else's endpoint is left alone, and the answer does not say whether it was there.
      if (this.store.subscription(message.endpoint)?.seat === seat) this.store.unsubscribe(message.endpoint);
      send(ws, { type: "ack", id: message.id, seq: table.seq });
      return;
    }
    const { config } = this.options;
    if (!config) throw new TableError("push-unavailable", "this service sends no notifications");
    const { endpoint, keys } = message.subscription;
    if (!allowedEndpoint(endpoint, config.allowLoopback)) {
      throw new TableError("push-refused", "that endpoint is not a known push service");
    }
    if (!(await validBrowserKey(keys.p256dh))) {
      throw new TableError("push-refused", "that subscription's p256dh is not a P-256 public key");
    }
    // After the await: the seat may have been freed meanwhile.
    const who = identityOf(ws);
    table.authorize(who, "pushSubscribe");
    this.store.subscribe({
      endpoint,
      seat: who.seat as number,
      p256dh: keys.p256dh,
      auth: keys.auth,
      lang: message.lang,
      at: Date.now(),
    });
    send(ws, { type: "ack", id: message.id, seq: table.seq });
  }

  /**
   * In the commit's transaction: the subscriptions follow the seats, the
   * notices the entries made untrue (the turn played, the rematch accepted)
   * are settled, so that the alarm does not wake for them, and each notice
   * the entries owe a seat that has a subscription is noted, due after the
   * grace, whether or not the seat looks connected now (see the top).
   */
  write(entries: readonly LoggedEvent[], table: TableCommands): void {
    const { store } = this;
    if (store.empty) return;
    for (const { event } of entries) {
      if (event.type === "unseated") store.freeSeat(event.seat);
      if (event.type === "swapped") store.swapSeats(event.seats[0], event.seats[1]);
    }
    for (const entry of store.pending()) {
      if (!stillDue(table, entry.seat, entry.kind, entry.key)) store.settle(entry);
    }
    const owed = noticesOf(entries, table);
    if (owed.length === 0) return;
    const due = (entries.at(-1)?.at ?? Date.now()) + this.options.graceMs;
    for (const { seat, kind, key, notice } of owed) store.owe(seat, kind, key, notice, due);
  }

  /**
   * Marks the notices due by `now` as being sent (each an attempt, held back
   * from the alarm while it is out) and returns the sending, to be awaited
   * after the alarm is set again: a notice no longer true is settled unsent.
   * One whose player is connected: a game's end is news they have seen, and
   * is settled; a turn or a rematch still waits for them, and is looked at
   * again a grace later, so that a player who goes then (or whose socket
   * only looked open) is told (see the top).
   */
  claimDue(table: TableCommands, now: number): (() => Promise<void>) | null {
    const { store, config } = this.options;
    const due = store.due(now);
    if (due.length === 0) return null;
    const connected = this.options.connectedSeats();
    const sending: OutboxEntry[] = [];
    for (const entry of due) {
      if (config === null || !stillDue(table, entry.seat, entry.kind, entry.key)) store.settle(entry);
      else if (!connected[entry.seat]) sending.push(store.claim(entry, now + SENDING_MS));
      else if (entry.kind === "ended") store.settle(entry);
      else store.postpone(entry, now + this.options.graceMs);
    }
    if (sending.length === 0 || config === null) return null;
    return async () => {
      await Promise.all(sending.map((entry) => this.send(config, entry)));
    };
  }

  private async send(config: PushConfig, entry: OutboxEntry): Promise<void> {
    const { store } = this;
    const to = store.subscription(entry.endpoint);
    if (!to) return;
    const started = Date.now();
    const { outcome, status } = await sendPush(config, to, entry.notice);
    const tell = (result: "sent" | "failed" | "retried") => this.options.pushed(result, status, Date.now() - started);
    // The subscription may have gone while the push was out: then its outbox went with it.
    if (!store.subscription(entry.endpoint)) return;
    switch (outcome) {
      case "gone":
        tell("failed");
        store.unsubscribe(entry.endpoint);
        return;
      case "retry":
        if (entry.attempts < MAX_ATTEMPTS) {
          tell("retried");
          store.postpone(entry, Date.now() + retryDelay(entry.attempts));
        } else {
          tell("failed");
          store.settle(entry);
        }
        return;
      case "sent":
      case "dropped":
        tell(outcome === "sent" ? "sent" : "failed");
        store.settle(entry);
        return;
    }
  }
}
