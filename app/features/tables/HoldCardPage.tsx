// /venue/:slug/table/hold: a member opens the tab on a card, or puts down a new hold when a round would take the tab
// past what its holds cover (docs/product.md §12.9, docs/decisions/222). Its own chunk and document with
// Stripe.js, as the pay screen (card-element.tsx, docs/decisions/222): no other guest screen downloads either.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { formatCents } from '../../../shared/money';
import type { HoldPaymentResponse } from '../../../shared/schemas/payments';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { authorizedHoldCents, cardStatusQuery, checkCardHold, startCardHold } from './api';
import { CardElement, useCardElement } from './card-element';
import { NotAtTable, TableLoading } from './NotAtTable';
import { useTable } from './use-table';
import './tables.css';
import { useLingui } from '@lingui/react/macro';

/** While Stripe's word is awaited (its webhook may come after the check), the tab's holds are read again this often. */
const WAITING_POLL_MS = 2000;

export default function HoldCardPage() {
  const { venue } = useOutletContext<VenueContext>();
  const { t } = useLingui();
  const { last, pending } = useTable(venue.slug);
  const tab = `/venue/${venue.slug}/table/tab`;
  return (
    <>
      <GuestHeader title={t`Open tab on card`} subtitle={last ? t`Table ${{ table: last.table.table }} · ${{ venue: venue.name }}` : venue.name} back={{ to: tab, label: t`Back to the tab` }} />
      <main className="guest-main stack">
        {pending ? <TableLoading /> : !last ? <NotAtTable slug={venue.slug} /> : last.table.status !== 'open' ? (
          <div className="empty-state stack">
            <p>{t`This tab takes no more rounds: it needs no new card hold.`}</p>
            <Link className="btn btn-primary" to={tab}>{t`Back to the tab`}</Link>
          </div>
        ) : <PutDownHold sessionId={last.table.session_id} tab={tab} />}
      </main>
    </>
  );
}

function PutDownHold({ sessionId, tab }: { sessionId: string; tab: string }) {
  const { t } = useLingui();
  const card = useQuery(cardStatusQuery(sessionId));
  if (card.isPending) return <TableLoading />;
  if (!card.data?.available) {
    return (
      <section className="card stack" aria-label={t`Pay at the bar`}>
        <h2>{t`Pay at the bar`}</h2>
        <p>{t`This venue takes payment at the bar: there is no card hold.`}</p>
        <Link className="btn btn-primary" to={tab}>{t`Back to the tab`}</Link>
      </section>
    );
  }
  return <HoldForm sessionId={sessionId} holdCents={card.data.hold_cents} heldCents={authorizedHoldCents(card.data.holds)} tab={tab} />;
}

/** Stripe's Payment Element on a manual-capture PaymentIntent of the venue's hold amount. */
function HoldForm({ sessionId, holdCents, heldCents, tab }: { sessionId: string; holdCents: number; heldCents: number; tab: string }) {
  const { t } = useLingui();
  const declined = t`The card hold did not go through: try again or pay at the bar`;
  const element = useCardElement<HoldPaymentResponse>(sessionId, () => startCardHold(sessionId), declined);
  const { step, setStep } = element;
  const [holdId, setHoldId] = useState<string | null>(null);
  const client = useQueryClient();
  const statusKey = cardStatusQuery(sessionId).queryKey;
  // Once confirmed, the hold is authorised by Stripe's word: the Worker's check, or the webhook seen in the tab's holds.
  const waiting = holdId !== null && step.kind === 'confirming';
  const holds = useQuery({ ...cardStatusQuery(sessionId), refetchInterval: waiting ? WAITING_POLL_MS : false });
  const hold = holdId ? holds.data?.holds.find((h) => h.id === holdId) : undefined;

  const confirm = async () => {
    const intent = await element.confirm();
    if (!intent) return;
    setHoldId(intent.hold_id);
    const checked = await checkCardHold(sessionId, intent.hold_id).catch(() => null);
    if (checked?.hold.status === 'failed') setStep({ kind: 'error', message: declined });
    else if (checked?.hold.status === 'authorized') void client.invalidateQueries({ queryKey: statusKey });
  };

  if (hold?.status === 'authorized') {
    return (
      <section className="card payment-complete" role="status" aria-label={t`Tab on card`}>
        <CreditCard aria-hidden="true" size={40} />
        <h2>{t`Tab on card`}</h2>
        <p>{t`Your card holds ${{ amount: formatCents(hold.amount_cents) }} for the tab. You are charged only what the table orders.`}</p>
        <Link className="btn btn-primary" to={tab}>{t`Back to the tab`}</Link>
      </section>
    );
  }
  return (
    <section className="card stack" aria-label={t`Your card hold`}>
      <h2>{t`A hold of ${{ amount: formatCents(holdCents) }}`}</h2>
      <p>{t`A hold of ${{ amount: formatCents(holdCents) }} is put on your card; you are charged only what the table orders.`}</p>
      {heldCents > 0 && <p className="muted">{t`The tab is already held on a card for ${{ amount: formatCents(heldCents) }}: this hold adds to it.`}</p>}
      <CardElement mount={element.mount} local={element.local} step={step} confirmingText={t`Confirming your hold with the card company...`} />
      <button type="button" className="btn btn-primary btn-block" disabled={!element.canConfirm} onClick={() => void confirm()}>
        {step.kind === 'paying' || step.kind === 'confirming' ? t`Holding...` : t`Hold ${{ amount: formatCents(holdCents) }}`}
      </button>
      <Link className="btn btn-ghost btn-block" to={tab}>{t`Back to the tab`}</Link>
    </section>
  );
}
