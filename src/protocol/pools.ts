/**
 * Quick play's pools by name, without a schema: what a page needs to offer
 * the choices and to read a pool's name from an address, so that the front
 * page's first screen carries no validator (the schemas that check the same
 * shapes on the wire are in lobby.ts, built on these lists).
 */
import { VARIANT_NAMES, type Variant } from "../rules/index.ts";

/** The players a pool seats at one table: the race's star has room for 2, 3, 4 or 6. */
export const POOL_PLAYERS = [2, 3, 4, 6] as const;
/** A pool's clock: live (a bank of 5 minutes, 5 s a move) or long (3 days, a day a move, to play across days). */
export const POOL_CLOCKS = ["live", "long"] as const;

export type PoolClock = (typeof POOL_CLOCKS)[number];
/** What a seeker asks for, which names its pool: players × variant × clock (`PoolKindSchema` on the wire). */
export interface PoolKind {
  readonly players: (typeof POOL_PLAYERS)[number];
  readonly variant: Variant;
  readonly clock: PoolClock;
}

/**
 * A pool's name in a path, `<variant>-<players>-<clock>` (`classic-2-live`):
 * one Durable Object each.
 */
export const POOL_NAME = new RegExp(
  `^(${VARIANT_NAMES.join("|")})-(${POOL_PLAYERS.join("|")})-(${POOL_CLOCKS.join("|")})$`,
);

/** A pool's name, as in its path. */
export function poolName(kind: PoolKind): string {
  return `${kind.variant}-${kind.players}-${kind.clock}`;
}

/** The pool a name names, or undefined. */
export function parsePoolName(name: string): PoolKind | undefined {
  const match = POOL_NAME.exec(name);
  if (!match) return undefined;
  const [, variant, players, clock] = match;
  return {
    variant: variant as Variant,
    players: Number(players) as PoolKind["players"],
    clock: clock as PoolClock,
  };
}
