// Scheduled prices (docs/product.md §11.10, docs/decisions/197): a happy hour takes a percentage off the menu
// price on the weekdays and between the times it names, in the venue's time zone. The server prices every order,
// cart and table line with these functions; the guest menu shows the same price and "Happy hour until 7 pm".
import { formatClock, shiftDay, wallClock, zonedInstant } from './zoned-clock';
import type { HappyHourRule } from './schemas/venue';

export type ActiveHappyHour = { rule: HappyHourRule; ends_at: string; label: string };

/** "17:30" → 1050. */
export const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The happy hour running at `at`, if any. A rule whose end is not after its start runs past midnight, and belongs
 * to the weekday it started on.
 */
export function activeHappyHour(rules: readonly HappyHourRule[], timeZone: string, at: Date): ActiveHappyHour | null {
  const clock = wallClock(at, timeZone);
  for (const rule of rules) {
    const start = clockMinutes(rule.start);
    const end = clockMinutes(rule.end);
    const overnight = end <= start;
    let startedOn: string | null = null;
    if (rule.days.includes(clock.weekday) && clock.minutes >= start && (overnight || clock.minutes < end)) startedOn = clock.date;
    else if (overnight && rule.days.includes((clock.weekday + 6) % 7) && clock.minutes < end) startedOn = shiftDay(clock.date, -1);
    if (startedOn === null) continue;
    const endsOn = overnight ? shiftDay(startedOn, 1) : startedOn;
    return { rule, ends_at: zonedInstant(endsOn, end, timeZone).toISOString(), label: `Happy hour until ${formatClock(end)}` };
  }
  return null;
}

/** Whether the happy hour covers a drink of this category (no categories: every drink). */
export const happyHourCovers = (rule: HappyHourRule, category: string) => rule.categories.length === 0 || rule.categories.includes(category);

/** A menu drink's price now: the happy hour's percentage off, to the nearest cent, or the menu price. */
export function scheduledPriceCents(priceCents: number, category: string, active: ActiveHappyHour | null): number {
  if (!active || !happyHourCovers(active.rule, category)) return priceCents;
  return Math.round((priceCents * (10_000 - active.rule.discount_bp)) / 10_000);
}

/** The venue's pricing at an instant, for the server's price of each line. */
export type VenuePricing = { timezone: string; happyHours: readonly HappyHourRule[] };
export const pricingAt = (pricing: VenuePricing | undefined, at: Date) =>
  (pricing && pricing.happyHours.length ? activeHappyHour(pricing.happyHours, pricing.timezone, at) : null);
