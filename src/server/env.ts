import type { Table } from "./table.ts";

/** The worker's bindings (wrangler.toml). */
export interface Env {
  readonly TABLES: DurableObjectNamespace<Table>;
  readonly ASSETS: Fetcher;
  /** Tables created per client address (wrangler.toml `[[ratelimits]]`). */
  readonly CREATE_LIMITER?: RateLimit;
  /** Table sockets opened per client address. */
  readonly SOCKET_LIMITER?: RateLimit;
  /** Days without an event after which a table is deleted. */
  readonly IDLE_DAYS?: string;
  /** Seconds the player to move must have been disconnected before the others may act (the stall remedies). */
  readonly STALL_GRACE_SECONDS?: string;
  /** Milliseconds the computer waits before it plays a turn, so that people can follow (default 1500). */
  readonly COMPUTER_DELAY_MS?: string;
}
