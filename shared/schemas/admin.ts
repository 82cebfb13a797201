import { PAYMENT_METHODS } from '../payment-methods';
import { DAY_WINDOWS as ANALYTICS_WINDOWS } from './common';
import { z } from 'zod';
import { typedName } from './typed-name';
import { INVENTORY_UNITS } from '../back-office-constants';
import { ContentLanguage } from './language';
import { Drink } from './drink';
import { ModifierGroup, ModifierGroupsInput } from './modifiers';
import { InventoryItem } from './inventory';
import { HappyHourRule, TaxRateBp, ThemeColors, Venue, VenueHandoff } from './venue';

// The venue admin's API (docs/product.md §11.1).
// Every route is scoped to the caller's venue by the worker; bodies never name a venue.

const Text = (max: number, label = 'Text') => z.string().trim().max(max, `${label} is at most ${max.toLocaleString('en-US')} characters`);
const RequiredName = typedName(z.string({ error: 'Name is required' }).trim()).min(1, 'Name is required').max(120, 'Name is at most 120 characters');
/** Stock in the item's unit: exact decimals (3.25 bottles), never rounded, never negative. */
const StockAmount = (label: string) => z.number({ error: `${label} must be a number` })
  .min(0, `${label} cannot be negative`).max(1_000_000, `${label} is at most 1,000,000`);
const CostCents = z.number({ error: 'Cost must be a number' }).int('Cost must be in whole cents')
  .min(0, 'Cost cannot be negative').max(100_000_000, 'Cost is at most $1,000,000');

// ---------------------------------------------------------------------------------------------
// Inventory

const inventoryFields = {
  name: RequiredName,
  description: Text(1000, 'Description'),
  quantity: StockAmount(/*i18n*/ 'Quantity'),
  unit: z.enum(INVENTORY_UNITS, { error: `Unit must be one of ${INVENTORY_UNITS.join(', ')}` }),
  low_stock_threshold: StockAmount('Low stock threshold'),
  category: Text(60, 'Category'),
  brand: Text(120, 'Brand').nullable(),
  cost_per_unit_cents: CostCents,
  /** The canonical ingredient this stock pours, for recipe-driven sold-out. */
  ingredient_id: z.string().trim().min(1).max(100).nullable(),
};

/** Add form of the admin inventory tab. Cost is in cents (the form has dollars, at most two decimals). */
export const InventoryItemInput = z.object({
  ...inventoryFields,
  description: inventoryFields.description.default(''),
  unit: inventoryFields.unit.default('bottle'),
  low_stock_threshold: inventoryFields.low_stock_threshold.default(5),
  category: inventoryFields.category.default('other'),
  brand: inventoryFields.brand.optional(),
  cost_per_unit_cents: CostCents.default(0),
  ingredient_id: inventoryFields.ingredient_id.optional(),
});
/** PATCH (and PUT) /api/admin/inventory/{id}: only the fields named change. */
export const InventoryItemPatch = z.object(inventoryFields).partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type InventoryItemPatch = z.input<typeof InventoryItemPatch>;
export type InventoryItemPatchData = z.output<typeof InventoryItemPatch>;
export type InventoryItemInput = z.input<typeof InventoryItemInput>;
export type InventoryItemData = z.output<typeof InventoryItemInput>;

/** The admin inventory tab's item: the one inventory item with its costs always filled, and its stock's names. */
export const AdminInventoryItem = InventoryItem.extend({
  name: z.string(),
  description: z.string(),
  category: z.string(),
  brand: z.string().nullable(),
  cost_per_unit: z.number(),
  cost_per_unit_cents: z.number().int(),
});
export type AdminInventoryItem = z.infer<typeof AdminInventoryItem>;
export const AdminInventoryList = z.object({ items: z.array(AdminInventoryItem) });
export const AdminInventoryResponse = z.object({ item: AdminInventoryItem });

// ---------------------------------------------------------------------------------------------
// Menu drinks

/**
 * One recipe line as the owner wrote it: `raw_name` is the original text ("Carpano Antica") and is
 * kept; `ingredient_id` matches it to a canonical ingredient, or is null to keep it as free text
 * (docs/decisions/238).
 */
