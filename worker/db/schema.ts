// The whole data model. Conventions (docs/decisions/228-data-and-wire-conventions.md):
// ids are random URL-safe text, timestamps ISO-8601 UTC text, money integer cents,
// lists and objects JSON text, booleans 0/1 integers.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYMENT_METHODS } from '../../shared/payment-methods';
import { ORDER_PAYMENT_PROBLEMS } from '../../shared/orders';
import { CONTENT_LANGUAGES } from '../../shared/languages';
import type { HappyHourRule, VenueTranslations } from '../../shared/schemas/venue';
import type { ChosenModifier, ModifierEffect, ModifierGroup } from '../../shared/schemas/modifiers';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const createdAt = () => text('created_at').notNull().default(now);
const updatedAt = () => text('updated_at').notNull().default(now);
const bool = (name: string) => integer(name, { mode: 'boolean' });
const jsonList = (name: string) => text(name, { mode: 'json' }).$type<string[]>();
/** An order line's options as placed (docs/decisions/197): what the ticket shows and the pour adds. */
export type StoredModifierChoice = ChosenModifier & { effects: ModifierEffect[] };

export const venues = sqliteTable('venues', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone'),
  imageUrl: text('image_url'),
  logoUrl: text('logo_url'),
  coverImageUrl: text('cover_image_url'),
  themePrimary: text('theme_primary').notNull().default('#2563eb'),
  themeSecondary: text('theme_secondary').notNull().default('#1e3a8a'),
  themeBackground: text('theme_background').notNull().default('#ffffff'),
  themeText: text('theme_text').notNull().default('#1f2937'),
  openingHours: text('opening_hours').notNull().default(''),
  timezone: text('timezone').notNull().default('UTC'),
  active: bool('active').notNull().default(true),
  taxRateBp: integer('tax_rate_bp').notNull().default(875),
  /** Tables and tabs (docs/decisions/231): the service charge on a tab's pre-tax subtotal, 0 = none. */
  serviceChargeBp: integer('service_charge_bp').notNull().default(0),
  /** The tip buttons a tab's shares offer, in basis points. */
  tipPresetsBp: text('tip_presets_bp', { mode: 'json' }).$type<number[]>().notNull().default([1500, 1800, 2000]),
  /** An open tab idle this long is closed and shown to staff (docs/product.md §12.7). */
  tabAutoCloseHours: integer('tab_auto_close_hours').notNull().default(4),
  /** The business day (docs/product.md §11.9): a day runs from this many minutes after local midnight to the next. */
  dayCutoffMinutes: integer('day_cutoff_minutes').notNull().default(240),
  /** Scheduled prices (docs/decisions/197): shared/happy-hour.ts reads them, the server prices by them. */
  happyHours: text('happy_hours', { mode: 'json' }).$type<HappyHourRule[]>().notNull().default([]),
  /** The admin's order of the menu's categories (docs/decisions/184); categories it leaves out follow, by name. */
  categoryOrder: jsonList('category_order').notNull().default([]),
  /**
   * How a ready order reaches its guest (docs/product.md §4.12): 'pickup' (collected at `pickup_point`) or 'table'
   * (table service: an order from a table's QR code is brought to its table).
   */
  handoff: text('handoff', { enum: ['pickup', 'table'] }).notNull().default('pickup'),
  /** Where guests collect, as the guest reads it after "Ready for pickup" ("at the bar", "at the pass"). */
  pickupPoint: text('pickup_point').notNull().default('at the bar'),
  /** Card payments (docs/decisions/222): the venue's Stripe connected account; null = "Pay at the bar" only. */
  stripeAccountId: text('stripe_account_id'),
  /**
   * Connecting Stripe from the back office (docs/decisions/244): the idempotency key of the account creation, written
   * before the call, so a retry or a second click gets the same account back. The fields below are the account as
   * Stripe last said (GET /v1/accounts/:id or `account.updated`), at `stripe_status_at` (epoch seconds): an older
   * word never overwrites a newer one. New payments need `stripe_charges_enabled`.
   */
  stripeAccountPlan: text('stripe_account_plan'),
  stripeChargesEnabled: bool('stripe_charges_enabled').notNull().default(false),
  stripePayoutsEnabled: bool('stripe_payouts_enabled').notNull().default(false),
  stripeCurrentlyDue: jsonList('stripe_currently_due').notNull().default([]),
  stripeDisabledReason: text('stripe_disabled_reason'),
  stripeStatusAt: integer('stripe_status_at'),
  /** The platform's application fee on each card payment, in basis points of what the guest pays. */
  applicationFeeBp: integer('application_fee_bp').notNull().default(100),
  /** A tab opened on a card holds this much (docs/product.md §12.9); a round past it asks for a new hold. */
  tabHoldCents: integer('tab_hold_cents').notNull().default(10_000),
  /**
   * A solo order is paid before it reaches the bar (docs/decisions/241): authorised at checkout, captured when the
   * bar accepts it. Only with a connected account; false (or no account) = "Order — pay at the bar".
   */
  payFirst: bool('pay_first').notNull().default(false),
  /** The language the venue writes its menu in (docs/decisions/217): guests read it where no approved translation is. */
  defaultLanguage: text('default_language', { enum: CONTENT_LANGUAGES }).notNull().default('en'),
  /** The venue's own texts in other languages, saved by its admin (docs/decisions/265): `{ "es": { "description": … } }`. */
  textTranslations: text('text_translations', { mode: 'json' }).$type<VenueTranslations>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('venues_active_name_idx').on(t.active, t.name),
  uniqueIndex('venues_stripe_account_uq').on(t.stripeAccountId).where(sql`stripe_account_id is not null`),
]);

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name'),
  phoneNumber: text('phone_number'),
  role: text('role', { enum: ['superadmin', 'admin', 'staff'] }).notNull().default('staff'),
  restaurantId: text('restaurant_id').references(() => venues.id),
  claimsVersion: integer('claims_version').notNull().default(1),
  disabledAt: text('disabled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('users_restaurant_idx').on(t.restaurantId)]);

/**
 * One-time sign-in links a venue admin hands to a new or reset team member (docs/decisions/191): only the
 * token's SHA-256 is kept; accepting it sets the password and spends it.
 */
export const staffInvites = sqliteTable('staff_invites', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: text('created_by').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  createdAt: createdAt(),
}, (t) => [index('staff_invites_user_idx').on(t.userId)]);

