// /venue/:slug/table/pay/:shareId: the payer pays their share by card in the app (docs/product.md §12.9,
// docs/decisions/222). Its own chunk, with Stripe.js (card-element.tsx, shared with the hold screen only): no other
// guest screen downloads either (bench/README.md).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Link, useOutletContext, useParams } from 'react-router';
import { formatCents } from '../../../shared/money';
import { cardCanPay } from '../../../shared/payment-methods';
import type { TabShare } from '../../../shared/schemas/tables';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { cardStatusQuery, checkCardPayment, startCardPayment, tableKeys } from './api';
import { CardElement, useCardElement } from './card-element';
import { NotAtTable, TableLoading } from './NotAtTable';
import { BelowCardMinimum } from './BelowCardMinimum';
import { useTable } from './use-table';
import './tables.css';
import { useLingui } from '@lingui/react/macro';

export default function PayCardPage() {
  const { venue } = useOutletContext<VenueContext>();
  const { t } = useLingui();
  const { shareId = '' } = useParams();
  const { last, pending } = useTable(venue.slug);
  const split = `/venue/${venue.slug}/table/split`;
  const share = last?.table.shares.find((s) => s.id === shareId && s.payment_status !== 'void');
  return (
    <>
      <GuestHeader title={t`Pay by card`} subtitle={last ? t`Table ${{ table: last.table.table }} · ${{ venue: venue.name }}` : venue.name} back={{ to: split, label: t`Back to the split` }} />
      <main className="guest-main stack">
        {pending ? <TableLoading /> : !last ? <NotAtTable slug={venue.slug} /> : !share || share.payer_member_id !== last.you ? (
          <div className="empty-state stack">
            <p>{t`This share is not yours to pay`}</p>
            <Link className="btn btn-primary" to={split}>{t`Back to the split`}</Link>
          </div>
        ) : <PayShare sessionId={last.table.session_id} share={share} split={split} />}
      </main>
    </>
  );
}

function ShareFigures({ share }: { share: TabShare }) {
  const { t } = useLingui();
  return (
    <dl className="summary" aria-label={t`You pay`}>
      <div><dt>{t`Your share`}</dt><dd>{formatCents(share.amount_cents)}</dd></div>
      <div><dt>{t`Tip`}</dt><dd>{formatCents(share.tip_cents)}</dd></div>
      <div className="summary-total split-preview"><dt>{t`You pay`}</dt><dd>{formatCents(share.due_cents)}</dd></div>
    </dl>
  );
}

function PayShare({ sessionId, share, split }: { sessionId: string; share: TabShare; split: string }) {
  const { t } = useLingui();
  const card = useQuery(cardStatusQuery(sessionId));
  // Paid the moment Stripe confirmed it and the Worker found no failure, before the table's frame says captured.
  const [paidHere, setPaidHere] = useState(false);
  if (paidHere || share.payment_status === 'captured' || share.payment_status === 'refunded') {
    return (
      // "Paid" the moment the payment succeeds (docs/product.md §12.4).
      <section className="card payment-complete" role="status" aria-label={t`Paid`}>
        <CheckCircle2 aria-hidden="true" size={40} />
        <h2>{t`Paid`}</h2>
        <p>{t`Your share of ${{ amount: formatCents(share.due_cents) }} is paid by card. Thank you!`}</p>
        <Link className="btn btn-ghost" to={split}>{t`Back to the split`}</Link>
      </section>
    );
  }
  if (card.isPending) return <TableLoading />;
  if (!card.data?.available || !cardCanPay(share.due_cents)) {
    return (
      <section className="card stack" aria-label={t`Pay at the bar`}>
        <h2>{t`Pay at the bar`}</h2>
        <p>{card.data?.available ? <BelowCardMinimum /> : t`This venue takes payment at the bar: the bartender records your share as paid.`}</p>
        <ShareFigures share={share} />
        <Link className="btn btn-primary" to={split}>{t`Back to the split`}</Link>
      </section>
    );
  }
  return <CardForm sessionId={sessionId} share={share} split={split} onPaid={() => setPaidHere(true)} />;
}

/** Stripe's Payment Element on the venue's account (direct charges): mounted once per share. */
function CardForm({ sessionId, share, split, onPaid }: { sessionId: string; share: TabShare; split: string; onPaid: () => void }) {
  const { t } = useLingui();
  const declined = t`The card payment did not go through: try again or pay at the bar`;
  const card = useCardElement(share.id, () => startCardPayment(sessionId, share.id), declined);
  const { step, setStep } = card;
  const client = useQueryClient();

  const pay = async () => {
    if (!(await card.confirm())) return;
    // The share turns paid from the table's live frame once the Worker has Stripe's word; asking now only hurries it.
    const checked = await checkCardPayment(sessionId, share.id).catch(() => null);
    if (checked?.share.payment_problem === 'failed' || checked?.share.payment_problem === 'canceled') {
      setStep({ kind: 'error', message: checked.share.payment_problem_note ?? declined });
      return;
    }
    onPaid();
    if (checked?.share.payment_status === 'captured') void client.invalidateQueries({ queryKey: tableKeys.session(sessionId) });
  };

  const problem = share.payment_problem && share.payment_problem !== 'disputed' ? share.payment_problem_note : null;
  return (
    <section className="card stack" aria-label={t`Your card payment`}>
      <h2>{t`Your share`}</h2>
      <ShareFigures share={share} />
      <p className="muted">{t`The tip is the one you chose with your share.`}</p>
      <CardElement mount={card.mount} local={card.local} step={step} confirmingText={t`Confirming your payment with the card company...`} />
      {problem && step.kind !== 'confirming' && <p className="field-error" role="alert">{problem}</p>}
      <button type="button" className="btn btn-primary btn-block" disabled={!card.canConfirm} onClick={() => void pay()}>
        {step.kind === 'paying' || step.kind === 'confirming' ? t`Paying...` : t`Pay ${{ amount: formatCents(share.due_cents) }}`}
      </button>
      <Link className="btn btn-ghost btn-block" to={split}>{t`Back to the split`}</Link>
    </section>
  );
}
