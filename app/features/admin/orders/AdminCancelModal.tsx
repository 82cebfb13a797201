import { useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import type { Order } from '../../../../shared/schemas/order';
import { Modal } from '../../../ui/Modal';

const REASONS = ['Out of stock', 'Guest left', 'Duplicate order', 'Other'] as const;

/**
 * Cancelling from the admin's Orders screen (docs/product.md §11.12): always with a reason, saying what happens
 * first: the same rule as the bar's cancel, stock poured for it goes back.
 */
export function AdminCancelModal({ order, busy, onConfirm, onClose }: { order: Order; busy: boolean; onConfirm: (reason: string) => void; onClose: () => void }) {
  const [choice, setChoice] = useState<(typeof REASONS)[number] | null>(null);
  const [other, setOther] = useState('');
  const tooLong = other.trim().length > 200;
  const reason = choice === 'Other' ? (tooLong ? '' : other.trim()) : choice;
  return (
    <Modal
      title={`Cancel order #${shortOrderId(order.id)}?`} onClose={onClose}
      actions={<>
        <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>Keep order</button>
        <button type="button" className="btn btn-danger" disabled={!reason || busy} onClick={() => reason && onConfirm(reason)}>Cancel order</button>
      </>}
    >
      <p>{order.display_name}&apos;s order leaves the bar&apos;s queue, the guest sees it as cancelled and any stock already poured for it goes back. The reason shows in the audit log and the close-of-night report.</p>
      <fieldset className="stack">
        <legend>Reason</legend>
        {REASONS.map((r) => (
          <label key={r} className="check"><input type="radio" name="admin-cancel-reason" checked={choice === r} onChange={() => setChoice(r)} /> {r}</label>
        ))}
        {choice === 'Other' && (
          <label className="field">Other reason
            <input value={other} aria-invalid={tooLong} onChange={(e) => setOther(e.target.value)} />
          </label>
        )}
        {tooLong && <p className="field-error" role="alert">Keep the reason under 200 characters</p>}
      </fieldset>
    </Modal>
  );
}
