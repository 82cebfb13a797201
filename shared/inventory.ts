// Stock arithmetic shared by the worker (deduction, sold-out) and the app (staff inventory screens).
// Decisions: docs/decisions/233 (units and conversions), 061 (sold-out rule), 062 (deduct on preparing).
import type { InventoryUnit } from './constants';
import { shortOrderId } from './ids';

/** Staff default low-stock threshold (docs/product.md §3.4). */
export const STAFF_DEFAULT_THRESHOLD_ML = 100;
/** The staff ingredient picker shows at most this many entries (docs/product.md §10.1). */
export const INGREDIENT_PICKER_LIMIT = 20;

export const ML_PER_OZ = 29.5735;

/**
 * Volume of one container when the item does not say: a bottle is 750 ml (docs/product.md §3.4), a can 330 ml.
 * A new bottle or can item stores it. 'ml' and 'oz' are volumes themselves (unitVolumeMl); 'piece' and 'pack'
 * have none: they are counted, and the staff view shows the count as its "ml-equivalent" (1 unit = 1).
 */
export const DEFAULT_UNIT_VOLUME_ML: Partial<Record<InventoryUnit, number>> = { bottle: 750, can: 330 };

/** How an item's stock is measured: poured by volume, or counted. */
export type StockMeasure = 'ml' | 'count';

export type StockItemShape = { unit: string; unitVolumeMl: number | null };

/** ml per unit for a volume-measured item, or null for a counted one. */
export function unitVolumeMl(item: StockItemShape): number | null {
  if (item.unit === 'ml') return 1;
  if (item.unit === 'oz') return ML_PER_OZ;
  if (item.unitVolumeMl && item.unitVolumeMl > 0) return item.unitVolumeMl;
  return DEFAULT_UNIT_VOLUME_ML[item.unit as InventoryUnit] ?? null;
}

export const stockMeasure = (item: StockItemShape): StockMeasure => (unitVolumeMl(item) === null ? 'count' : 'ml');

/** Item units → the staff view's ml (counted items: 1 unit = 1 ml-equivalent). */
export const unitsToMl = (item: StockItemShape, units: number) => roundStock(units * (unitVolumeMl(item) ?? 1));
/** The staff view's ml → item units. */
export const mlToUnits = (item: StockItemShape, ml: number) => ml / (unitVolumeMl(item) ?? 1);

/** Two decimals are what a screen shows and what the stock modal's step allows. */
export const roundStock = (value: number) => Math.round(value * 100) / 100;

/** Low stock means on hand at or below the threshold (docs/product.md §3.4). */
export const isLowStock = (onHand: number, threshold: number) => onHand <= threshold;

/**
 * Recipe units → what they use up. Volumes convert to ml; garnish-like units are counted one for one
 * against a counted item; a pinch is too small to track. Approximations: a dash ≈ 0.8 ml, a drop ≈
 * 0.05 ml, a bar spoon/teaspoon 5 ml, a tablespoon 15 ml.
 */
export const RECIPE_UNIT_CONVERSIONS: Record<string, { measure: StockMeasure; per: number } | null> = {
  ml: { measure: 'ml', per: 1 },
  cl: { measure: 'ml', per: 10 },
  l: { measure: 'ml', per: 1000 },
  oz: { measure: 'ml', per: ML_PER_OZ },
  dash: { measure: 'ml', per: 0.8 },
  drop: { measure: 'ml', per: 0.05 },
  tsp: { measure: 'ml', per: 5 },
  barspoon: { measure: 'ml', per: 5 },
  tbsp: { measure: 'ml', per: 15 },
  piece: { measure: 'count', per: 1 },
  leaf: { measure: 'count', per: 1 },
  slice: { measure: 'count', per: 1 },
  wedge: { measure: 'count', per: 1 },
  sprig: { measure: 'count', per: 1 },
  cube: { measure: 'count', per: 1 },
  pinch: null,
};

const UNIT_ALIASES: Record<string, string> = {
  millilitre: 'ml', milliliter: 'ml', millilitres: 'ml', milliliters: 'ml', ounce: 'oz', ounces: 'oz',
  dashes: 'dash', drops: 'drop', pieces: 'piece', pcs: 'piece', pc: 'piece', leaves: 'leaf', slices: 'slice',
  wedges: 'wedge', sprigs: 'sprig', cubes: 'cube', pinches: 'pinch', teaspoon: 'tsp', tablespoon: 'tbsp',
  'bar spoon': 'barspoon', '': 'piece',
};

