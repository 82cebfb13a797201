// What guests read about an order (docs/product.md §4.7): the three-stage trail, the
// status texts, and how old an order is. Pure, so screens and tests share one reading.
import { ORDER_STATUSES, type OrderStatus } from './orders';

export type GuestStage = 'received' | 'making' | 'ready' | 'cancelled';

export const STAGE_TRAIL = [
  { stage: 'received', label: 'Received' },
  { stage: 'making', label: 'Making' },
  { stage: 'ready', label: 'Ready' },
] as const;

/** docs/product.md §4.7: pending = Received, preparing = Making, ready or delivered = Ready, cancelled = 'Order Cancelled'. */
export function guestStage(status: OrderStatus, deliveredAt?: string | null): GuestStage {
  if (status === 'cancelled') return 'cancelled';
  if (deliveredAt || status === 'ready' || status === 'delivered') return 'ready';
  if (status === 'preparing') return 'making';
  return 'received';
}

export type StatusDisplay = { stage: GuestStage; title: string; detail: string; complete: boolean };

/** How the venue hands a ready order over (docs/product.md §4.12), and the table the order came from, if any. */
export type Handoff = { handoff: 'pickup' | 'table'; pickupPoint: string; tableNumber?: string | null };

/**
 * What a guest with a ready order is told: with table service, an order from a table is brought to it; otherwise
 * where to collect it ("Your drinks are ready for pickup at the bar").
 */
export function handoffText(handoff?: Handoff): string {
  if (handoff?.handoff === 'table' && handoff.tableNumber) return `We'll bring it to table ${handoff.tableNumber}`;
  return handoff?.pickupPoint ? `Your drinks are ready for pickup ${handoff.pickupPoint}` : 'Your drinks are ready for pickup';
}

/**
 * The status screen's heading and line. docs/product.md §4.7 keys 'Payment Complete' on a paid order that is still
 * being made; in our lifecycle payment is captured at hand-over, so it shows for an order being made
 * whose payment is already authorised or captured.
 */
export function statusDisplay(status: OrderStatus, paymentStatus: string, deliveredAt?: string | null, handoff?: Handoff): StatusDisplay {
  const stage = guestStage(status, deliveredAt);
  switch (stage) {
    case 'ready':
      return { stage, title: 'Ready!', detail: handoffText(handoff), complete: true };
    case 'cancelled':
      return { stage, title: 'Order Cancelled', detail: 'This order was cancelled. Nothing was charged.', complete: true };
    case 'making':
      return paymentStatus === 'captured' || paymentStatus === 'authorized'
        ? { stage, title: 'Payment Complete', detail: 'Your order is being prepared', complete: false }
        : { stage, title: 'Making Your Drinks', detail: 'Your order is being prepared', complete: false };
    default:
      return { stage, title: 'Order Received', detail: 'The bar has your order and will start it shortly', complete: false };
  }
}

/**
 * The confirmation page's status: a just-accepted order is 'Confirmed'; later stages show their guest
 * label (docs/decisions/034); a value outside the lifecycle is shown raw, as the spec says.
 */
export function confirmationStatusLabel(status: string): string {
  if (status === 'pending' || status === 'confirmed') return 'Confirmed';
  return (ORDER_STATUSES as readonly string[]).includes(status) ? orderStatusLabel(status as OrderStatus) : status;
}

/** Order cards and history (the staff/history reading of docs/product.md §4.8). */
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'pending': return 'Received';
    case 'preparing': return 'Making';
    case 'ready': return 'Ready';
    case 'delivered': return 'Delivered';
    case 'cancelled': return 'Cancelled';
  }
}

export function paymentStatusLabel(paymentStatus: string): string {
  switch (paymentStatus) {
    case 'unpaid': return 'Unpaid';
    case 'authorized': return 'Authorized';
    case 'captured': return 'Paid';
    case 'refunded': return 'Refunded';
    case 'void': return 'Void';
    default: return paymentStatus;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/product.md §4.7: 'Just now', 'Nm ago', 'Nh ago', then a date after 24 hours. */
export function orderAge(createdAt: string, now: Date = new Date(), locale?: string): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return new Date(createdAt).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** 'About 6 minutes' style ETA for banners and the status screen. */
export const etaLabel = (minutes: number | null | undefined) =>
  minutes == null ? null : minutes <= 1 ? 'about 1 minute' : `about ${minutes} minutes`;
