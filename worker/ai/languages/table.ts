// What one language table holds (docs/decisions/189): the phrases a guest uses for each constraint, in the
// notation of phrases.ts, its common words for telling the language apart, and the sentences the reply
// says back. Every language has the same shape, so the reader has one code path for all of them.

export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/**
 * Allergen groups, in the order they are read: a phrase names one group, so the more specific group comes
 * first ('tree nuts' and 'peanuts' before the bare 'nuts', "Erdnuss" before "Nuss").
 */
export const ALLERGEN_GROUPS = [
  'tree nuts', 'peanuts', 'nuts', 'dairy', 'egg', 'gluten', 'soy', 'sesame', 'fish', 'shellfish', 'celery', 'mustard', 'lupin', 'sulphites',
] as const;
export type AllergenGroup = (typeof ALLERGEN_GROUPS)[number];

/** Drink classes that carry an allergen by nature (docs/decisions/189): shared/drink-facts.ts CLASS_ALLERGENS. */
export const DRINK_CLASSES = ['wine', 'beer', 'cider'] as const;
export type DrinkClass = (typeof DRINK_CLASSES)[number];

export type LanguageTable = {
  code: LanguageCode;
  /** The language's name in English. */
  name: string;
  /** Frequent words of the language, beside its phrases' own words: how a text is told to be in it. */
  commonWords: string[];
  /** Words that, after a comma, start another thought ("…, but"): an allergen after one is not under an earlier cue. */
  clauseBreaks: string[];
  /** How guests name each allergen group. */
  allergens: Record<AllergenGroup, string[]>;
  /** Words that turn a mention of an allergen into a constraint ("allergic", "without", "no"). */
  allergyCues: string[];
  /** Phrases that imply allergen groups on their own ("coeliac", "vegan"). */
  impliedAllergens: { phrases: string[]; groups: AllergenGroup[] }[];
  /** Pregnancy, driving, sobriety, medication, "no alcohol", "mocktail", being under age. */
  alcoholFree: string[];
  /** "Light on alcohol". */
  lowAlcohol: string[];
  /** "I'm 17", "17 years old": `#` is the guest's age. */
  statedAge: string[];
  /** "Under 21": `#` is an age the guest is below. */
  ageBelow: string[];
  /** Words after a number that say it is not an age ("17 euros", "4 people"). */
  notAnAge: string[];
  /** A whole answer saying there is nothing to honour ("no", "no allergies"), after the bartender asked. */
  nothingToHonour: string[];
  /** How guests name the drink classes that carry an allergen ("red wine", "Bier"): the reply says what they contain. */
  drinkClasses: Record<DrinkClass, string[]>;
  /** What the reply says back in this language. */
  replies: {
    allergenNames: Record<AllergenGroup, string>;
    /** "No {list} in this one.": the allergen names joined with `or` before the last. */
    without: string;
    or: string;
    alcoholFree: string;
    lowAlcohol: string;
    allergyConfirm: string;
    /** Each class's name as the reply says it ("wine", "el vino"). */
    classNames: Record<DrinkClass, string>;
    /** "{Class} contains {allergen}, so I have left it out.": {Class} is the class's name, capitalised. */
    classContains: string;
  };
};
