import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { formatCents } from '../../../shared/money';
import { paymentStatusLabel } from '../../../shared/order-display';
import { cardCanPay, type PaymentMethodName } from '../../../shared/payment-methods';
import type { TabLine, TabShare, TableState } from '../../../shared/schemas/tables';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { cardStatusQuery, useClaimLine, useDropShare, useReleaseClaim, useTakeShare, type TableView } from './api';
import { BelowCardMinimum } from './BelowCardMinimum';
import { NotAtTable, TableLoading } from './NotAtTable';
import { PaymentComplete, isPaidInFull } from './PaymentComplete';
import { whoLabel } from './rights';
import { openSplit, parseDollars, previewShare, shareRequest, type SplitChoice, type TipChoice } from './split-preview';
import { TabTotals, tabLineLabel } from './TabPage';
import { useTable } from './use-table';
import './tables.css';
import { translate } from '../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName } from '../venues/drink-names';

/** /venue/:slug/table/split: the table splits its bill (docs/decisions/231): by item, evenly, an amount, or the rest, each with a tip. */
export default function SplitBillPage() {
  const { venue } = useOutletContext<VenueContext>();
  const { t } = useLingui();
  const { last, pending } = useTable(venue.slug);
  return (
    <>
      <GuestHeader title={t`Split bill`} subtitle={last ? t`Table ${{ table: last.table.table }} · ${{ venue: venue.name }}` : venue.name}
        back={{ to: `/venue/${venue.slug}/table/tab`, label: t`Back to the tab` }} />
      <main className="guest-main stack">
        {pending ? <TableLoading /> : last ? <Split slug={venue.slug} view={last} /> : <NotAtTable slug={venue.slug} />}
      </main>
    </>
  );
}


/** The guest reads the terminal as plain "Card"; the method names are shared/payment-methods.ts. Labels here are English ids (docs/decisions/217). */
const METHOD_LABEL: Record<PaymentMethodName, string> = { cash: /*i18n*/ 'Cash', card_terminal: /*i18n*/ 'Card', card_app: /*i18n*/ 'Card in the app' };

/** "Unpaid", "Paid · Cash": a share's status as the table reads it. */
export function shareStatusLabel(share: Pick<TabShare, 'payment_status' | 'method'>) {
  const status = translate(paymentStatusLabel(share.payment_status));
  return share.payment_status === 'captured' && share.method ? `${status} · ${translate(METHOD_LABEL[share.method])}` : status;
}

const KIND_LABEL: Record<TabShare['kind'], string> = { items: /*i18n*/ 'By item', even: /*i18n*/ 'Evenly', custom: /*i18n*/ 'Custom amount', rest: /*i18n*/ 'The rest' };
const MODES: { kind: SplitChoice['kind']; label: string }[] = [
  { kind: 'items', label: /*i18n*/ 'By item' }, { kind: 'even', label: /*i18n*/ 'Evenly' }, { kind: 'custom', label: /*i18n*/ 'Custom amount' }, { kind: 'rest', label: /*i18n*/ 'The rest' },
];
const percentLabel = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

function Split({ slug, view }: { slug: string; view: TableView }) {
  const { table, you } = view;
  const { t } = useLingui();
  if (isPaidInFull(table)) {
    return (
      <>
        <PaymentComplete table={table} />
        <Shares slug={slug} table={table} you={you} />
      </>
    );
  }
  if (table.status === 'open') {
    return (
      <div className="empty-state stack">
        <p>{t`The bill is not being split yet`}</p>
        <p>{t`The host splits it from the tab when the table is done.`}</p>
        <Link className="btn btn-primary" to={`/venue/${slug}/table/tab`}>{t`Tab`}</Link>
      </div>
    );
  }
  if (table.status !== 'billing') {
    return <p className="table-note">{t`This tab is closed. The bartender has its balance.`}</p>;
  }
  return (
    <>
      <TabTotals table={table} />
      {you && table.tab.owed_cents > 0 && <ShareForm table={table} you={you} />}
      <Shares slug={slug} table={table} you={you} />
    </>
  );
}