/** What one recipe line uses, in ml or as a count; null when it is not tracked (a pinch, an unknown unit). */
export function recipeNeed(quantity: number, unit: string): { measure: StockMeasure; amount: number } | null {
  const key = unit.trim().toLowerCase();
  const conversion = RECIPE_UNIT_CONVERSIONS[UNIT_ALIASES[key] ?? key];
  if (!conversion || !(quantity > 0)) return null;
  return { measure: conversion.measure, amount: quantity * conversion.per };
}

/** A recipe line in ml for the staff menu, or null when the unit is counted or untracked. */
export function recipeQuantityMl(quantity: number, unit: string): number | null {
  const need = recipeNeed(quantity, unit);
  return need?.measure === 'ml' ? roundStock(need.amount) : null;
}

/** The sold-out reason a drink carries: 'out of: lime juice, mint'. */
export const soldOutReasonFor = (ingredientNames: string[]) =>
  `out of: ${[...new Set(ingredientNames.map((n) => n.trim().toLowerCase()))].sort().join(', ')}`;

/** The ingredients a sold-out reason names: 'out of: campari, mint' → ['campari', 'mint']. */
export const soldOutIngredients = (reason: string | null): string[] =>
  reason?.startsWith('out of: ') ? reason.slice('out of: '.length).split(', ').filter(Boolean) : [];

/**
 * One line of what a ticket's pour is short of (docs/decisions/233): 'Campari: 30 ml needed, 0 ml on hand',
 * 'Mint: 2 needed, 86\'d' when `onHand` is null (the item is switched off).
 */
export function shortfallText(name: string, measure: StockMeasure, need: number, onHand: number | null): string {
  const unit = measure === 'ml' ? ' ml' : '';
  const have = onHand === null ? "86'd" : `${roundStock(onHand)}${unit} on hand`;
  return `${name}: ${roundStock(need)}${unit} needed, ${have}`;
}

/** The stock-deduction movement's reason, naming the order like the cards do. */
export const orderMovementReason = (orderId: string) => `Order #${shortOrderId(orderId)}`;

/** The reason of the movement that gives a cancelled order's stock back (docs/decisions/190). */
export const cancelledOrderMovementReason = (orderId: string) => `${orderMovementReason(orderId)} cancelled: stock returned`;

/**
 * A movement's reason as every reader shows it. An order's pour and its return store none (docs/decisions/152):
 * their reason is said from the order, as it was written before.
 */
export function movementReason(movement: { type: string; reason: string | null; orderId: string | null }): string {
  if (movement.reason !== null || !movement.orderId) return movement.reason ?? '';
  return movement.type === 'restore' ? cancelledOrderMovementReason(movement.orderId) : orderMovementReason(movement.orderId);
}

const QUARTER_GLYPHS = ['', '¼', '½', '¾'];
const UNIT_PLURALS: Record<string, string> = { bottle: 'bottles', can: 'cans', pack: 'packs', piece: 'pieces', oz: 'oz', ml: 'ml' };

/**
 * Stock as a person reads it: '3¼ bottles · 2,275 ml', '≈ 8½ bottles · 6,326.8 ml' when the amount
 * is not a whole quarter, '24 pieces'. Display only: the stored quantity is never rounded.
 */
export function formatStockAmount(quantity: number, item: StockItemShape, locale?: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (item.unit === 'ml') return `${number.format(quantity)} ml`;
  const quarters = Math.round(quantity * 4);
  const exact = Math.abs(quantity * 4 - quarters) < 1e-6;
  const whole = Math.floor(quarters / 4);
  const glyph = QUARTER_GLYPHS[quarters % 4]!;
  const units = quarters === 0 && !exact ? `< ¼` : `${whole === 0 && glyph ? '' : new Intl.NumberFormat(locale).format(whole)}${glyph}`;
  const label = quantity <= 1 ? item.unit : UNIT_PLURALS[item.unit] ?? item.unit;
  const head = `${exact ? '' : '≈ '}${units} ${label}`;
  const volume = unitVolumeMl(item);
  return volume === null ? head : `${head} · ${number.format(quantity * volume)} ml`;
}
