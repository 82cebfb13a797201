// Stripe's Payment Element as the card screens use it (docs/decisions/222, 241): the pay screen (a share paid
// by card), the hold screen (a tab opened on a card) and the checkout's pay screen (a solo order paid first). Each
// loads Stripe.js with the venue's connected account, mounts one element on the PaymentIntent the Worker made, and
// confirms it in the browser; what the confirmation means is then asked of the Worker, which asks Stripe. Where the
// Worker pays through its local stand-in (no publishable key), the same screens show the stand-in's test card form
// instead and load no Stripe.js (docs/decisions/242). Imported by those screens only, so Stripe's loader stays out of
// every other guest download (scripts/check-bundle.ts).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { CardPaymentResponse } from '../../../shared/schemas/payments';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { translate } from '../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

/** What the guest sees of a card confirmation, step by step. */
export type CardStep =
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'paying' }
  /** Stripe.js confirmed; the Worker decides once it has Stripe's word (webhook or its own check). */
  | { kind: 'confirming' }
  | { kind: 'error'; message: string };

const LOAD_FAILED = /*i18n*/ 'The card form could not load: try again or pay at the bar';
const loadFailed = () => translate(LOAD_FAILED);

/** Stripe.js on the venue's account, or the local stand-in's test form (`stripe` null). */
type Loaded<T> = { stripe: Stripe; elements: StripeElements; intent: T } | { stripe: null; intent: T };

/** The local test card form confirms at the Worker's stand-in for Stripe, as Stripe.js would at Stripe. */
const confirmAtStandIn = (intentId: string, cardNumber: string) =>
  apiRequest('POST', '/payments/local/confirm', { credentials: 'guest', body: { payment_intent_id: intentId, card_number: cardNumber } });

/**
 * Starts the card payment (`start`, once per `key`: React's development double effects and re-renders make no
 * second PaymentIntent or hold), loads Stripe.js on the venue's account and mounts the Payment Element into `mount`.
 * `confirm` runs Stripe.js's confirmPayment and answers the intent it confirmed, or null when it did not.
 */
export function useCardElement<T extends CardPaymentResponse>(key: string, start: () => Promise<T>, declined: string) {
  const mount = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded<T> | null>(null);
  const started = useRef<{ key: string; intent: Promise<T> } | null>(null);
  const [step, setStep] = useState<CardStep>({ kind: 'loading' });
  const [local, setLocal] = useState(false);
  const [cardNumber, setCardNumber] = useState('');
  const begin = useEffectEvent(() => start());

  useEffect(() => {
    let gone = false;
    if (started.current?.key !== key) started.current = { key, intent: begin() };
    const pending = started.current.intent;
    void (async () => {
      try {
        const intent = await pending;
        if (intent.publishable_key === null) {
          if (gone) return;
          loaded.current = { stripe: null, intent };
          setLocal(true);
          setStep({ kind: 'ready' });
          return;
        }
        const stripe = await loadStripe(intent.publishable_key, { stripeAccount: intent.stripe_account });
        if (gone) return;
        if (!stripe) throw new Error(loadFailed());
        const elements = stripe.elements({ clientSecret: intent.client_secret });
        elements.create('payment').mount(mount.current!);
        loaded.current = { stripe, elements, intent };
        setStep({ kind: 'ready' });
      } catch (err) {
        if (!gone) setStep({ kind: 'error', message: errorMessage(err, loadFailed()) });
      }
    })();
    return () => { gone = true; };
  }, [key]);

  const confirm = async (): Promise<T | null> => {
    const card = loaded.current;
    if (!card || step.kind === 'paying' || step.kind === 'confirming') return null;
    setStep({ kind: 'paying' });
    if (card.stripe === null) {
      try {
        await confirmAtStandIn(card.intent.payment_intent_id, cardNumber);
      } catch (err) {
        setStep({ kind: 'error', message: errorMessage(err, declined) });
        return null;
      }
      setStep({ kind: 'confirming' });
      return card.intent;
    }
    // A manual-capture intent (a hold) is confirmed the same way: Stripe authorises it and captures nothing.
    const { error } = await card.stripe.confirmPayment({
      elements: card.elements, redirect: 'if_required', confirmParams: { return_url: window.location.href },
    });
    if (error) {
      setStep({ kind: 'error', message: error.message ?? declined });
      return null;
    }
    setStep({ kind: 'confirming' });
    return card.intent;
  };

  return { mount, step, setStep, confirm, canConfirm: step.kind === 'ready' || step.kind === 'error', local: local ? { cardNumber, setCardNumber } : null };
}

/** The local stand-in's card form (docs/decisions/242): a test card number, and a plain word that nothing is charged. */
function LocalCardForm({ cardNumber, setCardNumber }: { cardNumber: string; setCardNumber: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="card-element local-card-form stack" data-testid="local-card-form">
      <p className="badge badge-warning">{t`Test payments — no card is charged`}</p>
      <div className="field">
        <label htmlFor="local-card-number">{t`Card number`}</label>
        <input id="local-card-number" inputMode="numeric" autoComplete="off" placeholder="4242 4242 4242 4242" value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)} aria-describedby="local-card-hint" />
        <p id="local-card-hint" className="muted">{t`Test card 4242 4242 4242 4242 is accepted; 4000 0000 0000 0002 is declined.`}</p>
      </div>
    </div>
  );
}

/** Where Stripe mounts its element, and what the guest is told while it loads, confirms or fails. */
export function CardElement({ mount, step, confirmingText, local }: {
  mount: RefObject<HTMLDivElement | null>; step: CardStep; confirmingText: string;
  local: { cardNumber: string; setCardNumber: (value: string) => void } | null;
}) {
  const { t } = useLingui();
  return (
    <>
      {local ? <LocalCardForm {...local} /> : <div ref={mount} className="card-element" data-testid="payment-element" />}
      {step.kind === 'loading' && <p className="muted" role="status">{t`Loading the card form...`}</p>}
      {step.kind === 'confirming' && <p role="status">{confirmingText}</p>}
      {step.kind === 'error' && <p className="field-error" role="alert">{step.message}</p>}
    </>
  );
}
