// Stripe's Payment Element as the two card screens use it (docs/decisions/222): the pay screen (a share paid
// by card) and the hold screen (a tab opened on a card). Both load Stripe.js with the venue's connected account,
// mount one element on the PaymentIntent the Worker made, and confirm it in the browser; what the confirmation
// means is then asked of the Worker, which asks Stripe. Imported by those two screens only, so Stripe's loader stays
// out of every other guest download (scripts/check-bundle.ts).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { CardPaymentResponse } from '../../../shared/schemas/payments';
import { errorMessage } from '../../lib/api-client';
import { translate, useT } from '../../i18n/i18n';

/** What the guest sees of a card confirmation, step by step. */
export type CardStep =
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'paying' }
  /** Stripe.js confirmed; the Worker decides once it has Stripe's word (webhook or its own check). */
  | { kind: 'confirming' }
  | { kind: 'error'; message: string };

const LOAD_FAILED = 'The card form could not load: try again or pay at the bar';
const loadFailed = () => translate(LOAD_FAILED);

type Loaded<T> = { stripe: Stripe; elements: StripeElements; intent: T };

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
  const begin = useEffectEvent(() => start());

  useEffect(() => {
    let gone = false;
    if (started.current?.key !== key) started.current = { key, intent: begin() };
    const pending = started.current.intent;
    void (async () => {
      try {
        const intent = await pending;
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

  return { mount, step, setStep, confirm, canConfirm: step.kind === 'ready' || step.kind === 'error' };
}

/** Where Stripe mounts its element, and what the guest is told while it loads, confirms or fails. */
export function CardElement({ mount, step, confirmingText }: { mount: RefObject<HTMLDivElement | null>; step: CardStep; confirmingText: string }) {
  const t = useT();
  return (
    <>
      <div ref={mount} className="card-element" data-testid="payment-element" />
      {step.kind === 'loading' && <p className="muted" role="status">{t('Loading the card form...')}</p>}
      {step.kind === 'confirming' && <p role="status">{confirmingText}</p>}
      {step.kind === 'error' && <p className="field-error" role="alert">{step.message}</p>}
    </>
  );
}
