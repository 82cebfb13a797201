import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { formatCents } from '../../../shared/money';
import { handoffText, orderStatusLabel } from '../../../shared/order-display';
import type { Venue } from '../../../shared/schemas/venue';
import type { TabLine, TabRound, TableState } from '../../../shared/schemas/tables';
import { errorMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { ReadyPushButton } from '../guest/orders/ReadyPushButton';
import { GuestHeader } from '../guest/venue/GuestHeader';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { authorizedHoldCents, cardStatusQuery, holdScreenPath, useStartBilling, type TableView } from './api';
import { NotAtTable, TableLoading } from './NotAtTable';
import { PaymentComplete, isPaidInFull } from './PaymentComplete';
import { tableRights, whoLabel } from './rights';
import { useTable } from './use-table';
import './tables.css';
import { translate } from '../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { useDrinkName, type NamedLine } from '../venues/drink-names';

/** /venue/:slug/table/tab: the table's running tab, live: every round with its status and lines, and the sums (docs/decisions/231). */
export default function TabPage() {
  const { venue } = useOutletContext<VenueContext>();
  const { t } = useLingui();
  const { last, pending } = useTable(venue.slug);
  return (
    <>
      <GuestHeader title={t`Tab`} subtitle={last ? t`Table ${{ table: last.table.table }} · ${{ venue: venue.name }}` : venue.name}
        back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />
      <main className="guest-main stack">
        {pending ? <TableLoading /> : last ? <Tab venue={venue} view={last} /> : <NotAtTable slug={venue.slug} />}
      </main>
    </>
  );
}

function Tab({ venue, view }: { venue: Venue; view: TableView }) {
  const slug = venue.slug;
  const { table } = view;
  const { t } = useLingui();
  // What a guest is told once a round is ready: brought to this table, or where to collect it (docs/product.md §4.12).
  const readyText = handoffText({ handoff: venue.handoff, pickupPoint: venue.pickup_point, tableNumber: table.table }, translate);
  const rights = tableRights(view);
  const navigate = useNavigate();
  const startBilling = useStartBilling(table.session_id);
  const [confirming, setConfirming] = useState(false);
  const split = `/venue/${slug}/table/split`;

  const bill = () => startBilling.mutate(undefined, {
    onSuccess: () => { setConfirming(false); navigate(split); },
    onError: (err) => { setConfirming(false); toast.error(errorMessage(err, t`Could not start splitting the bill. Please try again.`)); },
  });

  return (
    <>
      {isPaidInFull(table) && <PaymentComplete table={table} />}
      <section className="stack" aria-labelledby="rounds-heading">
        <h2 id="rounds-heading">{t`Rounds`}</h2>
        {table.rounds.length === 0 ? (
          <p className="empty-state">{t`No rounds yet. Send the table's cart as a round and it shows here.`}</p>
        ) : (
          table.rounds.map((round) => <RoundCard key={round.order_id} round={round} you={rights.you} readyText={readyText} />)
        )}
        {/* Asked once, told at every round of the tab, wherever the member is (docs/decisions/231). */}
        {table.status === 'open' && rights.you && <ReadyPushButton target={{ table: table.session_id }} />}
      </section>
      <TabTotals table={table} />
      {table.status === 'open' && <CardHold sessionId={table.session_id} slug={slug} />}
      {table.status === 'open' && (rights.isHost ? (
        <button type="button" className="btn btn-primary btn-block" disabled={table.rounds.length === 0} onClick={() => setConfirming(true)}>{t`Split bill`}</button>
      ) : (
        <p className="muted center">{t`The host splits the bill when the table is done.`}</p>
      ))}
      {table.status === 'billing' && <Link className="btn btn-primary btn-block" to={split}>{t`Split bill`}</Link>}
      {confirming && (
        <ConfirmDialog title={t`Split the bill?`} confirmLabel={t`Split bill`} busy={startBilling.isPending} cancelLabel={t`Cancel`} onConfirm={bill} onCancel={() => setConfirming(false)}>
          <p>{t`The tab closes to new rounds: nobody at table ${{ table: table.table }} can send another one.`}</p>
          <p>{t`Then everyone picks what they pay: their own drinks, an even part, an amount or the rest.`}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * A tab on a card (docs/product.md §12.9, docs/decisions/222): what its authorised holds cover, or where the venue
 * takes cards and none is authorised yet, "Open tab on card". The hold screen is a document of its own (its policy
 * allows Stripe), so the link loads it.
 */
function CardHold({ sessionId, slug }: { sessionId: string; slug: string }) {
  const { t } = useLingui();
  const card = useQuery(cardStatusQuery(sessionId));
  if (!card.data?.available) return null;
  const held = authorizedHoldCents(card.data.holds);
  if (held > 0) {
    return (
      <section className="card summary" aria-label={t`Card hold`}>
        <dl><div><dt>{t`Held on a card`}</dt><dd>{formatCents(held)}</dd></div></dl>
      </section>
    );
  }
  return (
    <section className="card stack" aria-label={t`Open tab on card`}>
      <p className="muted">{t`Put a card down for ${{ amount: formatCents(card.data.hold_cents) }}: the table orders on it and is charged only what it orders.`}</p>
      <Link className="btn btn-ghost btn-block" reloadDocument to={holdScreenPath(slug)}>{t`Open tab on card`}</Link>
    </section>
  );
}

/** A tab line as the ticket reads it, with its options: "2 × Negroni, Double"; the drink named by `drinkName`. */
export const tabLineLabel = (line: Pick<TabLine, 'quantity' | 'name' | 'menu_drink_id' | 'modifiers'>, drinkName: (line: NamedLine) => string) =>
  `${line.quantity} × ${drinkName(line)}${line.modifiers ? `, ${line.modifiers}` : ''}`;

function RoundCard({ round, you, readyText }: { round: TabRound; you: string | null; readyText: string }) {
  const { t } = useLingui();
  const drinkName = useDrinkName();
  const status = translate(orderStatusLabel(round.status));
  return (
    <article className="card round-card" aria-label={t`Round ${{ number: round.number }}`}>
      <div className="round-head">
        <h3>{t`Round ${{ number: round.number }}`}</h3>
        <span className={`badge ${round.status === 'cancelled' ? 'badge-danger' : round.status === 'delivered' || round.status === 'ready' ? 'badge-success' : 'badge-info'}`}>{status}</span>
        <span className="spacer" />
        <span className="price">{formatCents(round.total_cents)}</span>
      </div>
      {round.status === 'ready' && <p className="round-handoff" role="status">{readyText}</p>}
      <ul className="round-lines" aria-label={t`Round ${{ number: round.number }} lines`}>
        {round.lines.map((line) => (
          <li key={line.order_item_id} className={line.voided ? 'round-line-voided' : undefined}>
            <span className="round-line-name">
              {tabLineLabel(line, drinkName)}
              <span className="line-owner"> · {whoLabel(line.member_id, line.member_name, you)}</span>
              {line.voided && <span className="line-owner"> · {t`Voided`}{line.void_reason ? `: ${line.void_reason}` : ''}</span>}
            </span>
            <span>{formatCents(line.line_total_cents)}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

const percentLabel = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** The tab's sums: subtotal, tax, service charge, total, and once the bill is split, what is paid and owed. */
export function TabTotals({ table }: { table: TableState }) {
  const { t } = useLingui();
  const { tab } = table;
  const splitting = table.status !== 'open';
  return (
    <section className="card summary" aria-label={t`Tab total`}>
      <dl>
        <div><dt>{t`Subtotal`}</dt><dd>{formatCents(tab.subtotal_cents)}</dd></div>
        <div><dt>{t`Tax`}</dt><dd>{formatCents(tab.tax_cents)}</dd></div>
        {tab.service_charge_bp > 0 && <div><dt>{t`Service charge (${{ rate: percentLabel(tab.service_charge_bp) }})`}</dt><dd>{formatCents(tab.service_charge_cents)}</dd></div>}
        <div className="summary-total"><dt>{t`Total`}</dt><dd>{formatCents(tab.total_cents)}</dd></div>
        {splitting && (
          <>
            {/* What was handed over, tips in; what of the bill nobody has paid yet, shares taken or not. */}
            <div><dt>{t`Paid`}</dt><dd>{formatCents(tab.received_cents)}</dd></div>
            {tab.tips_cents > 0 && <div><dt>{t`Tips`}</dt><dd>{formatCents(tab.tips_cents)}</dd></div>}
            <div><dt>{t`Still owed`}</dt><dd>{formatCents(tab.unpaid_cents)}</dd></div>
          </>
        )}
      </dl>
    </section>
  );
}
