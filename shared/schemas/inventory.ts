// Staff inventory, stock movements, the ingredient picker and the staff menu lookup (back-office
// docs/product.md §3.4, §11.2).
import { z } from 'zod';
import { INVENTORY_UNITS } from '../back-office-constants';
import { INGREDIENT_PICKER_LIMIT, STAFF_DEFAULT_THRESHOLD_ML } from '../inventory';

export const MAX_STOCK_ML = 10_000_000;

export const InventoryUnitSchema = z.enum(INVENTORY_UNITS);

const Brand = z.string().trim().max(120).nullable();
const OnHandMl = z.number({ error: 'On hand quantity cannot be negative' })
  .min(0, 'On hand quantity cannot be negative').max(MAX_STOCK_ML, 'On hand quantity is too large');
const ThresholdMl = z.number({ error: 'Threshold cannot be negative' })
  .min(0, 'Threshold cannot be negative').max(MAX_STOCK_ML, 'Threshold is too large');
const CostPerUnit = z.number({ error: 'Cost cannot be negative' }).min(0, 'Cost cannot be negative').max(100_000);

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/staff/inventory: one of the canonical ingredients, stocked in ml (or counted). */
export const StaffInventoryCreate = z.object({
  ingredient_id: z.string({ error: 'Please select an ingredient' }).trim().min(1, 'Please select an ingredient').max(100),
  ingredient_brand: Brand.optional(),
  on_hand_ml: OnHandMl.default(0),
  low_stock_threshold_ml: ThresholdMl.default(STAFF_DEFAULT_THRESHOLD_ML),
  /** Defaults to the ingredient's own unit. */
  unit: InventoryUnitSchema.optional(),
  available: z.boolean().default(true),
  /** Admin and super admin only: a staff member naming it gets 403 (costs are hidden from staff). */
  cost_per_unit: CostPerUnit.optional(),
});
export type StaffInventoryCreate = z.input<typeof StaffInventoryCreate>;

/**
 * PUT /api/staff/inventory/:id: the edit form (ingredient_name, ingredient_brand, on_hand_ml,
 * low_stock_threshold_ml, available) or only on_hand_ml (a stock count). A changed on-hand is
 * stored as an 'edit' movement with `reason` ('Stock count corrected' when none is given).
 */
export const StaffInventoryUpdate = z.object({
  ingredient_name: z.string().trim().min(1, 'Ingredient name is required').max(120).optional(),
  ingredient_brand: Brand.optional(),
  on_hand_ml: OnHandMl.optional(),
  low_stock_threshold_ml: ThresholdMl.optional(),
  available: z.boolean().optional(),
  unit: InventoryUnitSchema.optional(),
  cost_per_unit: CostPerUnit.optional(),
  reason: z.string().trim().min(1).max(200).optional(),
}).refine((v) => Object.keys(v).some((k) => k !== 'reason'), { message: 'Nothing to update' });
export type StaffInventoryUpdate = z.input<typeof StaffInventoryUpdate>;

export const STOCK_MOVEMENT_TYPES = ['receive', 'adjust_down'] as const;
export const DEFAULT_MOVEMENT_REASON = { receive: 'Stock received', adjust_down: 'Stock adjustment' } as const;

/** POST /api/staff/inventory/:id/movements: the stock modal (docs/product.md §11.2). */
/**
 * A stock movement by staff: how much in ml (`quantity_ml`) or in the item's own unit (`quantity`: 2 bottles, as
 * a bartender counts them, docs/decisions/233), exactly one of the two.
 */
export const StockMovementInput = z.object({
  type: z.enum(STOCK_MOVEMENT_TYPES, { error: 'type must be receive or adjust_down' }),
  quantity_ml: z.number({ error: 'Quantity must be greater than 0' })
    .min(0.01, 'Quantity must be greater than 0').max(MAX_STOCK_ML, 'Quantity is too large').optional(),
  quantity: z.number({ error: 'Quantity must be greater than 0' })
    .min(0.01, 'Quantity must be greater than 0').max(MAX_STOCK_ML, 'Quantity is too large').optional(),
  reason: z.string({ error: 'Please provide a reason' }).trim().min(1, 'Please provide a reason').max(200),
}).refine((b) => b.quantity_ml !== undefined || b.quantity !== undefined, { message: 'Quantity must be greater than 0', path: ['quantity'] })
  .refine((b) => b.quantity_ml === undefined || b.quantity === undefined, {
    message: 'Give the quantity in ml or in the item\'s unit, not both', path: ['quantity'],
  });
