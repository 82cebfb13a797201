import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Check, Radio, Sparkles, XCircle } from 'lucide-react';
import { STATUS_REFRESH_MS } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import { STAGE_TRAIL, statusDisplay, type GuestStage } from '../../../../shared/order-display';
import type { OrderStatusView } from '../../../../shared/schemas/order';
import { ApiRequestError } from '../../../lib/api-client';
import { useGuestSession } from '../../auth/hooks';
import { orderKeys, useOrderDetail, useOrderStatus } from '../../orders/api';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { useMinutesLeft, waitText } from './wait';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';
import { lazyAfterPaint } from '../../../ui/lazy-after-paint';

// The push offer and the rating prompt are not in the page's first download (docs/decisions/268).
const ReadyPushButton = lazyAfterPaint(() => import('./ReadyPushButton').then((m) => m.ReadyPushButton));
const RatePickupPrompt = lazyAfterPaint(() => import('./RatePickupPrompt').then((m) => m.RatePickupPrompt));

const STAGE_INDEX: Record<GuestStage, number> = { received: 0, making: 1, ready: 2, cancelled: -1 };

/** Spec: Order status (/venue/{slug}/order/{id} and /order-status/{id}), live with a 5 s polling fallback. */
export default function OrderStatusPage() {
  const { venue, liveConnected } = useVenueContext();
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const { orderId } = useParams();
  const { ready } = useGuestSession();
  const queryClient = useQueryClient();
  const known = queryClient.getQueryData<OrderStatusView>(orderKeys.status(orderId ?? ''));
  const final = known?.status === 'delivered' || known?.status === 'cancelled';
  // The venue socket refreshes this query on every event; polling covers the time it is down.
  const status = useOrderStatus(ready ? orderId : undefined, { pollMs: liveConnected || final ? false : STATUS_REFRESH_MS });
  const detail = useOrderDetail(ready ? orderId : undefined);
  const back = { to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` };
  const minutesLeft = useMinutesLeft(status.data?.eta_minutes, status.dataUpdatedAt);

  const missing = status.error instanceof ApiRequestError && status.error.status === 404;
  if (missing || !orderId) {
    return (
      <>
        <GuestHeader title={t`Order Status`} subtitle={venue.name} back={back} />
        <main className="guest-main">
          <div className="error-panel" role="alert">
            <p><strong>{t`Order not found`}</strong></p>
            <Link className="btn" to={back.to}>{t`Back to Menu`}</Link>
          </div>
        </main>
      </>
    );
  }
  if (!status.data && !status.isError) {
    return <><GuestHeader title={t`Order Status`} subtitle={venue.name} back={back} /><main className="guest-main"><p role="status" className="muted">{t`Loading order...`}</p></main></>;
  }

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
