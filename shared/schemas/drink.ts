import { z } from 'zod';
import { ContentLanguage } from './language';
import { MenuModifierGroup } from './modifiers';

/** A menu drink as guests read it (spec: Drink). `price` is dollars for the screen, computed from cents. */
export const Drink = z.object({
  id: z.string(),
  restaurant_id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  category: z.string(),
  image_url: z.string().nullable(),
  /** Orderable now: the admin's switch is on and stock covers a serving (docs/decisions/184). */
  available: z.boolean(),
  tags: z.array(z.string()),
  /** Derived from the recipe's ingredients (docs/decisions/238). */
  allergens: z.array(z.string()),
  /** Derived with the allergens: false means no ingredient carries alcohol. */
  contains_alcohol: z.boolean(),
  /**
   * Recipe lines typed as free text and matched to no ingredient: nobody can vouch for their allergens, so
   * guests read "May contain allergens we could not check: …" (docs/decisions/238).
   */
  unchecked_ingredients: z.array(z.string()),
  ingredients_notes: z.string().nullable(),
  featured: z.boolean(),
  /** The drink's modifier groups (docs/decisions/197); absent when it has none. */
  modifier_groups: z.array(MenuModifierGroup).optional(),
  /**
   * The language `name` and `description` are in (docs/decisions/217): the one asked for when the venue approved a
   * complete translation into it, else the venue's own `default_language`. The two are never mixed.
   */
  lang: ContentLanguage,
});
export type Drink = z.infer<typeof Drink>;

export const DrinkList = z.object({ drinks: z.array(Drink) });
export const DrinkResponse = z.object({ drink: Drink });

/** GET /api/drinks: the venue named one way, `slug` (its slug or id; docs/decisions/228). */
export const DrinksQuery = z.object({
  slug: z.string({ error: 'slug is required' }).trim().min(1, 'slug is required').max(100),
  /** The guest's language: approved translations into it are read, the venue's language otherwise (docs/decisions/217). */
  lang: ContentLanguage.optional(),
});

/** GET /api/drinks/:id: optionally pinned to one venue, so a link of one venue never opens another's drink. */
export const DrinkByIdQuery = z.object({
  slug: z.string().trim().min(1).max(100).optional(),
  /** As DrinksQuery's. */
  lang: ContentLanguage.optional(),
});

/** Guests' ratings of a drink: average over 1–5 stars (null before the first), and how many. */
export const RatingSummary = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummary>;

/** The drink page's reading: the drink, its venue's slug and its guests' rating. */
export const DrinkDetail = Drink.extend({
  venue_slug: z.string(),
  rating: RatingSummary,
  /** The caller's own rating, when a guest token came with the request. */
  my_rating: z.object({ rating: z.number().int(), notes: z.string().nullable() }).nullable(),
});
export type DrinkDetail = z.infer<typeof DrinkDetail>;
export const DrinkDetailResponse = z.object({ drink: DrinkDetail });