export type StockMovementInput = z.input<typeof StockMovementInput>;

export const IngredientSearchQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(INGREDIENT_PICKER_LIMIT).default(INGREDIENT_PICKER_LIMIT),
});

export const MovementListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * An inventory item: what every reader of it is answered, staff portal and admin tab alike. Costs are shown to
 * admins and super admins only: the fields are omitted when the caller's role is staff.
 */
export const InventoryItem = z.object({
  id: z.string(),
  restaurant_id: z.string(),
  ingredient_id: z.string().nullable(),
  /** Stock in the item's unit, exactly as stored (3.25 bottles). */
  quantity: z.number(),
  unit: z.enum(INVENTORY_UNITS),
  unit_volume_ml: z.number().nullable(),
  low_stock_threshold: z.number(),
  /** docs/product.md §3.4: on hand at or below the threshold. */
  is_low_stock: z.boolean(),
  cost_per_unit: z.number().optional(),
  cost_per_unit_cents: z.number().int().optional(),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof InventoryItem>;

/**
 * One inventory item in the staff view. `on_hand_ml` and `low_stock_threshold_ml` are computed from
 * the stored quantity × unit volume; for a counted item (`measure: 'count'`, piece/pack without a
 * volume) one unit counts as 1 ml-equivalent.
 */
export const StaffInventoryItem = InventoryItem.extend({
  ingredient_name: z.string(),
  ingredient_brand: z.string().nullable(),
  on_hand_ml: z.number(),
  low_stock_threshold_ml: z.number(),
  measure: z.enum(['ml', 'count']),
  available: z.boolean(),
  /** When stock last moved (received, adjusted, poured); null = 'Never'. */
  last_movement_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffInventoryItem = z.infer<typeof StaffInventoryItem>;

export const StaffInventoryList = z.object({ inventory: z.array(StaffInventoryItem) });
export const StaffInventoryItemResponse = z.object({ item: StaffInventoryItem });

export const StockMovement = z.object({
  id: z.string(),
  inventory_item_id: z.string(),
  type: z.enum(['receive', 'adjust_down', 'deduct', 'edit', 'restore']),
  /** Size of the movement in the staff view's ml (always positive; `delta_ml` carries the sign). */
  quantity_ml: z.number(),
  delta: z.number(),
  delta_ml: z.number(),
  reason: z.string(),
  order_id: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const StockMovementResponse = z.object({ item: StaffInventoryItem, movement: StockMovement });
export const StockMovementList = z.object({ movements: z.array(StockMovement) });

export const CanonicalIngredient = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  unit_volume_ml: z.number().nullable(),
});
export type CanonicalIngredient = z.infer<typeof CanonicalIngredient>;
export const IngredientList = z.object({ ingredients: z.array(CanonicalIngredient) });

/** A recipe line (docs/product.md §3.4). */
export const RecipeStep = z.object({
  ingredient: z.object({ name: z.string(), brand: z.string().nullable(), image_url: z.string().nullable() }),
  quantity: z.number(),
  unit: z.string(),
  is_optional: z.boolean(),
});
export type RecipeStep = z.infer<typeof RecipeStep>;

/** Staff menu item: `ingredients` as the spec names them; `quantity_ml` is null for counted units (piece, leaf...). */
export const StaffMenuItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  price_cents: z.number().int(),
  image_url: z.string().nullable(),
  /** Orderable now: the admin's switch is on and stock covers a serving. */
  available: z.boolean(),
  /** The admin's switch alone (docs/decisions/184). */
  enabled: z.boolean(),
  sold_out_reason: z.string().nullable(),
  category: z.string(),
  /** Derived from the recipe (docs/decisions/238). */
  allergens: z.array(z.string()),
  contains_alcohol: z.boolean(),
  featured: z.boolean(),
  method: z.string().nullable(),
  glass: z.string().nullable(),
  ingredients: z.array(z.object({
    ingredient_name: z.string(),
    quantity_ml: z.number().nullable(),
    quantity: z.number(),
    unit: z.string(),
    is_optional: z.boolean(),
  })),
  ingredients_summary: z.string(),
  recipe: z.array(RecipeStep),
});
export type StaffMenuItem = z.infer<typeof StaffMenuItem>;
export const StaffMenuList = z.object({ menu_items: z.array(StaffMenuItem) });
