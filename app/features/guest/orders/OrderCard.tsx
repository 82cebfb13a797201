import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ChevronDown, ChevronUp } from 'lucide-react';
import { historyOrderId } from '../../../../shared/ids';
import { isActiveStatus } from '../../../../shared/orders';
import { formatCents } from '../../../../shared/money';
import { orderAge, orderStatusLabel } from '../../../../shared/order-display';
import type { Order } from '../../../../shared/schemas/order';
import { OrderDetailsPanel } from './OrderDetailsPanel';
import { orderStatusPath } from './active-order';
import { DrinkImage } from '../../../ui/DrinkImage';
import { translate, useFormatLocale } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';

const BADGE: Record<Order['status'], string> = {
  pending: 'badge-info', preparing: 'badge-warning', ready: 'badge-success', delivered: 'badge-success', cancelled: 'badge-danger',
};

/**
 * A past or current order (spec: order cards and history rows): id (last 6), age, total, the items
 * with picture and quantity, its status with a delivered mark, and a Details panel.
 */
export function OrderCard({ order, slug, now }: { order: Order; slug: string; now?: Date }) {
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const locale = useFormatLocale();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article className="card order-card" aria-label={t`Order ${{ id: historyOrderId(order.id) }}`}>
      <header className="order-card-head">
        <span className="mono order-id">#{historyOrderId(order.id)}</span>
        <span className={`badge ${BADGE[order.status]}`}>{translate(orderStatusLabel(order.status))}</span>
        {order.delivered_at && <CheckCircle2 className="delivered-mark" aria-label={t`Delivered`} role="img" size={18} />}
        <span className="spacer" />
        <time dateTime={order.created_at} className="muted">{orderAge(order.created_at, now, locale, translate)}</time>
      </header>
      <ul className="history-items">
        {order.items.map((item) => (
          <li key={item.id}>
            <DrinkImage src={item.image_url} width={40} height={40} />
            <span>{item.ai_recipe_name || drinkName(item)}</span>
            <span className="muted">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <footer className="order-card-foot">
        <span className="price">{formatCents(order.total_cents)}</span>
        <span className="spacer" />
        {isActiveStatus(order.status) && <Link className="btn btn-small" to={orderStatusPath(slug, order.id)}>{t`View Status`}</Link>}
        <button type="button" className="btn btn-small btn-ghost" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t`Details`} {open ? <ChevronUp aria-hidden="true" size={16} /> : <ChevronDown aria-hidden="true" size={16} />}
        </button>
      </footer>
      {open && <OrderDetailsPanel order={order} id={panelId} />}
    </article>
  );
}
