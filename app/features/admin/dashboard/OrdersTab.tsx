import { ListOrdered, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminOrderName, cycleButtonLabel, newOrdersLabel, nextCycleStatus, orderModifiersAndNotes } from '../../../../shared/admin-dashboard';
import { formatCents, formatCount } from '../../../../shared/money';
import { shortOrderId } from '../../../../shared/ids';
import type { LiveMessage } from '../../../../shared/schemas/live';
import type { Order, StaffOrderFilter } from '../../../../shared/schemas/order';
import { errorMessage } from '../../../lib/api-client';
import { AdminCancelModal } from '../orders/AdminCancelModal';
import { useAdminCancelOrder } from '../orders/api';
import { tableDisplayName } from '../../../../shared/tables';
import { toast } from '../../../ui/toast';
import { staffToken } from '../../auth/staff-session';
import { useAdminOrderPages } from '../api';
import type { AdminWindow } from '../../orders/api';
import { useUpdateOrderStatus } from '../../orders/staff-api';
import { useVenueLive } from '../../orders/live';
import { OrderQueueOverlay } from './OrderQueueOverlay';

const WINDOWS: { value: AdminWindow; label: string }[] = [
  { value: '1h', label: '1 Hour' }, { value: '24h', label: '24 Hours' }, { value: 'all', label: 'All Time' },
];

const STATUS_BADGE: Record<Order['status'], string> = {
  pending: 'badge-warning', preparing: 'badge-info', ready: 'badge-info', delivered: 'badge-success', cancelled: 'badge-danger',
};

/** Spec: a ticking clock, every second. */
export function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Desktop notifications: permission is asked once, on the first load of the tab. */
function useDesktopNotifications() {
  useEffect(() => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
  }, []);
  return useCallback((order: Order) => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    new Notification('New Order!', { body: `Order #${order.id.slice(0, 8)} - ${adminOrderName(order, 'notification')}` });
  }, []);
}

const STATUS_FILTERS: { value: StaffOrderFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' }, { value: 'active', label: 'Open (at the bar)' }, { value: 'pending', label: 'Pending' },
  { value: 'preparing', label: 'Preparing' }, { value: 'ready', label: 'Ready' }, { value: 'delivered', label: 'Delivered' }, { value: 'cancelled', label: 'Cancelled' },
];

