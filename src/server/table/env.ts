/** What a table's Durable Object is handed (wrangler.toml): the lobby's directory, its settings and secrets, and what they mean. */
import type { CommandOptions } from "../../table/index.ts";
import type { Directory } from "../lobby/directory.ts";
import type { TelemetryEnv } from "../observability/telemetry.ts";
import type { PushSettings } from "../push/push-service.ts";
import { msSetting } from "../settings.ts";

export interface TableEnv extends PushSettings, TelemetryEnv {
  /** The lobby's list, which a listed table tells of its listing (lobby/listing.ts). */
  readonly DIRECTORY: DurableObjectNamespace<Directory>;
  /** Seconds between two reports of a listed game's spectator count to the lobby (default 15). */
  readonly LISTING_SPECTATORS_SECONDS?: string;
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
  /** Seconds after the turn passes before a player who is away is notified (default 60). */
  readonly NOTIFY_GRACE_SECONDS?: string;
}

const DAY_MS = 86_400_000;
const DEFAULT_IDLE_DAYS = 30;

/** How long a table may go without an event before it is deleted. */
export function idleMs(env: TableEnv): number {
  return msSetting(env.IDLE_DAYS, DEFAULT_IDLE_DAYS * DAY_MS, DAY_MS);
}

/** The table's rules of play that the deployment sets: the stall grace, the computer's delay. */
export function commandOptions(env: TableEnv): CommandOptions {
  const grace = env.STALL_GRACE_SECONDS;
  const delay = env.COMPUTER_DELAY_MS;
  return {
    drawFirstPlayer: (players: number) => crypto.getRandomValues(new Uint32Array(1))[0] % players,
    ...(grace === undefined ? {} : { stallGraceMs: Number(grace) * 1000 }),
    ...(delay === undefined ? {} : { computerDelayMs: Number(delay) }),
  };
}
