import { Link, useSearchParams } from 'react-router';
import { useGuestSession } from '../../auth/hooks';
import { useOrderDetail } from '../../orders/api';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { useLingui } from '@lingui/react/macro';
import { lazyBesideRead } from '../../../ui/lazy-after-paint';

// What the page draws once the order is read: fetched beside that read, not in the page's first download
// (docs/decisions/275).
const OrderConfirmation = lazyBesideRead(() => import('./OrderConfirmation').then((m) => m.OrderConfirmation));
export const partsLoaded = OrderConfirmation.loaded;

/** Spec: Order confirmation (/venue/{slug}/order-confirmation?orderId=). */
export default function OrderConfirmationPage() {
  const { t } = useLingui();
  const { venue } = useVenueContext();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? undefined;
  const { ready } = useGuestSession();
  const { data, isPending, isError } = useOrderDetail(ready ? orderId : undefined);
  const header = <GuestHeader title={t`Order Confirmation`} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />;

  if (!orderId || isError) {
    return (
      <>
        {header}
        <main className="guest-main">
          <div className="error-panel" role="alert">
            <p><strong>{t`Failed to load order details`}</strong></p>
            <Link className="btn" to={`/venue/${venue.slug}`}>{t`Order More Drinks`}</Link>
          </div>
        </main>
      </>
    );
  }
  const loading = <>{header}<main className="guest-main"><p role="status" className="muted">{t`Loading order...`}</p></main></>;
  if (isPending || !data) return loading;
  return <OrderConfirmation venue={venue} data={data} header={header} fallback={loading} />;
}

