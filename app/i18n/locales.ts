// The guest app's languages (docs/decisions/217). Pure: which language a guest sees, from what the page knows.

import { CONTENT_LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAMES, type ContentLanguage } from '../../shared/languages';

/** The guest app speaks every language a venue's content is translated into. */
export const LOCALES = CONTENT_LANGUAGES;
export type Locale = ContentLanguage;
export const DEFAULT_LOCALE: Locale = 'en';

export { LANGUAGE_COOKIE, LANGUAGE_NAMES };

/** localStorage key of the language a guest chose in the picker. */
export const LOCALE_STORAGE_KEY = 'barhop.lang';

/** The language choice itself is shared with the Worker's venue page: shared/languages.ts. */
export {
  toContentLanguage as toLocale, askedLanguage as askedLocale, resolveLanguage as resolveLocale, type LanguageSources as LocaleSources,
} from '../../shared/languages';
