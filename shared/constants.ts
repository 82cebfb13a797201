// Business constants from the spec (docs/product.md §10).
export const REQUEST_TIMEOUT_MS = 15_000;
export const STATUS_REFRESH_MS = 5_000;
export const STAFF_ORDERS_POLL_MS = 5_000;
export const STAFF_INVENTORY_POLL_MS = 10_000;
/** Bar display ticket ages: amber from 5 minutes, red from 10 (docs/decisions/234). */
export const TICKET_AMBER_MS = 5 * 60_000;
export const TICKET_RED_MS = 10 * 60_000;
export const HISTORY_LIMIT = 50;
/** The most messages one AI chat request carries (shared/schemas/ai.ts ChatInput; docs/decisions/254). */
export const CHAT_MAX_MESSAGES = 40;
export const TOAST_LIMIT = 20;
export const DEFAULT_TAX_RATE_BP = 875;
export const AI_CREATION_PRICE_CENTS = 1800;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10;
/** Guest drink ratings: whole stars. Here rather than in schemas/ratings so screens need no zod. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const OTP_CODE_LENGTH = 6;
export const AGE_THRESHOLD = 21;
export const DEFAULT_ESTIMATED_WAIT = /*i18n*/ '15-20 minutes';
export const DOUBLE_TAP_MS = 500;
/**
 * The drink cards a phone shows under the menu's header, cover, search and chips: the Worker's first paint draws
 * these, and the app's first commit draws the same before the rest of the menu (docs/decisions/219 and 268).
 */
export const FIRST_SCREEN_DRINKS = 6;

export const DRINK_CATEGORIES = [
  'cocktail', 'mocktail', 'beer', 'wine', 'non_alcoholic', 'house_classic', 'menu_cocktail', 'spirit', 'shot', 'other',
] as const;
export type DrinkCategory = (typeof DRINK_CATEGORIES)[number];

export const INVENTORY_UNITS = ['bottle', 'can', 'pack', 'piece', 'oz', 'ml'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];

export const ROLES = ['superadmin', 'admin', 'staff'] as const;
export type StaffRole = (typeof ROLES)[number];

export const DEFAULT_THEME = {
  primary: '#2563eb',
  secondary: '#1e3a8a',
  background: '#ffffff',
  text: '#1f2937',
} as const;

/**
 * Live sockets one session (a device, a staff sign-in) and one client address may hold open at a venue; past
 * either, the oldest is closed with TOO_MANY_SOCKETS_CLOSE, on which the app polls instead of reconnecting
 * (docs/decisions/166).
 */
export const LIVE_SOCKETS_PER_SESSION = 8;
export const LIVE_SOCKETS_PER_ADDRESS = 400;
export const TOO_MANY_SOCKETS_CLOSE = 4008;
/** Close code of a socket whose session ended (signed out, disabled, reset) or whose role no longer allows the venue. */
export const SESSION_ENDED_CLOSE = 4001;

/** Where guests collect unless the venue says otherwise; guests read it in their language (docs/decisions/265). */
export const DEFAULT_PICKUP_POINT = /*i18n*/ 'at the bar';

/**
 * The 'one active order' refusal (docs/product.md §4.3): its error code, which the app keys on, and its message. Here,
 * not in shared/orders.ts, so the guest pages that only recognise it download none of the order rules (docs/decisions/275).
 */
export const ACTIVE_ORDER_EXISTS_CODE = 'active_order_exists';
export const ACTIVE_ORDER_EXISTS = 'active order exists';
