import { formatCents } from '../../../../shared/money';
import { shortOrderId } from '../../../../shared/ids';
import type { Order } from '../../../../shared/schemas/order';
import { Modal } from '../../../ui/Modal';
import { MemberName, OrderStatusBadge, formatDateTime } from './format';

/** Everything about one order: lines, totals, payment, who and where, times. */
export function OrderDetailsModal({ order, onClose }: { order: Order; onClose: () => void }) {
  return (
    <Modal title={`Order #${shortOrderId(order.id)}`} onClose={onClose} actions={<button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>Close</button>}>
      <dl className="order-details">
        <dt>Name</dt><dd>{order.display_name}</dd>
        <dt>Status</dt><dd><OrderStatusBadge status={order.status} /> <span className="muted">Payment: {order.payment_status}</span></dd>
        {order.table_number && (<><dt>Table</dt><dd>{order.table_number}</dd></>)}
        {order.customer_name && (<><dt>Customer</dt><dd>{order.customer_name}</dd></>)}
        <dt>Placed</dt><dd>{formatDateTime(order.created_at)}</dd>
        <dt>Delivered</dt><dd>{order.delivered_at ? formatDateTime(order.delivered_at) : 'Not delivered'}</dd>
        {order.special_instructions && (<><dt>Instructions</dt><dd>{order.special_instructions}</dd></>)}
        {order.referred_by_ai && (<><dt>AI</dt><dd>{order.ai_recipe_name ?? 'Suggested by the AI bartender'}</dd></>)}
      </dl>
      <ul className="item-list">
        {order.items.map((item) => (
          <li key={item.id}>
            <span><MemberName name={item.member_name} />{item.quantity} × {item.name}</span> <span className="item-total">{formatCents(item.total_cents)}</span>
            {item.modifiers && <div className="muted">Modifiers: {item.modifiers}</div>}
            {item.notes && <div className="muted">Notes: {item.notes}</div>}
          </li>
        ))}
      </ul>
      <p className="summary">Subtotal {formatCents(order.subtotal_cents)} · Tax {formatCents(order.tax_cents)} · <strong>Total {formatCents(order.total_cents)}</strong></p>
    </Modal>
  );
}
