// The guest app's languages (docs/decisions/216). Pure: which language a guest sees, from what the page knows.

import { CONTENT_LANGUAGES, LANGUAGE_NAMES, type ContentLanguage } from '../../shared/languages';

/** The guest app speaks every language a venue's content is translated into. */
export const LOCALES = CONTENT_LANGUAGES;
export type Locale = ContentLanguage;
export const DEFAULT_LOCALE: Locale = 'en';

export { LANGUAGE_NAMES };

/** localStorage key of the language a guest chose in the picker. */
export const LOCALE_STORAGE_KEY = 'barhop.lang';

/** 'es' from 'es', 'es-MX' or 'ES'; null for a language the guest app does not speak. */
export function toLocale(tag: string | null | undefined): Locale | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : null;
}

export type LocaleSources = {
  /** The page's query string (`?lang=es`). */
  search?: string;
  /** The picker's stored choice. */
  stored?: string | null;
  /** navigator.languages, most preferred first. */
  browser?: readonly string[];
};

/**
 * The language the guest asked for, in order: `?lang=`, the stored choice, the first browser language the app speaks.
 * null when none of them names one: then the venue's default language decides (resolveLocale).
 */
export function askedLocale({ search = '', stored = null, browser = [] }: LocaleSources): Locale | null {
  const fromUrl = toLocale(new URLSearchParams(search).get('lang'));
  if (fromUrl) return fromUrl;
  const fromStore = toLocale(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const fromBrowser = toLocale(tag);
    if (fromBrowser) return fromBrowser;
  }
  return null;
}

/** The full order: what the guest asked for, else the venue's default language, else English. */
export const resolveLocale = (sources: LocaleSources, venueDefault?: string | null): Locale =>
  askedLocale(sources) ?? toLocale(venueDefault) ?? DEFAULT_LOCALE;
