import type { Drink } from '../../../../shared/schemas/drink';

/**
 * The category chips: each category on the menu (or among the drinks a search found) with how many drinks it has, in the menu's order of categories
 * (the featured drinks lead the menu but not the chips: docs/decisions/184).
 */
export function categoryCounts(drinks: Drink[]): [category: string, count: number][] {
  const counts = new Map<string, number>();
  for (const d of [...drinks.filter((x) => !x.featured), ...drinks.filter((x) => x.featured)]) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
  return [...counts.entries()];
}
