// Happy hour for guests (docs/product.md §11.10): the same rule the server prices by (shared/happy-hour.ts), read
// from the venue, checked every minute so the banner and prices end with it.
import { useEffect, useState } from 'react';
import { formatClock } from '../../../../shared/zoned-clock';
import { activeHappyHour, clockMinutes, scheduledPriceCents, type ActiveHappyHour } from '../../../../shared/happy-hour';
import { formatCents } from '../../../../shared/money';
import { translate, type Translate, useLocale } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../i18n/locales';
import type { Venue } from '../../../../shared/schemas/venue';

export function useHappyHour(venue: Pick<Venue, 'timezone' | 'happy_hours'>): ActiveHappyHour | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (venue.happy_hours.length === 0) return;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [venue.happy_hours.length]);
  return venue.happy_hours.length ? activeHappyHour(venue.happy_hours, venue.timezone, now) : null;
}

/**
 * "Happy hour until 7 pm", in the guest's language with the end as their language writes a time: Spanish, French and
 * German write the 24-hour clock the rule holds, "Hora feliz hasta las 19:00" (docs/decisions/265).
 */
export function happyHourLabel(t: Translate, active: ActiveHappyHour, locale: Locale): string {
  return t(/*i18n*/ 'Happy hour until {time}', { time: locale === 'en' ? formatClock(clockMinutes(active.rule.end)) : active.rule.end });
}

/** The happy hour's banner above the menu while one runs. */
export function HappyHourBanner({ active }: { active: ActiveHappyHour | null }) {
  const locale = useLocale();
  if (!active) return null;
  return <p className="happy-hour-banner" role="status">{happyHourLabel(translate, active, locale)}</p>;
}

/** A drink's price now: the happy-hour price with the menu price struck through, or the menu price. */
export function DrinkPrice({ priceCents, category, active, className = 'price' }: { priceCents: number; category: string; active: ActiveHappyHour | null; className?: string }) {
  const { t } = useLingui();
  const now = scheduledPriceCents(priceCents, category, active);
  if (now === priceCents) return <span className={className}>{formatCents(priceCents)}</span>;
  return (
    <span className={className}>
      <s aria-label={t`was ${{ price: formatCents(priceCents) }}`}>{formatCents(priceCents)}</s> {formatCents(now)}
    </span>
  );
}
