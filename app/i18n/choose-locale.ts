// The language picker's choice (app/i18n/LanguagePicker.tsx): loaded with the first choice (docs/decisions/275).
import { activateLocale, rememberInCookie } from './i18n';
import { LOCALE_STORAGE_KEY, type Locale } from './locales';

/** The picker's choice: kept on this device, and the page changes language at once. */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice holds for this visit only.
  }
  rememberInCookie(locale);
  await activateLocale(locale);
}
