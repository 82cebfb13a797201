import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents, orderTotals } from '../../../../shared/money';
import type { Drink } from '../../../../shared/schemas/drink';
import type { Venue } from '../../../../shared/schemas/venue';
import { toast } from '../../../ui/toast';
import { Modal } from '../../../ui/Modal';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { ensureGuestSession } from '../../auth/guest-session';
import { placementFailureText, useCreateOrder } from '../../orders/placement';
import { useActiveOrderGuard } from '../orders/active-order';
import type { VenueContext } from '../venue/VenueLayout';
import { taxRateLabel } from '../cart/cart-totals';

/** What one tap will charge: the price, the venue's tax and the total, the same sums the server makes. */
function QuickOrderTotals({ priceCents, taxRateBp }: { priceCents: number; taxRateBp: number }) {
  const { t } = useLingui();
  const totals = orderTotals([{ unitPriceCents: priceCents, quantity: 1 }], taxRateBp);
  return (
    <dl className="quick-order-totals">
      <div><dt>{t`Price`}</dt><dd>{formatCents(totals.subtotalCents)}</dd></div>
      <div><dt>{t`Tax (${{ rate: taxRateLabel(taxRateBp) }})`}</dt><dd>{formatCents(totals.taxCents)}</dd></div>
      <div className="price modal-price"><dt>{t`Total`}</dt><dd>{formatCents(totals.totalCents)}</dd></div>
    </dl>
  );
}

type Props = { venue: Venue; table: VenueContext['table']; selected: Drink; onClose: () => void };

/**
 * The category page's one-tap order (docs/product.md §8.3), opened by a tap on a drink: not in the page's first
 * download (docs/decisions/268 and 275).
 */
export function QuickOrderDialog({ venue, table, selected, onClose }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [orderError, setOrderError] = useState<string | null>(null);
  const placeOrder = useCreateOrder();
  const activeOrder = useActiveOrderGuard(venue.slug);

  // docs/product.md §8.3: an unauthenticated quick order — quantity 1, customer name 'Guest', no instructions.
  const submit = async () => {
    setOrderError(null);
    try {
      await ensureGuestSession(venue.slug);
      const placed = await placeOrder.mutateAsync({
        slug: venue.slug, drink_id: selected.id, quantity: 1,
        special_instructions: '', customer_name: /*i18n*/ 'Guest', customer_phone: '',
      });
      toast.success(t`Order placed successfully!`);
      onClose();
      navigate(`/venue/${venue.slug}/order-confirmation?orderId=${encodeURIComponent(placed.id)}`);
    } catch (err) {
      if (activeOrder.handleFailure(err)) onClose();
      else setOrderError(translate(placementFailureText(err)));
    }
  };

  return (
    <Modal title={selected.name} onClose={onClose}
      actions={(
        <>
          <button type="button" className="btn" onClick={onClose}>{t`Cancel`}</button>
          {table ? (
            // At a table the drink joins the table's next round (docs/decisions/231).
            <button type="button" className="btn btn-primary" data-autofocus disabled={!table.open || table.adding}
              onClick={() => table.add({ menu_drink_id: selected.id, qty: 1 }, `1 × ${selected.name}`, onClose)}>
              {t`Add to table cart`}
            </button>
          ) : activeOrder.active ? (
            <Link className="btn btn-primary" to={activeOrder.statusPath!}>{t`View Order Status`}</Link>
          ) : (
            <button type="button" className="btn btn-primary" data-autofocus disabled={placeOrder.isPending} onClick={() => void submit()}>
              {placeOrder.isPending ? t`Placing order...` : t`Place Order`}
            </button>
          )}
        </>
      )}>
      <p>{selected.description}</p>
      <QuickOrderTotals priceCents={selected.price_cents} taxRateBp={venue.tax_rate_bp} />
      {orderError && <p role="alert" className="field-error">{orderError}</p>}
    </Modal>
  );
}
