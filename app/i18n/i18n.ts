// The guest app's translations (docs/decisions/216): Lingui's runtime (@lingui/core) with catalogs written as TS
// modules keyed by the English text. English is the source text itself, so it ships in the code that uses it;
// es/fr/de are each their own chunk, fetched only when that language is chosen.
import { i18n } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import { setMoneyLocale } from '../../shared/money';
import { askedLocale, DEFAULT_LOCALE, LOCALE_STORAGE_KEY, toLocale, type Locale } from './locales';

type Catalog = Record<string, string>;
type Compiled = (string | [string])[] | string;

/**
 * Lingui's catalogs are compiled at build time by its CLI; ours are written by hand and use only `{name}`
 * placeholders, so this turns one into Lingui's compiled form at first use (no ICU parser in the bundle).
 */
const compile = (message: string): Compiled => message.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? [part] as [string] : part));
i18n.setMessagesCompiler(compile as never);
i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });

const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Catalog }>> = {
  es: () => import('./catalogs/es'),
  fr: () => import('./catalogs/fr'),
  de: () => import('./catalogs/de'),
};

function readStored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** What this page's URL, the stored choice and the browser ask for (null: the venue's default language decides). */
export const askedLocaleNow = (): Locale | null =>
  askedLocale({ search: window.location.search, stored: readStored(), browser: navigator.languages ?? [navigator.language] });

/** Loads a language's catalog (English has none) and makes it the page's: texts, <html lang>, money and dates. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = locale === 'en' ? {} : (await catalogs[locale]()).messages;
  i18n.load(locale, messages);
  i18n.activate(locale);
  document.documentElement.lang = locale;
  setMoneyLocale(locale);
}

/** The picker's choice: kept on this device, and the page changes language at once. */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice holds for this visit only.
  }
  await activateLocale(locale);
}

/** At start: the asked language, else English until the venue's default language is known (useVenueLocale). */
export const startLocale = () => activateLocale(askedLocaleNow() ?? DEFAULT_LOCALE);

/** A venue's default language applies when the guest asked for none (docs/decisions/216). */
export function applyVenueDefault(venueDefault: string | null | undefined) {
  const locale = toLocale(venueDefault);
  if (locale && !askedLocaleNow() && i18n.locale !== locale) void activateLocale(locale);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = () => i18n.locale as Locale;

/** The active language; a component that reads it renders again when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

/**
 * `t('Search drinks')`, `t('Quick order from {category}', { category })`: the text in the active language
 * (the English text when a catalog lacks it). The component renders again when the language changes.
 */
export function useT() {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children see the change
  return useCallback((id: string, values?: Record<string, unknown>) => i18n._(id, values), [locale]);
}

/** For code outside components (toasts, errors thrown by hooks): the active language at the time of the call. */
export const translate = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
