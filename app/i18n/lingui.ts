// Lingui's runtime (@lingui/core) with a compiled catalog: loaded with the first language other than English
// (docs/decisions/262), in parallel with that language's catalog, so an English reader downloads neither.
import { i18n, type Messages } from '@lingui/core';
import { catalogSay } from '../../shared/catalog-say';
import type { Say } from '../../shared/english-messages';
import type { Locale } from './locales';

/** Makes `messages` (a .po catalog the Vite plugin compiled) Lingui's active catalog; returns its translate function. */
export function linguiFor(locale: Locale, messages: Messages): Say {
  i18n.loadAndActivate({ locale, messages });
  return catalogSay(i18n, messages);
}
