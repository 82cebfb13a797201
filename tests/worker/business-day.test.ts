// The business day across a clock change (shared/business-day.ts, docs/product.md §11.9): a day starts when the
// venue's clock first reads the cut-off (when a spring-forward skips the cut-off, at the jump) and ends where the
// next one starts, the last time the clock reads it when a fall-back repeats it. Every instant belongs to exactly
// the day whose bounds hold it, so the report window of a day and the day each order is counted on agree.
import { describe, expect, it } from 'vitest';
import { businessDayBounds, businessDayOf, zonedInstant } from '../../shared/business-day';

const MINUTE = 60_000;

/** Every minute from `from` to `to` (ISO) is counted on the day whose bounds hold it. */
function expectDaysAgreeWithBounds(from: string, to: string, timeZone: string, cutoff: number) {
  for (let t = Date.parse(from); t < Date.parse(to); t += 15 * MINUTE) {
    const at = new Date(t);
    const day = businessDayOf(at, timeZone, cutoff);
    const { start, end } = businessDayBounds(day, timeZone, cutoff);
    expect({ at: at.toISOString(), inside: start <= at.toISOString() && at.toISOString() < end }).toEqual({ at: at.toISOString(), inside: true });
  }
}

describe('business-day bounds across clock changes', () => {
  it('America/New_York, spring forward with a 2:00 cut-off: 2026-03-07 ends at 07:00Z, when the clock jumps from 1:59 to 3:00', () => {
    expect(businessDayBounds('2026-03-07', 'America/New_York', 120)).toEqual({ start: '2026-03-07T07:00:00.000Z', end: '2026-03-08T07:00:00.000Z' });
    expect(businessDayBounds('2026-03-08', 'America/New_York', 120).start).toBe('2026-03-08T07:00:00.000Z');
    // An order at 01:30 EST (06:30Z) is Saturday night's, and inside Saturday's report window.
    expect(businessDayOf('2026-03-08T06:30:00.000Z', 'America/New_York', 120)).toBe('2026-03-07');
    expectDaysAgreeWithBounds('2026-03-07T00:00:00.000Z', '2026-03-09T12:00:00.000Z', 'America/New_York', 120);
  });

  it('America/New_York, a 2:30 cut-off the spring-forward skips: the day still ends at the jump (07:00Z)', () => {
    expect(businessDayBounds('2026-03-07', 'America/New_York', 150).end).toBe('2026-03-08T07:00:00.000Z');
    expectDaysAgreeWithBounds('2026-03-07T00:00:00.000Z', '2026-03-09T12:00:00.000Z', 'America/New_York', 150);
  });

  it('America/New_York, fall back with a 1:30 cut-off read twice: the night runs to the second 1:30 (06:30Z, 25 hours)', () => {
    const { start, end } = businessDayBounds('2026-10-31', 'America/New_York', 90);
    expect({ start, end }).toEqual({ start: '2026-10-31T05:30:00.000Z', end: '2026-11-01T06:30:00.000Z' });
    // 1:45 EDT (05:45Z) comes before the repeated hour: still Saturday night.
    expect(businessDayOf('2026-11-01T05:45:00.000Z', 'America/New_York', 90)).toBe('2026-10-31');
    expectDaysAgreeWithBounds('2026-10-30T00:00:00.000Z', '2026-11-02T12:00:00.000Z', 'America/New_York', 90);
  });

  it('Europe/Berlin, spring forward (02:00 → 03:00 on 2026-03-29) and fall back (03:00 → 02:00 on 2026-10-25) with a 2:30 cut-off', () => {
    expect(businessDayBounds('2026-03-28', 'Europe/Berlin', 150)).toEqual({ start: '2026-03-28T01:30:00.000Z', end: '2026-03-29T01:00:00.000Z' });
    expect(businessDayBounds('2026-10-24', 'Europe/Berlin', 150)).toEqual({ start: '2026-10-24T00:30:00.000Z', end: '2026-10-25T01:30:00.000Z' });
    expectDaysAgreeWithBounds('2026-03-27T00:00:00.000Z', '2026-03-30T12:00:00.000Z', 'Europe/Berlin', 150);
    expectDaysAgreeWithBounds('2026-10-23T00:00:00.000Z', '2026-10-26T12:00:00.000Z', 'Europe/Berlin', 150);
  });

  it('Australia/Sydney, fall back (03:00 → 02:00 on 2026-04-05) and spring forward (02:00 → 03:00 on 2026-10-04) with a 2:00 cut-off', () => {
    // Fall back: 2:00 is read at 15:00Z (AEDT) and again at 16:00Z (AEST); the night runs to the second.
    expect(businessDayBounds('2026-04-04', 'Australia/Sydney', 120).end).toBe('2026-04-04T16:00:00.000Z');
    // Spring forward: 2:00 AEST becomes 3:00 AEDT at 16:00Z.
    expect(businessDayBounds('2026-10-03', 'Australia/Sydney', 120).end).toBe('2026-10-03T16:00:00.000Z');
    expectDaysAgreeWithBounds('2026-04-03T00:00:00.000Z', '2026-04-06T12:00:00.000Z', 'Australia/Sydney', 120);
    expectDaysAgreeWithBounds('2026-10-02T00:00:00.000Z', '2026-10-05T12:00:00.000Z', 'Australia/Sydney', 120);
  });

  it('the default 4 am cut-off and ordinary days are unchanged, in each zone', () => {
    expect(businessDayBounds('2026-03-08', 'America/New_York')).toEqual({ start: '2026-03-08T08:00:00.000Z', end: '2026-03-09T08:00:00.000Z' });
    expect(businessDayBounds('2026-07-10', 'Europe/Berlin')).toEqual({ start: '2026-07-10T02:00:00.000Z', end: '2026-07-11T02:00:00.000Z' });
    expect(businessDayBounds('2026-07-10', 'Australia/Sydney')).toEqual({ start: '2026-07-09T18:00:00.000Z', end: '2026-07-10T18:00:00.000Z' });
    expect(businessDayBounds('2026-07-10', 'UTC', 0)).toEqual({ start: '2026-07-10T00:00:00.000Z', end: '2026-07-11T00:00:00.000Z' });
    expect(businessDayOf('2026-07-11T01:59:00.000Z', 'Europe/Berlin')).toBe('2026-07-10');
  });

  it('a happy hour ending at a time the clock skips ends at the jump', () => {
    expect(zonedInstant('2026-03-08', 150, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-03-08', 180, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});
