import { formatCents } from '../../../../shared/money';
import { orderStatusLabel, paymentStatusLabel } from '../../../../shared/order-display';
import type { Order } from '../../../../shared/schemas/order';
import { useFormatLocale } from '../../../i18n/i18n';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Spec: the order detail panel — status, payment status, items, subtotal, tax, total, delivery state. */
export function OrderDetailsPanel({ order, id }: { order: Order; id?: string }) {
  // Dates in the guest's language (docs/decisions/216).
  const locale = useFormatLocale();
  return (
    <div className="order-details" id={id}>
      <dl className="detail-list">
        <div><dt>Status</dt><dd>{orderStatusLabel(order.status)}</dd></div>
        <div><dt>Payment</dt><dd>{paymentStatusLabel(order.payment_status)}</dd></div>
        <div>
          <dt>Delivery</dt>
          <dd>{order.delivered_at
            ? `Delivered ${new Date(order.delivered_at).toLocaleString(locale, dateTime)}`
            : order.status === 'cancelled' ? 'Not delivered (cancelled)' : 'Not delivered yet'}</dd>
        </div>
      </dl>
      <ul className="item-list">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>{item.quantity} × {item.ai_recipe_name || item.name}{item.modifiers ? <span className="muted"> · {item.modifiers}</span> : null}{item.notes ? <span className="muted"> ({item.notes})</span> : null}</span>
            <span>{formatCents(item.total_cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="detail-list totals">
        <div><dt>Subtotal</dt><dd>{formatCents(order.subtotal_cents)}</dd></div>
        <div><dt>Tax</dt><dd>{formatCents(order.tax_cents)}</dd></div>
        <div className="summary-total"><dt>Total</dt><dd>{formatCents(order.total_cents)}</dd></div>
      </dl>
    </div>
  );
}
