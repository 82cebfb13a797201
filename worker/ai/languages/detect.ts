// Which language a guest wrote in, and whether it is one the reader cannot read (docs/decisions/189). The
// reader never guesses: a text is unreadable only on evidence of another language, so a short English
// request, a drink name, an emoji or a mixed sentence stays readable.
//
// Evidence, counted over words:
//   - known: a frequent word of a language the reader knows, or a word of one of its phrases;
//   - foreign: a frequent word of a language it does not know (other-languages.ts), or a word written with a
//     letter none of the six uses (ł, ş, ø, ř, ő…);
//   - another script: a word in a script other than Latin (Japanese, Cyrillic, Arabic…);
//   - recognised: known, or a word of the bar (drink and ingredient names, the vibe and chat options).
import { DRINK_CATEGORIES } from '../../../shared/back-office-constants';
import { CHAT_OPTIONS, VIBE_OPTIONS } from '../../../shared/ai-options';
import { REFERENCE_DRINKS, REFERENCE_INGREDIENTS } from '../../db/seed/reference-data';
import { plainText, type Word } from './normalise';
import { OTHER_LANGUAGE_WORDS } from './other-languages';
import { fitsExactly } from './phrases';
import { LANGUAGE_TABLES, wordsOfTable } from './tables';
import type { LanguageCode } from './table';

/** Latin letters with a diacritic that Spanish, French, German, Italian or Portuguese write. */
const OWN_LETTERS = new Set([...'áàâäãçéèêëíìîïñóòôöõúùûüÿœß']);

type Vocabulary = { words: Set<string>; stems: { text: string; leading: boolean; trailing: boolean }[] };

const KNOWN: { code: LanguageCode; vocabulary: Vocabulary }[] = LANGUAGE_TABLES.map((table) => {
  const phraseWords = wordsOfTable(table);
  return {
    code: table.code,
    vocabulary: {
      words: new Set([...table.commonWords, ...phraseWords.filter((w) => !w.leading && !w.trailing).map((w) => w.text)]),
      stems: phraseWords.filter((w) => (w.leading || w.trailing) && w.text.length >= 3),
    },
  };
});

/** How much of a word a language's vocabulary accounts for (0 when none): the whole word, or its longest stem. */
function fitInVocabulary(word: string, v: Vocabulary): number {
  if (v.words.has(word)) return word.length;
  let longest = 0;
  for (const stem of v.stems) if (stem.text.length > longest && fitsExactly(word, stem)) longest = stem.text.length;
  return longest;
}
const knownAnywhere = (word: string) => KNOWN.some((k) => fitInVocabulary(word, k.vocabulary) > 0);

/** Words of languages the reader does not know, less any word a known language also uses. */
const FOREIGN_WORDS = new Set(Object.values(OTHER_LANGUAGE_WORDS).flat().filter((word) => !knownAnywhere(word)));

const BAR_WORDS = new Set(plainText([
  ...REFERENCE_DRINKS.map((d) => d.name), ...REFERENCE_INGREDIENTS.map((i) => i.name), ...Object.values(VIBE_OPTIONS).flat(),
  ...Object.values(CHAT_OPTIONS).flat(), ...DRINK_CATEGORIES,
].join(' ')).split(' ').filter((w) => w.length >= 2));

const hasOtherScript = (raw: string) => /\p{L}/u.test(raw) && [...raw].some((ch) => /\p{L}/u.test(ch) && !/\p{Script=Latin}/u.test(ch));
const hasForeignLetter = (raw: string) => [...raw.normalize('NFC').toLowerCase()].some((ch) => /\p{Script=Latin}/u.test(ch) && ch > '\u007f' && !OWN_LETTERS.has(ch));

export type LanguageEvidence = {
  /** Words of each known language. */
  known: Map<LanguageCode, number>;
  /** Letters of those words each language accounts for: which of two languages with as many words fits better. */
  knownLetters: Map<LanguageCode, number>;
  /** Frequent words of languages the reader does not know. */
  foreign: number;
  /** Other words spelt with a letter none of the known languages uses (a brand name may be one: weaker evidence). */
  foreignSpelling: number;
  otherScript: number;
  recognised: number;
  total: number;
};

export function evidenceOf(words: readonly Word[]): LanguageEvidence {
  const known = new Map<LanguageCode, number>(KNOWN.map((k) => [k.code, 0]));
  const knownLetters = new Map<LanguageCode, number>(KNOWN.map((k) => [k.code, 0]));
  let foreign = 0;
  let foreignSpelling = 0;
  let otherScript = 0;
  let recognised = 0;
  const seenRaw = new Set<string>();
  for (const { raw, plain } of words) {
    // One raw word ("d'alcool", "妊娠中") is one piece of script evidence, however many words it reads as.
    if (!seenRaw.has(raw)) {
      seenRaw.add(raw);
      if (hasOtherScript(raw)) otherScript += 1;
    }
    let isKnown = false;
    for (const k of KNOWN) {
      const letters = plain ? fitInVocabulary(plain, k.vocabulary) : 0;
      if (letters === 0) continue;
      known.set(k.code, known.get(k.code)! + 1);
      knownLetters.set(k.code, knownLetters.get(k.code)! + letters);
      isKnown = true;
    }
    const isBar = BAR_WORDS.has(plain) || /^\d+$/.test(plain) || plain === '%';
    if (!isKnown && !isBar && FOREIGN_WORDS.has(plain)) foreign += 1;
    else if (!isKnown && !isBar && hasForeignLetter(raw)) foreignSpelling += 1;
    if (isKnown || isBar) recognised += 1;
  }
  return { known, knownLetters, foreign, foreignSpelling, otherScript, recognised, total: words.length };
}

export const bestKnownScore = (e: LanguageEvidence) => Math.max(0, ...e.known.values());

/** The known language with the most words, then the most letters accounted for (English on a tie), or null when none. */
export function likeliestLanguage(e: LanguageEvidence): LanguageCode | null {
  let best: LanguageCode | null = null;
  let words = 0;
  let letters = 0;
  for (const [code, n] of e.known) {
    const l = e.knownLetters.get(code)!;
    if (n > words || (n === words && n > 0 && l > letters)) { best = code; words = n; letters = l; }
  }
  return best;
}

/** A part of a sentence (between commas) whose foreign words outnumber its known ones. */
export const foreignPart = (e: LanguageEvidence) => e.otherScript > 0 || e.foreign + e.foreignSpelling > bestKnownScore(e);

/**
 * A sentence with frequent words of another language at least as many as the words of any one known language
 * ("I'm zwanger"), or with more foreign words, by spelling too, than known ones ("Żubrówka and apple juice" is not).
 */
export const foreignSentence = (e: LanguageEvidence) => e.otherScript > 0 || (e.foreign > 0 && e.foreign >= bestKnownScore(e))
  || e.foreign + e.foreignSpelling > bestKnownScore(e);

/** A message with no word of a known language and mostly words the reader cannot place: another language. */
export const unplacedMessage = (e: LanguageEvidence) =>
  bestKnownScore(e) === 0 && e.total - e.recognised >= 3 && (e.total - e.recognised) / e.total >= 0.6;
