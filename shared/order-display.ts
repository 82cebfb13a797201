// What guests read about an order (docs/product.md §4.7): the three-stage trail, the
// status texts, and how old an order is. Pure, so screens and tests share one reading.
import { ORDER_STATUSES, type OrderStatus } from './orders';
import { DEFAULT_PICKUP_POINT } from './constants';

/**
 * A text in the reader's language (the guest app's `t`, docs/decisions/217): the English text is the id and
 * `{name}` placeholders take `values`. The Worker and the back office pass none and read English.
 */
export type Translate = (id: string, values?: Record<string, unknown>) => string;
const english: Translate = (id, values) => (values ? id.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')) : id);

export type GuestStage = 'received' | 'making' | 'ready' | 'cancelled';

export const STAGE_TRAIL = [
  { stage: 'received', label: /*i18n*/ 'Received' },
  { stage: 'making', label: /*i18n*/ 'Making' },
  { stage: 'ready', label: /*i18n*/ 'Ready' },
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
export function handoffText(handoff?: Handoff, t: Translate = english): string {
  if (handoff?.handoff === 'table' && handoff.tableNumber) return t(/*i18n*/ "We'll bring it to table {table}", { table: handoff.tableNumber });
  // The pickup point is the venue's own words, as written; the default one is the app's, in the guest's language
  // (docs/decisions/265).
  const place = handoff?.pickupPoint === DEFAULT_PICKUP_POINT ? t(DEFAULT_PICKUP_POINT) : handoff?.pickupPoint;
  return place ? t(/*i18n*/ 'Your drinks are ready for pickup {place}', { place }) : t(/*i18n*/ 'Your drinks are ready for pickup');
}

/**
 * The status screen's heading and line. docs/product.md §4.7 keys 'Payment Complete' on a paid order that is still
 * being made; in our lifecycle payment is captured at hand-over, so it shows for an order being made
 * whose payment is already authorised or captured.
 */
export function statusDisplay(status: OrderStatus, paymentStatus: string, deliveredAt?: string | null, handoff?: Handoff, t: Translate = english): StatusDisplay {
  const stage = guestStage(status, deliveredAt);
  switch (stage) {
    case 'ready':
      return { stage, title: t(/*i18n*/ 'Ready!'), detail: handoffText(handoff, t), complete: true };
    case 'cancelled':
      return { stage, title: t(/*i18n*/ 'Order Cancelled'), detail: t(/*i18n*/ 'This order was cancelled. Nothing was charged.'), complete: true };
    case 'making':
      return paymentStatus === 'captured' || paymentStatus === 'authorized'
        ? { stage, title: t(/*i18n*/ 'Payment Complete'), detail: t(/*i18n*/ 'Your order is being prepared'), complete: false }
        : { stage, title: t(/*i18n*/ 'Making Your Drinks'), detail: t(/*i18n*/ 'Your order is being prepared'), complete: false };
    default:
      return { stage, title: t(/*i18n*/ 'Order Received'), detail: t(/*i18n*/ 'The bar has your order and will start it shortly'), complete: false };
  }
}

/**
 * The confirmation page's status: a just-accepted order is 'Confirmed'; later stages show their guest
 * label (docs/decisions/126); a value outside the lifecycle is shown raw, as the spec says.
 */
export function confirmationStatusLabel(status: string): string {
  if (status === 'pending' || status === 'confirmed') return /*i18n*/ 'Confirmed';
  return (ORDER_STATUSES as readonly string[]).includes(status) ? orderStatusLabel(status as OrderStatus) : status;
}

/** Order cards and history (the staff/history reading of docs/product.md §4.8). */
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'pending': return /*i18n*/ 'Received';
    case 'preparing': return /*i18n*/ 'Making';
    case 'ready': return /*i18n*/ 'Ready';
    case 'delivered': return /*i18n*/ 'Delivered';
    case 'cancelled': return /*i18n*/ 'Cancelled';
  }
}

export function paymentStatusLabel(paymentStatus: string): string {
  switch (paymentStatus) {
    case 'unpaid': return /*i18n*/ 'Unpaid';
    case 'authorized': return /*i18n*/ 'Authorized';
    case 'captured': return /*i18n*/ 'Paid';
    case 'refunded': return /*i18n*/ 'Refunded';
    case 'void': return /*i18n*/ 'Void';
    default: return paymentStatus;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/product.md §4.7: 'Just now', 'Nm ago', 'Nh ago', then a date after 24 hours. */
export function orderAge(createdAt: string, now: Date = new Date(), locale?: string, t: Translate = english): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (elapsed < MINUTE) return t(/*i18n*/ 'Just now');
  if (elapsed < HOUR) return t(/*i18n*/ '{minutes}m ago', { minutes: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t(/*i18n*/ '{hours}h ago', { hours: Math.floor(elapsed / HOUR) });
  return new Date(createdAt).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** 'About 6 minutes' style ETA for banners and the status screen. */
export const etaLabel = (minutes: number | null | undefined) =>
  minutes == null ? null : minutes <= 1 ? 'about 1 minute' : `about ${minutes} minutes`;