export const refreshTokens = sqliteTable('refresh_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id),
  familyId: text('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  revokedAt: text('revoked_at'),
  createdAt: createdAt(),
}, (t) => [index('refresh_tokens_family_idx').on(t.familyId)]);

export const guests = sqliteTable('guests', {
  id: text('id').primaryKey(),
  phoneNumber: text('phone_number').notNull().unique(),
  displayName: text('display_name'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per device: the guest's identity before (and after) phone sign-in. */
export const guestSessions = sqliteTable('guest_sessions', {
  id: text('id').primaryKey(),
  guestId: text('guest_id').references(() => guests.id),
  /** When this device last signed in; its signed-in tokens name it, so sign-out ends them for good (docs/decisions/192). */
  signedInAt: text('signed_in_at'),
  firstVenueSlug: text('first_venue_slug'),
  createdAt: createdAt(),
  lastSeenAt: text('last_seen_at').notNull().default(now),
}, (t) => [index('guest_sessions_guest_idx').on(t.guestId)]);

export const otpCodes = sqliteTable('otp_codes', {
  id: text('id').primaryKey(),
  phone: text('phone').notNull(),
  /** The device session that asked for the code: only that device can use it (docs/decisions/165). */
  sessionId: text('session_id'),
  codeHash: text('code_hash').notNull(),
  expiresAt: text('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: text('consumed_at'),
  createdAt: createdAt(),
}, (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt), index('otp_codes_phone_session_idx').on(t.phone, t.sessionId, t.createdAt)]);

/** Fixed-window counters for abuse limits (OTP sends, logins, AI calls). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: text('window_start').notNull(),
  count: integer('count').notNull().default(0),
});

export const ingredients = sqliteTable('ingredients', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category').notNull().default('other'),
  baseSpirit: text('base_spirit'),
  flavors: jsonList('flavors').notNull().default([]),
  allergens: jsonList('allergens').notNull().default([]),
  aliases: jsonList('aliases').notNull().default([]),
  unit: text('unit').notNull().default('bottle'),
  unitVolumeMl: real('unit_volume_ml'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const DRINK_CATEGORY_VALUES = ['cocktail', 'mocktail', 'beer', 'wine', 'non_alcoholic', 'house_classic', 'menu_cocktail', 'spirit', 'shot', 'other'] as const;

export const menuDrinks = sqliteTable('menu_drinks', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  category: text('category').notNull().default('cocktail'),
  imageUrl: text('image_url'),
  tags: jsonList('tags').notNull().default([]),
  /** Derived on every write from the recipe's ingredients plus `extraAllergens` (docs/decisions/238). */
  allergens: jsonList('allergens').notNull().default([]),
  /** Allergens the admin adds by hand, on top of what the recipe's ingredients carry. */
  extraAllergens: jsonList('extra_allergens').notNull().default([]),
  /** Derived with `allergens`: any recipe ingredient carries alcohol. */
  containsAlcohol: bool('contains_alcohol').notNull().default(true),
  ingredientsNotes: text('ingredients_notes'),
  baseSpirit: text('base_spirit'),
  sweetness: text('sweetness'),
  strength: text('strength'),
  method: text('method'),
  glass: text('glass'),
  featured: bool('featured').notNull().default(false),
  displayOrder: integer('display_order').notNull().default(0),
  /** The admin's modifier groups (docs/decisions/197), each option's allergens derived on save. */
  modifierGroups: text('modifier_groups', { mode: 'json' }).$type<ModifierGroup[]>().notNull().default([]),
  /** The admin's switch; a manual "unavailable" always wins over stock. */
  isAvailable: bool('is_available').notNull().default(true),
  /** Set by recipe-driven stock: names of required ingredients that cannot cover a serving. */
  soldOutReason: text('sold_out_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('menu_drinks_restaurant_name_idx').on(t.restaurantId, t.name),
  index('menu_drinks_restaurant_order_idx').on(t.restaurantId, t.displayOrder),
]);

/**
 * A drink's name and description in one language other than the venue's (docs/decisions/217). Guests read only an
 * 'approved' one; a 'draft' (made by Workers AI, `source` 'ai') waits for the admin. `restaurant_id` is the drink's
 * venue, kept here so a venue's translations are listed without a join.
 */
export const menuDrinkTranslations = sqliteTable('menu_drink_translations', {
  menuDrinkId: text('menu_drink_id').notNull().references(() => menuDrinks.id, { onDelete: 'cascade' }),
  language: text('language', { enum: CONTENT_LANGUAGES }).notNull(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status', { enum: ['approved', 'draft'] }).notNull().default('approved'),
  source: text('source', { enum: ['admin', 'ai'] }).notNull().default('admin'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  primaryKey({ columns: [t.menuDrinkId, t.language] }),
  index('menu_drink_translations_venue_language_idx').on(t.restaurantId, t.language),
]);

export const drinkIngredients = sqliteTable('drink_ingredients', {
  id: text('id').primaryKey(),
  menuDrinkId: text('menu_drink_id').notNull().references(() => menuDrinks.id, { onDelete: 'cascade' }),
  /** Null while the raw name matches no canonical ingredient (see unmatched_ingredients). */
  ingredientId: text('ingredient_id').references(() => ingredients.id),
  rawName: text('raw_name').notNull(),
  quantity: real('quantity').notNull(),
  unit: text('unit').notNull().default('ml'),
  isOptional: bool('is_optional').notNull().default(false),
  position: integer('position').notNull().default(0),
  /**
   * An unmatched line the owner confirmed carries no allergens (docs/decisions/238): guests are not warned about it.
   * Meaningless once the line is matched (the ingredient's allergens count).
   */
  noAllergensConfirmed: bool('no_allergens_confirmed').notNull().default(false),
}, (t) => [
  index('drink_ingredients_drink_idx').on(t.menuDrinkId, t.position),
  index('drink_ingredients_ingredient_idx').on(t.ingredientId),
]);

export const INVENTORY_UNIT_VALUES = ['bottle', 'can', 'pack', 'piece', 'oz', 'ml'] as const;

export const inventoryItems = sqliteTable('inventory_items', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  ingredientId: text('ingredient_id').references(() => ingredients.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  brand: text('brand'),
  category: text('category').notNull().default('other'),
  /** In `unit`s; fractional once recipes have poured from it. */
  quantity: real('quantity').notNull().default(0),
  unit: text('unit', { enum: INVENTORY_UNIT_VALUES }).notNull().default('bottle'),
  unitVolumeMl: real('unit_volume_ml'),
  lowStockThreshold: real('low_stock_threshold').notNull().default(5),
  costPerUnitCents: integer('cost_per_unit_cents').notNull().default(0),
  available: bool('available').notNull().default(true),
  lastMovementAt: text('last_movement_at'),
  deletedAt: text('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('inventory_restaurant_name_idx').on(t.restaurantId, t.name),
  index('inventory_restaurant_ingredient_idx').on(t.restaurantId, t.ingredientId),
]);

/**
 * Every change of an item's stock (docs/decisions/152 for its slim shape). The item names the venue; the row's
 * own number orders an item's history, newest last, and nothing addresses a movement by anything else. An
 * order's pour and its return name the status change that made them (`event_id`), which says which order, when and
 * who, and their reason is said from the order: read them through worker/inventory/stock.ts `selectMovements`.
 */
export const stockMovements = sqliteTable('stock_movements', {
  id: integer('id').primaryKey(),
  inventoryItemId: text('inventory_item_id').notNull().references(() => inventoryItems.id),
  type: text('type', { enum: ['receive', 'adjust_down', 'deduct', 'edit', 'restore'] }).notNull(),
  delta: real('delta').notNull(),
  deltaMl: real('delta_ml'),
  /** Null on an order's pour and on its return (shared/inventory.ts movementReason). */
  reason: text('reason'),
  /** Null when `event_id` names the status change: its order is the movement's (set on rows written before 0009). */
  orderId: text('order_id'),
  /** The order_events row of the status change that poured or returned this stock (no foreign key: no index). */
  eventId: integer('event_id'),
  /** Null when `event_id` names the status change: its actor is the movement's. */
  actorUserId: text('actor_user_id'),
  /** Null when `event_id` names the status change: its time is the movement's. */
  createdAt: text('created_at').default(now),
}, (t) => [
  index('stock_movements_item_idx').on(t.inventoryItemId),
  // An order's pours and returns, found through its status changes (docs/decisions/233): an integer key, ≈ 13 B a
  // movement, where an index on the text order id would cost three times that.
  index('stock_movements_event_idx').on(t.eventId).where(sql`event_id is not null`),
  // Movements written before decision 152 name their order but no status change; no new row enters this index.
  index('stock_movements_legacy_order_idx').on(t.orderId).where(sql`event_id is null and order_id is not null`),
]);

export const carts = sqliteTable('carts', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  /** 'g:<guest id>' once signed in, else 's:<device session id>'. */
  ownerKey: text('owner_key').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('carts_owner_venue_uq').on(t.ownerKey, t.restaurantId)]);

export const cartItems = sqliteTable('cart_items', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  /** menu_drink_id, or 'ai:<slug of the creation>' for an AI creation. */
  itemKey: text('item_key').notNull(),
  menuDrinkId: text('menu_drink_id').references(() => menuDrinks.id),
  qty: integer('qty').notNull(),
  notes: text('notes'),
  isAiCreation: bool('is_ai_creation').notNull().default(false),
  aiRecipeName: text('ai_recipe_name'),
  customName: text('custom_name'),
  recipe: text('recipe', { mode: 'json' }).$type<{ ingredient: string; quantity: number; unit: string }[]>(),
  aiInteractionId: text('ai_interaction_id'),
  /** The option ids chosen (docs/decisions/197); null without modifiers. */
  modifiers: text('modifiers', { mode: 'json' }).$type<string[]>(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('cart_items_cart_key_uq').on(t.cartId, t.itemKey)]);

export const ORDER_STATUS_VALUES = ['pending', 'preparing', 'ready', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUS_VALUES = ['unpaid', 'authorized', 'captured', 'refunded', 'void'] as const;

export const orders = sqliteTable('orders', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  ownerKey: text('owner_key').notNull(),
  guestSessionId: text('guest_session_id'),
  guestId: text('guest_id'),
  userId: text('user_id'),
  displayName: text('display_name'),
  customerName: text('customer_name'),
  customerPhone: text('customer_phone'),
  status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
  paymentStatus: text('payment_status', { enum: PAYMENT_STATUS_VALUES }).notNull().default('unpaid'),
  /** How a solo order was paid, as staff recorded it (docs/decisions/222); a table's round is paid by its tab's shares. */
  paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
  /** A paid-first order's card trouble once the bar accepted it (shared/orders.ts ORDER_PAYMENT_PROBLEMS, docs/payments.md). */
  paymentProblem: text('payment_problem', { enum: ORDER_PAYMENT_PROBLEMS }),
  subtotalCents: integer('subtotal_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  taxRateBp: integer('tax_rate_bp').notNull(),
  specialInstructions: text('special_instructions'),
  salesChannel: text('sales_channel').notNull().default('app'),
  tableNumber: text('table_number'),
  referredByAi: bool('referred_by_ai').notNull().default(false),
  aiRecipeName: text('ai_recipe_name'),
  customName: text('custom_name'),
  aiInteractionId: text('ai_interaction_id'),
  etaMinutes: integer('eta_minutes'),
  /** Sum of the lines' quantities, kept on the order so the live queue is counted from the index alone. */
  drinkCount: integer('drink_count').notNull().default(0),
  stockDeductedAt: text('stock_deducted_at'),
  deliveredAt: text('delivered_at'),
  /** When the bar finished making it (ready, or handed over straight): the bar's pace is read from it (docs/decisions/180). */
  madeAt: text('made_at'),
  /** A table's round (docs/decisions/231): its owner key is 't:<session id>'. */
  tableSessionId: text('table_session_id'),
  /** The code the bar calls out ("C89"), unique among the venue's open orders (docs/decisions/234); null before codes. */
  code: text('code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
  index('orders_table_session_idx').on(t.tableSessionId).where(sql`table_session_id is not null`),
  // Also covers the live queue (count and drinks of pending and preparing orders, docs/decisions/157).
  index('orders_restaurant_status_idx').on(t.restaurantId, t.status, t.createdAt, t.drinkCount),
  index('orders_owner_idx').on(t.ownerKey, t.createdAt),
  index('orders_created_idx').on(t.createdAt),
  // The drinks a venue finished in the last 30 minutes, its pace (docs/decisions/180), from the index alone.
  index('orders_restaurant_made_idx').on(t.restaurantId, t.madeAt, t.drinkCount).where(sql`made_at is not null`),
  // The one-active-order rule, enforced by the database itself (see docs/decisions/221). A table's rounds: one the bar
  // is making at most, the next may be sent once the last is Ready (docs/decisions/231).
  uniqueIndex('orders_one_active_uq').on(t.restaurantId, t.ownerKey).where(sql`status in ('pending','preparing','ready') and table_session_id is null`),
  uniqueIndex('orders_one_round_making_uq').on(t.restaurantId, t.ownerKey).where(sql`status in ('pending','preparing') and table_session_id is not null`),
  // No two open orders of a venue share a code: the hub hands them out, the database checks (docs/decisions/234).
  uniqueIndex('orders_open_code_uq').on(t.restaurantId, t.code).where(sql`status in ('pending','preparing','ready') and code is not null`),
]);

/** An order's lines. The row's own number is the line's id (docs/decisions/152): nothing looks a line up by it. */
export const orderItems = sqliteTable('order_items', {
  id: integer('id').primaryKey(),
  orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  menuDrinkId: text('menu_drink_id'),
  name: text('name').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  unitPriceCents: integer('unit_price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  lineTotalCents: integer('line_total_cents').notNull(),
  notes: text('notes'),
  /** The options chosen as text ('Double, No ice'), what every reader shows; null without modifiers. */
  modifiers: text('modifiers'),
  /** The options chosen with their price and recipe effects (docs/decisions/197); null without modifiers. */
  modifierChoices: text('modifier_choices', { mode: 'json' }).$type<StoredModifierChoice[]>(),
  isAiCreation: bool('is_ai_creation').notNull().default(false),
  aiRecipeName: text('ai_recipe_name'),
  recipe: text('recipe', { mode: 'json' }).$type<{ ingredient: string; quantity: number; unit: string }[]>(),
  /** What was in the glass when ordered (docs/decisions/238): the drink's derived facts, or the creation's. */
  allergens: jsonList('allergens').notNull().default([]),
  containsAlcohol: bool('contains_alcohol').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** A round's line: the table member it is for, and their name as the bar display shows it (docs/decisions/231). */
  memberId: text('member_id'),
  memberName: text('member_name'),
  /** A line staff took off the tab: when, why and who (a staff user id). */
  voidedAt: text('voided_at'),
  voidReason: text('void_reason'),
  voidedBy: text('voided_by'),
}, (t) => [index('order_items_order_idx').on(t.orderId, t.position)]);

/**
 * An order's status changes, the placement first. The order names the venue; the row's own number orders an
 * order's events, and nothing addresses an event by anything else (docs/decisions/152).
 */
export const orderEvents = sqliteTable('order_events', {
  id: integer('id').primaryKey(),
  orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actorType: text('actor_type').notNull(),
  /** Null on the placing event: the order's owner key says who placed it (docs/decisions/152). */
  actorId: text('actor_id'),
  /** Why a bartender cancelled (docs/decisions/234); null for other moves. */
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [index('order_events_order_idx').on(t.orderId)]);

/**
 * The venue's live log (docs/decisions/154): one row per order event, numbered per venue in the same write batch
 * as the change it announces, so the number is given in commit order and a committed change always has its event.
 * Kept for reconnecting clients: the last EVENT_LOG_LIMIT per venue, and a day at most (worker/live/live-log.ts).
 * The order as sent is rebuilt from `orders` when a row is replayed; `from_status` is null for the order's creation.
 */
export const liveEvents = sqliteTable('live_events', {
  restaurantId: text('restaurant_id').notNull(),
  seq: integer('seq').notNull(),
  orderId: text('order_id').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.restaurantId, t.seq] })]);

export const idempotencyRecords = sqliteTable('idempotency_records', {
  restaurantId: text('restaurant_id').notNull(),
  key: text('key').notNull(),
  ownerKey: text('owner_key').notNull(),
  requestHash: text('request_hash').notNull(),
  orderId: text('order_id'),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.restaurantId, t.key] })]);

export const favorites = sqliteTable('favorites', {
  id: text('id').primaryKey(),
  ownerKey: text('owner_key').notNull(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  menuDrinkId: text('menu_drink_id').notNull().references(() => menuDrinks.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('favorites_owner_drink_uq').on(t.ownerKey, t.menuDrinkId)]);

export const ratings = sqliteTable('ratings', {
  id: text('id').primaryKey(),
  ownerKey: text('owner_key').notNull(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  menuDrinkId: text('menu_drink_id').notNull().references(() => menuDrinks.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(),
  notes: text('notes'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('ratings_owner_drink_uq').on(t.ownerKey, t.menuDrinkId),
  index('ratings_drink_idx').on(t.menuDrinkId),
]);

export const aiSettings = sqliteTable('ai_settings', {
  restaurantId: text('restaurant_id').primaryKey().references(() => venues.id),
  temperature: real('temperature').notNull().default(0.7),
  maxTokens: integer('max_tokens').notNull().default(600),
  creativityLevel: text('creativity_level', { enum: ['conservative', 'balanced', 'creative'] }).notNull().default('balanced'),
  updatedAt: updatedAt(),
});

/** A single row (id = 1): the platform-wide bartender prompt. */
export const aiGlobalPrompt = sqliteTable('ai_global_prompt', {
  id: integer('id').primaryKey(),
  systemPrompt: text('system_prompt').notNull(),
  garnishSuggestions: jsonList('garnish_suggestions').notNull().default([]),
  notes: text('notes').notNull().default(''),
  updatedAt: updatedAt(),
});

export const flavorRules = sqliteTable('flavor_rules', {
  id: text('id').primaryKey(),
  ruleName: text('rule_name').notNull().unique(),
  baseProfile: text('base_profile', { mode: 'json' }).$type<{ flavor_tags: string[]; strength?: string; sweetness?: string }>().notNull(),
  adjustmentLogic: text('adjustment_logic', { mode: 'json' }).$type<{ boost_factors?: Record<string, number>; reduce_factors?: Record<string, number> }>().notNull(),
  garnishSuggestions: jsonList('garnish_suggestions').notNull().default([]),
  notes: text('notes').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const aiInteractions = sqliteTable('ai_interactions', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  ownerKey: text('owner_key'),
  kind: text('kind', { enum: ['chat', 'vibe', 'recommend', 'log'] }).notNull(),
  query: text('query').notNull().default(''),
  context: text('context', { mode: 'json' }).$type<Record<string, unknown>>(),
  backend: text('backend').notNull().default('local'),
  model: text('model'),
  suggestion: text('suggestion', { mode: 'json' }).$type<Record<string, unknown>>(),
  selectedDrinkName: text('selected_drink_name'),
  menuDrinkId: text('menu_drink_id'),
  wasOrdered: bool('was_ordered').notNull().default(false),
  orderId: text('order_id'),
  feedback: text('feedback', { enum: ['like', 'dislike'] }),
  latencyMs: integer('latency_ms'),
  createdAt: createdAt(),
}, (t) => [
  index('ai_interactions_restaurant_created_idx').on(t.restaurantId, t.createdAt),
  index('ai_interactions_created_idx').on(t.createdAt),
]);

export const unmatchedIngredients = sqliteTable('unmatched_ingredients', {
  id: text('id').primaryKey(),
  rawString: text('raw_string').notNull(),
  normString: text('norm_string').notNull(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  menuDrinkId: text('menu_drink_id').references(() => menuDrinks.id, { onDelete: 'cascade' }),
  drinkIngredientId: text('drink_ingredient_id'),
  resolvedAt: text('resolved_at'),
  resolvedIngredientId: text('resolved_ingredient_id'),
  createdAt: createdAt(),
}, (t) => [index('unmatched_open_idx').on(t.resolvedAt, t.createdAt)]);

export const errorLogs = sqliteTable('error_logs', {
  id: text('id').primaryKey(),
  level: text('level', { enum: ['critical', 'warning', 'info'] }).notNull(),
  source: text('source', { enum: ['server', 'client'] }).notNull(),
  requestId: text('request_id'),
  method: text('method'),
  route: text('route'),
  restaurantId: text('restaurant_id'),
  status: integer('status'),
  message: text('message').notNull(),
  resolvedAt: text('resolved_at'),
  createdAt: createdAt(),
}, (t) => [index('error_logs_created_idx').on(t.createdAt)]);

/**
 * Append-only record of every back-office write and impersonation start/exit (docs/decisions/193):
 * who (actor_user_id), acting as whom (acting_role at restaurant_id, impersonating), what (action,
 * target, summary, before/after), when. Triggers in migration 0004 refuse UPDATE and DELETE.
 */
export const auditLog = sqliteTable('audit_log', {
  id: text('id').primaryKey(),
  actorUserId: text('actor_user_id').notNull(),
  actingRole: text('acting_role').notNull(),
  restaurantId: text('restaurant_id'),
  impersonating: bool('impersonating').notNull().default(false),
  method: text('method').notNull(),
  path: text('path').notNull(),
  status: integer('status'),
  /** 'menu_drink.update', 'venue.deactivate', 'impersonation.start'…; 'request' when a route names none. */
  action: text('action').notNull().default('request'),
  targetType: text('target_type'),
  targetId: text('target_id'),
  summary: text('summary'),
  /** Why, in the person's words: a cancel's or stock receipt's reason (docs/product.md §11.7). */
  reason: text('reason'),
  before: text('before', { mode: 'json' }).$type<Record<string, unknown>>(),
  after: text('after', { mode: 'json' }).$type<Record<string, unknown>>(),
  createdAt: createdAt(),
}, (t) => [
  index('audit_log_created_idx').on(t.createdAt),
  index('audit_log_restaurant_created_idx').on(t.restaurantId, t.createdAt),
]);

/** Platform settings as key → JSON value (error log retention, ...). */
export const platformSettings = sqliteTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * Control database only: which D1 binding holds each venue's data (docs/decisions/150). Written with the
 * venue, read through an isolate cache (worker/shards/directory.ts).
 */
export const venueDirectory = sqliteTable('venue_directory', {
  venueId: text('venue_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** A D1 binding name: DB (the control database, the single-shard default) or DB_SHARD_0..2. */
  shard: text('shard').notNull(),
  createdAt: createdAt(),
}, (t) => [index('venue_directory_shard_idx').on(t.shard)]);

/**
 * Control database only: counted sales and AI interactions per venue and UTC day, computed on the venue's shard
 * (worker/shards/rollups.ts) by its hub a few seconds after each change and by the nightly job, so platform
 * views read this and never a shard (docs/decisions/203).
 */
export const venueDayRollups = sqliteTable('venue_day_rollups', {
  venueId: text('venue_id').notNull(),
  day: text('day').notNull(),
  shard: text('shard').notNull(),
  orders: integer('orders').notNull(),
  revenueCents: integer('revenue_cents').notNull(),
  aiOrders: integer('ai_orders').notNull(),
  drinks: integer('drinks').notNull(),
  /** AI interactions created that day, and how many of them ended in an order. */
  aiInteractions: integer('ai_interactions').notNull().default(0),
  aiOrdered: integer('ai_ordered').notNull().default(0),
  /** When the shard was read for this row: a newer computation is never overwritten by an older one. */
  computedAt: text('computed_at').notNull(),
}, (t) => [primaryKey({ columns: [t.venueId, t.day] }), index('venue_day_rollups_day_idx').on(t.day)]);

/**
 * Control database only: units sold per venue, UTC day and drink name (counted orders' lines), for the platform's
 * top drinks; the same name on several menus is one drink (`name_key` = lower(name)). Kept with the day rows.
 */
export const venueDayDrinks = sqliteTable('venue_day_drinks', {
  venueId: text('venue_id').notNull(),
  day: text('day').notNull(),
  shard: text('shard').notNull(),
  nameKey: text('name_key').notNull(),
  /** The smallest spelling of the name that day (SQLite's binary order), as the merge over days keeps it. */
  name: text('name').notNull(),
  qty: integer('qty').notNull(),
  computedAt: text('computed_at').notNull(),
}, (t) => [primaryKey({ columns: [t.venueId, t.day, t.nameKey] }), index('venue_day_drinks_day_idx').on(t.day)]);

/**
 * Control database only: each venue's newest orders (any status), for the platform's recent-orders feed, replaced
 * by the venue's hub after each change (docs/decisions/203).
 */
export const venueRecentOrders = sqliteTable('venue_recent_orders', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  shard: text('shard').notNull(),
  createdAt: text('created_at').notNull(),
  status: text('status').notNull(),
  totalCents: integer('total_cents').notNull(),
  computedAt: text('computed_at').notNull(),
}, (t) => [
  index('venue_recent_orders_created_idx').on(t.createdAt, t.id),
  index('venue_recent_orders_venue_idx').on(t.venueId, t.createdAt),
]);

/**
 * Venue shards: one slim row per order moved to the archive (docs/decisions/149), so guest and staff
 * history can page over archived orders by the same keys as live ones and read only the day files they show.
 */
export const archivedOrders = sqliteTable('archived_orders', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull(),
  ownerKey: text('owner_key').notNull(),
  status: text('status', { enum: ORDER_STATUS_VALUES }).notNull(),
  paymentStatus: text('payment_status', { enum: PAYMENT_STATUS_VALUES }).notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [
  index('archived_orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
  index('archived_orders_owner_idx').on(t.ownerKey, t.createdAt),
]);

/**
 * Venue shards: counted sales of each venue's archived orders per UTC day (docs/decisions/149), recomputed
 * from the day's archive file whenever orders join it, so analytics keep counting archived orders.
 */
export const archivedOrderDays = sqliteTable('archived_order_days', {
  venueId: text('venue_id').notNull(),
  day: text('day').notNull(),
  orders: integer('orders').notNull(),
  revenueCents: integer('revenue_cents').notNull(),
  aiOrders: integer('ai_orders').notNull(),
  drinks: integer('drinks').notNull(),
}, (t) => [primaryKey({ columns: [t.venueId, t.day] })]);

// ---- Tables and tabs (docs/decisions/231, docs/product.md §12): on the venue's shard, written through its hub ----

/** A venue's tables, as its QR codes name them ("7", "Patio 4"). */
export const venueTables = sqliteTable('venue_tables', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  number: text('number').notNull(),
  name: text('name'),
  position: integer('position').notNull().default(0),
  /** The table's QR token is signed over this (docs/decisions/237): a new code for the table bumps it, old prints stop working. */
  tokenVersion: integer('token_version').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('venue_tables_number_uq').on(t.restaurantId, t.number)]);

export const TABLE_SESSION_STATUS_VALUES = ['open', 'billing', 'closed', 'ended', 'merged'] as const;

/** One tab at one table. `open` and `billing` are live; a table has one live session at most. */
export const tableSessions = sqliteTable('table_sessions', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull().references(() => venues.id),
  tableNumber: text('table_number').notNull(),
  /** 4 characters without look-alikes, unique among the venue's live sessions. */
  joinCode: text('join_code').notNull(),
  hostMemberId: text('host_member_id'),
  membersCanSend: bool('members_can_send').notNull().default(false),
  /** The host lets each new member in (docs/decisions/237): a joiner waits as a pending member. */
  approveJoins: bool('approve_joins').notNull().default(false),
  status: text('status', { enum: TABLE_SESSION_STATUS_VALUES }).notNull().default('open'),
  /** Incremented by every change of the table (members, cart, rounds, shares): clients keep the newest. */
  version: integer('version').notNull().default(1),
  lastActivityAt: text('last_activity_at').notNull(),
  openedAt: text('opened_at').notNull(),
  closedAt: text('closed_at'),
  /** 'paid', 'auto_closed', 'empty', a staff reason, or 'merged'. */
  closedReason: text('closed_reason'),
  mergedInto: text('merged_into'),
  /** The venue's service charge when the tab opened: the tab keeps it (docs/payments.md). Null: opened before it was kept. */
  serviceChargeBp: integer('service_charge_bp'),
}, (t) => [
  // One live tab per table, and a join code names one live tab: the database itself checks both.
  uniqueIndex('table_sessions_live_table_uq').on(t.restaurantId, t.tableNumber).where(sql`status in ('open','billing')`),
  uniqueIndex('table_sessions_live_code_uq').on(t.restaurantId, t.joinCode).where(sql`status in ('open','billing')`),
  index('table_sessions_restaurant_status_idx').on(t.restaurantId, t.status, t.lastActivityAt),
]);

/** Who sits at a tab: a device's or signed-in guest's owner key (docs/product.md §5.3) with the name they gave. */
export const tableMembers = sqliteTable('table_members', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull().references(() => tableSessions.id),
  ownerKey: text('owner_key').notNull(),
  name: text('name').notNull(),
  joinedAt: text('joined_at').notNull(),
  leftAt: text('left_at'),
  /** Null when they left themselves; the host's member id, or 'staff:<user id>'. */
  removedBy: text('removed_by'),
  /**
   * Asked to join a tab whose host approves who joins, not yet let in (docs/decisions/237): sees nothing of the tab.
   * Declined: left, `removedBy` who declined, still pending.
   */
  pending: bool('pending').notNull().default(false),
}, (t) => [
  uniqueIndex('table_members_present_uq').on(t.sessionId, t.ownerKey).where(sql`left_at is null`),
  index('table_members_owner_idx').on(t.ownerKey, t.leftAt),
]);

/** A table's cart: one row per member's line, never merged across members. */
export const tableCartLines = sqliteTable('table_cart_lines', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull().references(() => tableSessions.id),
  memberId: text('member_id').notNull(),
  menuDrinkId: text('menu_drink_id'),
  isAiCreation: bool('is_ai_creation').notNull().default(false),
  aiRecipeName: text('ai_recipe_name'),
  recipe: text('recipe', { mode: 'json' }).$type<{ ingredient: string; quantity: number; unit: string }[]>(),
  aiInteractionId: text('ai_interaction_id'),
  qty: integer('qty').notNull(),
  notes: text('notes'),
  /** The option ids chosen (docs/decisions/197); null without modifiers. */
  modifiers: text('modifiers', { mode: 'json' }).$type<string[]>(),
  /** Incremented on every change of the line. */
  version: integer('version').notNull().default(1),
  createdAt: text('created_at').notNull(),
}, (t) => [index('table_cart_lines_session_idx').on(t.sessionId, t.createdAt)]);

export const SHARE_KIND_VALUES = ['items', 'even', 'custom', 'rest'] as const;
/**
 * late_payment: a card payment went through for a share no longer payable (void, or paid another way), its refund
 * under way; late_payment_refunded: that refund made (docs/payments.md).
 */
export const PAYMENT_PROBLEM_VALUES = ['failed', 'canceled', 'disputed', 'late_payment', 'late_payment_refunded'] as const;

/** A payer's share of the bill (shared/tab-split.ts computes it). */
export const tabShares = sqliteTable('tab_shares', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull().references(() => tableSessions.id),
  payerMemberId: text('payer_member_id').notNull(),
  kind: text('kind', { enum: SHARE_KIND_VALUES }).notNull(),
  /** The share of subtotal + tax + service charge. */
  amountCents: integer('amount_cents').notNull(),
  /** Its pre-tax part: a percent tip is computed on it. */
  subtotalCents: integer('subtotal_cents').notNull(),
  tipCents: integer('tip_cents').notNull().default(0),
  /** An even split: the share that started it, into how many, of what, and which of them this is. */
  splitPlan: text('split_plan'),
  splitCount: integer('split_count'),
  splitBaseCents: integer('split_base_cents'),
  splitIndex: integer('split_index'),
  paymentStatus: text('payment_status', { enum: PAYMENT_STATUS_VALUES }).notNull().default('unpaid'),
  method: text('method', { enum: PAYMENT_METHODS }),
  /** The staff user who recorded the payment, and their name as shown. */
  recordedBy: text('recorded_by'),
  recordedByName: text('recorded_by_name'),
  capturedAt: text('captured_at'),
  /** The card payment's PaymentIntent id (docs/decisions/222), once the payer starts paying in the app. */
  providerRef: text('provider_ref'),
  /** Card payments: what has been refunded of amount + tip, and the platform's application fee. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  feeCents: integer('fee_cents').notNull().default(0),
  /** A card payment that failed, was cancelled or disputed: staff see it (docs/product.md §12.9). */
  paymentProblem: text('payment_problem', { enum: PAYMENT_PROBLEM_VALUES }),
  paymentProblemNote: text('payment_problem_note'),
  /** Creation order within the session (the odd cents of an even split go to the earliest). */
  position: integer('position').notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [
  index('tab_shares_session_idx').on(t.sessionId, t.position),
  uniqueIndex('tab_shares_provider_ref_uq').on(t.providerRef).where(sql`provider_ref is not null`),
]);

/**
 * Units of a round's line claimed by a member for their share (by item): one claim per line and member, the line's
 * claims together at most its quantity (docs/decisions/239).
 */
export const tabClaims = sqliteTable('tab_claims', {
  orderItemId: integer('order_item_id').notNull(),
  sessionId: text('session_id').notNull().references(() => tableSessions.id),
  memberId: text('member_id').notNull(),
  /** How many of the line's units (1..quantity). */
  units: integer('units').notNull().default(1),
  /** Set when the claimer takes their share: the claim is then part of it. */
  shareId: text('share_id'),
  createdAt: text('created_at').notNull(),
}, (t) => [primaryKey({ columns: [t.orderItemId, t.memberId] }), index('tab_claims_session_idx').on(t.sessionId)]);

// ---- Card payments (docs/decisions/222, docs/product.md §12.9): on the venue's shard, written through its hub ----

export const HOLD_STATUS_VALUES = ['pending', 'authorized', 'captured', 'released', 'failed'] as const;

/** A card hold a tab was opened on: a manual-capture PaymentIntent on the venue's connected account. */
export const tabHolds = sqliteTable('tab_holds', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull().references(() => tableSessions.id),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** What the card holds. */
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: HOLD_STATUS_VALUES }).notNull().default('pending'),
  capturedCents: integer('captured_cents').notNull().default(0),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [index('tab_holds_session_idx').on(t.sessionId)]);

/** Stripe events already applied, by event id: a replay changes nothing (docs/decisions/222). */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  sessionId: text('session_id').notNull(),
  receivedAt: text('received_at').notNull(),
}, (t) => [index('payment_events_intent_idx').on(t.paymentIntentId)]);

export const ORDER_PAYMENT_STATUS_VALUES = ['planned', 'authorized', 'placed', 'captured', 'released', 'failed', 'refunded', 'releasing', 'refunding'] as const;

/**
 * A solo order paid first (docs/decisions/241): the plan written before Stripe is asked (`planned`), the
 * authorisation (`authorized`), the order it placed (`placed`), then `captured` when the bar accepts it or `released`
 * when it is cancelled first or could not be placed (`refunded`: cancelled after it was captured). `releasing` and
 * `refunding` are plans written before Stripe is asked, once the bar took the money another way or cancelled a paid order (docs/payments.md). The guest and their checkout details are kept so Stripe's
 * webhook can place the order as the guest asked.
 */
export const orderPayments = sqliteTable('order_payments', {
  id: text('id').primaryKey(),
  restaurantId: text('restaurant_id').notNull(),
  ownerKey: text('owner_key').notNull(),
  guestSessionId: text('guest_session_id').notNull(),
  guestId: text('guest_id'),
  /** The checkout's details as the guest sent them (name, instructions), and the hash placement keys on. */
  details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  requestHash: text('request_hash').notNull(),
  amountCents: integer('amount_cents').notNull(),
  feeCents: integer('fee_cents').notNull(),
  paymentIntentId: text('payment_intent_id').unique(),
  status: text('status', { enum: ORDER_PAYMENT_STATUS_VALUES }).notNull().default('planned'),
  orderId: text('order_id').unique(),
  /** Why it was released or failed, in words the guest reads. */
  note: text('note'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
}, (t) => [index('order_payments_owner_idx').on(t.restaurantId, t.ownerKey)]);

/** A refund an admin made of a card share: how much, why, who. */
export const paymentRefunds = sqliteTable('payment_refunds', {
  id: text('id').primaryKey(),
  shareId: text('share_id').notNull(),
  sessionId: text('session_id').notNull(),
  restaurantId: text('restaurant_id').notNull(),
  /** Stripe's refund id: the same refund is recorded once. */
  stripeRefundId: text('stripe_refund_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  /** pending: planned, Stripe not yet answered (a plan row, docs/payments.md); failed: Stripe refused it. */
  status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('succeeded'),
  reason: text('reason').notNull(),
  byUserId: text('by_user_id').notNull(),
  createdAt: text('created_at').notNull(),
}, (t) => [index('payment_refunds_share_idx').on(t.shareId), index('payment_refunds_venue_idx').on(t.restaurantId, t.createdAt)]);

/**
 * "Tell me when it's ready" (docs/decisions/227): a browser's Web Push subscription for one order, stored with the
 * order on the venue's database. Gone with the order (cascade), or when the push service says it is (404, 410).
 */
export const pushSubscriptions = sqliteTable('push_subscriptions', {
  id: integer('id').primaryKey(),
  orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  restaurantId: text('restaurant_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('push_subscriptions_order_endpoint_uq').on(t.orderId, t.endpoint)]);

/**
 * "Your round is ready" for a table's member (docs/decisions/231, docs/product.md §8.5): a browser's Web Push
 * subscription, or a `tel:` text request, for every round of one tab. Kept for the tab's later rounds (unlike an
 * order's, sent once); dropped with the tab, when the member asks, or when the push service says it is gone.
 */
export const tableReadySubscriptions = sqliteTable('table_ready_subscriptions', {
  id: integer('id').primaryKey(),
  tableSessionId: text('table_session_id').notNull().references(() => tableSessions.id, { onDelete: 'cascade' }),
  memberId: text('member_id').notNull(),
  restaurantId: text('restaurant_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('table_ready_subscriptions_session_endpoint_uq').on(t.tableSessionId, t.endpoint)]);
