import { RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { adminOrderName, isDoubleTap } from '../../../../shared/admin-dashboard';
import { DOUBLE_TAP_MS } from '../../../../shared/back-office-constants';
import { shortOrderId } from '../../../../shared/ids';
import type { Order } from '../../../../shared/schemas/order';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useStaffOrders, useUpdateOrderStatus } from '../../orders/staff-api';

/**
 * Spec 'Order Queue overlay': the active orders (pending, preparing, ready), oldest first. Two taps on
 * an order within 500 ms deliver it; one completion at a time.
 */
export function OrderQueueOverlay({ onClose }: { onClose: () => void }) {
  const queue = useStaffOrders('active');
  const update = useUpdateOrderStatus('admin');
  const [completing, setCompleting] = useState<string | null>(null);
  const lastTap = useRef<{ id: string; at: number } | null>(null);

  /** `at` is the click's event time, in ms. */
  async function tap(order: Order, at: number) {
    if (!isDoubleTap(lastTap.current, order.id, at, DOUBLE_TAP_MS)) {
      lastTap.current = { id: order.id, at };
      return;
    }
    lastTap.current = null;
    if (completing) return;
    setCompleting(order.id);
    try {
      await update.mutateAsync({ orderId: order.id, status: 'delivered' });
      toast.success(`Order ${shortOrderId(order.id)} delivered`, 3000);
    } catch {
      toast.error('Failed to complete order');
    } finally {
      setCompleting(null);
    }
  }

  const orders = queue.data ?? [];
  const pending = orders.filter((o) => o.status === 'pending').length;

  return (
    <Modal title="Order Queue" onClose={onClose}>
      <div className="stack admin-queue">
        <p role="status"><strong>{pending}</strong> pending</p>
        <p className="muted">Double-tap an order to mark it delivered.</p>
        {queue.isPending ? <p className="muted">Loading queue...</p> : orders.length === 0 ? (
          <div className="empty-state"><p>All caught up!</p></div>
        ) : (
          <ul className="stack admin-queue-list">
            {orders.map((order) => (
              <li key={order.id}>
                <button
                  type="button" className="card admin-queue-item" data-testid="queue-order" data-order-id={order.id}
                  disabled={completing !== null && completing !== order.id} onClick={(e) => void tap(order, e.timeStamp)}
                  aria-label={`${adminOrderName(order, 'queue')}, order ${shortOrderId(order.id)}, ${order.status}. Double-tap to complete`}
                >
                  <span className="admin-queue-name">{adminOrderName(order, 'queue')}</span>
                  <span className="muted">#{shortOrderId(order.id)} · {order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</span>
                  <span className="badge badge-info">{completing === order.id ? 'Completing...' : order.status}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="row">
          <p className="muted">New orders will appear automatically</p>
          <span className="spacer" />
          <button type="button" className="btn btn-small" onClick={() => void queue.refetch()}><RefreshCw size={14} aria-hidden="true" /> Refresh</button>
          <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>Close</button>
        </div>
      </div>
    </Modal>
  );
}
