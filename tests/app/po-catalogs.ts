// The .po catalogs as the app's translators keep them (docs/decisions/262): each language's English text → its
// translation, read with Lingui's own .po reader.
import { formatter } from '@lingui/format-po';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const po = formatter();

async function read(locale: 'es' | 'fr' | 'de'): Promise<Record<string, string>> {
  const filename = path.join(process.cwd(), 'app/i18n/locales', locale, 'messages.po');
  const catalog = await po.parse(readFileSync(filename, 'utf8'), { locale, sourceLocale: 'en', filename });
  return Object.fromEntries(Object.entries(catalog).filter(([, entry]) => !entry.obsolete).map(([id, entry]) => [entry.message ?? id, entry.translation ?? '']));
}

export const catalogs = { es: await read('es'), fr: await read('fr'), de: await read('de') };
