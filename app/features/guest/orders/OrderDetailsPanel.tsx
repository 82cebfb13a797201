import { formatCents } from '../../../../shared/money';
import { orderStatusLabel, paymentStatusLabel } from '../../../../shared/order-display';
import type { Order } from '../../../../shared/schemas/order';
import { translate, useFormatLocale } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Spec: the order detail panel — status, payment status, items, subtotal, tax, total, delivery state. */
export function OrderDetailsPanel({ order, id }: { order: Order; id?: string }) {
  // Dates in the guest's language (docs/decisions/217).
  const locale = useFormatLocale();
  const { t } = useLingui();
  const drinkName = useDrinkName();
  return (
    <div className="order-details" id={id}>
      <dl className="detail-list">
        <div><dt>{t`Status`}</dt><dd>{translate(orderStatusLabel(order.status))}</dd></div>
        <div><dt>{t`Payment`}</dt><dd>{translate(paymentStatusLabel(order.payment_status))}</dd></div>
        <div>
          <dt>{t`Delivery`}</dt>
          <dd>{order.delivered_at
            ? t`Delivered ${{ time: new Date(order.delivered_at).toLocaleString(locale, dateTime) }}`
            : order.status === 'cancelled' ? t`Not delivered (cancelled)` : t`Not delivered yet`}</dd>
        </div>
      </dl>
      <ul className="item-list">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>{item.quantity} × {item.ai_recipe_name || drinkName(item)}{item.modifiers ? <span className="muted"> · {item.modifiers}</span> : null}{item.notes ? <span className="muted"> ({item.notes})</span> : null}</span>
            <span>{formatCents(item.total_cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="detail-list totals">
        <div><dt>{t`Subtotal`}</dt><dd>{formatCents(order.subtotal_cents)}</dd></div>
        <div><dt>{t`Tax`}</dt><dd>{formatCents(order.tax_cents)}</dd></div>
        <div className="summary-total"><dt>{t`Total`}</dt><dd>{formatCents(order.total_cents)}</dd></div>
      </dl>
    </div>
  );
}