function OrderCard({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const update = useUpdateOrderStatus('admin');
  const next = nextCycleStatus(order.status);
  const label = cycleButtonLabel(order.status);
  const { modifiers, notes } = orderModifiersAndNotes(order);

  async function cycle() {
    if (!next) return;
    try {
      await update.mutateAsync({ orderId: order.id, status: next });
      toast.success(`Order status updated to ${next}!`);
    } catch {
      toast.error('Failed to update order status');
    }
  }

  return (
    <li className="card stack admin-order-card" data-testid="admin-order-card" data-order-id={order.id}>
      <div className="row admin-card-head">
        <h3>{adminOrderName(order, 'card')}</h3>
        <span className={`badge ${STATUS_BADGE[order.status]}`}>{order.status}</span>
      </div>
      <p className="muted">
        #{shortOrderId(order.id)} · {new Date(order.created_at).toLocaleTimeString()} · {formatCents(order.total_cents)}
        {order.table_number && order.display_name !== tableDisplayName(order.table_number) ? ` · Table ${order.table_number}` : ''}
      </p>
      <ul className="admin-order-items">
        {order.items.map((item) => <li key={item.id}>{item.member_name && <strong>{item.member_name}: </strong>}{item.quantity} × {item.name}</li>)}
      </ul>
      {modifiers && <p><strong>Modifiers:</strong> {modifiers}</p>}
      {notes && <p><strong>Notes:</strong> {notes}</p>}
      {label && (
        <button type="button" className="btn btn-primary btn-small" disabled={update.isPending} onClick={() => void cycle()}>
          {update.isPending ? 'Updating...' : label}
        </button>
      )}
      {order.status !== 'cancelled' && order.status !== 'delivered' && (
        <button type="button" className="btn btn-danger btn-small" onClick={() => onCancel(order)} aria-label={`Cancel order #${shortOrderId(order.id)}`}>Cancel order</button>
      )}
    </li>
  );
}

export function OrdersTab({ venueId }: { venueId: string }) {
  const [window, setWindow] = useState<AdminWindow>('1h');
  const [status, setStatus] = useState<StaffOrderFilter>('all');
  const [table, setTable] = useState('');
  const [search, setSearch] = useState('');
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const cancel = useAdminCancelOrder();
  const orders = useAdminOrderPages(window, { status, table: table.trim() || undefined, q: search.trim() || undefined });
  const [newCount, setNewCount] = useState(0);
  const [queueOpen, setQueueOpen] = useState(false);
  const now = useNow();
  const notify = useDesktopNotifications();
  const notifyRef = useRef(notify);
  useEffect(() => { notifyRef.current = notify; }, [notify]);

  const onEvent = useCallback((message: LiveMessage) => {
    if (message.type !== 'order_created') return;
    setNewCount((n) => n + 1);
    notifyRef.current(message.order);
  }, []);
  const live = useVenueLive(venueId, { token: staffToken(), onEvent });

  useEffect(() => { if (orders.isError) toast.error('Failed to load orders'); }, [orders.isError]);

  async function confirmCancel(order: Order, reason: string) {
    try {
      await cancel.mutateAsync({ orderId: order.id, reason });
      toast.success(`Order #${shortOrderId(order.id)} cancelled`);
      setCancelling(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to cancel the order'));
    }
  }

  function refresh() {
    setNewCount(0);
    void orders.refetch();
  }

  const list = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <section className="stack" aria-labelledby="orders-heading">
      <div className="row admin-section-head">
        <h2 id="orders-heading">Orders Management</h2>
        <span className={`badge ${live.connected ? 'badge-success' : 'badge-danger'}`} role="status">
          {live.connected ? <><Wifi size={14} aria-hidden="true" /> Live Connection</> : <><WifiOff size={14} aria-hidden="true" /> Offline</>}
        </span>
        {newCount > 0 && <span className="badge badge-info" role="status" aria-live="polite">{newOrdersLabel(newCount)}</span>}
      </div>
      <div className="row admin-filters">
        <div className="chips" role="group" aria-label="Time window">
          {WINDOWS.map((w) => (
            <button key={w.value} type="button" className="chip" aria-pressed={window === w.value} onClick={() => setWindow(w.value)}>{w.label}</button>
          ))}
        </div>
        <button type="button" className="btn" onClick={() => setQueueOpen(true)}><ListOrdered size={16} aria-hidden="true" /> View Queue</button>
        <span className="admin-clock" aria-label="Current time">{now.toLocaleTimeString()}</span>
        <button type="button" className="btn btn-ghost" onClick={refresh}><RefreshCw size={16} aria-hidden="true" /> Refresh</button>
        <span className="muted">Last sync: {orders.dataUpdatedAt ? new Date(orders.dataUpdatedAt).toLocaleTimeString() : '—'}</span>
      </div>
      <div className="row admin-filters" role="search">
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" value={status} onChange={(e) => setStatus(e.target.value as StaffOrderFilter)}>
            {STATUS_FILTERS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
        </div>
        <div className="field"><label htmlFor="orders-table">Table</label><input id="orders-table" value={table} maxLength={20} onChange={(e) => setTable(e.target.value)} /></div>
        <div className="field"><label htmlFor="orders-search">Order code or guest name</label><input id="orders-search" type="search" value={search} maxLength={120} onChange={(e) => setSearch(e.target.value)} /></div>
      </div>
      {orders.isError ? <p className="field-error" role="alert">Failed to load orders</p>
        : orders.isPending ? <p className="muted">Loading orders...</p>
        : list.length === 0 ? (
          <div className="card empty-state"><p>{status !== 'all' || table.trim() || search.trim() ? 'No orders match these filters' : 'No Orders Yet'}</p></div>
        ) : (
          <>
            <ul className="admin-card-grid">{list.map((order) => <OrderCard key={order.id} order={order} onCancel={setCancelling} />)}</ul>
            <p className="muted" role="status">{formatCount(list.length)} {list.length === 1 ? 'order' : 'orders'} shown{orders.hasNextPage ? '; older orders on the next page' : ''}</p>
            {orders.hasNextPage && (
              <button type="button" className="btn" disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
                {orders.isFetchingNextPage ? 'Loading...' : 'Load more orders'}
              </button>
            )}
          </>
        )}
      {queueOpen && <OrderQueueOverlay onClose={() => setQueueOpen(false)} />}
      {cancelling && (
        <AdminCancelModal order={cancelling} busy={cancel.isPending} onClose={() => setCancelling(null)} onConfirm={(reason) => void confirmCancel(cancelling, reason)} />
      )}
    </section>
  );
}
