// What a bar pours: the bounds every AI creation's recipe must keep, checked where a creation is
// made (both back ends) and again where it is ordered (docs/decisions/190-the-ai-bartender.md).
import { recipeNeed } from '../../shared/inventory';
import { isAlcoholicCategory } from '../../shared/drink-facts';

export const AI_CREATION_LIMITS = {
  /** Of any one spirit, liqueur or fortified wine. */
  spiritMl: 90,
  /** The whole glass, every ml-measured line together. */
  totalMl: 350,
  lines: 10,
  /** Dashes, pieces, leaves per line. */
  countPerLine: 12,
} as const;

const SPIRIT_LIKE = new Set(['spirit', 'liqueur', 'fortified wine']);
/** Rough strength of each alcoholic category against a 40% spirit, for "light on alcohol". */
const SPIRIT_EQUIVALENT: Record<string, number> = { spirit: 1, liqueur: 0.6, 'fortified wine': 0.4, wine: 0.3, beer: 0.125, cider: 0.125 };
/** A creation is light on alcohol at or under one US standard drink (44 ml of a 40% spirit). */
export const LIGHT_SPIRIT_EQUIVALENT_ML = 45;

type Line = { ingredient: string; quantity: number; unit: string };
export type CategoryOf = (ingredientName: string) => string | null;

/** Every bound the recipe breaks, as sentences for an error's details; empty when it is pourable. */
export function creationRecipeProblems(recipe: readonly Line[], categoryOf: CategoryOf): string[] {
  const problems: string[] = [];
  if (recipe.length === 0) problems.push('The creation has no recipe');
  if (recipe.length > AI_CREATION_LIMITS.lines) problems.push(`A creation has at most ${AI_CREATION_LIMITS.lines} ingredients`);
  let totalMl = 0;
  for (const line of recipe) {
    const need = recipeNeed(line.quantity, line.unit);
    if (!need) {
      if (!(line.quantity > 0)) problems.push(`${line.ingredient}: the quantity must be more than 0`);
      else if (line.quantity > AI_CREATION_LIMITS.countPerLine) problems.push(`${line.ingredient}: at most ${AI_CREATION_LIMITS.countPerLine} ${line.unit}`);
      continue;
    }
    if (need.measure === 'count') {
      if (need.amount > AI_CREATION_LIMITS.countPerLine) problems.push(`${line.ingredient}: at most ${AI_CREATION_LIMITS.countPerLine} ${line.unit}`);
      continue;
    }
    totalMl += need.amount;
    const category = categoryOf(line.ingredient);
    if (category && SPIRIT_LIKE.has(category) && need.amount > AI_CREATION_LIMITS.spiritMl) {
      problems.push(`${line.ingredient}: at most ${AI_CREATION_LIMITS.spiritMl} ml of any one spirit`);
    }
  }
  if (totalMl > AI_CREATION_LIMITS.totalMl) problems.push(`At most ${AI_CREATION_LIMITS.totalMl} ml in one drink`);
  return problems;
}

/** The recipe's alcohol as ml of a 40% spirit; 0 when nothing in it carries alcohol. */
export function spiritEquivalentMl(recipe: readonly Line[], categoryOf: CategoryOf): number {
  let total = 0;
  for (const line of recipe) {
    const category = categoryOf(line.ingredient);
    const need = recipeNeed(line.quantity, line.unit);
    if (!category || !isAlcoholicCategory(category) || need?.measure !== 'ml') continue;
    total += need.amount * (SPIRIT_EQUIVALENT[category] ?? 0);
  }
  return total;
}
