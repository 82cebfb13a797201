// Its own module so the drink page reads it without the menu's card (docs/decisions/268).

/**
 * The language a drink's name and description are written in, when the menu answer says (docs/decisions/217): a
 * drink not yet translated comes in English, and is marked so for screen readers and hyphenation.
 */
export const contentLang = (drink: object): string | undefined =>
  'lang' in drink && typeof drink.lang === 'string' ? drink.lang : undefined;