function ShareForm({ table, you }: { table: TableState; you: string }) {
  const id = useId();
  const { t } = useLingui();
  const members = table.members.length;
  const [kind, setKind] = useState<SplitChoice['kind']>('items');
  // An even split someone started sets how many ways, live, until the guest types a count of their own: the next even
  // share is one of those (shared/tab-split.ts).
  const inProgress = openSplit(table);
  const [typedCount, setCount] = useState<string | null>(null);
  const count = typedCount ?? String(inProgress?.count ?? Math.max(2, members));
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const [customTip, setCustomTip] = useState('');
  const take = useTakeShare(table.session_id);

  const choice: SplitChoice = kind === 'even' ? { kind, count: count.trim() === '' ? NaN : Number(count) }
    : kind === 'custom' ? { kind, amount: parseDollars(amount) } : { kind };
  const tipChoice: TipChoice = tip.kind === 'custom' ? { kind: 'custom', cents: parseDollars(customTip) } : tip;
  const preview = previewShare(table, you, choice, tipChoice);
  const tipError = !preview.ok && preview.field === 'tip' ? preview.error : null;

  const submit = () => {
    if (!preview.ok || take.isPending) return;
    take.mutate(shareRequest(choice, tipChoice), {
      onSuccess: () => { toast.success(t`Your share is ${{ amount: formatCents(preview.dueCents) }}. Pay the bartender when you're ready.`); setAmount(''); },
      onError: (err) => toast.error(errorMessage(err, t`Could not take your share. Please try again.`)),
    });
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t`Your share`}</h2>
      <div className="segmented" role="group" aria-label={t`How you pay`}>
        {MODES.map((m) => (
          <button key={m.kind} type="button" className="chip" aria-pressed={kind === m.kind} onClick={() => setKind(m.kind)}>{translate(m.label)}</button>
        ))}
      </div>

      {kind === 'items' && <ClaimList table={table} you={you} />}
      {kind === 'even' && (
        <div className="field">
          <label htmlFor={`${id}-count`}>{t`Split among`}</label>
          {inProgress?.startedBy && (
            <p className="table-note" role="status">
              {t`${{ name: whoLabel(inProgress.startedBy.memberId, inProgress.startedBy.name, you) }} started splitting the bill ${{ count: inProgress.count }} ways.`}
            </p>
          )}
          <input id={`${id}-count`} type="number" inputMode="numeric" min={2} max={20} step={1} value={count} onChange={(e) => setCount(e.target.value)} />
          <p className="muted">{Number.isInteger(Number(count))
            ? t`Your part of what is still owed (${{ owed: formatCents(table.tab.owed_cents) }}), split ${count} ways.`
            : t`Your part of what is still owed (${{ owed: formatCents(table.tab.owed_cents) }}), split evenly.`}</p>
        </div>
      )}
      {kind === 'custom' && (
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t`Amount`}</label>
          <input id={`${id}-amount`} inputMode="decimal" placeholder="0.00" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
      )}
      {kind === 'rest' && <p>{t`Everything still owed:`} <strong>{formatCents(table.tab.owed_cents)}</strong></p>}

      <div className="segmented" role="group" aria-label={t`Tip`}>
        <button type="button" className="chip" aria-pressed={tip.kind === 'none'} onClick={() => setTip({ kind: 'none' })}>{t`No tip`}</button>
        {table.tip_presets_bp.map((bp) => (
          <button key={bp} type="button" className="chip" aria-pressed={tip.kind === 'percent' && tip.bp === bp} onClick={() => setTip({ kind: 'percent', bp })}>{percentLabel(bp)}</button>
        ))}
        <button type="button" className="chip" aria-pressed={tip.kind === 'custom'} onClick={() => setTip({ kind: 'custom', cents: NaN })}>{t`Custom tip`}</button>
      </div>
      {tip.kind === 'custom' && (
        <div className="field">
          <label htmlFor={`${id}-tip`}>{t`Tip amount`}</label>
          <input id={`${id}-tip`} inputMode="decimal" placeholder="0.00" value={customTip} onChange={(e) => setCustomTip(e.target.value)}
            aria-invalid={tipError ? true : undefined} aria-describedby={tipError ? `${id}-tip-error` : undefined} />
          {tipError && <p id={`${id}-tip-error`} className="field-error" role="alert">{tipError}</p>}
        </div>
      )}

      <section className="summary" aria-label={t`You will pay`} aria-live="polite">
        {preview.ok ? (
          <dl>
            <div><dt>{table.tab.service_charge_bp > 0 ? t`Your part (tax and service included)` : t`Your part (tax included)`}</dt><dd>{formatCents(preview.amountCents)}</dd></div>
            <div><dt>{t`Tip`}</dt><dd>{formatCents(preview.tipCents)}</dd></div>
            <div className="summary-total split-preview"><dt>{t`You pay`}</dt><dd>{formatCents(preview.dueCents)}</dd></div>
          </dl>
        ) : tipError ? null : (
          <p className={preview.error ? 'field-error' : 'muted'} role={preview.error ? 'alert' : undefined}>{preview.error ?? preview.hint}</p>
        )}
      </section>
      <button type="button" className="btn btn-primary btn-block" disabled={!preview.ok || take.isPending} onClick={submit}>
        {take.isPending ? t`Taking your share...` : preview.ok ? t`Take my share · ${{ amount: formatCents(preview.dueCents) }}` : t`Take my share`}
      </button>
    </section>
  );
}

