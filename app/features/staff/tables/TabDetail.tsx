import { ArrowRightLeft, Ban, Combine, Crown, X } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../../shared/money';
import { PAYMENT_METHOD_NAMES } from '../../../../shared/payment-methods';
import { tableDisplayName as tableLabel } from '../../../../shared/tables';
import type { TableState, TabLine, TabShare } from '../../../../shared/schemas/tables';
import { useAuth } from '../../auth/staff-hooks';
import { OrderStatusBadge, formatTime } from '../shared/format';
import { isUnpaidShare, isOnFloor, balanceCents, type StaffTableSummary } from './summary';
import { EndSessionDialog, MergeTabDialog, MoveTabDialog, RecordPaymentDialog, RefundShareDialog, VoidLineDialog } from './TabDialogs';
import { useAnswerJoinRequest } from './api';
import { errorMessage } from '../../../lib/api-client';

const KIND_LABEL: Record<TabShare['kind'], string> = { items: 'By item', even: 'Evenly', custom: 'Custom amount', rest: 'The rest' };
const SESSION_LABEL: Record<TableState['status'], string> = { open: 'Open', billing: 'Splitting the bill', closed: 'Closed', ended: 'Ended', merged: 'Merged' };

export function SessionBadge({ status, closedReason }: { status: TableState['status']; closedReason: string | null }) {
  const label = status === 'closed' && closedReason === 'auto_closed' ? 'Auto-closed' : SESSION_LABEL[status];
  return <span className={`badge ${isOnFloor(status) ? 'badge-info' : 'badge-warning'}`}>{label}</span>;
}

const PROBLEM_LABEL = { failed: 'Card payment failed', canceled: 'Card payment cancelled', disputed: 'Disputed', late_payment: 'Paid late: refund under way', late_payment_refunded: 'Paid late: refunded' } as const;

function ShareStatus({ share }: { share: TabShare }) {
  // A card payment's trouble shows beside the share (docs/product.md §12.9): a dispute even once it was paid.
  const problem = share.payment_problem && (share.payment_problem === 'disputed' || share.payment_problem.startsWith('late_payment') || share.payment_status === 'unpaid') && (
    <span className="badge badge-danger" title={share.payment_problem_note ?? undefined}>
      {PROBLEM_LABEL[share.payment_problem]}{share.payment_problem_note ? `: ${share.payment_problem_note}` : ''}
    </span>
  );
  const refunded = share.refunded_cents > 0 && share.payment_status !== 'refunded' && <span className="badge badge-info">Refunded {formatCents(share.refunded_cents)}</span>;
  if (share.payment_status === 'captured') {
    return (
      <>
        <span className="badge badge-success">
          Paid{share.method ? ` by ${PAYMENT_METHOD_NAMES[share.method].toLowerCase()}` : ''}{share.recorded_by_name && share.method !== 'card_app' ? ` · ${share.recorded_by_name}` : ''}
        </span>
        {refunded}{problem}
      </>
    );
  }
  if (share.payment_status === 'refunded') return <><span className="badge badge-danger">Refunded {formatCents(share.refunded_cents)}</span>{problem}</>;
  if (problem) return <>{isUnpaidShare(share) && <span className="badge badge-warning">Unpaid</span>}{problem}</>;
  if (isUnpaidShare(share)) return <span className="badge badge-warning">Unpaid</span>;
  if (share.payment_status === 'authorized') return <span className="badge badge-info">Authorized</span>;
  return <span className="badge badge-danger">Void</span>;
}

type Dialog =
  | { kind: 'pay'; share: TabShare } | { kind: 'refund'; share: TabShare } | { kind: 'void'; line: TabLine }
  | { kind: 'move' } | { kind: 'merge' } | { kind: 'end' };