export const RecipeLineInput = z.object({
  ingredient_id: z.string().trim().min(1).max(100).nullable().optional(),
  raw_name: z.string().trim().max(120, 'Ingredient text is at most 120 characters').optional(),
  quantity: z.number({ error: 'Quantity must be a number' }).positive('Quantity must be greater than 0').max(10_000, 'Quantity is at most 10,000'),
  unit: z.string().trim().min(1, 'Unit is required').max(20, 'Unit is at most 20 characters').default('ml'),
  is_optional: z.boolean().default(false),
  /** An unmatched line the owner confirms carries no allergens: guests are not warned about it (docs/decisions/238). */
  no_allergens_confirmed: z.boolean().default(false),
}).refine((l) => Boolean(l.ingredient_id) || Boolean(l.raw_name), { message: 'Choose an ingredient or type its name', path: ['raw_name'] });
export type RecipeLineInput = z.input<typeof RecipeLineInput>;

export const MENU_PRICE_MAX_CENTS = 1_000_000;

const derivedAvailable = z.never({ error: 'available follows from enabled and stock; send enabled to switch the drink on or off' }).optional();

const menuDrinkFields = {
  name: RequiredName,
  description: Text(1000, 'Description'),
  price_cents: z.number({ error: 'Price must be a number' }).int('Price must be in whole cents')
    .positive('Price must be greater than 0').max(MENU_PRICE_MAX_CENTS, 'Price is at most $10,000'),
  category: Text(40, 'Category').min(1, 'Category is required'),
  /** An uploaded photo (`/images/venues/{venue}/...`), an https URL, or none. */
  image_url: z.string().trim().max(500, 'Image URL is at most 500 characters')
    .refine((v) => v.startsWith('/images/') || /^https:\/\//.test(v), 'Image URL must be an uploaded photo or an https URL')
    .nullable(),
  /** The admin's switch (docs/decisions/184); whether guests can order also depends on stock. */
  enabled: z.boolean(),
  featured: z.boolean(),
  display_order: z.number().int().min(0).max(100_000),
  recipe: z.array(RecipeLineInput).max(30, 'A recipe has at most 30 lines'),
  /** Allergens the admin adds by hand; the recipe's own are derived (docs/decisions/238). Omitted: kept as they are. */
  extra_allergens: z.array(z.string().trim().min(1).max(40)).max(20),
  /** The drink's modifier groups (docs/decisions/197): sent, they replace the stored ones; omitted, kept. */
  modifier_groups: ModifierGroupsInput,
  /** Derived, never written: a body naming it is refused so the admin's intent is not dropped (docs/decisions/184). */
  available: derivedAvailable,
};

export const MenuDrinkInput = z.object({
  ...menuDrinkFields,
  description: menuDrinkFields.description.default(''),
  category: menuDrinkFields.category.default('cocktail'),
  image_url: menuDrinkFields.image_url.optional(),
  enabled: menuDrinkFields.enabled.default(true),
  featured: menuDrinkFields.featured.default(false),
  display_order: menuDrinkFields.display_order.optional(),
  recipe: menuDrinkFields.recipe.optional(),
  extra_allergens: menuDrinkFields.extra_allergens.optional(),
  modifier_groups: menuDrinkFields.modifier_groups.optional(),
});
export type MenuDrinkInput = z.input<typeof MenuDrinkInput>;
export type MenuDrinkData = z.output<typeof MenuDrinkInput>;
/** PATCH (and PUT) /api/admin/menu-drinks/{id}: only the fields named change; `recipe` replaces the lines. */
export const MenuDrinkPatch = z.object(menuDrinkFields).partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type MenuDrinkPatch = z.input<typeof MenuDrinkPatch>;
export type MenuDrinkPatchData = z.output<typeof MenuDrinkPatch>;

/** Only the switch; `available` is refused rather than ignored (docs/decisions/184). */
export const AvailabilityUpdate = z.object({ enabled: z.boolean(), available: derivedAvailable });

export const AdminRecipeLine = z.object({
  id: z.string(),
  ingredient_id: z.string().nullable(),
  /** The matched ingredient's current name, or the raw text while unmatched. */
  ingredient_name: z.string(),
  /** The text the owner wrote, kept even once matched. */
  raw_name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  is_optional: z.boolean(),
  position: z.number().int(),
  /** Unmatched, and confirmed by the owner to carry no allergens (docs/decisions/238). */
  no_allergens_confirmed: z.boolean(),
});
export type AdminRecipeLine = z.infer<typeof AdminRecipeLine>;

/**
 * The admin's drink: the guest's `Drink` (one meaning per field) without its menu-only `tags`,
 * `ingredients_notes` and `lang` (the admin reads the venue's own words), plus what only the admin sees and edits.
 */
export const AdminMenuDrink = Drink.omit({ tags: true, ingredients_notes: true, lang: true }).extend({
  /** The admin's switch; `available` stays what guests see (the switch on and stock covering a serving). */
  enabled: z.boolean(),
  /** Recipe-driven stock: the required ingredients that cannot cover a serving, e.g. 'lime juice'. */
  sold_out_reason: z.string().nullable(),
  /** Added by hand to the allergens derived from the recipe (docs/decisions/238). */
  extra_allergens: z.array(z.string()),
  display_order: z.number().int(),
  updated_at: z.string(),
  recipe: z.array(AdminRecipeLine),
  /** With their recipe effects and derived allergens (the guest's `Drink` carries names and prices only). */
  modifier_groups: z.array(ModifierGroup),
});
export type AdminMenuDrink = z.infer<typeof AdminMenuDrink>;
export const AdminMenuDrinkList = z.object({ drinks: z.array(AdminMenuDrink) });
export const AdminMenuDrinkResponse = z.object({ drink: AdminMenuDrink });

export const AdminMenuDrinksQuery = z.object({ order: z.enum(['name', 'display_order']).default('name') });

export const IngredientOption = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  unit_volume_ml: z.number().nullable(),
});
export type IngredientOption = z.infer<typeof IngredientOption>;
export const IngredientOptionList = z.object({ ingredients: z.array(IngredientOption) });
export const IngredientOptionResponse = z.object({ ingredient: IngredientOption });

