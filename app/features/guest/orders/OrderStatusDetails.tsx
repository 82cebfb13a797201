import { Link } from 'react-router';
import { Check, Radio, Sparkles, XCircle } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import { cardRefusedUnpaid } from '../../../../shared/orders';
import { STAGE_TRAIL, statusDisplay, type GuestStage } from '../../../../shared/order-display';
import type { OrderStatusView } from '../../../../shared/schemas/order';
import type { Venue } from '../../../../shared/schemas/venue';
import type { useOrderDetail } from '../../orders/api';
import { GuestHeader, type HeaderBack } from '../venue/GuestHeader';
import { useMinutesLeft, waitText } from './wait';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';
import { lazyAfterPaint } from '../../../ui/lazy-after-paint';

// The push offer and the rating prompt are not in the page's first download (docs/decisions/268).
const ReadyPushButton = lazyAfterPaint(() => import('./ReadyPushButton').then((m) => m.ReadyPushButton));
const RatePickupPrompt = lazyAfterPaint(() => import('./RatePickupPrompt').then((m) => m.RatePickupPrompt));

const STAGE_INDEX: Record<GuestStage, number> = { received: 0, making: 1, ready: 2, cancelled: -1 };

type Props = {
  venue: Venue;
  liveConnected: boolean;
  orderId: string;
  /** The status read; undefined when it failed (then the order reads as being made). */
  status: { data?: OrderStatusView; dataUpdatedAt: number };
  detail: ReturnType<typeof useOrderDetail>;
  back: HeaderBack;
};

/**
 * The order status page once the status is read (app/features/guest/orders/OrderStatusPage.tsx): the stages, the
 * wait, the items; fetched beside the status's read (docs/decisions/275).
 */
export function OrderStatusDetails({ venue, liveConnected, orderId, status, detail, back }: Props) {
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const minutesLeft = useMinutesLeft(status.data?.eta_minutes, status.dataUpdatedAt);
  // docs/product.md §4.7: a status that cannot be read falls back to open (being made).
  const view = status.data ?? { status: 'preparing' as const, payment_status: 'unpaid' as const, delivered_at: null, eta_minutes: null };
  const order = detail.data?.order;
  const display = statusDisplay(view.status, view.payment_status, view.delivered_at, {
    handoff: venue.handoff, pickupPoint: venue.pickup_point, tableNumber: order?.table_number,
  }, translate);
  const current = STAGE_INDEX[display.stage];

  return (
    <>
      <GuestHeader title={t`Order Status`} subtitle={venue.name} back={back} />
      <main className="guest-main order-status">
        {status.data && <p className="muted center">{t`Order`} <span className="mono">{status.data.code}</span></p>}
        {display.stage === 'cancelled' ? (
          <div className="status-hero status-cancelled">
            <XCircle aria-hidden="true" size={48} />
          </div>
        ) : (
          <ol className="status-trail" aria-label={t`Order progress`}>
            {STAGE_TRAIL.map((step, i) => {
              const state = i < current ? 'done' : i === current ? 'current' : 'todo';
              return (
                <li key={step.stage} className={`trail-step trail-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                  <span className="trail-dot" aria-hidden="true">{i < current || (i === current && display.complete) ? <Check size={16} /> : i + 1}</span>
                  <span className="trail-label">{translate(step.label)}</span>
                  <span className="visually-hidden">{state === 'done' ? t`(done)` : state === 'current' ? t`(current)` : ''}</span>
                </li>
              );
            })}
          </ol>
        )}
        <section className="card status-card" aria-live="polite">
          <h2>{display.title}</h2>
          <p>{display.detail}</p>
          {/* Paid first, and Stripe refused the card as the bar accepted it: the guest pays at the bar (docs/payments.md §12.9). */}
          {order && cardRefusedUnpaid(order) && <p className="field-error"><strong>{t`Your card was not charged — please pay at the bar`}</strong></p>}
          {/* The wait at every stage still being made, Received too (docs/product.md §4.9). */}
          {(display.stage === 'making' || display.stage === 'received') && minutesLeft != null && (
            <p className="eta">{waitText(minutesLeft, true)}</p>
          )}
        </section>
        {/* Only while it is still being made: docs/product.md §8.5, docs/decisions/227. */}
        {(display.stage === 'received' || display.stage === 'making') && <ReadyPushButton target={{ order: orderId }} />}
        {!display.complete && (
          <p className="muted live-note">
            <Radio aria-hidden="true" size={16} /> {liveConnected ? t`This page updates automatically (live).` : t`This page updates automatically.`}
          </p>
        )}
        {/* Picked up: ask how it was (docs/decisions/238). */}
        {view.status === 'delivered' && order && <RatePickupPrompt slug={venue.slug} items={order.items} />}
        {order && (
          <section className="card" aria-label={t`Items`}>
            <ul className="item-list">
              {order.items.map((item) => (
                <li key={item.id}><span>{item.quantity} × {item.ai_recipe_name || drinkName(item)}</span><span>{formatCents(item.total_cents)}</span></li>
              ))}
              <li className="item-total"><span>{t`Total`}</span><span>{formatCents(order.total_cents)}</span></li>
            </ul>
          </section>
        )}
        <div className="stack action-stack">
          {display.complete && (
            <Link className="btn btn-primary btn-block" to={`/venue/${venue.slug}/ai`}><Sparkles aria-hidden="true" size={18} /> {t`Create Another Drink`}</Link>
          )}
          <Link className="btn btn-block" to={back.to}>{t`Back to Menu`}</Link>
        </div>
      </main>
    </>
  );
}
