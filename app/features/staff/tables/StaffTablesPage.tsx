import { AlertTriangle, Armchair, Wifi, WifiOff } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { STAFF_ORDERS_POLL_MS } from '../../../../shared/back-office-constants';
import { formatCents } from '../../../../shared/money';
import type { LiveMessage } from '../../../../shared/schemas/live';
import { tableDisplayName as tableLabel } from '../../../../shared/tables';
import { useAuth } from '../../auth/staff-hooks';
import { staffToken } from '../../auth/staff-session';
import { useVenueLive } from '../../orders/live';
import { formatTime } from '../shared/format';
import { useStaffTable, useStaffTables, type StaffTables } from './api';
import { balanceCents, isOnFloor, type StaffTableSummary } from './summary';
import { writeRoundStatus } from './table-cache';
import { SessionBadge, TabDetail } from './TabDetail';
import { TableJoinLinks } from './TableJoinLinks';

/** The venue's own order of its tables (docs/decisions/231), a table it no longer lists after them. */
function byVenueOrder(tables: StaffTables['tables']) {
  const position = new Map(tables.map((t, i) => [t.number, i]));
  const at = (s: StaffTableSummary) => position.get(s.table) ?? tables.length;
  return (a: StaffTableSummary, b: StaffTableSummary) => at(a) - at(b) || a.table.localeCompare(b.table, undefined, { numeric: true });
}

const CARD_PROBLEM_WORDS = { failed: 'card payment failed', canceled: 'card payment cancelled', disputed: 'card payment disputed',
  late_payment: 'paid by card after the share was closed: refund under way', late_payment_refunded: 'paid by card after the share was closed: refunded' } as const;

function TabCard({ summary, selected, onOpen }: { summary: StaffTableSummary; selected: boolean; onOpen: () => void }) {
  const label = tableLabel(summary.table);
  return (
    <li className={`card stack staff-tab-card${selected ? ' selected' : ''}`} aria-label={label} aria-current={selected ? 'true' : undefined} data-session-id={summary.session_id}>
      <div className="row">
        <h3>{label}</h3>
        {/* A closed tab is listed only with a share unpaid: the idle tabs the housekeeping closed (docs/decisions/231). */}
        <SessionBadge status={summary.status} closedReason={summary.status === 'closed' ? 'auto_closed' : null} />
        <span className="spacer" />
        <span className="muted">Last activity <time dateTime={summary.last_activity_at}>{formatTime(summary.last_activity_at)}</time></span>
      </div>
      <p>{summary.member_names.length > 0 ? summary.member_names.join(', ') : <span className="muted">No members</span>}</p>
      <dl className="staff-tab-figures">
        <div><dt>Rounds</dt><dd>{summary.rounds}</dd></div>
        <div><dt>Total</dt><dd>{formatCents(summary.total_cents)}</dd></div>
        <div><dt>Paid</dt><dd>{formatCents(summary.paid_cents)}</dd></div>
        <div><dt>Balance</dt><dd><strong>{formatCents(balanceCents(summary))}</strong></dd></div>
        <div><dt>Not split yet</dt><dd>{formatCents(summary.owed_cents)}</dd></div>
        <div><dt>Unpaid shares</dt><dd>{summary.unpaid_shares}</dd></div>
      </dl>
      {summary.card_problems.length > 0 && (
        // A card payment in the app that failed, was cancelled or disputed (docs/product.md §12.9): the bar follows it up.
        <ul className="stack" aria-label={`${label}'s card problems`}>
          {summary.card_problems.map((p) => (
            <li key={p.share_id} className="field-error">
              {p.payer_name}: {CARD_PROBLEM_WORDS[p.problem]} ({formatCents(p.due_cents)}){p.note ? ` · ${p.note}` : ''}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-small" aria-label={`Open ${label}'s tab`} aria-expanded={selected} onClick={onOpen}>Open tab</button>
    </li>
  );
}

/**
 * Staff "Tables" (docs/decisions/231): the open tabs by table, the auto-closed ones with money owed under
 * "Needs attention", and one tab's detail with the bartender's actions. `table_updated` frames keep it current.
 */
export default function StaffTablesPage() {
  const auth = useAuth();
  const client = useQueryClient();
  const onEvent = useCallback((message: LiveMessage) => {
    if (message.type === 'order_created' || message.type === 'order_updated') writeRoundStatus(client, message.order);
  }, [client]);
  const live = useVenueLive(auth.restaurantId, { token: staffToken(), onEvent });
  const pollMs = live.connected ? false : STAFF_ORDERS_POLL_MS;
  const list = useStaffTables({ pollMs });
  const [params, setParams] = useSearchParams();
  const openId = params.get('tab');
  const open = useStaffTable(openId, { pollMs });

  const tables = list.data?.tables ?? [];
  const sessions = [...(list.data?.sessions ?? [])].sort(byVenueOrder(tables));
  const attention = sessions.filter((s) => s.needs_attention);
  const onFloor = sessions.filter((s) => !s.needs_attention && isOnFloor(s.status));
  const select = (id: string | null) => setParams(id ? { tab: id } : {}, { replace: true });
  const card = (s: StaffTableSummary) => <TabCard key={s.session_id} summary={s} selected={s.session_id === openId} onOpen={() => select(s.session_id === openId ? null : s.session_id)} />;

  return (
    <main className="page staff-page">
      <div className="section-head row">
        <h1><Armchair aria-hidden="true" /> Tables</h1>
        <span className="spacer" />
        <span className={`badge ${live.connected ? 'badge-success' : 'badge-warning'}`} role="status">
          {live.connected ? <><Wifi aria-hidden="true" size={14} /> Live</> : <><WifiOff aria-hidden="true" size={14} /> Offline</>}
        </span>
      </div>
      {list.isError && (
        <p className="field-error" role="alert">Failed to load tables <button type="button" className="btn btn-small" onClick={() => void list.refetch()}>Try Again</button></p>
      )}
      <div className="staff-tables">
        <div className="stack">
          {attention.length > 0 && (
            <section className="stack" aria-labelledby="attention-h">
              <h2 id="attention-h"><AlertTriangle aria-hidden="true" size={18} /> Needs attention</h2>
              <p className="muted">Closed after hours without activity, or ended, with a share still unpaid; or a card payment in trouble.</p>
              <ul className="staff-tab-list">{attention.map(card)}</ul>
            </section>
          )}
          <section className="stack" aria-labelledby="open-tabs-h">
            <h2 id="open-tabs-h">Open tabs</h2>
            {onFloor.length === 0 ? (
              <p className="empty-state">{list.isPending ? 'Loading tables…' : 'No open tabs right now.'}</p>
            ) : <ul className="staff-tab-list">{onFloor.map(card)}</ul>}
          </section>
          <TableJoinLinks tables={tables} busy={new Set(sessions.filter((s) => isOnFloor(s.status)).map((s) => s.table))} />
        </div>
        {openId && (
          open.data ? <TabDetail table={open.data} tables={tables} sessions={sessions} onClose={() => select(null)} />
            : <section className="card" aria-label="Tab">
              {open.isError ? <p role="alert">That tab could not be loaded. <button type="button" className="btn btn-small" onClick={() => select(null)}>Close</button></p> : <p className="muted">Loading the tab…</p>}
            </section>
        )}
      </div>
    </main>
  );
}
