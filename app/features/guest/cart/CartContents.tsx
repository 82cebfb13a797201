import { GlassFacts } from '../../../ui/GlassFacts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import type { CartItem } from '../../../../shared/schemas/cart';
import { paysFirst } from '../../../../shared/pays-first';
import type { Venue } from '../../../../shared/schemas/venue';
import { ApiRequestError } from '../../../lib/api-client';
import { QuantityStepper } from '../../../ui/QuantityStepper';
import { toast } from '../../../ui/toast';
import { translate, type Translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../../venues/drink-names';
import { useCart, useRemoveCartItem, useSetCartItem } from '../../orders/api';
import { useCheckout } from '../../orders/placement';
import { useActiveOrderGuard } from '../orders/active-order';
import { forgetOrderNote, rememberedOrderNote } from '../orders/ai-order-note';
import { cartTotals, taxRateLabel } from './cart-totals';
import { keepCheckoutDetails } from './checkout-details';
import { DrinkImage } from '../../../ui/DrinkImage';
import { LineModifiers } from '../../../ui/LineModifiers';

/**
 * The checkout button says what happens (docs/product.md §12.9): the card is paid now at a pay-first venue; elsewhere
 * the order goes to the bar and is paid there.
 */
const checkoutLabel = (t: Translate, payFirst: boolean, totalCents: number) =>
  (payFirst ? t(/*i18n*/ 'Pay {amount}', { amount: formatCents(totalCents) }) : t(/*i18n*/ 'Order — pay at the bar'));

/**
 * The cart page once the cart is read (app/features/guest/cart/CartPage.tsx): its lines, the order's details and the
 * checkout; fetched beside the cart's read (docs/decisions/275).
 */
export function CartContents({ venue }: { venue: Venue }) {
  const drinkName = useDrinkName();
  const navigate = useNavigate();
  const { t } = useLingui();
  const cart = useCart(venue.slug);
  const setItem = useSetCartItem(venue.slug);
  const removeItem = useRemoveCartItem(venue.slug);
  const checkout = useCheckout();
  const activeOrder = useActiveOrderGuard(venue.slug);
  const [orderName, setOrderName] = useState('');
  // A constraint told to the AI bartender starts the instructions, where the guest sees it (docs/decisions/189).
  const [instructions, setInstructions] = useState(() => rememberedOrderNote(venue.slug));

  // docs/product.md §8.7: a failed cart read is an empty cart.
  const items = cart.data?.items ?? [];
  const totals = cartTotals(items, venue.tax_rate_bp);
  const unavailable = items.some((i) => !i.available);

  const changeQuantity = (item: CartItem, qty: number) => {
    // docs/product.md §8.4: a quantity reduced to 0 or less removes the item.
    if (qty <= 0) removeItem.mutate(item.line_key, { onError: () => toast.error(t`Failed to update cart`) });
    else setItem.mutate({ menu_drink_id: item.menu_drink_id, qty, mode: 'set', ...(item.modifiers.length ? { modifiers: item.modifiers } : {}) },
      { onError: () => toast.error(t`Failed to update cart`) });
  };

  // Offline, the order waits for the network and is then placed once, with the same Idempotency-Key
  // (docs/decisions/126); the guest is told at once instead of watching a spinner.
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);
  const placeRef = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    if (!waitingForNetwork) return;
    const back = () => { setWaitingForNetwork(false); void placeRef.current(); };
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [waitingForNetwork]);

  // A venue that takes payment first (docs/decisions/241): the order goes to the bar once the card is authorised, on
  // the pay screen, a document of its own (its policy allows Stripe.js, docs/decisions/222).
  const payFirst = paysFirst(venue);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (items.length === 0 || checkout.isPending || waitingForNetwork) return;
    if (payFirst) {
      keepCheckoutDetails(venue.slug, { display_name: orderName.trim() || undefined, special_instructions: instructions.trim() || undefined });
      window.location.assign(`/venue/${venue.slug}/checkout/pay`);
      return;
    }
    if (!navigator.onLine) setWaitingForNetwork(true);
    else void place();
  };
  const place = async () => {
    try {
      const placed = await checkout.mutateAsync({
        slug: venue.slug,
        display_name: orderName.trim() || undefined,
        special_instructions: instructions.trim() || undefined,
      });
      forgetOrderNote(venue.slug);
      toast.success(t`Order placed successfully!`);
      navigate(`/venue/${venue.slug}/order-confirmation?orderId=${encodeURIComponent(placed.id)}`);
    } catch (err) {
      // The connection dropped on the way: wait for it, the kept key makes the retry place it at most once.
      if (!(err instanceof ApiRequestError) && !navigator.onLine) setWaitingForNetwork(true);
      else if (!activeOrder.handleFailure(err)) toast.error(t`Failed to place order. Please try again.`);
    }
  };
  useEffect(() => { placeRef.current = place; });

  if (items.length === 0) {
    return (
      <main className="guest-main">
        <div className="empty-state stack">
          <p>{t`Your cart is empty`}</p>
          <Link className="btn btn-primary" to={`/venue/${venue.slug}`}>{t`Browse Menu`}</Link>
        </div>
      </main>
    );
  }

  return (
    <main className="guest-main">
      <ul className="cart-list" aria-label={t`Cart items`}>
        {items.map((item) => (
          <li key={item.line_key} className="cart-line card">
            <DrinkImage src={item.image_url} width={72} height={72} />
            <div className="cart-line-body">
              <p className="cart-line-name">{item.custom_name || item.ai_recipe_name || drinkName(item)}</p>
              <LineModifiers choices={item.modifier_choices} label={t`Modifiers`} />
              <p className="muted">{t`${{ price: formatCents(item.price_cents) }} each`}</p>
              {item.notes && <p className="muted cart-line-notes">{t`Notes: ${{ notes: item.notes }}`}</p>}
              <GlassFacts allergens={item.allergens} containsAlcohol={item.contains_alcohol} t={translate} />
              {!item.available && <p className="badge badge-danger">{t`No longer available`}</p>}
              <div className="row">
                <QuantityStepper label={t`Quantity of ${{ drink: drinkName(item) }}`} min={0} value={item.qty}
                  disabled={setItem.isPending || removeItem.isPending} onChange={(qty) => changeQuantity(item, qty)} />
                <span className="spacer" />
                <span className="price">{formatCents(item.price_cents * item.qty)}</span>
              </div>
            </div>
            <button type="button" className="icon-button" aria-label={t`Remove ${{ drink: drinkName(item) }}`} disabled={removeItem.isPending}
              onClick={() => changeQuantity(item, 0)}>
              <Trash2 aria-hidden="true" size={18} />
            </button>
          </li>
        ))}
      </ul>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <section className="card stack" aria-label={t`Order details`}>
          <div className="field">
            <label htmlFor="order-name">{t`Order name (optional)`}</label>
            <input id="order-name" maxLength={120} placeholder={t`e.g. Sam's round`} value={orderName} onChange={(e) => setOrderName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="order-instructions">{t`Special instructions (optional)`}</label>
            <textarea id="order-instructions" maxLength={500} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
          </div>
        </section>
        <section className="card summary" aria-label={t`Order summary`}>
          <dl>
            <div><dt>{t`Subtotal`}</dt><dd>{formatCents(totals.subtotalCents)}</dd></div>
            <div><dt>{t`Tax (${{ rate: taxRateLabel(venue.tax_rate_bp) }})`}</dt><dd>{formatCents(totals.taxCents)}</dd></div>
            <div className="summary-total"><dt>{t`Total`}</dt><dd>{formatCents(totals.totalCents)}</dd></div>
          </dl>
        </section>
        {unavailable && <p className="field-error" role="alert">{t`Remove the drinks that are no longer available to check out.`}</p>}
        {waitingForNetwork && <p className="offline-note" role="status">{t`You're offline — we'll place it when you're back`}</p>}
        {activeOrder.active ? (
          <Link className="btn btn-primary btn-block" to={activeOrder.statusPath!}>{t`View Order Status`}</Link>
        ) : (
          <button type="submit" className="btn btn-primary btn-block" disabled={checkout.isPending || unavailable || waitingForNetwork}>
            {checkout.isPending ? t`Placing order...` : waitingForNetwork ? t`Waiting for the network...` : checkoutLabel(translate, payFirst, totals.totalCents)}
          </button>
        )}
      </form>
    </main>
  );
}
