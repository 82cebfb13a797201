import type { Drink } from '../../../../shared/schemas/drink';

/** Spec: the menu's search looks at drink name and description; a chip narrows to one category. */
export function filterDrinks(drinks: Drink[], query: string, category: string | null): Drink[] {
  const q = query.trim().toLowerCase();
  return drinks.filter((d) =>
    (!category || d.category === category) &&
    (!q || d.name.toLowerCase().includes(q) || d.description.toLowerCase().includes(q)));
}

/**
 * The category chips: each category on the menu with how many drinks it has, in the menu's order of categories
 * (the featured drinks lead the menu but not the chips: docs/decisions/184).
 */
export function categoryCounts(drinks: Drink[]): [category: string, count: number][] {
  const counts = new Map<string, number>();
  for (const d of [...drinks.filter((x) => !x.featured), ...drinks.filter((x) => x.featured)]) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
  return [...counts.entries()];
}
