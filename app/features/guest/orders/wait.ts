import { useEffect, useState } from 'react';
import { t, plural } from '@lingui/core/macro';

/** Past this many minutes a wait is a busy bar's, said as such and in steps of 5 (docs/decisions/180). */
export const BUSY_FROM_MINUTES = 20;

/**
 * The guest's wait as text: "Ready in about 6 min" (the banner) or "… 6 minutes" (`long`, the status
 * screen), "Busy: about 35 min" past BUSY_FROM_MINUTES, and "Any minute now" once the estimate has run out,
 * never 0 or less.
 */
export function waitText(minutes: number, long = false) {
  if (minutes <= 0) return t`Any minute now`;
  if (minutes > BUSY_FROM_MINUTES) return t`Busy: about ${{ minutes: Math.ceil(minutes / 5) * 5 }} min`;
  if (!long) return t`Ready in about ${minutes} min`;
  return t`${plural(minutes, { one: 'Ready in about # minute', other: 'Ready in about # minutes' })}`;
}

const TICK_MS = 15_000;

/**
 * Minutes left of an ETA the server gave at `fetchedAt`, counting down on screen between reads (the server
 * recomputes it when the queue moves, docs/decisions/180). Never below 0.
 */
export function useMinutesLeft(etaMinutes: number | null | undefined, fetchedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (etaMinutes == null) return null;
  return Math.max(0, Math.ceil(etaMinutes - Math.max(0, now - fetchedAt) / 60_000));
}