/** One tab as a bartender works it: who is there, what went to the bar, what is paid, and the actions. */
export function TabDetail({ table, tables, sessions, onClose }: {
  table: TableState;
  tables: { number: string; name: string | null }[];
  sessions: StaffTableSummary[];
  onClose: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Refunds of card payments are an admin's (docs/decisions/222); cash and the terminal are refunded at the bar.
  const canRefund = useAuth().isAdmin;
  const close = () => setDialog(null);
  const live = isOnFloor(table.status);
  // docs/product.md §12.6: a line is voided only before shares are taken; a tab being split is not merged.
  const canVoid = live && !table.shares.some((s) => s.payment_status !== 'void');
  const canMerge = table.status === 'open';
  const others = sessions.filter((s) => s.session_id !== table.session_id && isOnFloor(s.status));
  const busyTables = new Set(others.map((s) => s.table));
  const heading = `${tableLabel(table.table)} tab`;

  return (
    <section className="card stack staff-tab-detail" aria-label={heading}>
      <div className="row staff-tab-head">
        <h2>{heading}</h2>
        <SessionBadge status={table.status} closedReason={table.closed_reason} />
        <span className="spacer" />
        <button type="button" className="icon-button" aria-label="Close tab details" onClick={onClose}><X aria-hidden="true" size={18} /></button>
      </div>
      <p className="muted">
        Opened <time dateTime={table.opened_at}>{formatTime(table.opened_at)}</time> · last activity <time dateTime={table.last_activity_at}>{formatTime(table.last_activity_at)}</time>
        {live && <> · code <span className="mono">{table.join_code}</span></>}
      </p>

      <div>
        <h3>Members</h3>
        {table.members.length === 0 ? <p className="muted">Nobody is at this table any more.</p> : (
          <ul className="tag-list" aria-label="Members">
            {table.members.map((m) => (
              <li key={m.id} className="badge">
                {m.is_host && <Crown aria-hidden="true" size={12} />} {m.name}{m.is_host && <span className="visually-hidden"> (host)</span>}
              </li>
            ))}
          </ul>
        )}
      </div>

      {live && table.join_requests.length > 0 && <JoinRequests table={table} />}

      <div className="stack">
        <h3>Rounds</h3>
        {table.rounds.length === 0 ? <p className="muted">No round sent yet.</p> : (
          <ol className="stack staff-tab-rounds" aria-label="Rounds">
            {table.rounds.map((round) => (
              <li key={round.order_id} className="staff-tab-round" aria-label={`Round ${round.number}`}>
                <div className="row">
                  <strong>Round {round.number}</strong>
                  <OrderStatusBadge status={round.status} />
                  <span className="muted"><time dateTime={round.created_at}>{formatTime(round.created_at)}</time></span>
                  <span className="spacer" />
                  <span className="price">{formatCents(round.total_cents)}</span>
                </div>
                <ul className="item-list">
                  {round.lines.map((line) => (
                    <li key={line.order_item_id} className={line.voided ? 'staff-tab-voided' : undefined}>
                      <span>
                        {line.member_name && <strong>{line.member_name}: </strong>}
                        {line.quantity} × {line.name}
                        {line.voided && <span className="muted"> · voided{line.void_reason ? `: ${line.void_reason}` : ''}</span>}
                        {line.claims.length > 0 && !line.voided && <span className="muted"> · claimed by {line.claims.map((c) => (line.quantity > 1 ? `${c.name} (${c.units})` : c.name)).join(', ')}</span>}
                      </span>
                      <span className="row">
                        <span className="item-total">{formatCents(line.line_total_cents)}</span>
                        {canVoid && !line.voided && round.status !== 'cancelled' && (
                          <button type="button" className="btn btn-ghost btn-small" aria-label={`Void ${line.quantity} × ${line.name}${line.member_name ? ` for ${line.member_name}` : ''}`} onClick={() => setDialog({ kind: 'void', line })}>
                            <Ban aria-hidden="true" size={14} /> Void
                          </button>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {live && !canVoid && table.rounds.length > 0 && <p className="muted">Shares of the bill are taken: its lines can no longer be voided.</p>}
      </div>

      <dl className="order-details staff-tab-totals" aria-label="Tab totals">
        <dt>Subtotal</dt><dd>{formatCents(table.tab.subtotal_cents)}</dd>
        <dt>Tax</dt><dd>{formatCents(table.tab.tax_cents)}</dd>
        {table.tab.service_charge_cents > 0 && <><dt>Service charge ({table.tab.service_charge_bp / 100}%)</dt><dd>{formatCents(table.tab.service_charge_cents)}</dd></>}
        <dt>Total</dt><dd><strong>{formatCents(table.tab.total_cents)}</strong></dd>
        <dt>Paid</dt><dd>{formatCents(table.tab.paid_cents)}</dd>
        <dt>Tips on shares</dt><dd>{formatCents(table.tab.tips_cents)}</dd>
        <dt>Not split yet</dt><dd>{formatCents(table.tab.owed_cents)}</dd>
        <dt>Balance</dt><dd><strong data-testid="tab-balance">{formatCents(balanceCents(table.tab))}</strong></dd>
      </dl>

      <div className="stack">
        <h3>Shares</h3>
        {table.shares.length === 0 ? <p className="muted">Nobody has taken a share of the bill yet.</p> : (
          <ul className="stack staff-tab-shares" aria-label="Shares">
            {table.shares.map((share) => (
              <li key={share.id} className="row staff-tab-share" aria-label={`${share.payer_name}'s share`}>
                <span>
                  <strong>{share.payer_name}</strong> <span className="muted">{KIND_LABEL[share.kind]}</span>
                  <br />
                  <span className="muted">{formatCents(share.amount_cents)}{share.tip_cents > 0 && ` + ${formatCents(share.tip_cents)} tip`}</span>
                </span>
                <span className="spacer" />
                <span className="price">{formatCents(share.due_cents)}</span>
                <ShareStatus share={share} />
                {canRefund && share.method === 'card_app' && share.refunded_cents < share.due_cents && (share.payment_status === 'captured' || share.payment_status === 'refunded') && (
                  <button type="button" className="btn btn-small" aria-label={`Refund ${share.payer_name}'s card payment`} onClick={() => setDialog({ kind: 'refund', share })}>Refund</button>
                )}
                {isUnpaidShare(share) && !(share.method === 'card_app' && !share.payment_problem) && (
                  <button type="button" className="btn btn-primary btn-small" aria-label={`Record payment for ${share.payer_name}'s share`} onClick={() => setDialog({ kind: 'pay', share })}>Record payment</button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {table.status !== 'merged' && (
        <div className="row staff-tab-actions">
          {live && <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'move' })}><ArrowRightLeft aria-hidden="true" size={14} /> Move to another table</button>}
          {canMerge && <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'merge' })}><Combine aria-hidden="true" size={14} /> Merge with another tab</button>}
          {live && <button type="button" className="btn btn-danger btn-small" onClick={() => setDialog({ kind: 'end' })}>End session</button>}
        </div>
      )}

      {dialog?.kind === 'pay' && <RecordPaymentDialog table={table} share={dialog.share} onClose={close} />}
      {dialog?.kind === 'refund' && <RefundShareDialog table={table} share={dialog.share} onClose={close} />}
      {dialog?.kind === 'void' && <VoidLineDialog table={table} line={dialog.line} onClose={close} />}
      {dialog?.kind === 'move' && <MoveTabDialog table={table} tables={tables} busyTables={busyTables} onClose={close} />}
      {dialog?.kind === 'merge' && <MergeTabDialog table={table} others={others} onClose={close} />}
      {dialog?.kind === 'end' && <EndSessionDialog table={table} onClose={close} />}
    </section>
  );
}

/** Guests waiting for the host to let them in (docs/decisions/237): staff may answer for the host. */
function JoinRequests({ table }: { table: TableState }) {
  const answer = useAnswerJoinRequest();
  return (
    <div>
      <h3>Asking to join</h3>
      <ul className="stack" aria-label="Asking to join">
        {table.join_requests.map((r) => (
          <li key={r.id} className="row">
            <span>{r.name} wants to join</span>
            <span className="spacer" />
            <button type="button" className="btn btn-small btn-primary" disabled={answer.isPending}
              onClick={() => answer.mutate({ sessionId: table.session_id, memberId: r.id, letIn: true })}>Let in</button>
            <button type="button" className="btn btn-small" disabled={answer.isPending}
              onClick={() => answer.mutate({ sessionId: table.session_id, memberId: r.id, letIn: false })}>Decline</button>
          </li>
        ))}
      </ul>
      {answer.isError && <p className="field-error" role="alert">{errorMessage(answer.error, 'Could not answer. Please try again.')}</p>}
    </div>
  );
}
