import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import { ChosenModifier, ModifierSelection } from './modifiers';

/** One line of an AI creation's recipe, carried from the suggestion to the bar's build sheet. */
export const RecipeLine = z.object({
  ingredient: z.string().trim().min(1).max(120),
  quantity: z.number().nonnegative().max(10_000),
  unit: z.string().trim().max(20),
});
export type RecipeLine = z.infer<typeof RecipeLine>;

/** The venue of a cart call, named one way: `slug` (which may also be the venue id; docs/decisions/228). */
const VenueSlug = z.string({ error: 'slug is required' }).trim().min(1, 'slug is required').max(100);
export const VenueRef = z.object({ slug: VenueSlug });

/**
 * Add to cart / change a quantity (spec: menu_drink_id, qty, notes, optional AI meta). `qty` sets
 * the line's quantity (`mode: 'add'` adds to it); 0 or less removes the line. A client `price` is
 * accepted for compatibility and never used: prices come from the menu.
 */
export const CartItemInput = z.object({
  slug: VenueSlug,
  menu_drink_id: z.string().trim().min(1).max(100).optional(),
  qty: z.number().int().max(QUANTITY_MAX, `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}`),
  mode: z.enum(['set', 'add']).default('set'),
  notes: z.string().trim().max(500).optional(),
  /** The drink's options chosen, by id (docs/decisions/197): the same drink made another way is another line. */
  modifiers: ModifierSelection.optional(),
  is_ai_creation: z.boolean().optional(),
  ai_recipe_name: z.string().trim().min(1).max(120).optional(),
  name: z.string().trim().max(120).optional(),
  custom_name: z.string().trim().max(120).optional(),
  price: z.number().optional(),
  image_url: z.string().max(2000).nullable().optional(),
  recipe: z.array(RecipeLine).max(30).optional(),
  /** Set when the line came from an AI suggestion: checkout then marks the order AI-referred. */
  ai_interaction_id: z.string().trim().min(1).max(100).optional(),
}).refine((v) => v.menu_drink_id || (v.is_ai_creation && (v.ai_recipe_name || v.name)), {
    message: 'menu_drink_id, or an AI creation with its name, is required', path: ['menu_drink_id'],
  });
export type CartItemInput = z.input<typeof CartItemInput>;

export const CartItem = z.object({
  /** The menu drink's id, or 'ai:<name>' for an AI creation. */
  menu_drink_id: z.string(),
  /** The key DELETE /api/cart/:id takes: `menu_drink_id`, followed by the options' ids when it has some. */
  line_key: z.string(),
  /** The ids of the options chosen (what POST /api/cart names to change this line), and each as shown. */
  modifiers: z.array(z.string()),
  modifier_choices: z.array(ChosenModifier),
  name: z.string(),
  qty: z.number().int(),
  price: z.number(),
  /** The drink's price with its options' changes. */
  price_cents: z.number().int(),
  notes: z.string().nullable(),
  image_url: z.string().nullable(),
  is_ai_creation: z.boolean(),
  ai_recipe_name: z.string().nullable(),
  custom_name: z.string().nullable(),
  recipe: z.array(RecipeLine).nullable(),
  /** What is in the glass (docs/decisions/238): the drink's derived facts, or the creation's ingredients'. */
  allergens: z.array(z.string()),
  contains_alcohol: z.boolean(),
  /** False once the bar took the drink off the menu: checkout would refuse it. */
  available: z.boolean(),
});
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z.object({
  restaurant_id: z.string(),
  items: z.array(CartItem),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  total: z.number(),
});
export type Cart = z.infer<typeof Cart>;

export const CartResponse = z.object({ cart: Cart });
