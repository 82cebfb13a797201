// The venue's own texts in the guest's language (shared/venue-texts.ts, docs/decisions/265).
import { venueTextsIn, type VenueWords } from '../../../shared/venue-texts';
import { useLocale } from '../../i18n/i18n';

export { venueTextsIn };

/** The venue's description as the guest reads it, and the language it is in. */
export const useVenueTexts = (venue: VenueWords) => venueTextsIn(venue, useLocale());
