import { useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import type { Order } from '../../../../shared/schemas/order';
import { Modal } from '../../../ui/Modal';

const REASONS = ['Out of stock', 'Guest left', 'Duplicate order', 'Other'] as const;

/** Cancelling asks why and says what will happen before it is done (docs/decisions/234). */
export function CancelTicketModal({ order, onConfirm, onClose }: { order: Order; onConfirm: (reason: string) => void; onClose: () => void }) {
  const [choice, setChoice] = useState<(typeof REASONS)[number] | null>(null);
  const [other, setOther] = useState('');
  const tooLong = other.trim().length > 200;
  const reason = choice === 'Other' ? (tooLong ? '' : other.trim()) : choice;
  return (
    <Modal
      title={`Cancel order #${shortOrderId(order.id)}?`} onClose={onClose}
      actions={<>
        <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>Keep order</button>
        <button type="button" className="btn btn-danger" disabled={!reason} onClick={() => reason && onConfirm(reason)}>Cancel order</button>
      </>}
    >
      <p>{order.display_name}&apos;s order leaves the queue and the guest sees it as cancelled. {order.status === 'pending'
        ? 'Nothing goes back to stock: it was not started.'
        : 'What was poured for it goes back to stock.'} You can undo this for 60 seconds.</p>
      <fieldset className="stack">
        <legend>Reason</legend>
        {REASONS.map((r) => (
          <label key={r} className="check"><input type="radio" name="cancel-reason" checked={choice === r} onChange={() => setChoice(r)} /> {r}</label>
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
