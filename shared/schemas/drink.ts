import { z } from 'zod';

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
  is_available: z.boolean(),
  tags: z.array(z.string()),
  allergens: z.array(z.string()),
  ingredients_notes: z.string().nullable(),
  featured: z.boolean(),
});
export type Drink = z.infer<typeof Drink>;

export const DrinkList = z.object({ drinks: z.array(Drink) });
export const DrinkResponse = z.object({ drink: Drink });
