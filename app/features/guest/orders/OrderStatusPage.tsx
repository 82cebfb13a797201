import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { STATUS_REFRESH_MS } from '../../../../shared/constants';
import type { OrderStatusView } from '../../../../shared/schemas/order';
import { ApiRequestError } from '../../../lib/api-client';
import { useGuestSession } from '../../auth/hooks';
import { orderKeys, useOrderDetail, useOrderStatus } from '../../orders/api';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { useLingui } from '@lingui/react/macro';
import { lazyBesideRead } from '../../../ui/lazy-after-paint';

// What the page draws once the status is read: fetched beside that read, not in the page's first download
// (docs/decisions/275).
const OrderStatusDetails = lazyBesideRead(() => import('./OrderStatusDetails').then((m) => m.OrderStatusDetails));
export const partsLoaded = OrderStatusDetails.loaded;

/** Spec: Order status (/venue/{slug}/order/{id} and /order-status/{id}), live with a 5 s polling fallback. */
export default function OrderStatusPage() {
  const { venue, liveConnected } = useVenueContext();
  const { t } = useLingui();
  const { orderId } = useParams();
  const { ready } = useGuestSession();
  const queryClient = useQueryClient();
  const known = queryClient.getQueryData<OrderStatusView>(orderKeys.status(orderId ?? ''));
  const final = known?.status === 'delivered' || known?.status === 'cancelled';
  // The venue socket refreshes this query on every event; polling covers the time it is down.
  const status = useOrderStatus(ready ? orderId : undefined, { pollMs: liveConnected || final ? false : STATUS_REFRESH_MS });
  const detail = useOrderDetail(ready ? orderId : undefined);
  const back = { to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` };

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
  const loading = <><GuestHeader title={t`Order Status`} subtitle={venue.name} back={back} /><main className="guest-main"><p role="status" className="muted">{t`Loading order...`}</p></main></>;
  if (!status.data && !status.isError) return loading;
  return <OrderStatusDetails venue={venue} liveConnected={liveConnected} orderId={orderId} status={status} detail={detail} back={back} fallback={loading} />;
}

