// Database rows → wire shapes of shared/schemas. One function per shape.
import type { Drink } from '../../shared/schemas/drink';
import type { Venue } from '../../shared/schemas/venue';
import type { ContentLanguage } from '../../shared/languages';
import type { MenuModifierGroup, ModifierGroup } from '../../shared/schemas/modifiers';
import { centsToDollars } from '../../shared/money';
import { sql } from 'drizzle-orm';
import { menuDrinks, type venues } from './schema';

export function toVenue(row: typeof venues.$inferSelect): Venue {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    address: row.address,
    image_url: row.imageUrl,
    phone: row.phone,
    logo_url: row.logoUrl,
    cover_image_url: row.coverImageUrl,
    theme_colors: { primary: row.themePrimary, secondary: row.themeSecondary, background: row.themeBackground, text: row.themeText },
    opening_hours: row.openingHours,
    timezone: row.timezone,
    active: row.active,
    tax_rate_bp: row.taxRateBp,
    day_cutoff_minutes: row.dayCutoffMinutes,
    happy_hours: row.happyHours,
    category_order: row.categoryOrder,
    handoff: row.handoff,
    pickup_point: row.pickupPoint,
    default_language: row.defaultLanguage,
    translations: row.textTranslations,
    takes_cards: row.stripeAccountId !== null,
    pay_first: row.payFirst,
    created_at: row.createdAt,
  };
}

/**
 * The columns a Drink is made of. The guest menu selects only these: it is the hottest read, and the
 * recipe columns (method, glass, strength…) would travel from D1 for nothing (docs/decisions/085).
 */
/**
 * A drink's ingredient notes as guests read them: its recipe lines, each by its ingredient's current
 * name (free-text lines as written), so a merge or rename shows at once; the stored notes only for a
 * drink without recipe lines.
 */
export const ingredientNotesSql = sql<string | null>`coalesce((select group_concat(coalesce(i.name, di.raw_name), ', ' order by di.position)
  from drink_ingredients di left join ingredients i on i.id = di.ingredient_id where di.menu_drink_id = ${menuDrinks.id}), ${menuDrinks.ingredientsNotes})`;

/**
 * The names of a drink's recipe lines left as free text, unmatched to an ingredient (docs/decisions/238) and not
 * confirmed free of allergens by the owner (docs/decisions/238): read with
 * the drink, so a match or merge shows at once, as the notes above do.
 */
export const uncheckedIngredientsSql = sql<string>`(select json_group_array(di.raw_name) from drink_ingredients di
  where di.menu_drink_id = ${menuDrinks.id} and di.ingredient_id is null and di.no_allergens_confirmed = 0)`;

export const drinkColumns = {
  id: menuDrinks.id, restaurantId: menuDrinks.restaurantId, name: menuDrinks.name, description: menuDrinks.description,
  priceCents: menuDrinks.priceCents, category: menuDrinks.category, imageUrl: menuDrinks.imageUrl, isAvailable: menuDrinks.isAvailable,
  soldOutReason: menuDrinks.soldOutReason, tags: menuDrinks.tags, allergens: menuDrinks.allergens, containsAlcohol: menuDrinks.containsAlcohol,
  ingredientsNotes: ingredientNotesSql.as('ingredients_notes'), featured: menuDrinks.featured,
  uncheckedIngredients: uncheckedIngredientsSql.as('unchecked_ingredients'),
  displayOrder: menuDrinks.displayOrder, modifierGroups: menuDrinks.modifierGroups,
};
export type DrinkRow = Pick<typeof menuDrinks.$inferSelect, Exclude<keyof typeof drinkColumns, 'uncheckedIngredients'>> & {
  /** uncheckedIngredientsSql's JSON list. */
  uncheckedIngredients: string | null;
};

/** The JSON list uncheckedIngredientsSql reads, as names. */
export function parseUncheckedIngredients(json: string | null): string[] {
  const names: unknown = json ? JSON.parse(json) : [];
  return Array.isArray(names) ? [...new Set(names.filter((n): n is string => typeof n === 'string' && n.trim() !== '').map((n) => n.trim()))] : [];
}

/**
 * Guests see a drink as available only when the admin allows it and stock can pour it. `lang` is the language its
 * name and description are in: the venue's own here; worker/menu/translations.ts swaps in an approved translation.
 */
export function toDrink(row: DrinkRow, lang: ContentLanguage): Drink {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    price_cents: row.priceCents,
    category: row.category,
    image_url: row.imageUrl,
    available: row.isAvailable && !row.soldOutReason,
    tags: row.tags,
    allergens: row.allergens,
    contains_alcohol: row.containsAlcohol,
    unchecked_ingredients: parseUncheckedIngredients(row.uncheckedIngredients),
    ingredients_notes: row.ingredientsNotes,
    featured: row.featured,
    // Guests read names and prices; the recipe effects stay on the server (docs/decisions/197).
    ...(row.modifierGroups.length ? { modifier_groups: row.modifierGroups.map(toMenuModifierGroup) } : {}),
    lang,
  };
}

export const toMenuModifierGroup = (group: ModifierGroup): MenuModifierGroup => ({
  id: group.id, name: group.name, kind: group.kind, required: group.required,
  options: group.options.map((o) => ({ id: o.id, name: o.name, price_delta_cents: o.price_delta_cents })),
});
