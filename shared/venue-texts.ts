// The venue's own texts in a reader's language (docs/decisions/265): the translation its admin saved, else the
// venue's own words, with the language they are written in. The guest app and the Worker's venue page read it.
import type { ContentLanguage } from './languages';
import type { Venue } from './schemas/venue';

export type VenueWords = Pick<Venue, 'description' | 'default_language'> & { translations?: Venue['translations'] };

export function venueTextsIn(venue: VenueWords, lang: ContentLanguage): { description: string; lang: ContentLanguage } {
  const translated = lang === venue.default_language ? undefined : venue.translations?.[lang];
  return translated?.description ? { description: translated.description, lang } : { description: venue.description, lang: venue.default_language };
}
