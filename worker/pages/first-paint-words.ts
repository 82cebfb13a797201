// The words of the menu's first paint in the guest's language (docs/decisions/272): the guest app's own .po
// catalogs, compiled by the same Lingui Vite plugin for the Worker's build, each its own chunk, loaded by the first
// page drawn in that language. Said by the app's own rule (shared/catalog-say.ts), so the app's first render in that
// language writes the very same words and replaces the paint in place.
import { setupI18n, type Messages } from '@lingui/core';
import { catalogSay } from '../../shared/catalog-say';
import { english, type Say } from '../../shared/english-messages';
import type { ContentLanguage } from '../../shared/languages';

const catalogs: Record<Exclude<ContentLanguage, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../app/i18n/locales/es/messages.po'),
  fr: () => import('../../app/i18n/locales/fr/messages.po'),
  de: () => import('../../app/i18n/locales/de/messages.po'),
};

const loaded = new Map<ContentLanguage, Promise<Say>>();

/** What says a message in `language`: English as written in the code, another language from its catalog. */
export function firstPaintWords(language: ContentLanguage): Promise<Say> {
  if (language === 'en') return Promise.resolve(english);
  let say = loaded.get(language);
  if (!say) {
    say = catalogs[language]().then(({ messages }) => {
      // Its own instance: pages in other languages are drawn by the same isolate.
      const i18n = setupI18n();
      i18n.loadAndActivate({ locale: language, messages });
      return catalogSay(i18n, messages);
    });
    // A failed load is tried again by the next page, not remembered.
    say.catch(() => loaded.delete(language));
    loaded.set(language, say);
  }
  return say;
}
