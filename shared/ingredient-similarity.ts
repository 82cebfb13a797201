// How close a venue's raw ingredient string is to a canonical ingredient. Used by the worker to
// rank merge suggestions (and to auto-merge in bulk) and by the Normalize screen to rank the
// whole catalogue while the super admin types. Pure, so both sides rank identically.
import { osaDistance } from './edit-distance';

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

export type IngredientCandidate = { id: string; name: string; aliases?: readonly string[]; category?: string; brands?: readonly string[] };
/**
 * 'merge': the string is this ingredient, spelled differently (typo, case, a measure word).
 * 'link': the string is a more specific product of it (a brand or a flavour of the generic: "Tito's vodka" → Vodka,
 * "Cointreau" → Triple sec); offered to be linked on purpose, never merged automatically.
 */
export type MatchKind = 'merge' | 'link';
export type RankedCandidate = { id: string; name: string; score: number; kind: MatchKind };

/** The same word, allowing one slip per four letters ('jiuce' ~ 'juice', 'limes' ~ 'lime'), never 'tito' ~ 'citrus'. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const longest = Math.max(a.length, b.length);
  return longest >= 4 && osaDistance(a, b) <= Math.floor(longest / 4);
}

/**
 * How a raw string relates to one name: the same product ('merge'), a more specific product of it
 * ('link': every word of the name is in the string, which adds a brand or flavour), or a different
 * product (null: 'Citrus vodka' for "Tito's vodka", 'Coconut cream' for "cointreau").
 */
export function productRelation(raw: string, name: string): MatchKind | null {
  const rawWords = meaningfulWords(raw);
  const nameWords = meaningfulWords(name);
  if (!rawWords.length || !nameWords.length) return null;
  const nameCovered = nameWords.every((w) => rawWords.some((r) => sameWord(r, w)));
  const rawCovered = rawWords.every((r) => nameWords.some((w) => sameWord(r, w)));
  if (nameCovered && rawCovered) return 'merge';
  if (nameCovered) return 'link';
  return null;
}

/**
 * Candidates best first, different products left out. A candidate's score is its best over its
 * name and aliases; a brand a venue stocks it under ("Cointreau" for Triple sec) makes it a 'link'.
 */
export function rankIngredientMatches(raw: string, candidates: readonly IngredientCandidate[], limit = 5): RankedCandidate[] {
  const ranked: RankedCandidate[] = [];
  for (const c of candidates) {
    let best: RankedCandidate | null = null;
    for (const label of [c.name, ...(c.aliases ?? [])]) {
      const kind = productRelation(raw, label);
      if (!kind) continue;
      const score = ingredientSimilarity(raw, label);
      if (!best || (kind === 'merge' && best.kind === 'link') || (kind === best.kind && score > best.score)) best = { id: c.id, name: c.name, score, kind };
    }
    if (!best) {
      const brand = (c.brands ?? []).find((b) => productRelation(raw, b) !== null);
      if (brand) best = { id: c.id, name: c.name, score: ingredientSimilarity(raw, brand), kind: 'link' };
    }
    if (best && best.score > 0) ranked.push(best);
  }
  return ranked
    .sort((a, b) => Number(b.kind === 'merge') - Number(a.kind === 'merge') || b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Plain similarity ranking for a search box (what the user types is not a product name yet). */
export function rankBySimilarity(term: string, candidates: readonly IngredientCandidate[], limit = 5): { id: string; name: string; score: number }[] {
  return candidates
    .map((c) => ({ id: c.id, name: c.name, score: Math.max(ingredientSimilarity(term, c.name), ...(c.aliases ?? []).map((a) => ingredientSimilarity(term, a))) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Bulk merge without a chosen target only merges a string into a suggestion at least this close. */
export const AUTO_MERGE_MIN_SIMILARITY = 0.6;

/**
 * What a recipe line names once its words of measure and freshness are set aside (docs/decisions/238): "Mint",
 * "fresh mint" and "mint (fresh)" all read "mint".
 */
const looseKey = (text: string) => meaningfulWords(text).join(' ');

/**
 * The catalogue ingredient a recipe line names (docs/decisions/238): exactly by name or alias, else by the same
 * words once measures and "fresh" are set aside ("Mint" → Fresh mint), when exactly one ingredient reads so.
 */
export function catalogueMatch<C extends IngredientCandidate>(raw: string, candidates: readonly C[]): C | null {
  const exact = exactIngredientMatch(raw, candidates);
  if (exact) return exact;
  const key = looseKey(raw);
  if (!key) return null;
  const loose = candidates.filter((c) => looseKey(c.name) === key || (c.aliases ?? []).some((a) => looseKey(a) === key));
  return loose.length === 1 ? loose[0]! : null;
}

/** The canonical ingredient a raw string names exactly (by name or alias), if any. */
export function exactIngredientMatch<C extends IngredientCandidate>(raw: string, candidates: readonly C[]): C | null {
  const key = normalizeIngredientName(raw);
  if (!key) return null;
  return candidates.find((c) => normalizeIngredientName(c.name) === key || (c.aliases ?? []).some((a) => normalizeIngredientName(a) === key)) ?? null;
}
