/**
 * What a pool keeps to: the limits on its sockets and seeks, and its times,
 * as the deployment sets them (wrangler.toml).
 */
import { DEFAULT_TIMES, type PairingTimes, WAVE_MS } from "../../lobby/index.ts";
import type { TelemetryEnv } from "../observability/telemetry.ts";
import { msSetting } from "../settings.ts";
import type { Table } from "../table/table.ts";

/** A pool holds at most this many sockets; the next is told `pool-full` and closed. */
export const MAX_POOL_SOCKETS = 2_500;
/** A pool holds at most this many seeks (pool-full): as many as it has sockets. */
export const MAX_SEEKS_PER_POOL = MAX_POOL_SOCKETS;
/** One address holds at most this many sockets at a pool (the next is told `too-many-connections`): a household's tabs. */
export const MAX_POOL_SOCKETS_PER_ADDRESS = 8;
/** One address has at most this many seeks in a pool (too-many-seeks): phantom seekers cost their maker first. */
export const MAX_SEEKS_PER_ADDRESS = 4;
/**
 * A seeker's seat is kept this long after its table is made, for a seeker
 * whose socket dropped as it was seated to fetch with its key.
 */
export const SEAT_KEPT_MS = 10 * 60_000;
/**
 * A socket neither heard from nor pinging for this long is taken for gone
 * (the client pings every 2 s): five pings missed. Shorter, a pool whose
 * object falls behind under load (its pings answered late) closed live
 * seekers (bench:lobby, BENCHMARKS.md); longer, a seeker whose network died
 * without a word could be seated for longer.
 */
export const POOL_SILENT_MS = 12_000;
/** What a pool is handed (wrangler.toml): the tables it seats its seekers at, the key their ids are signed with, its times. */
export interface PoolEnv extends TelemetryEnv {
  readonly TABLES: DurableObjectNamespace<Table>;
  /** Signs the ids of the tables a pool makes (table/table-ids.ts); without it no table is made. */
  readonly TABLE_ID_KEY?: string;
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
}

/** A pool's times, from the deployment's settings (the tests shorten them). */
export interface PoolTimes {
  /** The pairing rules' times. */
  readonly pairing: PairingTimes;
  /** Between two waves. */
  readonly waveMs: number;
  /** A socket silent this long is taken for gone. */
  readonly silentMs: number;
}

export function poolTimes(env: PoolEnv): PoolTimes {
  const pairing = {
    fillAfterMs: msSetting(env.POOL_FILL_AFTER_SECONDS, DEFAULT_TIMES.fillAfterMs),
    dropGraceMs: msSetting(env.POOL_DROP_GRACE_SECONDS, DEFAULT_TIMES.dropGraceMs),
    lifetimeMs: msSetting(env.POOL_SEEK_LIFETIME_SECONDS, DEFAULT_TIMES.lifetimeMs),
  };
  return {
    pairing,
    waveMs: msSetting(env.POOL_WAVE_MS, WAVE_MS, 1),
    silentMs: msSetting(env.POOL_SILENT_SECONDS, POOL_SILENT_MS),
  };
}
