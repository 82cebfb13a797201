// How close a venue's raw ingredient string is to a canonical ingredient. Used by the worker to
// rank merge suggestions (and to auto-merge in bulk) and by the Normalize screen to rank the
// whole catalogue while the super admin types. Pure, so both sides rank identically.

/** Spacing, case, accents and punctuation never distinguish two ingredients. */
export function normalizeIngredientName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words that only describe a measure or serving, never which ingredient it is. */
const NOISE_WORDS = new Set(['dash', 'dashes', 'splash', 'drop', 'drops', 'oz', 'ml', 'cl', 'tsp', 'tbsp', 'barspoon', 'of', 'a', 'the', 'to', 'top', 'fresh']);

function meaningfulWords(text: string): string[] {
  return normalizeIngredientName(text).split(' ').filter((w) => w && !NOISE_WORDS.has(w));
}

function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Jaccard similarity of character trigrams, 0..1. */
export function trigramSimilarity(a: string, b: string): number {
  const ga = trigrams(normalizeIngredientName(a));
  const gb = trigrams(normalizeIngredientName(b));
  if (ga.size === 0 || gb.size === 0) return 0;
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

/** Edit distance (insert, delete, substitute), two-row dynamic programme. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** 1 for the same text, 0 for nothing in common, by edit distance over the longer length. */
export function levenshteinSimilarity(a: string, b: string): number {
  const na = normalizeIngredientName(a);
  const nb = normalizeIngredientName(b);
  const longest = Math.max(na.length, nb.length);
  return longest === 0 ? 0 : 1 - levenshtein(na, nb) / longest;
}

/**
 * One score, 0..1: the best of trigram overlap, edit distance (typos: 'jiuce' → 'juice') and
 * word containment ('Angostura Bitters (dash)' → 'Angostura bitters').
 */
export function ingredientSimilarity(raw: string, candidate: string): number {
  const rawWords = meaningfulWords(raw);
  const candidateWords = meaningfulWords(candidate);
  const rawCore = rawWords.join(' ');
  const candidateCore = candidateWords.join(' ');
  if (!rawCore || !candidateCore) return 0;
  if (rawCore === candidateCore) return 1;
  const contained = candidateWords.length > 0 && candidateWords.every((w) => rawWords.includes(w))
    ? 0.9 * (candidateWords.length / Math.max(rawWords.length, candidateWords.length)) + 0.1
    : 0;
  return Math.max(trigramSimilarity(rawCore, candidateCore), levenshteinSimilarity(rawCore, candidateCore), contained);
}

export type IngredientCandidate = { id: string; name: string; aliases?: readonly string[] };
export type RankedCandidate = { id: string; name: string; score: number };

/** Candidates best first; a candidate's score is its best over its name and aliases. */
export function rankIngredientMatches(raw: string, candidates: readonly IngredientCandidate[], limit = 5): RankedCandidate[] {
  return candidates
    .map((c) => ({
      id: c.id,
      name: c.name,
      score: Math.max(ingredientSimilarity(raw, c.name), ...(c.aliases ?? []).map((a) => ingredientSimilarity(raw, a))),
    }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Bulk merge without a chosen target only merges a string into a suggestion at least this close. */
export const AUTO_MERGE_MIN_SIMILARITY = 0.6;

/** The canonical ingredient a raw string names exactly (by name or alias), if any. */
export function exactIngredientMatch<C extends IngredientCandidate>(raw: string, candidates: readonly C[]): C | null {
  const key = normalizeIngredientName(raw);
  if (!key) return null;
  return candidates.find((c) => normalizeIngredientName(c.name) === key || (c.aliases ?? []).some((a) => normalizeIngredientName(a) === key)) ?? null;
}
