/**
 * The worker's bindings (wrangler.toml): what each Durable Object is handed
 * (its own `…Env`, declared beside it), and what only the worker uses.
 */
import type { Pool } from "./lobby/pool.ts";
import type { PoolEnv } from "./lobby/pool-settings.ts";
import type { TableEnv } from "./table/env.ts";

export interface Env extends TableEnv, PoolEnv {
  /** The deployment's version (wrangler.toml [version_metadata]), for /api/health. */
  readonly VERSION?: WorkerVersionMetadata;
  readonly ASSETS: Fetcher;
  /** Quick play's pools: one Durable Object per kind of game, named as its path (`classic-2-live`). */
  readonly POOLS: DurableObjectNamespace<Pool>;
  /** Quick-play and lobby sockets opened per client address. */
  readonly LOBBY_LIMITER?: RateLimit;
  /** Tables created per client address (wrangler.toml `[[ratelimits]]`). */
  readonly CREATE_LIMITER?: RateLimit;
  /** Table sockets opened per client address. */
  readonly SOCKET_LIMITER?: RateLimit;
  /** Reads of a table's snapshot or record per client address. */
  readonly READ_LIMITER?: RateLimit;
  /** Attempts to redeem a seat's hand-over code per client address. */
  readonly HANDOVER_LIMITER?: RateLimit;
  /** The key before a rotation (a secret): ids signed with it are still accepted; no new id is. Optional. */
  readonly TABLE_ID_PREVIOUS_KEY?: string;
  /**
   * "true": 16-character ids of tables created before ids were signed are
   * passed to their Durable Object, which answers whether they exist (each
   * such probe wakes one). Anything else ("false", the default): they answer
   * 404 at the worker, like an unknown table.
   */
  readonly ACCEPT_UNSIGNED_TABLE_IDS?: string;
}