/** POST /api/admin/ingredients: a catalogue ingredient the picker did not have. */
export const NewCatalogueIngredient = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
  category: z.string().trim().min(1).max(40).default('other'),
});
export type NewCatalogueIngredient = z.input<typeof NewCatalogueIngredient>;

/** GET /api/admin/inventory/{id}/impact: what deleting or unlinking the item does to the menu. */
export const InventoryImpact = z.object({
  item_id: z.string(),
  ingredient_name: z.string().nullable(),
  drinks: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Other live items of the venue tracking the same ingredient. */
  still_tracked_by: z.array(z.string()),
  /** One sentence for the confirmation dialog. */
  effect: z.string(),
});
export type InventoryImpact = z.infer<typeof InventoryImpact>;

// ---------------------------------------------------------------------------------------------
// Venue profile

const HexColor = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #rrggbb');
const isTimeZone = (tz: string) => {
  try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; }
};
const PhotoUrl = z.string().trim().max(500)
  .refine((v) => v.startsWith('/images/') || /^https:\/\//.test(v), 'Must be an uploaded photo or an https URL');

/** PUT and PATCH /api/admin/venue: only the fields named change (a partial update never blanks the rest). */
export const VenueProfileUpdate = z.object({
  name: RequiredName,
  description: Text(2000, 'Description'),
  address: Text(300, 'Address'),
  phone: Text(40, 'Phone').nullable(),
  opening_hours: Text(500, 'Opening hours'),
  timezone: z.string().trim().min(1, 'Time zone is required').max(64).refine(isTimeZone, 'Unknown time zone'),
  theme_colors: ThemeColors.extend({ primary: HexColor, secondary: HexColor, background: HexColor, text: HexColor }),
  logo_url: PhotoUrl.nullable(),
  cover_image_url: PhotoUrl.nullable(),
  /** Basis points: 875 = 8.75 %. */
  tax_rate_bp: TaxRateBp,
  /** Minutes after local midnight when the business day starts: 0 (midnight) to 720 (noon). */
  day_cutoff_minutes: z.number({ error: 'Day cut-off must be a number' }).int('Day cut-off is in whole minutes')
    .min(0, 'Day cut-off is between midnight and noon').max(720, 'Day cut-off is between midnight and noon'),
  happy_hours: z.array(HappyHourRule).max(10, 'At most 10 happy hours'),
  /** The menu's categories in the order guests see them, after the featured drinks (docs/decisions/184). */
  category_order: z.array(z.string().trim().min(1, 'A category needs a name').max(40, 'Category is at most 40 characters'))
    .max(30, 'At most 30 categories').refine((list) => new Set(list).size === list.length, 'A category is listed twice'),
  /** docs/product.md §4.12. */
  handoff: VenueHandoff,
  pickup_point: z.string().trim().min(1, 'Pickup point is required, e.g. "at the bar"').max(60, 'Pickup point is at most 60 characters'),
  /** The language the menu is written in (docs/decisions/217). */
  default_language: ContentLanguage,
  /** Pay first (true) or pay at the bar (false) for a solo order (docs/decisions/241). */
  pay_first: z.boolean({ error: 'Choose pay first or pay at the bar' }),
}).partial().refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type VenueProfileUpdate = z.input<typeof VenueProfileUpdate>;
export type VenueProfileData = z.output<typeof VenueProfileUpdate>;
export const AdminVenueResponse = z.object({ venue: Venue });

// ---------------------------------------------------------------------------------------------
// Images

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_KINDS = ['drink', 'logo', 'cover'] as const;
export const ImageUploadQuery = z.object({ kind: z.enum(IMAGE_KINDS).default('drink') });
export const ImageUploadResponse = z.object({ key: z.string(), url: z.string(), content_type: z.string(), size: z.number().int() });
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

// ---------------------------------------------------------------------------------------------
// Analytics

export { DAY_WINDOWS as ANALYTICS_WINDOWS, type DayWindow as AnalyticsWindow } from './common';
export const AdminAnalyticsQuery = z.object({ window: z.enum(ANALYTICS_WINDOWS).default('30d') });

export const AdminAnalytics = z.object({
  window: z.enum(ANALYTICS_WINDOWS),
  since: z.string(),
  timezone: z.string(),
  totals: z.object({
    orders: z.number().int(),
    revenue_cents: z.number().int(),
    avg_order_cents: z.number().int(),
    ai_orders: z.number().int(),
    /** AI-referred orders / all orders, 0..1. */
    ai_share: z.number(),
    ai_interactions: z.number().int(),
  }),
  /** One row per day of the window in the venue's time zone, zero-filled. */
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue_cents: z.number().int() })),
  top_drinks: z.array(z.object({ name: z.string(), menu_drink_id: z.string().nullable(), qty: z.number().int(), revenue_cents: z.number().int() })),
  /** Orders per weekday (0 = Sunday) and hour (0..23), venue time; only non-zero cells. */
  heat: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() })),
  /**
   * Tables and tabs (docs/product.md §12.8): tabs opened in the window that sent at least one round (merged ones count in
   * the tab they joined); tips recorded paid; the average tab (rounds with tax, plus the service charge); turn time from
   * opening to closing, over tabs that are over.
   */
  tables: z.object({
    tips_cents: z.number().int(),
    average_tab_cents: z.number().int(),
    tabs: z.number().int(),
    tabs_per_table: z.array(z.object({ table: z.string(), tabs: z.number().int() })),
    average_turn_minutes: z.number(),
  }),
  /**
   * Takings by method over the window (docs/decisions/222): tab shares from their capture, solo orders the bar recorded
   * paid; every method of shared/payment-methods.ts, one row each. Tips are the shares'; card refunds those made in the
   * window; fees Barhop's application fee on the card shares (Stripe's own fee is on the venue's Stripe account).
   */
  payments: z.object({
    by_method: z.array(z.object({ method: z.enum(PAYMENT_METHODS), payments: z.number().int(), amount_cents: z.number().int(), tips_cents: z.number().int() })),
    tips_cents: z.number().int(),
    card_refunds_cents: z.number().int(),
    card_fees_cents: z.number().int(),
  }),
});
export type AdminAnalytics = z.infer<typeof AdminAnalytics>;

/** GET /api/admin/figures: the live dashboard's tiles over a whole window (1h, 24h or all time). */
export const AdminFiguresQuery = z.object({ window: z.enum(['1h', '24h', 'all']).default('all') });
export const AdminFigures = z.object({
  window: z.enum(['1h', '24h', 'all']),
  orders: z.number().int(),
  revenue_cents: z.number().int(),
  avg_order_cents: z.number().int(),
  ai_orders: z.number().int(),
  pending_orders: z.number().int(),
});
export type AdminFigures = z.infer<typeof AdminFigures>;
