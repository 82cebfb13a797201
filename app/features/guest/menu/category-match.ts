// The category page's match rule: its own module, out of the menu's first download (docs/decisions/275).

type MatchableDrink = { name: string; description: string; category: string; tags: string[] };

/** Spec: the category page's match rule. */
export function drinkMatchesCategory(drink: MatchableDrink, slug: string): boolean {
  const s = slug.toLowerCase();
  const name = drink.name.toLowerCase();
  const description = drink.description.toLowerCase();
  if (drink.category.toLowerCase() === s) return true;
  if (drink.tags.some((t) => t.toLowerCase() === s)) return true;
  if (s === 'cocktail' && (name.includes('cocktail') || description.includes('cocktail'))) return true;
  if (s === 'mocktail' && (name.includes('mocktail') || description.includes('mocktail') || name.includes('virgin'))) return true;
  return false;
}

/** If nothing matches but drinks exist, all drinks are shown. */
export function drinksForCategory<T extends MatchableDrink>(drinks: T[], slug: string): T[] {
  const matched = drinks.filter((d) => drinkMatchesCategory(d, slug));
  return matched.length > 0 ? matched : drinks;
}
