import type { DrinkCategory } from './constants';

/** Spec: category page titles. `other` is the venue's own classics label. */
export const CATEGORY_LABELS: Record<DrinkCategory, string> = {
  cocktail: /*i18n*/ 'Cocktails',
  beer: /*i18n*/ 'Beer',
  wine: /*i18n*/ 'Wine',
  mocktail: /*i18n*/ 'Mocktails',
  house_classic: /*i18n*/ 'House Classics',
  menu_cocktail: /*i18n*/ 'Menu Cocktails',
  spirit: /*i18n*/ 'Spirits',
  shot: /*i18n*/ 'Shots',
  non_alcoholic: /*i18n*/ 'Non-Alcoholic',
  other: /*i18n*/ 'Venue Classics',
};

export function categoryLabel(category: string, venueName?: string): string {
  if (category === 'other' && venueName) return `${venueName} Classics`;
  return CATEGORY_LABELS[category as DrinkCategory] ?? category.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** A category's label in the reader's language (`t`); a category the labels do not know keeps its name. */
export function categoryName(t: (id: string, values?: Record<string, unknown>) => string, category: string, venueName?: string) {
  if (category === 'other' && venueName) return t(/*i18n*/ '{venue} Classics', { venue: venueName });
  const label = CATEGORY_LABELS[category as DrinkCategory] as string | undefined;
  return label ? t(label) : categoryLabel(category, venueName);
}

type OrderableDrink = { name: string; category: string; featured: boolean; displayOrder: number };

/**
 * The guest menu's order (docs/product.md §8.2, docs/decisions/184): featured drinks first, then category by
 * category in the admin's order (categories it leaves out follow, by name), each by the admin's display order,
 * then name.
 */
export function menuOrder<T extends OrderableDrink>(drinks: readonly T[], categoryOrder: readonly string[]): T[] {
  const rank = (category: string) => {
    const i = categoryOrder.indexOf(category);
    return i === -1 ? categoryOrder.length : i;
  };
  return [...drinks].sort((a, b) => Number(b.featured) - Number(a.featured)
    || (a.featured && b.featured ? 0 : rank(a.category) - rank(b.category) || a.category.localeCompare(b.category))
    || a.displayOrder - b.displayOrder || a.name.localeCompare(b.name));
}
