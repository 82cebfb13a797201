// The business day (docs/product.md §11.9, docs/decisions/225): a venue's day runs in its own time zone from the
// day cut-off (4 a.m. by default) to the next, so a bar open until 2 a.m. has its Friday in one day. Analytics,
// the close-of-night report and the exports all count days with these functions; the app shows them with them.

import { shiftDay, wallClock, zonedInstant } from './zoned-clock';

export { formatClock, shiftDay, utcOffsetMinutes, wallClock, zonedInstant } from './zoned-clock';

/** The default day cut-off: 4 a.m. */
export const DEFAULT_DAY_CUTOFF_MINUTES = 240;

/**
 * The business day (yyyy-mm-dd) an instant belongs to: its local date, less one day before the cut-off; and in the
 * hour a fall-back repeats, the day before until the clock reads the cut-off the second time, so every instant
 * lies within its own day's businessDayBounds.
 */
export function businessDayOf(at: Date | string, timeZone: string, cutoffMinutes = DEFAULT_DAY_CUTOFF_MINUTES): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const clock = wallClock(instant, timeZone);
  const day = clock.minutes < cutoffMinutes ? shiftDay(clock.date, -1) : clock.date;
  return instant.getTime() < zonedInstant(day, cutoffMinutes, timeZone).getTime() ? shiftDay(day, -1) : day;
}

/** Where a business day starts and where the next one starts, as ISO instants. */
export function businessDayBounds(day: string, timeZone: string, cutoffMinutes = DEFAULT_DAY_CUTOFF_MINUTES) {
  return {
    start: zonedInstant(day, cutoffMinutes, timeZone).toISOString(),
    end: zonedInstant(shiftDay(day, 1), cutoffMinutes, timeZone).toISOString(),
  };
}

/** The last `count` business days up to the one holding `now`, oldest first: "7 days" is 7 of them. */
export function lastBusinessDays(count: number, now: Date, timeZone: string, cutoffMinutes = DEFAULT_DAY_CUTOFF_MINUTES): string[] {
  const today = businessDayOf(now, timeZone, cutoffMinutes);
  return Array.from({ length: count }, (_, i) => shiftDay(today, i + 1 - count));
}
