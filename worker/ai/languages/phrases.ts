// How a phrase of a language table is matched against a guest's words (docs/decisions/189). One small
// notation for every language, so the tables stay data:
//
//   words      separated by spaces, written plain (no diacritics, lower case: see normalise.ts)
//   a|b        one of several words at this place            "cant have|eat|drink"
//   word*      a word that starts so (stems, compounds)       "pregnan*", "nuss*"
//   *word*     a word that holds it (German compounds)        "*allergi*" reads "Nussallergie"
//   *word      a word that ends so                            "*frei" reads "glutenfrei"
//   word?      a word that may be left out                    "light on the? alcohol"
//   ~          up to two other words                          "sin ~ alcohol"
//   #          a number (an age): the reader gets its value   "tengo # anos"
//
// A plain word of 6 letters or more also matches a misspelling one edit away that keeps its first letter
// ("embarasada", "alergico", "schwnager"), so common typos are read without listing them all.

export const FUZZY_MIN_LENGTH = 6;
const GAP_WORDS = 2;

type Alternative = { text: string; leading: boolean; trailing: boolean; number: boolean };
type Step = { kind: 'word'; alternatives: Alternative[]; optional: boolean } | { kind: 'gap' };

export type Phrase = { source: string; steps: Step[] };

/** Where a phrase matched: words [start, end), the part of a word an infix matched, and the number it read. */
export type PhraseMatch = { start: number; end: number; part: { word: number; from: number; to: number } | null; number: number | null };

export function compilePhrase(source: string): Phrase {
  const steps: Step[] = source.trim().split(/\s+/).map((token): Step => {
    if (token === '~') return { kind: 'gap' };
    const optional = token.endsWith('?');
    const body = optional ? token.slice(0, -1) : token;
    const alternatives = body.split('|').map((alt): Alternative => ({
      text: alt.replace(/^\*|\*$/g, ''),
      leading: alt.startsWith('*'),
      trailing: alt.endsWith('*'),
      number: alt === '#',
    }));
    for (const alt of alternatives) {
      if (!alt.number && !/^[a-z0-9%]+$/.test(alt.text)) throw new Error(`Phrase "${source}": "${alt.text}" is not a plain word`);
    }
    return { kind: 'word', alternatives, optional };
  });
  return { source, steps };
}

/** One edit (insertion, deletion, substitution, or two neighbours swapped) at most between a and b. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const fuzzy = (text: string) => text.length >= FUZZY_MIN_LENGTH;

/** Does a word fit an alternative? Returns the matched part's [from, to), or null. */
function fit(word: string, alt: Alternative): [number, number] | null {
  const { text } = alt;
  if (alt.number) return /^\d{1,3}$/.test(word) ? [0, word.length] : null;
  if (!alt.leading && !alt.trailing) {
    if (word === text) return [0, word.length];
    return fuzzy(text) && word[0] === text[0] && withinOneEdit(word, text) ? [0, word.length] : null;
  }
  if (!alt.leading) {
    if (word.startsWith(text)) return [0, word.length];
    if (!fuzzy(text) || word[0] !== text[0]) return null;
    for (const length of [text.length - 1, text.length, text.length + 1]) {
      if (length <= word.length && withinOneEdit(word.slice(0, length), text)) return [0, word.length];
    }
    return null;
  }
  const at = alt.trailing ? word.indexOf(text) : (word.endsWith(text) ? word.length - text.length : -1);
  if (at >= 0) return [at, at + text.length];
  if (!fuzzy(text)) return null;
  for (let from = 0; from < word.length; from++) {
    if (word[from] !== text[0]) continue;
    for (const length of [text.length - 1, text.length, text.length + 1]) {
      const to = from + length;
      if (to > word.length || (!alt.trailing && to !== word.length)) continue;
      if (withinOneEdit(word.slice(from, to), text)) return [from, to];
    }
  }
  return null;
}

