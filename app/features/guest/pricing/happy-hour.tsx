// Happy hour for guests (docs/product.md §11.10): the same rule the server prices by (shared/happy-hour.ts), read
// from the venue, checked every minute so the banner and prices end with it. Its clock maths load with a venue that
// has a happy hour (app/features/venues/happy-hour-clock.ts, docs/decisions/275).
import { useEffect, useState } from 'react';
import type { ActiveHappyHour } from '../../../../shared/happy-hour';
import { formatCents } from '../../../../shared/money';
import { translate, useLocale } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import type { Venue } from '../../../../shared/schemas/venue';
import { happyHourClock, loadHappyHourClock } from '../../venues/happy-hour-clock';

export function useHappyHour(venue: Pick<Venue, 'timezone' | 'happy_hours'>): ActiveHappyHour | null {
  const [now, setNow] = useState(() => new Date());
  const [clock, setClock] = useState(happyHourClock);
  const { happy_hours: rules, timezone } = venue;
  useEffect(() => {
    if (rules.length === 0) return;
    // The venue's read loads the clock; one that could not (offline) is tried again here.
    if (!clock) void loadHappyHourClock({ happy_hours: rules }).then(setClock);
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [rules, clock]);
  return rules.length && clock ? clock.activeHappyHour(rules, timezone, now) : null;
}

/** The happy hour's banner above the menu while one runs. */
export function HappyHourBanner({ active }: { active: ActiveHappyHour | null }) {
  const locale = useLocale();
  const clock = happyHourClock();
  if (!active || !clock) return null;
  return <p className="happy-hour-banner" role="status">{clock.happyHourLabel(translate, active, locale)}</p>;
}

/** A drink's price now: the happy-hour price with the menu price struck through, or the menu price. */
export function DrinkPrice({ priceCents, category, active, className = 'price' }: { priceCents: number; category: string; active: ActiveHappyHour | null; className?: string }) {
  const { t } = useLingui();
  const now = happyHourClock()?.scheduledPriceCents(priceCents, category, active) ?? priceCents;
  if (now === priceCents) return <span className={className}>{formatCents(priceCents)}</span>;
  return (
    <span className={className}>
      <s aria-label={t`was ${{ price: formatCents(priceCents) }}`}>{formatCents(priceCents)}</s> {formatCents(now)}
    </span>
  );
}
