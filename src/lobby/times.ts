/**
 * How long quick play waits for what: the pairing rules' times (pairing.ts),
 * without the rest, so that a page showing "computers in 0:20" loads only these.
 */

/** A wave every 2 seconds while anyone waits: long enough to gather a burst, short next to the wait for people. */
export const WAVE_MS = 2_000;
/** After 20 seconds alone in a pool, a seeker is offered computer players for the empty seats. */
export const FILL_AFTER_MS = 20_000;
/** A socket gone for 10 seconds (a reload, a network switch) ends its seek; until then its place is kept. */
export const DROP_GRACE_MS = 10_000;
/** A seek lasts at most 30 minutes; then the seeker is told, and may seek again. */
export const SEEK_LIFETIME_MS = 30 * 60_000;
