// /venue/:slug/table/pay/:shareId: the payer pays their share by card in the app (docs/product.md §12.9,
// docs/decisions/209, 210). Its own chunk, with Stripe.js: no other guest screen downloads either (bench/README.md).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router';
import { formatCents } from '../../../shared/money';
import type { TabShare } from '../../../shared/schemas/tables';
import { errorMessage } from '../../lib/api-client';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { cardStatusQuery, checkCardPayment, startCardPayment, tableKeys } from './api';
import { NotAtTable, TableLoading } from './NotAtTable';
import { useTable } from './use-table';
import './tables.css';

/** What the guest sees of the card payment, step by step. */
type Step =
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'paying' }
  /** Stripe.js confirmed; the share is paid once the Worker hears it from Stripe (webhook or its own check). */
  | { kind: 'confirming' }
  | { kind: 'error'; message: string };

export default function PayCardPage() {
  const { venue } = useOutletContext<VenueContext>();
  const { shareId = '' } = useParams();
  const { last, pending } = useTable(venue.slug);
  const split = `/venue/${venue.slug}/table/split`;
  const share = last?.table.shares.find((s) => s.id === shareId && s.payment_status !== 'void');
  return (
    <>
      <GuestHeader title="Pay by card" subtitle={last ? `Table ${last.table.table} · ${venue.name}` : venue.name} back={{ to: split, label: 'Back to the split' }} />
      <main className="guest-main stack">
        {pending ? <TableLoading /> : !last ? <NotAtTable slug={venue.slug} /> : !share || share.payer_member_id !== last.you ? (
          <div className="empty-state stack">
            <p>This share is not yours to pay</p>
            <Link className="btn btn-primary" to={split}>Back to the split</Link>
          </div>
        ) : <PayShare sessionId={last.table.session_id} share={share} split={split} />}
      </main>
    </>
  );
}

function ShareFigures({ share }: { share: TabShare }) {
  return (
    <dl className="summary" aria-label="You pay">
      <div><dt>Your share</dt><dd>{formatCents(share.amount_cents)}</dd></div>
      <div><dt>Tip</dt><dd>{formatCents(share.tip_cents)}</dd></div>
      <div className="summary-total split-preview"><dt>You pay</dt><dd>{formatCents(share.due_cents)}</dd></div>
    </dl>
  );
}

function PayShare({ sessionId, share, split }: { sessionId: string; share: TabShare; split: string }) {
  const card = useQuery(cardStatusQuery(sessionId));
  if (share.payment_status === 'captured' || share.payment_status === 'refunded') {
    return (
      <section className="card payment-complete" role="status" aria-label="Payment Complete">
        <CheckCircle2 aria-hidden="true" size={40} />
        <h2>Payment Complete</h2>
        <p>Your share of {formatCents(share.due_cents)} is paid by card. Thank you!</p>
        <Link className="btn btn-ghost" to={split}>Back to the split</Link>
      </section>
    );
  }
  if (card.isPending) return <TableLoading />;
  if (!card.data?.available) {
    return (
      <section className="card stack" aria-label="Pay at the bar">
        <h2>Pay at the bar</h2>
        <p>This venue takes payment at the bar: the bartender records your share as paid.</p>
        <ShareFigures share={share} />
        <Link className="btn btn-primary" to={split}>Back to the split</Link>
      </section>
    );
  }
  return <CardForm sessionId={sessionId} share={share} split={split} />;
}

/** Stripe's Payment Element on the venue's account (direct charges): mounted once per share. */
function CardForm({ sessionId, share, split }: { sessionId: string; share: TabShare; split: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const client = useQueryClient();

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const intent = await startCardPayment(sessionId, share.id);
        const loaded = await loadStripe(intent.publishable_key, { stripeAccount: intent.stripe_account });
        if (gone) return;
        if (!loaded) throw new Error('The card form could not load: pay at the bar');
        const elements = loaded.elements({ clientSecret: intent.client_secret });
        elements.create('payment').mount(mount.current!);
        stripe.current = { stripe: loaded, elements };
        setStep({ kind: 'ready' });
      } catch (err) {
        if (!gone) setStep({ kind: 'error', message: errorMessage(err, 'The card form could not load: try again or pay at the bar') });
      }
    })();
    return () => { gone = true; };
  }, [sessionId, share.id]);

  const pay = async () => {
    if (!stripe.current || step.kind === 'paying') return;
    setStep({ kind: 'paying' });
    const { error } = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements, redirect: 'if_required', confirmParams: { return_url: window.location.href },
    });
    if (error) {
      setStep({ kind: 'error', message: error.message ?? 'The card payment did not go through: try again or pay at the bar' });
      return;
    }
    setStep({ kind: 'confirming' });
    // The share turns paid from the table's live frame once the Worker has Stripe's word; asking now only hurries it.
    const checked = await checkCardPayment(sessionId, share.id).catch(() => null);
    if (checked?.share.payment_problem === 'failed' || checked?.share.payment_problem === 'canceled') {
      setStep({ kind: 'error', message: checked.share.payment_problem_note ?? 'The card payment did not go through: try again or pay at the bar' });
    } else if (checked?.share.payment_status === 'captured') {
      void client.invalidateQueries({ queryKey: tableKeys.session(sessionId) });
    }
  };

  const problem = share.payment_problem && share.payment_problem !== 'disputed' ? share.payment_problem_note : null;
  return (
    <section className="card stack" aria-label="Your card payment">
      <h2>Your share</h2>
      <ShareFigures share={share} />
      <p className="muted">The tip is the one you chose with your share.</p>
      <div ref={mount} className="card-element" data-testid="payment-element" />
      {step.kind === 'loading' && <p className="muted" role="status">Loading the card form...</p>}
      {step.kind === 'confirming' && <p role="status">Confirming your payment with the card company...</p>}
      {step.kind === 'error' && <p className="field-error" role="alert">{step.message}</p>}
      {problem && step.kind !== 'confirming' && <p className="field-error" role="alert">{problem}</p>}
      <button type="button" className="btn btn-primary btn-block" disabled={step.kind !== 'ready' && step.kind !== 'error'} onClick={() => void pay()}>
        {step.kind === 'paying' || step.kind === 'confirming' ? 'Paying...' : `Pay ${formatCents(share.due_cents)}`}
      </button>
      <Link className="btn btn-ghost btn-block" to={split}>Back to the split</Link>
    </section>
  );
}
