// The bartender's actions on a tab, each confirmed in words that say what will happen (docs/decisions/231):
// record a share paid, move the tab, merge two tabs, void a round's line, end the session. A refusal shows the
// server's own message in the dialog, which stays open with what was entered.
import { useState, type ReactNode } from 'react';
import { formatCents } from '../../../../shared/money';
import { BAR_PAYMENT_METHODS, PAYMENT_METHOD_NAMES, PAYMENT_METHOD_WORDS, type BarPaymentMethod } from '../../../../shared/payment-methods';
import { tableDisplayName as tableLabel } from '../../../../shared/tables';
import { RefundInput } from '../../../../shared/schemas/payments';
import { VoidLineInput, type TableState, type TabLine, type TabShare } from '../../../../shared/schemas/tables';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useEndSession, useMergeTab, useMoveTab, useRecordPayment, useRefundShare, useVoidLine } from './api';
import { balanceCents, type StaffTableSummary } from './summary';


const REASON_TOO_LONG = 'Keep the reason under 200 characters';

type DialogProps = { table: TableState; onClose: () => void };

/** The dialog's frame: Cancel (focused first), the action, and the server's refusal when there is one. */
function ActionDialog({ title, confirmLabel, busy, error, danger, onConfirm, onClose, children }: {
  title: string; confirmLabel: string; busy: boolean; error: string | null; danger?: boolean;
  onConfirm: () => void; onClose: () => void; children: ReactNode;
}) {
  return (
    <Modal
      title={title} onClose={onClose}
      actions={<>
        <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>Cancel</button>
        <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy} onClick={onConfirm}>{busy ? 'Saving...' : confirmLabel}</button>
      </>}
    >
      <div className="stack">
        {children}
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </Modal>
  );
}

/** "Record payment": the share's amount with its tip, and how it was paid. */
export function RecordPaymentDialog({ table, share, onClose }: DialogProps & { share: TabShare }) {
  const record = useRecordPayment();
  const [method, setMethod] = useState<BarPaymentMethod>('cash');
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await record.mutateAsync({ sessionId: table.session_id, shareId: share.id, body: { method } });
      toast.success(`${formatCents(share.due_cents)} from ${share.payer_name} recorded`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The payment could not be recorded'));
    }
  }
  return (
    <ActionDialog title="Record payment" confirmLabel={`Record ${formatCents(share.due_cents)}`} busy={record.isPending} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      <p>
        {share.payer_name} pays <strong>{formatCents(share.due_cents)}</strong> at {tableLabel(table.table)}
        {share.tip_cents > 0 && <> ({formatCents(share.amount_cents)} and a {formatCents(share.tip_cents)} tip)</>}.
      </p>
      <fieldset className="stack">
        <legend>Payment method</legend>
        {BAR_PAYMENT_METHODS.map((value) => (
          <label key={value} className="check"><input type="radio" name="payment-method" checked={method === value} onChange={() => setMethod(value)} /> {PAYMENT_METHOD_NAMES[value]}</label>
        ))}
      </fieldset>
      <p className="muted">Record {formatCents(share.due_cents)} as paid {PAYMENT_METHOD_WORDS[method]}? It cannot be recorded twice.</p>
    </ActionDialog>
  );
}

/** Move the tab to a table that has no open tab. */
export function MoveTabDialog({ table, tables, busyTables, onClose }: DialogProps & { tables: { number: string; name: string | null }[]; busyTables: Set<string> }) {
  const move = useMoveTab();
  const choices = tables.filter((t) => t.number !== table.table);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    if (!to) { setError('Choose the table the tab moves to'); return; }
    setError(null);
    try {
      await move.mutateAsync({ sessionId: table.session_id, body: { table: to } });
      toast.success(`The tab moved to ${tableLabel(to)}`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The tab could not be moved'));
    }
  }
  return (
    <ActionDialog title={`Move ${tableLabel(table.table)}'s tab`} confirmLabel="Move tab" busy={move.isPending} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      <div className="field">
        <label htmlFor="move-to">Move to</label>
        <select id="move-to" value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">Choose a table</option>
          {choices.map((t) => (
            <option key={t.number} value={t.number} disabled={busyTables.has(t.number)}>
              {tableLabel(t.number)}{t.name ? ` (${t.name})` : ''}{busyTables.has(t.number) ? ' — has an open tab' : ''}
            </option>
          ))}
        </select>
      </div>
      <p>
        {to
          ? <>Everything on {tableLabel(table.table)}&apos;s tab (members, cart, rounds and shares) moves to {tableLabel(to)}. New rounds go to the bar as {tableLabel(to)}.</>
          : 'The tab keeps its members, cart, rounds and shares; only its table changes.'}
      </p>
    </ActionDialog>
  );
}

