// Business constants from the spec (docs/product.md §10) the staff's screens, the back office and the Worker use, apart
// from the guest's (shared/constants.ts), so a guest's first download carries none of them (docs/decisions/277).
export const STAFF_ORDERS_POLL_MS = 5_000;
export const STAFF_INVENTORY_POLL_MS = 10_000;
/** Bar display ticket ages: amber from 5 minutes, red from 10 (docs/decisions/234). */
export const TICKET_AMBER_MS = 5 * 60_000;
export const TICKET_RED_MS = 10 * 60_000;
export const HISTORY_LIMIT = 50;
export const DOUBLE_TAP_MS = 500;

export const DRINK_CATEGORIES = [
  'cocktail', 'mocktail', 'beer', 'wine', 'non_alcoholic', 'house_classic', 'menu_cocktail', 'spirit', 'shot', 'other',
] as const;
export type DrinkCategory = (typeof DRINK_CATEGORIES)[number];

export const INVENTORY_UNITS = ['bottle', 'can', 'pack', 'piece', 'oz', 'ml'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];

export const ROLES = ['superadmin', 'admin', 'staff'] as const;
export type StaffRole = (typeof ROLES)[number];
