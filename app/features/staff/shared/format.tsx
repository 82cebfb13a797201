import { tableDisplayName } from '../../../../shared/tables';
import type { OrderStatus } from '../../../../shared/orders';

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending', preparing: 'Preparing', ready: 'Ready', delivered: 'Delivered', cancelled: 'Cancelled',
};
const STATUS_BADGES: Record<OrderStatus, string> = {
  pending: 'badge-warning', preparing: 'badge-info', ready: 'badge-success', delivered: 'badge-success', cancelled: 'badge-danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{STATUS_LABELS[status]}</span>;
}

export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });

/** Midnight today (local time), for the 'Today' filters. */
export function startOfToday(now = new Date()): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d;
}

export const daysAgo = (days: number, now = Date.now()) => new Date(now - days * 86_400_000);

/** Spec 'open' = not paid and not cancelled; 'paid' = captured; 'void' = cancelled. */
export const isOpenOrder = (o: { payment_status: string; status: string }) => !['captured', 'refunded'].includes(o.payment_status) && o.status !== 'cancelled';
export const isPaidOrder = (o: { payment_status: string }) => o.payment_status === 'captured';

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
/** '1,400 ml' or '12 pcs' for a counted item. */
export const formatStock = (value: number, measure: 'ml' | 'count') => `${number.format(value)} ${measure === 'ml' ? 'ml' : 'pcs'}`;

/**
 * The table a ticket's header adds after its name, or null: a table's round is already named "Table 7"
 * (docs/decisions/231), so it is not said twice.
 */
export const tableOfTicket = (o: { display_name: string; table_number: string | null }) =>
  o.table_number && o.display_name !== tableDisplayName(o.table_number) ? o.table_number : null;

/** A round's line names the member it is for, as the bar reads it: "Alex: 2 × Negroni". */
export function MemberName({ name }: { name?: string | null }) {
  return name ? <strong className="member-name">{name}: </strong> : null;
}
