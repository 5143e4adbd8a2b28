/**
 * The server's clock as seen from here: an estimate of how far the server's
 * clock is ahead of the local one, so that a countdown to a server deadline
 * is right even where the local clock is off.
 *
 * Every event carries `at`, the server's time when it happened, which is
 * before it reaches us: `at - receivedAt` is the true offset minus the
 * event's delay on the way (never negative). So each sample is a lower bound
 * of the offset, and the largest one seen, the one that came fastest, is the
 * closest. Replayed events carry their old `at` and so count for little. Until
 * the first sample the local clock is taken as right.
 */
export class ServerClock {
  /** Server time minus local time, in ms; null until something from the server has a time on it. */
  private offset: number | null = null;

  /** Takes a server time that was `serverAt` or later when it arrived at local time `receivedAt`. */
  observe(serverAt: number, receivedAt: number): void {
    const sample = serverAt - receivedAt;
    if (this.offset === null || sample > this.offset) this.offset = sample;
  }

  /** The server's time now, in ms since the epoch, by the estimate. */
  now(localNow = Date.now()): number {
    return localNow + (this.offset ?? 0);
  }
}
