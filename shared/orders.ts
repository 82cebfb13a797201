// The order lifecycle (docs/product.md §4.1) as pure functions: used by the worker to decide, by the app to
// show only the moves the server will accept. Decisions: docs/decisions/234 and 222.

import { orderCallCode } from './order-codes';

export const ORDER_STATUSES = ['pending', 'preparing', 'ready', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'authorized', 'captured', 'refunded', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Neither delivered nor cancelled: at most one per guest per venue. */
export const ACTIVE_ORDER_STATUSES = ['pending', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];
export const isActiveStatus = (status: OrderStatus) => (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
/**
 * The bar is still making it. A table sends its next round once the last one is made (Ready), so a table has at
 * most one round in these (docs/decisions/231); a solo guest waits for delivery (at most one active order).
 */
export const MAKING_ORDER_STATUSES = ['pending', 'preparing'] as const satisfies readonly OrderStatus[];
export const isMakingStatus = (status: OrderStatus) => (MAKING_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The staff list filters (`StaffOrderFilter` in shared/schemas/order.ts): a status, or a reading of status and payment. */
export type OrderListFilter = OrderStatus | 'all' | 'active' | 'open' | 'paid' | 'void';

/**
 * Whether an order belongs in a list read with `filter`: the same rule as the Worker's query
 * (worker/orders/queries.ts statusCondition), so a live event can move an order between cached lists.
 */
export function matchesListFilter(order: { status: OrderStatus; payment_status: PaymentStatus }, filter: OrderListFilter): boolean {
  switch (filter) {
    case 'all': return true;
    case 'active': return isActiveStatus(order.status);
    case 'open': return order.payment_status !== 'captured' && order.payment_status !== 'refunded' && order.status !== 'cancelled';
    case 'paid': return order.payment_status === 'captured';
    case 'void': return order.status === 'cancelled';
    default: return order.status === filter;
  }
}

/** The steps that mean the bar accepted an order: it pours from here, and an order paid first is captured (docs/decisions/241). */
export const ACCEPTED_STATUSES: ReadonlySet<OrderStatus> = new Set(['preparing', 'ready', 'delivered']);

/**
 * A solo order paid first's card trouble once the bar accepted it (docs/payments.md §12.9, docs/decisions/279): Stripe
 * refused the capture, did not answer it yet, or it went through after the bar took the money and was refunded.
 */
export const ORDER_PAYMENT_PROBLEMS = ['failed', 'unconfirmed', 'late_payment_refunded'] as const;
type CardTrouble = { payment_status: PaymentStatus; payment_problem?: (typeof ORDER_PAYMENT_PROBLEMS)[number] };

/**
 * An order paid first whose card Stripe refused when the bar accepted it, and still unpaid: the bar takes its payment
 * as at the bar, and its ticket and the guest's status page say so until the bar records it paid (docs/payments.md §12.9).
 */
export const cardRefusedUnpaid = (order: CardTrouble) => order.payment_problem === 'failed' && order.payment_status === 'unpaid';

/** Stripe refused or has not yet answered the capture, and nobody has paid: the bar still has the money to settle. */
export const cardUnsettledUnpaid = (order: CardTrouble) =>
  (order.payment_problem === 'failed' || order.payment_problem === 'unconfirmed') && order.payment_status === 'unpaid';

const STAGE: Record<OrderStatus, number> = { pending: 0, preparing: 1, ready: 2, delivered: 3, cancelled: -1 };

/**
 * Legal targets from a status. The stages only move forward; a bartender may skip one (hand a drink
 * over straight from the queue), never go back. Delivered and cancelled are final.
 */
export function allowedTransitions(from: OrderStatus): OrderStatus[] {
  if (!isActiveStatus(from)) return [];
  const forward = ORDER_STATUSES.filter((s) => s !== 'cancelled' && STAGE[s] > STAGE[from]);
  return [...forward, 'cancelled'];
}

export type OrderState = { status: OrderStatus; paymentStatus: PaymentStatus; deliveredAt: string | null };

export type TransitionResult =
  | { ok: true; next: OrderState }
  /** Which lifecycle rule refused (a registry id, shared/refusal-messages.ts): the Worker answers it with its data. */
  | { ok: false; refusal: 'illegal_transition' | 'illegal_transition.recall' | 'illegal_transition.recall_window' };

/**
 * Applies a status change. Handing a drink over is not taking money (docs/product.md §4.2, docs/decisions/222):
 * delivery leaves the payment as it is, until a payment is recorded; cancellation voids it.
 */
export function transitionOrder(current: OrderState, to: OrderStatus, at: string): TransitionResult {
  if (!allowedTransitions(current.status).includes(to)) {
    return { ok: false, refusal: 'illegal_transition' };
  }
  if (to === 'delivered') return { ok: true, next: { status: to, paymentStatus: current.paymentStatus, deliveredAt: at } };
  if (to === 'cancelled') return { ok: true, next: { status: to, paymentStatus: 'void', deliveredAt: current.deliveredAt } };
  return { ok: true, next: { ...current, status: to } };
}

/** Delivered and cancelled tickets have left the bar's queue ('bumped'); a bartender may recall one briefly. */
export const isBumpedStatus = (status: OrderStatus) => status === 'delivered' || status === 'cancelled';
/** How long after its bump a ticket can be recalled ("Undo", docs/decisions/234). */
export const RECALL_WINDOW_MS = 60_000;

/**
 * Recalls a bumped ticket to the status it had before the bump, within RECALL_WINDOW_MS of the bump.
 * A cancel's void goes back to unpaid; a delivery never changed the payment (docs/decisions/222).
 */
export function recallOrder(current: OrderState, bump: { from: OrderStatus; at: string }, now: string): TransitionResult {
  if (!isBumpedStatus(current.status) || !isActiveStatus(bump.from)) {
    return { ok: false, refusal: 'illegal_transition.recall' };
  }
  if (Date.parse(now) - Date.parse(bump.at) > RECALL_WINDOW_MS) {
    return { ok: false, refusal: 'illegal_transition.recall_window' };
  }
  const paymentStatus = current.paymentStatus === 'void' ? 'unpaid' : current.paymentStatus;
  return { ok: true, next: { status: bump.from, paymentStatus, deliveredAt: null } };
}

// ETA model (docs/decisions/180, which replaces the fixed pace of 025): a bar works its queue first in, first
// out at the pace it has shown. The pace is the drinks the venue finished making (ready or handed over) in the
// last ETA_PACE_WINDOW_MINUTES: two bartenders finish twice the drinks of one. A quiet bar finishes few drinks
// because few were ordered, not because it is slow, so the pace is never taken below one bartender's cold-start
// pace of ETA_MINUTES_PER_DRINK a drink; with nothing measured yet, that cold start is the model.
export const ETA_BASE_MINUTES = 2;
export const ETA_MINUTES_PER_DRINK = 1.5;
export const ETA_PACE_WINDOW_MINUTES = 30;
/** Drinks one bartender makes in the pace window at the cold-start pace (30 / 1.5). */
export const ETA_COLD_DRINKS_PER_WINDOW = ETA_PACE_WINDOW_MINUTES / ETA_MINUTES_PER_DRINK;

/** Minutes a drink takes the bar, from the drinks it finished in the last ETA_PACE_WINDOW_MINUTES. */
export const minutesPerDrink = (drinksMade = 0) => ETA_PACE_WINDOW_MINUTES / Math.max(ETA_COLD_DRINKS_PER_WINDOW, drinksMade);

/**
 * Minutes until an order is ready, from the drinks still to be made before it, its own drinks, and the drinks the
 * bar finished in the last ETA_PACE_WINDOW_MINUTES (its pace). Ready orders wait 0; delivered and cancelled ones
 * have no ETA.
 */
export function etaMinutes(status: OrderStatus, drinksAhead: number, ownDrinks: number, drinksMade = 0): number | null {
  if (status === 'ready') return 0;
  if (!isActiveStatus(status)) return null;
  // A drink already being made is half done on average.
  const own = status === 'preparing' ? ownDrinks / 2 : ownDrinks;
  // Multiplied before divided, so whole drinks give the exact figure the SQL of worker/orders/placement.ts gives.
  const work = ((drinksAhead + own) * ETA_PACE_WINDOW_MINUTES) / Math.max(ETA_COLD_DRINKS_PER_WINDOW, drinksMade);
  return Math.max(1, Math.ceil(ETA_BASE_MINUTES + work));
}

/**
 * Minutes left until an order is ready, counting down (docs/decisions/180): the ETA of the queue as it
 * stands now, counted from when the order entered its current status (placed, or started being made), less
 * the time since. 0 means "any minute now", never a negative; null for delivered and cancelled orders.
 */
export function remainingEtaMinutes(status: OrderStatus, drinksAhead: number, ownDrinks: number, since: string, now: number, drinksMade = 0): number | null {
  const total = etaMinutes(status, drinksAhead, ownDrinks, drinksMade);
  if (total === null || total === 0) return total;
  const elapsed = Math.max(0, now - Date.parse(since)) / 60_000;
  return Math.max(0, Math.ceil(total - elapsed));
}

/** The guest status screen's trail (docs/product.md §4.7): Received = pending, Making = preparing, Ready = ready or delivered. */
export type GuestStage = 'received' | 'making' | 'ready' | 'cancelled';
export function guestStage(status: OrderStatus): GuestStage {
  if (status === 'cancelled') return 'cancelled';
  if (status === 'ready' || status === 'delivered') return 'ready';
  return status === 'preparing' ? 'making' : 'received';
}

/**
 * docs/product.md §4.6: display_name, ai_recipe_name, custom_name, special instructions, then 'Order K47': the order's
 * code (docs/decisions/234), or one taken from its id for an order placed before codes (orderCallCode).
 */
export function orderDisplayName(order: {
  id?: string; code?: string | null; display_name?: string | null; ai_recipe_name?: string | null; custom_name?: string | null; special_instructions?: string | null;
}): string {
  const fromInstructions = order.special_instructions?.replace(/^\s*Order for:\s*/i, '').split('|')[0]?.trim();
  return order.display_name?.trim() || order.ai_recipe_name?.trim() || order.custom_name?.trim() || fromInstructions
    || (order.code ? `Order ${order.code}` : order.id ? `Order ${orderCallCode(order.id)}` : 'New Order');
}
