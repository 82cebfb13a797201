/**
 * The languages a guest may read a venue in: the guest app speaks them (docs/decisions/217), a venue's own content
 * (drink names and descriptions) is translated into them, and a venue writes its menu in one of them, its default
 * language (docs/decisions/217). Free of zod, so the guest's first download can read it (docs/decisions/219);
 * the wire schema is shared/schemas/language.ts.
 */
export const CONTENT_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Each language by its own name: a guest looks for the one they read, and the admin's pickers show it so. */
export const LANGUAGE_NAMES: Record<ContentLanguage, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };
/** Each language by its English name: what the AI is told to answer in. */
export const LANGUAGE_ENGLISH_NAMES: Record<ContentLanguage, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };

/** The cookie the guest's language choice is also kept in, so the Worker drawing a venue page knows it (docs/decisions/217). */
export const LANGUAGE_COOKIE = 'barhop_lang';

/** 'es' from 'es', 'es-MX' or 'ES'; null for a language Barhop does not speak. */
export function toContentLanguage(tag: string | null | undefined): ContentLanguage | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (CONTENT_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as ContentLanguage) : null;
}

export type LanguageSources = {
  /** The page's query string (`?lang=es`). */
  search?: string;
  /** The picker's stored choice. */
  stored?: string | null;
  /** The browser's languages, most preferred first (navigator.languages, or Accept-Language read in order). */
  browser?: readonly string[];
};

/**
 * The language the guest asked for, in order: `?lang=`, the stored choice, the first browser language Barhop speaks.
 * null when none of them names one: then the venue's default language decides (resolveLanguage). The guest app
 * and the Worker's venue page choose by this one rule, so the page the Worker draws is the one the app keeps.
 */
export function askedLanguage({ search = '', stored = null, browser = [] }: LanguageSources): ContentLanguage | null {
  const fromUrl = toContentLanguage(new URLSearchParams(search).get('lang'));
  if (fromUrl) return fromUrl;
  const fromStore = toContentLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const fromBrowser = toContentLanguage(tag);
    if (fromBrowser) return fromBrowser;
  }
  return null;
}

/** The full order: what the guest asked for, else the venue's default language, else English. */
export const resolveLanguage = (sources: LanguageSources, venueDefault?: string | null): ContentLanguage =>
  askedLanguage(sources) ?? toContentLanguage(venueDefault) ?? 'en';
