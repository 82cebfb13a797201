import { useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import { formatCents } from '../../../../shared/money';
import type { Order } from '../../../../shared/schemas/order';
import { Modal } from '../../../ui/Modal';
import { BAR_PAYMENT_METHODS, PAYMENT_METHOD_NAMES, PAYMENT_METHOD_WORDS, type BarPaymentMethod } from '../../../../shared/payment-methods';

/**
 * "Record payment" on a delivered solo ticket (docs/decisions/222): handing the drinks over took no money
 * (docs/decisions/222); this records that the guest paid at the bar, and how, before the order counts as paid.
 */
export function RecordOrderPaymentModal({ order, onConfirm, onClose }: {
  order: Order; onConfirm: (method: BarPaymentMethod) => void; onClose: () => void;
}) {
  const [method, setMethod] = useState<BarPaymentMethod>('cash');
  const total = formatCents(order.total_cents);
  return (
    <Modal
      title={`Record payment for order #${shortOrderId(order.id)}`} onClose={onClose}
      actions={<>
        <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>Not paid yet</button>
        <button type="button" className="btn btn-primary" onClick={() => onConfirm(method)}>Record {total}</button>
      </>}
    >
      <p>{order.display_name} paid {total} {PAYMENT_METHOD_WORDS[method]}. The order moves to Paid; this cannot be undone here.</p>
      <fieldset className="stack">
        <legend>Paid with</legend>
        {BAR_PAYMENT_METHODS.map((value) => (
          <label key={value} className="check"><input type="radio" name="payment-method" checked={method === value} onChange={() => setMethod(value)} /> {PAYMENT_METHOD_NAMES[value]}</label>
        ))}
      </fieldset>
    </Modal>
  );
}
