import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { CheckCircle2, MessageCircle, Navigation, GlassWater } from 'lucide-react';
import { DEFAULT_ESTIMATED_WAIT } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import { confirmationStatusLabel } from '../../../../shared/order-display';
import type { Venue } from '../../../../shared/schemas/venue';
import type { useOrderDetail } from '../../orders/api';
import { orderStatusPath } from './active-order';
import { BUSY_FROM_MINUTES, waitText } from './wait';
import { translate, useFormatLocale } from '../../../i18n/i18n';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';

const timeFormat: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

type Props = { venue: Venue; data: NonNullable<ReturnType<typeof useOrderDetail>['data']>; header: ReactNode };

/**
 * The confirmation once the order is read (app/features/guest/orders/OrderConfirmationPage.tsx): its summary and
 * what to do next; fetched beside the order's read (docs/decisions/275).
 */
export function OrderConfirmation({ venue, data, header }: Props) {
  const locale = useFormatLocale();
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const { order } = data;
  const wait = order.eta_minutes != null && order.status !== 'delivered' && order.status !== 'cancelled'
    ? order.eta_minutes > BUSY_FROM_MINUTES ? waitText(order.eta_minutes) : t`${plural({ minutes: order.eta_minutes }, { one: '# minute', other: '# minutes' })}`
    : translate(DEFAULT_ESTIMATED_WAIT);

  return (
    <>
      {header}
      <main className="guest-main confirmation">
        <div className="confirmation-hero">
          <CheckCircle2 aria-hidden="true" size={56} />
          <h2>{t`Order Confirmed!`}</h2>
          <p className="muted">{order.customer_name && order.customer_name !== /*i18n*/ 'Guest'
            ? t`Thanks, ${{ name: order.customer_name }}. The bar has your order.` : t`Thanks. The bar has your order.`}</p>
        </div>
        <section className="card" aria-label={t`Order summary`}>
          <dl className="detail-list">
            <div><dt>{t`Order ID`}</dt><dd className="mono">{order.code}</dd></div>
            <div><dt>{t`Status`}</dt><dd><span className="badge badge-success">{translate(confirmationStatusLabel(order.status))}</span></dd></div>
            <div><dt>{t`Order time`}</dt><dd>{new Date(order.created_at).toLocaleTimeString(locale, timeFormat)}</dd></div>
            <div><dt>{t`Estimated wait`}</dt><dd>{wait}</dd></div>
            <div><dt>{t`Total`}</dt><dd className="price">{formatCents(order.total_cents)}</dd></div>
          </dl>
          <h3 className="subhead">{t`Items`}</h3>
          <ul className="item-list">
            {order.items.map((item) => (
              <li key={item.id}>
                <span>{item.quantity} × {item.ai_recipe_name || drinkName(item)}</span>
                <span>{formatCents(item.total_cents)}</span>
              </li>
            ))}
          </ul>
          {order.special_instructions && (
            <>
              <h3 className="subhead">{t`Special instructions`}</h3>
              <p>{order.special_instructions}</p>
            </>
          )}
          <p className="muted support-line">
            {data.venue.phone ? <>{t`Questions? Call`} <a href={`tel:${data.venue.phone}`}>{data.venue.phone}</a></> : t`Contact venue for support`}
          </p>
        </section>
        <div className="stack action-stack">
          <Link className="btn btn-primary btn-block" to={orderStatusPath(venue.slug, order.id)}>
            <Navigation aria-hidden="true" size={18} /> {t`Track My Order`}
          </Link>
          <Link className="btn btn-block" to={`/venue/${venue.slug}`}><GlassWater aria-hidden="true" size={18} /> {t`Order More Drinks`}</Link>
          <Link className="btn btn-block" to={`/venue/${venue.slug}/ai`}><MessageCircle aria-hidden="true" size={18} /> {t`Chat with AI Bartender`}</Link>
        </div>
      </main>
    </>
  );
}
