/**
 * How fast a table's chat may go: token buckets per socket, per client
 * address (all its sockets at the table together) and per table, for chat
 * messages and for reactions apart. A message over a limit is refused with
 * `chat-rate-limited`; the socket stays open (the socket's own flood guard,
 * connection.ts, still closes a socket that floods with anything).
 *
 * The table has two buckets of each kind: one for its players (the seated
 * and the host) and one for its spectators, so that a crowd of spectators,
 * from however many addresses, cannot spend the players' share (measured:
 * with one table bucket, 30 spectator addresses refused two thirds of the
 * players' messages; BENCHMARKS.md). The two bound what chat can cost: each
 * message or reaction is sent to every socket, so the sum of the table's
 * rates times MAX_SOCKETS_PER_TABLE is the most frames a second chat can
 * make the table send.
 *
 * The buckets live in memory. Hibernation forgets them, which refills them:
 * a table hibernates only after some seconds with no message, and the
 * quiet has refilled most of a bucket by then.
 */

/** Who draws on which of the table's buckets: the players (the seated and the host), or the spectators. */
export type ChatGroup = "players" | "spectators";

/** A bucket's size (a burst) and how many tokens it gets back a second. */
export interface Rate {
  readonly burst: number;
  readonly perSecond: number;
}

/** The limits of one kind of chat traffic: per socket, per address, and per table for each of its two groups. */
export interface ChatRates {
  readonly socket: Rate;
  readonly address: Rate;
  readonly table: Rate;
}

/**
 * Messages: a person may say five things at once and one every two seconds
 * after that, faster than anyone types a conversation; an address (a few
 * friends on one network, or one stranger with many sockets) twice that;
 * the table's players five a second, and its spectators five a second.
 */
export const MESSAGE_RATES: ChatRates = {
  socket: { burst: 5, perSecond: 0.5 },
  address: { burst: 10, perSecond: 1 },
  table: { burst: 20, perSecond: 5 },
};

/** Reactions: a tap is quicker than a sentence, so a little more, and ten a second for each group at a table. */
export const REACTION_RATES: ChatRates = {
  socket: { burst: 5, perSecond: 1 },
  address: { burst: 10, perSecond: 2 },
  table: { burst: 20, perSecond: 10 },
};

interface Bucket {
  readonly tokens: number;
  readonly at: number;
}

function refilled(bucket: Bucket | undefined, rate: Rate, now: number): number {
  if (!bucket) return rate.burst;
  return Math.min(rate.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * rate.perSecond);
}

/** One kind of traffic's buckets at a table. */
export class ChatLimiter {
  private readonly rates: ChatRates;
  private readonly sockets = new WeakMap<WebSocket, Bucket>();
  private readonly addresses = new Map<string, Bucket>();
  private readonly table = new Map<ChatGroup, Bucket>();

  constructor(rates: ChatRates) {
    this.rates = rates;
  }

  /**
   * Takes a token from the socket's, its address's and its group's table
   * bucket, all or none; false (and nothing taken) when any of them is empty.
   */
  take(ws: WebSocket, address: string, group: ChatGroup, now: number): boolean {
    const { rates } = this;
    const socket = refilled(this.sockets.get(ws), rates.socket, now);
    const fromAddress = refilled(this.addresses.get(address), rates.address, now);
    const table = refilled(this.table.get(group), rates.table, now);
    if (socket < 1 || fromAddress < 1 || table < 1) return false;
    this.sockets.set(ws, { tokens: socket - 1, at: now });
    this.addresses.set(address, { tokens: fromAddress - 1, at: now });
    this.table.set(group, { tokens: table - 1, at: now });
    this.forgetFull(now);
    return true;
  }

  /** Addresses whose buckets have refilled are dropped, so the map holds only the recently talkative. */
  private forgetFull(now: number): void {
    if (this.addresses.size < 64) return;
    for (const [address, bucket] of this.addresses) {
      if (refilled(bucket, this.rates.address, now) >= this.rates.address.burst) this.addresses.delete(address);
    }
  }
}

/**
 * Request ids seen in the last `ttlMs`, in memory: what is not stored (a
 * reaction) is still not applied twice when a client resends it after a
 * reconnect. The table's reaction bucket bounds how many come in a minute,
 * and so the set's size.
 */
export class RecentRequests {
  private readonly ttlMs: number;
  private readonly seenAt = new Map<string, number>();

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  seen(request: string, now: number): boolean {
    const at = this.seenAt.get(request);
    return at !== undefined && now - at < this.ttlMs;
  }

  note(request: string, now: number): void {
    // Insertion order is time order: the stale ones are at the front.
    for (const [old, at] of this.seenAt) {
      if (now - at < this.ttlMs) break;
      this.seenAt.delete(old);
    }
    this.seenAt.delete(request);
    this.seenAt.set(request, now);
  }
}
