/**
 * How long a computer player may think: a time limit on an injected clock,
 * and a cap on the positions it evaluates. Either stops the search, which
 * then plays the best move found so far.
 *
 * The cap matters on Cloudflare Workers: there `Date.now()` and
 * `performance.now()` advance only with I/O, never during a synchronous
 * computation, so a clock read inside the search stands still and only the
 * cap stops it. Elsewhere (Node, browsers) the clock does the work.
 */
export interface Budget {
  /** Whether the search must stop now, having evaluated `nodes` positions. */
  spent(nodes: number): boolean;
}

/**
 * Positions evaluated between two readings of the clock: about a millisecond's
 * work, so that reading it (a system call for a CPU clock) costs next to nothing.
 */
export const CLOCK_STRIDE = 2048;

export function budget(now: () => number, timeLimitMs: number, maxNodes: number): Budget {
  const deadline = now() + timeLimitMs;
  let nextReading = 0;
  return {
    spent(nodes) {
      if (nodes >= maxNodes) return true;
      if (nodes < nextReading) return false;
      nextReading = nodes + CLOCK_STRIDE;
      return now() >= deadline;
    },
  };
}

/** No limit but the search's own depth: for tests and analysis. */
export const UNLIMITED: Budget = { spent: () => false };
