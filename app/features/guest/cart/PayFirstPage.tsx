// /venue/:slug/checkout/pay: a solo guest pays their cart before the order reaches the bar, at a venue that takes
// payment first (docs/product.md §12.9, docs/decisions/241). The card is authorised now and captured when the bar
// accepts the order. Its own chunk and document with the card form (card-element.tsx, docs/decisions/222).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents } from '../../../../shared/money';
import type { CheckoutPaymentResponse } from '../../../../shared/schemas/payments';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { refusalText } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { orderKeys, useCart } from '../../orders/api';
import { CardElement, useCardElement } from '../../tables/card-element';
import { GuestHeader } from '../venue/GuestHeader';
import { RequireGuestSignIn } from '../venue/RequireGuestSignIn';
import { useVenueContext } from '../venue/VenueLayout';
import { checkoutDetails, forgetCheckoutDetails } from './checkout-details';

const startCheckoutPayment = (slug: string) =>
  apiRequest('POST', '/cart/checkout/card', { credentials: 'guest', body: { slug, ...checkoutDetails(slug) } });

const checkCheckoutPayment = (paymentId: string) =>
  apiRequest('POST', '/cart/checkout/card/:paymentId/check', { credentials: 'guest', params: { paymentId } });

/** A check may find the order still being placed by Stripe's webhook: asked again this many times at most. */
const CHECKS = 3;

export default function PayFirstPage() {
  const { venue } = useVenueContext();
  const { t } = useLingui();
  const cartPath = `/venue/${venue.slug}/cart`;
  return (
    <>
      <GuestHeader title={t`Pay for your order`} subtitle={venue.name} back={{ to: cartPath, label: t`Back to the cart` }} />
      <RequireGuestSignIn slug={venue.slug}>
        <main className="guest-main stack"><PayForCart slug={venue.slug} cartPath={cartPath} /></main>
      </RequireGuestSignIn>
    </>
  );
}

function PayForCart({ slug, cartPath }: { slug: string; cartPath: string }) {
  const { t } = useLingui();
  const cart = useCart(slug);
  if (cart.isPending) return <p role="status" className="muted">{t`Loading cart...`}</p>;
  if (!cart.data || cart.data.items.length === 0) {
    return (
      <div className="empty-state stack">
        <p>{t`Your cart is empty`}</p>
        <Link className="btn btn-primary" to={`/venue/${slug}`}>{t`Browse Menu`}</Link>
      </div>
    );
  }
  return <PayForm slug={slug} cartPath={cartPath} totalCents={cart.data.total_cents} />;
}

function PayForm({ slug, cartPath, totalCents }: { slug: string; cartPath: string; totalCents: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const client = useQueryClient();
  const declined = t`The card payment did not go through: try again or pay at the bar`;
  const card = useCardElement<CheckoutPaymentResponse>(`checkout:${slug}:${totalCents}`, () => startCheckoutPayment(slug), declined);
  const { step, setStep } = card;
  const [amount, setAmount] = useState(totalCents);

  const pay = async () => {
    const intent = await card.confirm();
    if (!intent) return;
    setAmount(intent.amount_cents);
    try {
      for (let i = 0; i < CHECKS; i += 1) {
        const checked = await checkCheckoutPayment(intent.payment_id);
        if (checked.status === 'placed' && checked.order_id) {
          forgetCheckoutDetails(slug);
          void client.invalidateQueries({ queryKey: orderKeys.all });
          navigate(`/venue/${slug}/order-confirmation?orderId=${encodeURIComponent(checked.order_id)}`);
          return;
        }
        if (checked.status === 'failed' || checked.status === 'released') {
          setStep({ kind: 'error', message: checked.message === null ? declined : refusalText(checked.code ?? '', checked.message, checked.details) });
          return;
        }
      }
      setStep({ kind: 'error', message: t`Your payment is still being confirmed: check your order in a moment` });
    } catch (err) {
      setStep({ kind: 'error', message: errorMessage(err, declined) });
    }
  };

  return (
    <section className="card stack" aria-label={t`Your card payment`}>
      <h2>{t`Total`}: {formatCents(amount)}</h2>
      <p className="muted">{t`Your card is charged when the bar accepts your order; if it is cancelled first, nothing is charged.`}</p>
      <CardElement mount={card.mount} local={card.local} step={step} confirmingText={t`Confirming your payment with the card company...`} />
      <button type="button" className="btn btn-primary btn-block" disabled={!card.canConfirm} onClick={() => void pay()}>
        {step.kind === 'paying' || step.kind === 'confirming' ? t`Paying...` : t`Pay ${{ amount: formatCents(amount) }}`}
      </button>
      <Link className="btn btn-ghost btn-block" to={cartPath}>{t`Back to the cart`}</Link>
    </section>
  );
}
