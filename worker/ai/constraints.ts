// What a guest says about their body, read from their own words in any language the reader knows, and the
// hard filter it becomes (docs/decisions/189-guest-constraints-are-hard-filters.md). Both back ends run every
// candidate through `violations` before it can reach the guest: a stated constraint never only ranks.
import { CLASS_ALLERGENS } from '../../shared/drink-facts';
import { wordsOf } from './languages/normalise';
import { readMessage } from './languages/reader';
import { ALLERGEN_GROUPS, type AllergenGroup, DRINK_CLASSES, type DrinkClass, type LanguageCode } from './languages/table';
import { PHRASES, tableOf } from './languages/tables';

export type { AllergenGroup, LanguageCode };

const TREE_NUTS_STORED = /tree ?nut|almond|hazelnut|walnut|pecan|cashew|pistachio|macadamia|brazil nut/;
const PEANUTS_STORED = /peanut|groundnut/;

/** How stored allergens (an ingredient's or a drink's, in the data's English) belong to each group. */
const STORED: Record<AllergenGroup, RegExp> = {
  'tree nuts': TREE_NUTS_STORED,
  peanuts: PEANUTS_STORED,
  nuts: new RegExp(`${TREE_NUTS_STORED.source}|${PEANUTS_STORED.source}|^nuts?$`),
  dairy: /milk|dairy|lactose|casein|whey|cream|butter/,
  egg: /egg/,
  gluten: /gluten|wheat|barley|spelt/,
  soy: /soy/,
  sesame: /sesame/,
  shellfish: /shellfish|crustacean|mollusc|shrimp|prawn|crab|lobster|oyster|clam|mussel/,
  fish: /(^|[^l])fish|anchov/,
  celery: /celery|celeriac/,
  mustard: /mustard/,
  lupin: /lupin/,
  sulphites: /sulph|sulfi|sulfur|sulphur/,
};

export type GuestConstraints = {
  /** Allergen groups the glass must be free of ('nuts', 'dairy', ...). */
  allergies: AllergenGroup[];
  alcoholFree: boolean;
  /** "Light on alcohol": an alcohol-free drink or a light one; never a bold one, a neat pour or a shot. */
  lowAlcohol: boolean;
  /**
   * The guest wrote in a language the reader cannot read and has not yet answered the question the reply
   * asks: until then nothing alcoholic and nothing with any stored allergen (alcoholFree is set too).
   */
  unread: boolean;
  /** The reply's language: the guest's words', else the app's (docs/decisions/254). Every sentence is said in it. */
  language: LanguageCode;
};

export const NO_CONSTRAINTS: GuestConstraints = { allergies: [], alcoholFree: false, lowAlcohol: false, unread: false, language: 'en' };

/** The constraints another reader found (the model's, docs/decisions/189) can only add to the local reader's. */
export function mergeConstraints(base: GuestConstraints, extra: GuestConstraints | null | undefined): GuestConstraints {
  if (!extra) return base;
  const allergies = ALLERGEN_GROUPS.filter((g) => base.allergies.includes(g) || extra.allergies.includes(g));
  const alcoholFree = base.alcoholFree || extra.alcoholFree;
  return { allergies, alcoholFree, lowAlcohol: !alcoholFree && (base.lowAlcohol || extra.lowAlcohol), unread: base.unread || extra.unread, language: base.language };
}

/** A suggestion request's constraints: all the guest's words, the chat context's base 'None', and what the model read. */
export const requestConstraints = (request: {
  text: string; constraintText?: string; context: { baseSpirit?: string | null } | null; modelConstraints?: GuestConstraints | null; language?: LanguageCode;
}) => mergeConstraints(
  readConstraints(request.constraintText ?? request.text, {
    zeroProofPicked: request.context?.baseSpirit?.trim().toLowerCase() === 'none', appLanguage: request.language,
  }),
  request.modelConstraints,
);

// The same words are read several times for one suggestion (ranking, the final check, the reply).
const READ_CACHE = new Map<string, GuestConstraints>();
const READ_CACHE_SIZE = 500;

/**
 * The constraints in a guest's words (vibe request, chat messages one per line, recommend-new request). A line
 * in a language the reader cannot read makes the constraints `unread` until a later line, in a language it
 * reads, answers: by stating a constraint, or by saying there is none ("no", "no allergies").
 */
export function readConstraints(rawText: string, options: { zeroProofPicked?: boolean; appLanguage?: LanguageCode } = {}): GuestConstraints {
  const key = `${options.zeroProofPicked ? 1 : 0}${options.appLanguage ?? ''}${rawText}`;
  const cached = READ_CACHE.get(key);
  if (cached) return cached;
  const allergies: AllergenGroup[] = [];
  let alcoholFree = Boolean(options.zeroProofPicked);
  let lowAlcohol = false;
  let unread = false;
  // The reply's language (docs/decisions/254): the one the guest last wrote in, else the app's, else English.
  let language: LanguageCode = options.appLanguage ?? 'en';
  for (const line of rawText.split('\n')) {
    const reading = readMessage(line);
    for (const group of reading.allergies) if (!allergies.includes(group)) allergies.push(group);
    alcoholFree ||= reading.alcoholFree;
    lowAlcohol ||= reading.lowAlcohol;
    const answers = reading.allergies.length > 0 || reading.alcoholFree || reading.lowAlcohol || reading.saysNothingToHonour;
    if (reading.unreadable) unread = true;
    else if (answers) unread = false;
    if (reading.language) language = reading.language;
  }
  alcoholFree ||= unread;
  const constraints = { allergies: ALLERGEN_GROUPS.filter((g) => allergies.includes(g)), alcoholFree, lowAlcohol: !alcoholFree && lowAlcohol, unread, language };
  if (READ_CACHE.size >= READ_CACHE_SIZE) READ_CACHE.clear();
  READ_CACHE.set(key, constraints);
  return constraints;
}

