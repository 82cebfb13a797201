// Reads one message of a guest's, in any language the tables know (docs/decisions/189): the allergen
// groups, alcohol-free and light-on-alcohol wishes it states, the language it is in, and whether it is in
// a language the reader cannot read.
import { AGE_THRESHOLD } from '../../../shared/constants';
import { evidenceOf, foreignPart, foreignSentence, likeliestLanguage, unplacedMessage } from './detect';
import { type Word, wordsOf } from './normalise';
import type { Phrase, PhraseIndex } from './phrases';
import { ALLERGEN_GROUPS, type AllergenGroup, type LanguageCode } from './table';
import { PHRASES, tableOf } from './tables';

export type MessageReading = {
  allergies: AllergenGroup[];
  alcoholFree: boolean;
  lowAlcohol: boolean;
  /** Written (in part) in a language the reader does not know: what it says cannot be read. */
  unreadable: boolean;
  /** The whole of a part says there is nothing to honour ("no", "no allergies", "con alcohol"). */
  saysNothingToHonour: boolean;
  /** The known language with the most evidence, or null when nothing tells. */
  language: LanguageCode | null;
};

const BREAKS = new RegExp(String.raw`[!?;\n¡¿…]+|\.+(?!\d)|,\s*(?=(?:${PHRASES.clauseBreaks.join('|')})\b)`, 'iu');
const PARTS = /(?<!\d),|,(?!\d)|[:()[\]{}"“”«»]|\s[-–—]\s/u;

/** Sentences (an allergen is read under a cue of its own sentence), each in parts between commas (a phrase never spans one). */
const sentencesOf = (text: string): Word[][][] =>
  text.split(BREAKS).map((sentence) => sentence.split(PARTS).map(wordsOf).filter((part) => part.length > 0)).filter((s) => s.length > 0);

const plain = (part: readonly Word[]) => part.map((w) => w.plain);

/** Ages read by a set of phrases, unless the word after the number says it counts something else ("17 euros"). */
function agesIn(words: readonly string[], phrases: PhraseIndex<{ phrase: Phrase }>): number[] {
  return [...phrases.matches(words)].map(({ match }) => match)
    .filter((m) => m.number !== null && !PHRASES.notAnAge.has(words[m.end] ?? ''))
    .map((m) => m.number!);
}

function statesUnderAge(words: readonly string[]): boolean {
  return agesIn(words, PHRASES.statedAge).some((age) => age >= 5 && age < AGE_THRESHOLD)
    || agesIn(words, PHRASES.ageBelow).some((age) => age >= 5 && age <= AGE_THRESHOLD);
}

/**
 * The allergen groups a sentence names under an allergy cue; a phrase names one group (the most specific). A
 * word the sentence's own language uses for something else is not another language's allergen: Spanish
 * "soy alérgico" (I am allergic) names no soy.
 */
function allergensUnderCue(parts: readonly string[][], language: LanguageCode | null): AllergenGroup[] {
  return parts.some((words) => PHRASES.allergyCues.some(words)) ? allergensNamed(parts, language) : [];
}

function allergensNamed(parts: readonly string[][], language: LanguageCode | null): AllergenGroup[] {
  const ownWords = language ? new Set(tableOf(language).commonWords) : new Set<string>();
  const rest = parts.map((words) => [...words]);
  const found: AllergenGroup[] = [];
  for (const group of ALLERGEN_GROUPS) {
    for (const words of rest) {
      for (const { item: { language: table }, match } of PHRASES.allergens.get(group)!.matches(words)) {
        if (table.code !== language && words.slice(match.start, match.end).every((w) => ownWords.has(w))) continue;
        if (!found.includes(group)) found.push(group);
        // What a group read is not read again by a later, broader one ("Erdnuss" is not also a "Nuss").
        if (match.part) {
          const { word, from, to } = match.part;
          words[word] = words[word]!.slice(0, from) + '_'.repeat(to - from) + words[word]!.slice(to);
        } else {
          for (let i = match.start; i < match.end; i++) words[i] = '';
        }
      }
    }
  }
  return found;
}

/** The allergen groups a list of allergen names names, in any language the tables know ("tree nuts", "Erdnüsse"). */
export function allergenGroupsOf(names: readonly string[]): AllergenGroup[] {
  const found = new Set(names.flatMap((name) => sentencesOf(name).flatMap((sentence) => allergensNamed(sentence.map(plain), null))));
  return ALLERGEN_GROUPS.filter((g) => found.has(g));
}

export function readMessage(message: string): MessageReading {
  const sentences = sentencesOf(message);
  const allergies: AllergenGroup[] = [];
  let alcoholFree = false;
  let lowAlcohol = false;
  let saysNothingToHonour = false;
  let unreadable = false;
  for (const sentence of sentences) {
    const parts = sentence.map(plain);
    const evidence = evidenceOf(sentence.flat());
    for (const group of allergensUnderCue(parts, likeliestLanguage(evidence))) if (!allergies.includes(group)) allergies.push(group);
    for (const words of parts) {
      for (const implied of PHRASES.impliedAllergens) {
        if (implied.phrases.some(words)) for (const group of implied.groups) if (!allergies.includes(group)) allergies.push(group);
      }
      if (PHRASES.alcoholFree.some(words) || statesUnderAge(words)) alcoholFree = true;
      if (PHRASES.lowAlcohol.some(words)) lowAlcohol = true;
      if (PHRASES.nothingToHonour.some(words, (m) => m.start === 0 && m.end === words.length)) saysNothingToHonour = true;
    }
    if (foreignSentence(evidence) || sentence.some((part) => foreignPart(evidenceOf(part)))) unreadable = true;
  }
  const whole = evidenceOf(sentences.flat(2));
  if (unplacedMessage(whole)) unreadable = true;
  return {
    allergies: ALLERGEN_GROUPS.filter((g) => allergies.includes(g)), alcoholFree, lowAlcohol: lowAlcohol && !alcoholFree, unreadable, saysNothingToHonour,
    language: likeliestLanguage(whole),
  };
}
