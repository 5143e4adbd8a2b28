/**
 * A turn clock's reading: `m:ss` under an hour, `h:mm:ss` under a day, and
 * whole days and hours from a day up, where seconds no longer matter (a
 * correspondence-length clock). Pure, so it is tested under Node.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Words days and hours in the page's language, e.g. `(1, 3) => "1 d 3 h"`. */
export type DaysAndHours = (days: number, hours: number) => string;

/** The time left, given in whole seconds (negative counts as none). */
export function formatClock(seconds: number, daysAndHours: DaysAndHours): string {
  const left = Math.max(0, Math.floor(seconds));
  if (left >= DAY) return daysAndHours(Math.floor(left / DAY), Math.floor((left % DAY) / HOUR));
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const secs = String(left % MINUTE).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** Whole seconds from `now` to `deadline` (both in ms), rounded up so that 0 is shown only once time is up. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
