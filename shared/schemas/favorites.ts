import { z } from 'zod';

const DrinkId = z.string().trim().min(1, 'menu_drink_id is required').max(100);
const Slug = z.string().trim().min(1).max(100);

/** POST /api/favorites (spec: menu_drink_id). Adding twice keeps one favourite. `slug` pins the drink to its venue (docs/decisions/228). */
export const AddFavoriteBody = z.object({ menu_drink_id: DrinkId, slug: Slug.optional() });

/**
 * POST /api/favorites/toggle (spec: session_id, menu_drink_id, and the venue, named `slug` as everywhere). The caller comes from
 * the signed token; a `session_id` in the body is accepted for compatibility and never trusted.
 */
export const ToggleFavoriteBody = z.object({
  menu_drink_id: DrinkId,
  slug: Slug.optional(),
  session_id: z.string().max(200).optional(),
});

export const FavoriteToggled = z.object({ favorited: z.boolean() });

/** GET /api/favorites: every venue's, or one venue's with `slug`. */
export const FavoritesQuery = z.object({
  slug: Slug.optional(),
  session_id: z.string().max(200).optional(),
});

/** Spec: Favorite (menu_drink_id, name, image_url, created_at), with what a list needs to link and price it. */
export const Favorite = z.object({
  menu_drink_id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  created_at: z.string(),
  price_cents: z.number().int(),
  category: z.string(),
  restaurant_id: z.string(),
  venue_slug: z.string(),
});
export type Favorite = z.infer<typeof Favorite>;

export const FavoriteList = z.object({ favorites: z.array(Favorite) });
