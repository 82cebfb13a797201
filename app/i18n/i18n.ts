// The guest app's translations (docs/decisions/262): texts are Lingui macros in the code (`t\`Search drinks\``,
// `plural`), and this module is the runtime they call (lingui.config.ts, `runtimeConfigModule`). English
// is the message the macro leaves in the code, so an English reader downloads neither a catalog nor Lingui; es/fr/de
// are .po catalogs compiled at build time, each its own chunk, fetched with Lingui's runtime only when chosen.
import { useCallback, useSyncExternalStore } from 'react';
import type { Messages } from '@lingui/core';
import { setMoneyLocale } from '../../shared/money';
import { english, type Say } from '../../shared/english-messages';
import { askedLocale, DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALE_STORAGE_KEY, toLocale, type Locale } from './locales';
import type { RefusalText } from './refusal-text';

export { english, type MessageDescriptor, type Say, type Translate } from '../../shared/english-messages';

/** Each language's catalog, its .po compiled by Lingui's Vite plugin at build time: its own chunk. */
const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('./locales/es/messages.po'),
  fr: () => import('./locales/fr/messages.po'),
  de: () => import('./locales/de/messages.po'),
};

/** The locale money and dates are written in: the browser's own tag for that language ('es-MX'), else the language. */
const formatLocaleFor = (locale: Locale) => browserLanguages().find((tag) => toLocale(tag) === locale) ?? locale;
const browserLanguages = (): readonly string[] => navigator.languages ?? [navigator.language];

/** `refusal`: the server's refusals in this language (docs/decisions/256); null in English, which reads the server's words. */
let active: { locale: Locale; translate: Say; format: string; refusal: RefusalText | null } = { locale: DEFAULT_LOCALE, translate: english, format: formatLocaleFor(DEFAULT_LOCALE), refusal: null };
const listeners = new Set<() => void>();
/** The latest asked language wins when two loads overlap (a quick second pick in the picker). */
let requested: Locale = DEFAULT_LOCALE;

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** What this page's URL, the stored choice and the browser ask for (null: the venue's default language decides). */
export const askedLocaleNow = (): Locale | null =>
  askedLocale({ search: window.location.search, stored: readStored(), browser: browserLanguages() });

/** Loads a language (English needs nothing) and makes it the page's: texts, <html lang>, money and dates. */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale;
  let translate = english;
  let refusal: RefusalText | null = null;
  if (locale !== 'en') {
    const [{ linguiFor }, { messages }, { refusalTextIn }] = await Promise.all([import('./lingui'), catalogs[locale](), import('./refusal-text')]);
    if (requested !== locale) return;
    translate = linguiFor(locale, messages);
    refusal = refusalTextIn(translate);
  }
  active = { locale, translate, format: formatLocaleFor(locale), refusal };
  document.documentElement.lang = locale;
  setMoneyLocale(active.format);
  for (const listener of listeners) listener();
}

/**
 * The stored choice is also a cookie, so the Worker drawing the next venue page chooses the same language and draws
 * its first paint in it (worker/pages/venue-page.ts, docs/decisions/272).
 */
export function rememberInCookie(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${window.location.protocol === 'https:' ? '; secure' : ''}`;
}

/** At start: the asked language, else English until the venue's default language is known (applyVenueDefault). */
export function startLocale() {
  // A choice stored before the cookie existed reaches the Worker from the next page on.
  const stored = toLocale(readStored());
  if (stored && !document.cookie.includes(`${LANGUAGE_COOKIE}=${stored}`)) rememberInCookie(stored);
  return activateLocale(askedLocaleNow() ?? DEFAULT_LOCALE);
}

/** A venue's default language applies when the guest asked for none (docs/decisions/217). */
export function applyVenueDefault(venueDefault: string | null | undefined) {
  const locale = toLocale(venueDefault);
  if (locale && !askedLocaleNow() && requested !== locale) void activateLocale(locale);
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => { listeners.delete(onChange); };
};
const currentLocale = () => active.locale;

/** The active language; a component that reads it renders again when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

/** The locale to write dates in (Intl), in the active language: 'es-MX' for a Mexican browser reading Spanish. */
export function useFormatLocale(): string {
  useLocale();
  return active.format;
}

/**
 * The macros' `useLingui()` (`const { t } = useLingui()` in a component): `_` says a message in the active language,
 * and is a new function when the language changes, so the component and its memoised children render again.
 */
export function useLingui(): { _: Say } {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children see the change
  const _ = useCallback<Say>((id, values) => active.translate(id, values), [locale]);
  return { _ };
}

/**
 * A text decided at run time (marked `/*i18n*\/` where written), or one said outside a component: in the active
 * language at the time of the call. A component that uses it calls useLingui() or useLocale() to render again.
 */
export const translate: Say = (id, values) => active.translate(id, values);

/** The macros' `i18n` (`t` from `@lingui/core/macro`, outside components). */
export const i18n = { _: translate };

/** A server's refusal in the active language: its code's template with its details; the server's message otherwise. */
export const refusalText: RefusalText = (code, message, details) => (active.refusal ? active.refusal(code, message, details) : message);