function matchFrom(words: readonly string[], steps: readonly Step[], at: number, step: number, found: Omit<PhraseMatch, 'start' | 'end'>): PhraseMatch | null {
  if (step === steps.length) return { start: -1, end: at, ...found };
  const current = steps[step]!;
  if (current.kind === 'gap') {
    for (let skip = 0; skip <= GAP_WORDS && at + skip <= words.length; skip++) {
      const rest = matchFrom(words, steps, at + skip, step + 1, found);
      if (rest) return rest;
    }
    return null;
  }
  if (at < words.length) {
    for (const alt of current.alternatives) {
      const part = fit(words[at]!, alt);
      if (!part) continue;
      const partial = part[0] > 0 || part[1] < words[at]!.length;
      const rest = matchFrom(words, steps, at + 1, step + 1, {
        part: partial ? { word: at, from: part[0], to: part[1] } : found.part,
        number: alt.number ? Number(words[at]) : found.number,
      });
      if (rest) return rest;
    }
  }
  return current.optional ? matchFrom(words, steps, at, step + 1, found) : null;
}

/** Every place the phrase matches in the words, left to right, without overlaps. */
export function matchPhrase(words: readonly string[], phrase: Phrase): PhraseMatch[] {
  const matches: PhraseMatch[] = [];
  for (let start = 0; start < words.length; start++) {
    const match = matchFrom(words, phrase.steps, start, 0, { part: null, number: null });
    // A phrase made only of optional words matches nothing.
    if (!match || match.end === start) continue;
    matches.push({ ...match, start });
    start = match.end - 1;
  }
  return matches;
}

/** The literal words a phrase is made of (for telling languages apart). */
export function phraseWords(phrase: Phrase): { text: string; leading: boolean; trailing: boolean }[] {
  return phrase.steps.flatMap((step) => (step.kind === 'word' ? step.alternatives.filter((a) => !a.number) : []));
}

/** Does one word fit one phrase word exactly (stems and compounds included, misspellings not)? */
export function fitsExactly(word: string, alt: { text: string; leading: boolean; trailing: boolean }): boolean {
  if (alt.leading && alt.trailing) return word.includes(alt.text);
  if (alt.trailing) return word.startsWith(alt.text);
  if (alt.leading) return word.endsWith(alt.text);
  return word === alt.text;
}

/**
 * Phrases indexed by the first letter of their first word, so a guest's words are tried only against the
 * phrases that can start at each of them (a phrase starting with an infix, a number or an optional word is
 * always tried).
 */
export class PhraseIndex<T extends { phrase: Phrase }> {
  private readonly byLetter = new Map<string, T[]>();
  private readonly always: T[] = [];

  constructor(items: readonly T[]) {
    for (const item of items) {
      const first = item.phrase.steps[0];
      const letters = first?.kind === 'word' && !first.optional && first.alternatives.every((a) => !a.leading && !a.number && a.text.length > 0)
        ? new Set(first.alternatives.map((a) => a.text[0]!))
        : null;
      if (!letters) { this.always.push(item); continue; }
      for (const letter of letters) this.byLetter.set(letter, [...(this.byLetter.get(letter) ?? []), item]);
    }
  }

  /** Every match in the words, each phrase's left to right; `words` may change between yields (consumed words). */
  *matches(words: readonly string[]): Generator<{ item: T; match: PhraseMatch }> {
    for (let start = 0; start < words.length; start++) {
      const candidates = [...(this.byLetter.get(words[start]![0] ?? '') ?? []), ...this.always];
      for (const item of candidates) {
        const match = matchFrom(words, item.phrase.steps, start, 0, { part: null, number: null });
        if (match && match.end > start) yield { item, match: { ...match, start } };
      }
    }
  }

  some(words: readonly string[], accept: (match: PhraseMatch) => boolean = () => true): boolean {
    for (const { match } of this.matches(words)) if (accept(match)) return true;
    return false;
  }
}
