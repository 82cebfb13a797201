// Business constants from the spec (docs/product.md §10) a guest's pages use; the staff's and the back office's are in
// shared/back-office-constants.ts, so a guest's first download carries none of them (docs/decisions/277).
export type { DrinkCategory, InventoryUnit, StaffRole } from './back-office-constants';

export const REQUEST_TIMEOUT_MS = 15_000;
export const STATUS_REFRESH_MS = 5_000;
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
/**
 * The drink cards a phone shows under the menu's header, cover, search and chips: the Worker's first paint draws
 * these, and the app's first commit draws the same before the rest of the menu (docs/decisions/219 and 268).
 */
export const FIRST_SCREEN_DRINKS = 6;

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
