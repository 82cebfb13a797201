// Which happy hour runs now, by the venue's clock: loaded with a venue that has one (./happy-hour-clock.ts,
// docs/decisions/275), the same rule the server prices by (shared/happy-hour.ts).
import { formatClock } from '../../../shared/zoned-clock';
import { activeHappyHour, clockMinutes, scheduledPriceCents, type ActiveHappyHour } from '../../../shared/happy-hour';
import type { Translate } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';

export { activeHappyHour, scheduledPriceCents };

/**
 * "Happy hour until 7 pm", in the guest's language with the end as their language writes a time: Spanish, French and
 * German write the 24-hour clock the rule holds, "Hora feliz hasta las 19:00" (docs/decisions/265).
 */
export function happyHourLabel(t: Translate, active: ActiveHappyHour, locale: Locale): string {
  return t(/*i18n*/ 'Happy hour until {time}', { time: locale === 'en' ? formatClock(clockMinutes(active.rule.end)) : active.rule.end });
}
