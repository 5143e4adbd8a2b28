/**
 * The clock's one rule that clients apply too, in a module of its own:
 * what works out a turn's time (src/table/clock.ts, which the client's
 * model shares) does not carry the protocol's schemas with it.
 */

/** However little is left in a bank, a turn lasts at least this long. */
export const MIN_TURN_SECONDS = 10;
