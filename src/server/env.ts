import type { Directory } from "./lobby/directory.ts";
import type { Pool } from "./lobby/pool.ts";
import type { Table } from "./table.ts";

/**
 * A duration setting of wrangler.toml's `[vars]` (given in `unit` ms, a
 * second by default) in ms, or `fallback` when it is not set.
 */
export function msSetting(value: string | undefined, fallback: number, unit = 1000): number {
  return value === undefined ? fallback : Number(value) * unit;
}

/** The worker's bindings (wrangler.toml). */
export interface Env {
  readonly TABLES: DurableObjectNamespace<Table>;
  readonly ASSETS: Fetcher;
  /** Quick play's pools: one Durable Object per kind of game, named as its path (`classic-2-live`). */
  readonly POOLS: DurableObjectNamespace<Pool>;
  /** The lobby's list of open tables and games to watch: one Durable Object (`lobby`). */
  readonly DIRECTORY: DurableObjectNamespace<Directory>;
  /** Quick-play and lobby sockets opened per client address. */
  readonly LOBBY_LIMITER?: RateLimit;
  /** Seconds between two reports of a listed game's spectator count to the lobby (default 15). */
  readonly LISTING_SPECTATORS_SECONDS?: string;
  /** Quick play's pairing wave, in ms (default 2000); the tests shorten it. */
  readonly POOL_WAVE_MS?: string;
  /** Seconds a seeker waits before being offered computer players (default 20). */
  readonly POOL_FILL_AFTER_SECONDS?: string;
  /** Seconds a seek outlives its socket, for a reload or a network switch (default 10). */
  readonly POOL_DROP_GRACE_SECONDS?: string;
  /** Seconds a pool's socket may be silent (no message, no ping) before it is taken for gone (default 12). */
  readonly POOL_SILENT_SECONDS?: string;
  /** Seconds a seek lasts at most (default 1800). */
  readonly POOL_SEEK_LIFETIME_SECONDS?: string;
  /** Tables created per client address (wrangler.toml `[[ratelimits]]`). */
  readonly CREATE_LIMITER?: RateLimit;
  /** Table sockets opened per client address. */
  readonly SOCKET_LIMITER?: RateLimit;
  /** Reads of a table's snapshot or record per client address. */
  readonly READ_LIMITER?: RateLimit;
  /** Attempts to redeem a seat's hand-over code per client address. */
  readonly HANDOVER_LIMITER?: RateLimit;
  /** Days without an event after which a table is deleted. */
  readonly IDLE_DAYS?: string;
  /** Seconds the player to move must have been disconnected before the others may act (the stall remedies). */
  readonly STALL_GRACE_SECONDS?: string;
  /** Milliseconds the computer waits before it plays a turn, so that people can follow (default 1500). */
  readonly COMPUTER_DELAY_MS?: string;
  /**
   * The secret new table ids are signed with, and ids checked with (a secret:
   * `wrangler secret put`, `.dev.vars` locally; at least 32 characters, e.g.
   * 32 random bytes in base64url). Without it no table can be created or
   * reached: the worker answers 500 misconfigured. Changing it breaks every
   * link made under it, unless the old one becomes TABLE_ID_PREVIOUS_KEY.
   */
  readonly TABLE_ID_KEY?: string;
  /** The key before a rotation (a secret): ids signed with it are still accepted; no new id is. Optional. */
  readonly TABLE_ID_PREVIOUS_KEY?: string;
  /**
   * "true": 16-character ids of tables created before ids were signed are
   * passed to their Durable Object, which answers whether they exist (each
   * such probe wakes one). Anything else ("false", the default): they answer
   * 404 at the worker, like an unknown table.
   */
  readonly ACCEPT_UNSIGNED_TABLE_IDS?: string;
  /**
   * The VAPID key pair "your turn" notifications are sent with (secrets:
   * `npm run deploy` makes them on the first deploy, `npm start` in
   * .dev.vars): the public key as the 65-byte uncompressed P-256 point, the
   * private key as its 32-byte scalar, both base64url. Without them no one
   * can subscribe (`push-unavailable`). Changing them ends every
   * subscription: browsers must subscribe again (README, Configuration).
   */
  readonly VAPID_PUBLIC_KEY?: string;
  readonly VAPID_PRIVATE_KEY?: string;
  /** Who runs the service, for the push services: a `mailto:` or `https:` URL. */
  readonly VAPID_SUBJECT?: string;
  /**
   * "true" lets subscriptions name https endpoints on loopback (127.0.0.1,
   * localhost, ::1), for the tests' push service. Off unless set; never in
   * wrangler.toml, and `npm run deploy` refuses to deploy with it.
   */
  readonly PUSH_ALLOW_LOOPBACK?: string;
  /** Seconds after the turn passes before a player who is away is notified (default 60). */
  readonly NOTIFY_GRACE_SECONDS?: string;
}
