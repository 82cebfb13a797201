// Lingui's runtime (@lingui/core) with a catalog: loaded with the first language other than English
// (docs/decisions/217), in parallel with that language's catalog, so an English reader downloads neither.
import { i18n } from '@lingui/core';
import type { Locale } from './locales';

type Compiled = (string | [string])[];

/**
 * Lingui's catalogs are compiled at build time by its CLI; ours are written by hand and use only `{name}`
 * placeholders, so this turns a message into Lingui's compiled form at first use (no ICU parser in the bundle).
 */
const compile = (message: string): Compiled => message.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? [part] as [string] : part));
i18n.setMessagesCompiler(compile as never);

/** Makes `messages` Lingui's active catalog; returns its translate function. */
export function linguiFor(locale: Locale, messages: Record<string, string>) {
  i18n.load(locale, messages);
  i18n.activate(locale);
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
}
