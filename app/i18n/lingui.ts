// Lingui's runtime (@lingui/core) with a compiled catalog: loaded with the first language other than English
// (docs/decisions/262), in parallel with that language's catalog, so an English reader downloads neither.
import { i18n, type Messages } from '@lingui/core';
import { english, type Say } from './i18n';
import type { Locale } from './locales';

/**
 * Makes `messages` (a .po catalog the Vite plugin compiled) Lingui's active catalog; returns its translate function.
 * A message the catalog lacks (a category a venue named itself, read at run time) is said as written.
 */
export function linguiFor(locale: Locale, messages: Messages): Say {
  i18n.loadAndActivate({ locale, messages });
  return (id, values) => {
    const key = typeof id === 'string' ? id : id.id;
    return key !== undefined && Object.hasOwn(messages, key) ? i18n._(id as string, values) : english(id, values);
  };
}