/** Merge this tab into another open tab: one tab, one bill. */
export function MergeTabDialog({ table, others, onClose }: DialogProps & { others: StaffTableSummary[] }) {
  const merge = useMergeTab();
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const target = others.find((o) => o.session_id === into);
  async function confirm() {
    if (!target) { setError('Choose the tab to merge into'); return; }
    setError(null);
    try {
      await merge.mutateAsync({ sessionId: table.session_id, body: { into_session_id: target.session_id } });
      toast.success(`${tableLabel(table.table)}'s tab merged into ${tableLabel(target.table)}'s`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The tabs could not be merged'));
    }
  }
  return (
    <ActionDialog title={`Merge ${tableLabel(table.table)}'s tab`} confirmLabel="Merge tabs" danger busy={merge.isPending} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      {others.length === 0 ? <p>No other tab is open to merge into.</p> : (
        <div className="field">
          <label htmlFor="merge-into">Merge into</label>
          <select id="merge-into" value={into} onChange={(e) => setInto(e.target.value)}>
            <option value="">Choose a tab</option>
            {others.map((o) => <option key={o.session_id} value={o.session_id}>{tableLabel(o.table)}: {o.member_names.join(', ') || 'no members'}</option>)}
          </select>
        </div>
      )}
      <p>
        {target
          ? <>{tableLabel(table.table)}&apos;s members, cart and rounds join {tableLabel(target.table)}&apos;s tab, and {tableLabel(table.table)}&apos;s tab closes. {tableLabel(target.table)}&apos;s bill then holds both: {formatCents(table.tab.total_cents)} more. This cannot be undone.</>
          : 'Both tables become one tab with one bill. This cannot be undone.'}
      </p>
    </ActionDialog>
  );
}

/** Void one line of a round, with the reason the audit log keeps. */
export function VoidLineDialog({ table, line, onClose }: DialogProps & { line: TabLine }) {
  const voidLine = useVoidLine();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    const body = VoidLineInput.safeParse({ reason });
    if (!body.success) { setError(reason.trim().length > 200 ? REASON_TOO_LONG : body.error.issues[0]!.message); return; }
    setError(null);
    try {
      await voidLine.mutateAsync({ sessionId: table.session_id, orderItemId: line.order_item_id, body: body.data });
      toast.success(`${line.quantity} × ${line.name} voided`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The line could not be voided'));
    }
  }
  return (
    <ActionDialog title="Void line" confirmLabel="Void line" danger busy={voidLine.isPending} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      <p>
        {line.quantity} × {line.name}{line.member_name ? ` for ${line.member_name}` : ''} ({formatCents(line.line_total_cents)}) leaves {tableLabel(table.table)}&apos;s
        tab: nobody pays for it, and the tab&apos;s total drops by its price and tax.
      </p>
      <div className="field">
        <label htmlFor="void-reason">Reason</label>
        <input id="void-reason" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error !== null} />
      </div>
    </ActionDialog>
  );
}

/**
 * An admin's refund of a share paid by card in the app (docs/decisions/222): all that is left of it, or an amount,
 * always with a reason. An amount over what is left is refused by the server, never reduced.
 */
export function RefundShareDialog({ table, share, onClose }: DialogProps & { share: TabShare }) {
  const refund = useRefundShare();
  const left = share.due_cents - share.refunded_cents;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cents = amount.trim() === '' ? undefined : Math.round(Number(amount) * 100);
  async function confirm() {
    if (amount.trim() !== '' && !/^\d+(\.\d{1,2})?$/.test(amount.trim())) { setError('Enter the amount in dollars and cents, like 4.50'); return; }
    const body = RefundInput.safeParse({ amount_cents: cents, reason });
    if (!body.success) { setError(body.error.issues[0]!.message); return; }
    setError(null);
    try {
      const answer = await refund.mutateAsync({ sessionId: table.session_id, shareId: share.id, body: body.data });
      toast.success(`${formatCents(answer.refund.amount_cents)} refunded to ${share.payer_name}'s card`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The refund could not be made'));
    }
  }
  return (
    <ActionDialog title="Refund card payment" confirmLabel={`Refund ${formatCents(cents ?? left)}`} danger busy={refund.isPending} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      <p>
        {formatCents(cents ?? left)} goes back to {share.payer_name}&apos;s card ({formatCents(left)} of {formatCents(share.due_cents)} paid by card is not refunded yet).
        It cannot be undone.
      </p>
      <div className="field">
        <label htmlFor="refund-amount">Amount (empty: all {formatCents(left)})</label>
        <input id="refund-amount" inputMode="decimal" placeholder={(left / 100).toFixed(2)} value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="refund-reason">Reason</label>
        <input id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error !== null} />
      </div>
    </ActionDialog>
  );
}

/** End the session: members can add nothing more; what is unpaid stays on the tab. */
export function EndSessionDialog({ table, onClose }: DialogProps) {
  const end = useEndSession();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const balance = balanceCents(table.tab);
  const host = table.members.find((m) => m.is_host)?.name ?? 'the host';
  async function confirm() {
    if (reason.trim().length > 200) { setError(REASON_TOO_LONG); return; }
    setError(null);
    try {
      await end.mutateAsync({ sessionId: table.session_id, body: reason.trim() ? { reason: reason.trim() } : {} });
      toast.success(`${tableLabel(table.table)}'s session ended`);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The session could not be ended'));
    }
  }
  return (
    <ActionDialog title={`End ${tableLabel(table.table)}'s session`} confirmLabel="End session" danger busy={end.isPending} error={error} onConfirm={() => void confirm()} onClose={onClose}>
      <p>
        {tableLabel(table.table)}&apos;s members can no longer add drinks or send rounds, and the next scan of its QR code opens a new tab.
        {balance > 0 ? <> The unpaid {formatCents(balance)} stays on this tab to collect{table.tab.owed_cents > 0 && <>: the {formatCents(table.tab.owed_cents)} no share covers yet becomes one share of {host}&apos;s</>}, under &ldquo;Needs attention&rdquo; until it is paid.</> : ' Nothing is left to pay.'}
      </p>
      <div className="field">
        <label htmlFor="end-reason">Reason (optional)</label>
        <input id="end-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
    </ActionDialog>
  );
}
