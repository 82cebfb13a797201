import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { drinksForCategory } from '../../../../shared/categories';
import { formatCents, orderTotals } from '../../../../shared/money';
import type { Drink } from '../../../../shared/schemas/drink';
import { toast } from '../../../ui/toast';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { lazyAfterPaint } from '../../../ui/lazy-after-paint';
import { useVenueDrinks } from '../../venues/api';
import { ensureGuestSession } from '../../auth/guest-session';
import { placementFailureText, useCreateOrder } from '../../orders/placement';
import { paysFirst } from '../../../../shared/payment-methods';
import { useActiveOrderGuard } from '../orders/active-order';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { taxRateLabel } from '../cart/cart-totals';
import { categoryName, DrinkCardBody } from './DrinkCard';
import { HappyHourBanner, useHappyHour } from '../pricing/happy-hour';

// The one-tap order dialog opens on a tap: not in the page's first download (docs/decisions/268).
const Modal = lazyAfterPaint(() => import('../../../ui/Modal').then((m) => m.Modal));

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

/** Spec: Category page — the label map's title, the match rule, and a one-tap order modal. */
export default function CategoryPage() {
  const { venue, table } = useVenueContext();
  const { t } = useLingui();
  const happyHour = useHappyHour(venue);
  const { categorySlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: drinks, isPending, isError } = useVenueDrinks(venue.slug);
  const shown = useMemo(() => drinksForCategory(drinks ?? [], categorySlug), [drinks, categorySlug]);
  const [selected, setSelected] = useState<Drink | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const placeOrder = useCreateOrder();
  const activeOrder = useActiveOrderGuard(venue.slug);
  const title = categoryName(translate, categorySlug, venue.name);
  // A venue that takes payment first is paid from the cart: a drink opens its page, not the one-tap order the bar
  // would refuse unpaid (docs/decisions/241).
  const payFirst = !table && paysFirst(venue);

  const close = () => { setSelected(null); setOrderError(null); placeOrder.reset(); };

  // docs/product.md §8.3: an unauthenticated quick order — quantity 1, customer name 'Guest', no instructions.
  const submit = async () => {
    if (!selected) return;
    setOrderError(null);
    try {
      await ensureGuestSession(venue.slug);
      const placed = await placeOrder.mutateAsync({
        slug: venue.slug, drink_id: selected.id, quantity: 1,
        special_instructions: '', customer_name: /*i18n*/ 'Guest', customer_phone: '',
      });
      toast.success(t`Order placed successfully!`);
      setSelected(null);
      navigate(`/venue/${venue.slug}/order-confirmation?orderId=${encodeURIComponent(placed.id)}`);
    } catch (err) {
      if (activeOrder.handleFailure(err)) setSelected(null);
      else setOrderError(translate(placementFailureText(err)));
    }
  };

  return (
    <>
      <GuestHeader title={title} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />
      <main className="guest-main">
        <HappyHourBanner active={happyHour} />
        <div className="row section-head">
          <p className="muted">{table ? t`Tap a drink to add it to your table's cart.` : payFirst ? t`Tap a drink to add it to your cart.` : t`Tap a drink to order it now, no sign-in needed.`}</p>
          <span className="spacer" />
          <Link className="btn btn-small" to={`/venue/${venue.slug}`}>{t`View All`}</Link>
        </div>
        {isPending ? (
          <p role="status" className="muted">{t`Loading drinks...`}</p>
        ) : isError ? (
          <p role="alert" className="error-panel">{t`Failed to load drinks`}</p>
        ) : shown.length === 0 ? (
          <p className="empty-state">{t`No drinks found`}</p>
        ) : (
          <ul className="drink-grid" aria-label={title}>
            {shown.map((drink) => (
              <li key={drink.id}>
                {payFirst ? (
                  <Link className="drink-card" to={`/venue/${venue.slug}/drink/${drink.id}`}>
                    <DrinkCardBody drink={drink} venueName={venue.name} happyHour={happyHour} />
                  </Link>
                ) : (
                  <button type="button" className="drink-card" aria-label={t`Order ${{ drink: drink.name }}, ${{ price: formatCents(drink.price_cents) }}`}
                    onClick={() => { setOrderError(null); setSelected(drink); }}>
                    <DrinkCardBody drink={drink} venueName={venue.name} happyHour={happyHour} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </main>
      {selected && (
        <Modal title={selected.name} onClose={close}
          actions={(
            <>
              <button type="button" className="btn" onClick={close}>{t`Cancel`}</button>
              {table ? (
                // At a table the drink joins the table's next round (docs/decisions/231).
                <button type="button" className="btn btn-primary" data-autofocus disabled={!table.open || table.adding}
                  onClick={() => table.add({ menu_drink_id: selected.id, qty: 1 }, `1 × ${selected.name}`, close)}>
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
      )}
    </>
  );
}
