/**
 * Quick play's pairing rules, apart from storage and sockets: who waits in a
 * pool, who may be seated together, and what one wave of pairing makes of
 * the queue. The pool's Durable Object (src/server/lobby/) stores the seeks
 * and runs a wave on its alarm; everything it decides is asked here.
 *
 * A wave, as Lichess pairs its pools: every few seconds, not at each
 * arrival, so that a burst of seekers is seated in tables of the size they
 * asked for rather than one by one as they come.
 */
import { MAX_NAME_LENGTH, nameKey, POOL_CLOCK_SETTINGS, type PoolKind, type TableSettings } from "../protocol/index.ts";

/** One seeker's seek, as the pool stores it. */
export interface Seek {
  /** The seeker's key, hashed: who this is, and nothing more. */
  readonly seeker: string;
  readonly name: string;
  /** When the seek began: its place in the queue (ms since the epoch). */
  readonly since: number;
  /** When its socket dropped, or null while one is open. */
  readonly droppedAt: number | null;
  /** Whether the seeker asked to fill the empty seats with computer players. */
  readonly fill: boolean;
}

/** One table a wave makes: its seekers, in seat order from seat 1, and how many computer players sit after them. */
export interface Group {
  readonly seekers: readonly Seek[];
  readonly computers: number;
}

export interface PairingTimes {
  /** How long a seeker waits before being offered the computer players (FILL_AFTER_MS by default). */
  readonly fillAfterMs: number;
  /** How long a seek's socket may be gone before the seek is dropped (DROP_GRACE_MS by default). */
  readonly dropGraceMs: number;
  /** The longest a seek waits before it ends unseated (SEEK_LIFETIME_MS by default). */
  readonly lifetimeMs: number;
}

import { DROP_GRACE_MS, FILL_AFTER_MS, SEEK_LIFETIME_MS } from "./times.ts";

export { DROP_GRACE_MS, FILL_AFTER_MS, SEEK_LIFETIME_MS, WAVE_MS } from "./times.ts";

export const DEFAULT_TIMES: PairingTimes = {
  fillAfterMs: FILL_AFTER_MS,
  dropGraceMs: DROP_GRACE_MS,
  lifetimeMs: SEEK_LIFETIME_MS,
};

/** The settings of a table a pool seats: its players, variant and clock, started as soon as it is full. */
export function poolTableSettings(kind: PoolKind): TableSettings {
  return {
    variant: kind.variant,
    players: kind.players,
    colours: 1,
    pieces: 10,
    longJump: false,
    teams: false,
    clock: POOL_CLOCK_SETTINGS[kind.clock],
    firstPlayer: null,
    startWhenFull: true,
  };
}

/** Whether a seek may be seated now: its seeker is here (a socket open). */
export function isPresent(seek: Seek): boolean {
  return seek.droppedAt === null;
}

/** Whether a seek is over by itself: its socket gone past the grace, or its lifetime spent. */
export function isOver(seek: Seek, now: number, times: PairingTimes): "dropped" | "expired" | undefined {
  if (seek.droppedAt !== null && now - seek.droppedAt >= times.dropGraceMs) return "dropped";
  if (now - seek.since >= times.lifetimeMs) return "expired";
  return undefined;
}

/** From when a seek may ask for computer players. */
export function fillAt(seek: Pick<Seek, "since">, times: PairingTimes): number {
  return seek.since + times.fillAfterMs;
}

/**
 * One wave over a pool's seeks. Only seekers who are here are seated (a
 * dropped socket waits out its grace unseated), longest waiting first:
 * 1. as many full tables of people as the queue fills, in arrival order;
 * 2. then, among those left, the ones who asked for computer players sit
 *    together, `players` at a time, oldest first, computers in the seats
 *    no one fills. Someone who did not ask is never seated with computers.
 * Everyone else waits for the next wave. A seek is in at most one group.
 */
export function wave(seeks: readonly Seek[], players: number): Group[] {
  const queue = seeks.filter(isPresent).sort((a, b) => a.since - b.since || (a.seeker < b.seeker ? -1 : 1));
  const groups: Group[] = [];
  const full = queue.length - (queue.length % players);
  for (let i = 0; i < full; i += players) groups.push({ seekers: queue.slice(i, i + players), computers: 0 });
  const fillers = queue.slice(full).filter((seek) => seek.fill);
  for (let i = 0; i < fillers.length; i += players) {
    const seekers = fillers.slice(i, i + players);
    groups.push({ seekers, computers: players - seekers.length });
  }
  return groups;
}

/**
 * The names a group sits under: each seeker's own, made distinct where two
 * are the same (a table refuses a name already seated, compared as
 * `nameKey` compares) by a number after it, within the length a name may
 * have; never a computer player's name ("Computer 3" in seat 3).
 */
export function seatNames(names: readonly string[], seats: number): string[] {
  const taken = new Set<string>();
  for (let seat = names.length; seat < seats; seat++) taken.add(nameKey(`Computer ${seat + 1}`));
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(nameKey(candidate)); n++) {
      const suffix = ` ${n}`;
      candidate = `${within(name, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    }
    taken.add(nameKey(candidate));
    return candidate;
  });
}

/** The longest start of `text` within `units` UTF-16 units that does not cut a character in two. */
function within(text: string, units: number): string {
  let cut = "";
  for (const char of text) {
    if (cut.length + char.length > units) break;
    cut += char;
  }
  return cut;
}
