// A time zone's wall clock (docs/decisions/225): what the business day (shared/business-day.ts) and happy hours
// (shared/happy-hour.ts) are read by. Its own module, so a guest page's happy-hour prices come without the business
// day's bounds, which only the back office and the Worker count with (docs/decisions/275).

const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The zone's wall clock at `at`: its date, weekday (0 = Sunday) and minutes since midnight. */
export function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

/** Minutes to add to UTC to get the zone's wall clock at `at`. */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const clock = wallClock(at, timeZone);
  const wall = Date.parse(`${clock.date}T00:00:00.000Z`) + clock.minutes * 60_000 + clock.seconds * 1000;
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar day `days` after `day` (yyyy-mm-dd; before, when negative). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The instant the zone's wall clock reads `day` at `minutes` after midnight. When a fall-back reads it twice, the
 * later one; when a spring-forward skips it, the jump (the first instant the clock reads it or later), so a night
 * ending at a skipped cut-off ends when the clock passes it (docs/decisions/225).
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00.000Z`) + minutes * 60_000;
  // The zone's offsets a day either side of the reading: a clock change between them is the only one near it.
  const before = utcOffsetMinutes(timeZone, new Date(wall - DAY_MS));
  const after = utcOffsetMinutes(timeZone, new Date(wall + DAY_MS));
  const readings = [wall - before * 60_000, wall - after * 60_000]
    .filter((at) => utcOffsetMinutes(timeZone, new Date(at)) === (wall - at) / 60_000);
  if (readings.length) return new Date(Math.max(...readings));
  // Skipped: the jump lies after `wall - after` (still on the old offset) and at or before `wall - before`.
  let onOld = wall - after * 60_000;
  let onNew = wall - before * 60_000;
  while (onNew - onOld > 60_000) {
    const mid = onOld + Math.floor((onNew - onOld) / 120_000) * 60_000;
    if (utcOffsetMinutes(timeZone, new Date(mid)) === before) onOld = mid;
    else onNew = mid;
  }
  return new Date(onNew);
}

/** "4:00 am" for a cut-off, as Venue Profile shows it. */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
}
