// The languages the reader knows (docs/decisions/189), each table's phrases compiled once.
import { ENGLISH } from './english';
import { FRENCH } from './french';
import { GERMAN } from './german';
import { ITALIAN } from './italian';
import { compilePhrase, type Phrase, PhraseIndex, phraseWords } from './phrases';
import { PORTUGUESE } from './portuguese';
import { SPANISH } from './spanish';
import { ALLERGEN_GROUPS, DRINK_CLASSES, type LanguageCode, type LanguageTable } from './table';

export const LANGUAGE_TABLES: readonly LanguageTable[] = [ENGLISH, SPANISH, FRENCH, GERMAN, ITALIAN, PORTUGUESE];

export const tableOf = (code: LanguageCode): LanguageTable => LANGUAGE_TABLES.find((t) => t.code === code)!;

const compileAll = (lists: readonly string[][]) => lists.flat().map(compilePhrase);
const fromEvery = <T>(pick: (table: LanguageTable) => T[]) => LANGUAGE_TABLES.flatMap(pick);
/** One list of every table's phrases of a kind, each knowing its language. */
const indexOf = (pick: (table: LanguageTable) => string[]) =>
  new PhraseIndex(LANGUAGE_TABLES.flatMap((language) => pick(language).map((source) => ({ language, phrase: compilePhrase(source) }))));

/** Every table's phrases, by what they say: a guest's words are read against all languages at once. */
export const PHRASES = {
  allergens: new Map(ALLERGEN_GROUPS.map((group) => [group, indexOf((t) => t.allergens[group])])),
  allergyCues: indexOf((t) => t.allergyCues),
  impliedAllergens: fromEvery((t) => t.impliedAllergens).map(({ phrases, groups }) => ({ phrases: new PhraseIndex(phrases.map((source) => ({ phrase: compilePhrase(source) }))), groups })),
  alcoholFree: indexOf((t) => t.alcoholFree),
  lowAlcohol: indexOf((t) => t.lowAlcohol),
  statedAge: indexOf((t) => t.statedAge),
  ageBelow: indexOf((t) => t.ageBelow),
  notAnAge: new Set(fromEvery((t) => t.notAnAge)),
  nothingToHonour: indexOf((t) => t.nothingToHonour),
  clauseBreaks: [...new Set(fromEvery((t) => t.clauseBreaks))],
  drinkClasses: new Map(DRINK_CLASSES.map((drinkClass) => [drinkClass, indexOf((t) => t.drinkClasses[drinkClass])])),
};

/** Every phrase of a table, whatever it says: its words tell the language apart. */
export function phrasesOf(table: LanguageTable): Phrase[] {
  return compileAll([
    ...Object.values(table.allergens), table.allergyCues, ...table.impliedAllergens.map((i) => i.phrases), table.alcoholFree, table.lowAlcohol,
    table.statedAge, table.ageBelow, table.nothingToHonour,
  ]);
}

export const wordsOfTable = (table: LanguageTable) => phrasesOf(table).flatMap(phraseWords);