/** Does a stored allergen (an ingredient's or a drink's) belong to a group the guest named? */
export function allergenInGroup(stored: string, group: string): boolean {
  const pattern = STORED[group as AllergenGroup];
  return Boolean(pattern && pattern.test(stored.toLowerCase()));
}

/** May a glass with this stored allergen reach the guest? Never, while their words are unread. */
export const allergenForbidden = (stored: string, c: GuestConstraints) => c.unread || c.allergies.some((group) => allergenInGroup(stored, group));

/** What a candidate holds, from stored data only: a menu drink's derived facts or a creation's ingredients. */
export type GlassFacts = {
  allergens: readonly string[];
  containsAlcohol: boolean;
  light: boolean;
  /** A recipe line names no known ingredient: what it holds cannot be vouched for. */
  unverified: boolean;
};

const add = <T>(list: T[], value: T) => { if (!list.includes(value)) list.push(value); };

/** The constraints a candidate breaks, as short phrases ('tree nuts', 'alcohol'); empty when it is allowed. */
export function violations(facts: GlassFacts, c: GuestConstraints): string[] {
  const broken: string[] = [];
  for (const allergen of facts.allergens) if (allergenForbidden(allergen, c)) add(broken, allergen);
  if (c.alcoholFree && facts.containsAlcohol) broken.push('alcohol');
  if ((c.allergies.length > 0 || c.alcoholFree) && facts.unverified) broken.push('an ingredient I cannot check');
  if (c.lowAlcohol && facts.containsAlcohol && !facts.light) broken.push('more than a light pour of alcohol');
  return broken;
}

export const hasConstraints = (c: GuestConstraints) => c.allergies.length > 0 || c.alcoholFree || c.lowAlcohol;

const joinWith = (words: string[], last: string) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`);

/** What the reply asks when the guest's words could not be read (docs/decisions/189): in English, in plain words. */
export const UNREAD_QUESTION = "Sorry, I can't read that language, so I won't guess. Do you have any allergies, or would you like your drink alcohol-free? Please tell me in English.";
export const UNREAD_HOLD = "Until you tell me, I'll only suggest drinks with no alcohol and no listed allergens.";

/** What the reply opens with: the question, when the guest's words could not be read. */
export const replyOpening = (c: GuestConstraints): string[] => (c.unread ? [UNREAD_QUESTION, UNREAD_HOLD] : []);

/** The reply's sentences saying what was honoured, in the guest's language where the reader knows it (the opening says it when unread). */
export function honouredSentences(c: GuestConstraints): string[] {
  if (c.unread) return [];
  const { replies } = tableOf(c.language);
  const sentences: string[] = [];
  if (c.allergies.length > 0) sentences.push(replies.without.replace('{list}', joinWith(c.allergies.map((g) => replies.allergenNames[g]), replies.or)));
  if (c.alcoholFree) sentences.push(replies.alcoholFree);
  if (c.lowAlcohol) sentences.push(replies.lowAlcohol);
  return sentences;
}

export const ALLERGY_CONFIRM_LINE = tableOf('en').replies.allergyConfirm;

/** The line asking to confirm an allergy with the bar, in the guest's language; null when no allergy may be at stake. */
export function allergyConfirmLine(c: GuestConstraints): string | null {
  if (c.unread) return ALLERGY_CONFIRM_LINE;
  return c.allergies.length > 0 ? tableOf(c.language).replies.allergyConfirm : null;
}

/** The drink classes a guest's words name ("red wine", "una cerveza"), in any language the reader knows. */
export function drinkClassesNamed(text: string): DrinkClass[] {
  const lines = text.split('\n').map((line) => wordsOf(line).map((w) => w.plain));
  return DRINK_CLASSES.filter((drinkClass) => lines.some((words) => PHRASES.drinkClasses.get(drinkClass)!.some(words)));
}

/** The allergen groups a drink class carries by nature that the guest named (docs/decisions/189). */
export const classAllergenGroups = (drinkClass: DrinkClass, c: GuestConstraints): AllergenGroup[] =>
  c.allergies.filter((group) => (CLASS_ALLERGENS[drinkClass] ?? []).some((stored) => allergenInGroup(stored, group)));

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * What the reply says about a class the guest named that carries an allergen they cannot have, in their language:
 * "Wine contains sulphites, so I have left it out." (docs/decisions/189).
 */
export function classSentences(c: GuestConstraints, text: string): string[] {
  if (c.unread) return [];
  const { replies } = tableOf(c.language);
  return drinkClassesNamed(text).flatMap((drinkClass) => {
    const groups = classAllergenGroups(drinkClass, c);
    if (groups.length === 0) return [];
    return [replies.classContains.replace('{Class}', capitalise(replies.classNames[drinkClass]))
      .replace('{allergen}', groups.map((g) => replies.allergenNames[g]).join(', '))];
  });
}

/** Why nothing could be offered, naming the constraints (the 422 no_suggestion message). */
export function nothingFitsMessage(c: GuestConstraints): string {
  if (c.unread) return `${UNREAD_QUESTION} Nothing on the menu or in stock is alcohol-free without a listed allergen right now; please ask the bar staff`;
  const needs = [
    ...(c.allergies.length > 0 ? [`without ${joinWith(c.allergies, 'or')}`] : []),
    ...(c.alcoholFree ? ['alcohol-free'] : []),
    ...(c.lowAlcohol ? ['light on alcohol'] : []),
  ];
  return needs.length > 0
    ? `Nothing on the menu or in stock is ${needs.join(' and ')} right now; please ask the bar staff`
    : 'Nothing on the menu or in stock fits this request';
}
