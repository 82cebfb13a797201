// A happy hour is read by the venue's clock (shared/happy-hour.ts, shared/zoned-clock.ts). That code loads with a
// venue that has a happy hour, as part of the venue's read, so a venue without one never downloads it and a page's
// first render already draws the prices the server charges (docs/decisions/275).
import type { Venue } from '../../../shared/schemas/venue';

type Clock = typeof import('./happy-hour-now');
let clock: Clock | undefined;
let loading: Promise<Clock | undefined> | undefined;

/** The happy hour's clock maths once loaded. */
export const happyHourClock = () => clock;

/**
 * Loads the clock maths when the venue has a happy hour. Never fails: offline, the page draws menu prices and the
 * next use tries again (app/features/guest/pricing/happy-hour.tsx).
 */
export function loadHappyHourClock(venue: Pick<Venue, 'happy_hours'>): Promise<Clock | undefined> {
  if (clock || venue.happy_hours.length === 0) return Promise.resolve(clock);
  return (loading ??= import('./happy-hour-now').then((module) => (clock = module), () => {
    loading = undefined;
    return undefined;
  }));
}