/**
 * By item: every line of the tab. A tap claims a single drink for your share; a line of several is shared by units,
 * one more or one fewer for you, until every unit is claimed (docs/decisions/239). What others claimed is theirs.
 */
function ClaimList({ table, you }: { table: TableState; you: string }) {
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const claim = useClaimLine(table.session_id);
  const release = useReleaseClaim(table.session_id);
  const busy = claim.isPending || release.isPending;
  const lines = table.rounds.filter((r) => r.status !== 'cancelled').flatMap((r) => r.lines).filter((l) => !l.voided);
  const refused = (err: unknown) => toast.error(err instanceof ApiRequestError ? err.message : t`Could not change your items. Please try again.`);
  /** Sets how many of the line's units are yours: none lets go of the claim. */
  const setUnits = (line: TabLine, units: number) => {
    if (units === 0) release.mutate(line.order_item_id, { onError: refused });
    else claim.mutate({ order_item_id: line.order_item_id, units }, { onError: refused });
  };

  return (
    <ul className="claim-list" aria-label={t`Tab lines`}>
      {lines.map((line) => {
        const mine = line.claims.find((c) => c.member_id === you);
        const theirs = line.claims.filter((c) => c.member_id !== you);
        const theirUnits = theirs.reduce((sum, c) => sum + c.units, 0);
        const inShare = mine?.share_id != null;
        const owner = (
          <span className="line-owner">
            {t`For ${{ who: whoLabel(line.member_id, line.member_name, you) }}`}
            {mine && (line.quantity > 1 ? ` · ${t`Yours: ${{ units: mine.units }} of ${{ quantity: line.quantity }}`}` : ` · ${t`Yours`}`)}
            {theirs.length > 0 && ` · ${t`Claimed by ${{ name: theirs.map((c) => (line.quantity > 1 ? `${c.name} (${c.units})` : c.name)).join(', ') }}`}`}
          </span>
        );
        if (line.quantity === 1) {
          return (
            <li key={line.order_item_id}>
              <button type="button" className="claim-line" aria-pressed={Boolean(mine)} disabled={theirs.length > 0 || busy} onClick={() => setUnits(line, mine ? 0 : 1)}>
                <span className="claim-line-text"><span>{tabLineLabel(line, drinkName)}</span>{owner}</span>
                <span>{formatCents(line.line_total_cents)}</span>
              </button>
            </li>
          );
        }
        const yours = mine?.units ?? 0;
        return (
          <li key={line.order_item_id}>
            <div className="claim-line claim-units" role="group" aria-label={tabLineLabel(line, drinkName)}>
              <span className="claim-line-text"><span>{tabLineLabel(line, drinkName)}</span>{owner}</span>
              <span>{formatCents(line.line_total_cents)}</span>
              <span className="claim-unit-buttons">
                <button type="button" className="btn btn-small btn-ghost" disabled={yours === 0 || inShare || busy} onClick={() => setUnits(line, yours - 1)}>{t`Give one back`}</button>
                <button type="button" className="btn btn-small" disabled={yours + theirUnits >= line.quantity || inShare || busy} onClick={() => setUnits(line, yours + 1)}>{t`Claim one`}</button>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Shares({ slug, table, you }: { slug: string; table: TableState; you: string | null }) {
  const { t } = useLingui();
  const drop = useDropShare(table.session_id);
  const shares = table.shares.filter((s) => s.payment_status !== 'void');
  const mineUnpaid = shares.some((s) => s.payer_member_id === you && s.payment_status === 'unpaid');
  // Cards in the app only where the venue has a payment account; elsewhere "Pay at the bar" (docs/product.md §12.9).
  const card = useQuery({ ...cardStatusQuery(table.session_id), enabled: mineUnpaid && table.status === 'billing' });
  const takesCards = card.data?.available === true;
  // A share below the card minimum is paid at the bar (shared/payment-methods.ts): no card is offered for it.
  const cardPays = (share: TabShare) => takesCards && cardCanPay(share.due_cents);
  const mineCardPayable = shares.some((s) => s.payer_member_id === you && s.payment_status === 'unpaid' && cardPays(s));
  if (shares.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="shares-heading">
      <h2 id="shares-heading">{t`Shares`}</h2>
      <ul className="share-list" aria-label={t`Shares`}>
        {shares.map((share) => {
          const mine = share.payer_member_id === you;
          return (
            <li key={share.id} className="share-row" aria-label={mine ? t`Your share` : t`${{ name: share.payer_name }}'s share`}>
              <span className="share-payer">{mine ? t`You` : share.payer_name}</span>
              <span className="muted">{translate(KIND_LABEL[share.kind])}</span>
              <span className="spacer" />
              <span>{formatCents(share.amount_cents)}{share.tip_cents > 0 && ` + ${t`${{ amount: formatCents(share.tip_cents) }} tip`}`} = <strong>{formatCents(share.due_cents)}</strong></span>
              <span className={`badge ${share.payment_status === 'captured' ? 'badge-success' : 'badge-warning'}`}>{shareStatusLabel(share)}</span>
              {share.refunded_cents > 0 && <span className="badge badge-info">{t`Refunded ${{ amount: formatCents(share.refunded_cents) }}`}</span>}
              {mine && share.payment_status === 'unpaid' && share.payment_problem && share.payment_problem !== 'disputed' && (
                <span className="field-error">{share.payment_problem_note ?? t`The card payment did not go through`}</span>
              )}
              {mine && share.payment_status === 'unpaid' && table.status === 'billing' && cardPays(share) && (
                // A document of its own: only the pay screen's policy allows Stripe.js (worker/pages/venue-page.ts).
                <Link className="btn btn-small btn-primary" reloadDocument to={`/venue/${slug}/table/pay/${share.id}`}>{t`Pay by card`}</Link>
              )}
              {mine && share.payment_status === 'unpaid' && table.status === 'billing' && takesCards && !cardPays(share) && <BelowCardMinimum />}
              {mine && share.payment_status === 'unpaid' && table.status === 'billing' && !(share.method === 'card_app' && !share.payment_problem) && (
                <button type="button" className="btn btn-small btn-ghost" disabled={drop.isPending}
                  onClick={() => drop.mutate(share.id, { onError: (err) => toast.error(errorMessage(err, t`Could not cancel your share`)) })}>{t`Cancel my share`}</button>
              )}
            </li>
          );
        })}
      </ul>
      {mineUnpaid && card.isSuccess && !takesCards && <p className="table-note"><strong>{t`Pay at the bar`}</strong>: {t`this venue takes payment at the bar.`}</p>}
      {mineUnpaid && <p className="muted">{mineCardPayable ? t`Pay by card here, or pay the bartender: they record your share as paid.` : t`Pay the bartender: they record your share as paid.`}</p>}
    </section>
  );
}
