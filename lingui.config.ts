// Lingui (docs/decisions/262): texts are written in the source with its macros, in English; `lingui extract` collects
// them into one .po catalog per language and the Vite plugin compiles a catalog when the app imports it.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de'],
  // Origins without line numbers: moving a line in the code does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
  catalogs: [{ path: '<rootDir>/app/i18n/locales/{locale}/messages', include: ['<rootDir>/app', '<rootDir>/shared'] }],
  // The macros call our own runtime, which says English from the message written in the code, so an English reader
  // downloads no catalog and no Lingui (app/i18n/i18n.ts).
  runtimeConfigModule: { i18n: ['#i18n', 'i18n'], useLingui: ['#i18n', 'useLingui'] },
});
