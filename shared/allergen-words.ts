// The allergen words a drink's data may carry, by their canonical English keys: the EU's fourteen
// (docs/decisions/265). Listed here so `lingui extract` keeps each in the catalogs; the app reads them through
// shared/content-words.ts and never imports this list, so a guest's download does not carry it.
export const ALLERGEN_WORDS = [
  /*i18n*/ 'celery', /*i18n*/ 'crustaceans', /*i18n*/ 'eggs', /*i18n*/ 'fish', /*i18n*/ 'gluten', /*i18n*/ 'lupin',
  /*i18n*/ 'milk', /*i18n*/ 'molluscs', /*i18n*/ 'mustard', /*i18n*/ 'peanuts', /*i18n*/ 'sesame', /*i18n*/ 'soy',
  /*i18n*/ 'sulphites', /*i18n*/ 'tree nuts',
] as const;
