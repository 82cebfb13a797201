// The venue's own texts in the guest's language (docs/decisions/265): the translation its admin saved in the back
// office's Translations, else the venue's own words, marked with the language they are written in.
import type { Venue } from '../../../shared/schemas/venue';
import { useLocale } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';

type VenueWords = Pick<Venue, 'description' | 'default_language'> & { translations?: Venue['translations'] };

export function venueTextsIn(venue: VenueWords, locale: Locale): { description: string; lang: string } {
  const translated = locale === venue.default_language ? undefined : venue.translations?.[locale];
  return translated?.description ? { description: translated.description, lang: locale } : { description: venue.description, lang: venue.default_language };
}

/** The venue's description as the guest reads it, and the language it is in. */
export const useVenueTexts = (venue: VenueWords) => venueTextsIn(venue, useLocale());
