import { Bell, ClipboardList, Eye, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import { formatCents } from '../../../../shared/money';
import { allowedTransitions, isActiveStatus, type OrderStatus } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';
import { STAFF_ORDERS_POLL_MS } from '../../../../shared/constants';
import { errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useAuth } from '../../auth/staff-hooks';
import { staffToken } from '../../auth/staff-session';
import { useStaffOrders, useUpdateOrderStatus } from '../../orders/api';
import { useVenueLive } from '../../orders/live';
import { useStaffMenu } from '../api';
import { BuildSheetModal } from '../shared/BuildSheetModal';
import { OrderDetailsModal } from '../shared/OrderDetailsModal';
import { OrderStatusBadge, formatTime, isOpenOrder, isPaidOrder, startOfToday } from '../shared/format';
import { buildDrinksOf } from '../shared/recipes';
import { alertNewOrder, useAlertSettings } from './notifications';

const FILTERS = ['All', 'Undelivered', 'Open', 'Paid', 'Today', 'AI Only'] as const;
type Filter = (typeof FILTERS)[number];

const isAiOrder = (o: Order) => o.referred_by_ai || Boolean(o.ai_recipe_name) || Boolean(o.custom_name) || o.items.some((i) => i.is_ai_creation);

function matches(order: Order, filter: Filter, todayStart: number) {
  switch (filter) {
    case 'All': return true;
    case 'Undelivered': return !order.delivered_at && order.status !== 'cancelled';
    case 'Open': return isOpenOrder(order);
    case 'Paid': return isPaidOrder(order);
    case 'Today': return Date.parse(order.created_at) >= todayStart;
    case 'AI Only': return isAiOrder(order);
  }
}

/** The queue a bartender works: orders still to make first, oldest first; finished ones after, newest first. */
function queueOrder(a: Order, b: Order) {
  const activeA = isActiveStatus(a.status);
  const activeB = isActiveStatus(b.status);
  if (activeA !== activeB) return activeA ? -1 : 1;
  return activeA ? a.created_at.localeCompare(b.created_at) : b.created_at.localeCompare(a.created_at);
}

function mergeOrders(a: Order[] | undefined, b: Order[] | undefined): Order[] | undefined {
  if (!a && !b) return undefined;
  const byId = new Map<string, Order>();
  for (const order of [...(b ?? []), ...(a ?? [])]) byId.set(order.id, order);
  return [...byId.values()];
}

const NEXT_LABEL: Partial<Record<OrderStatus, string>> = {
  preparing: 'Start Preparing', ready: 'Mark Ready', delivered: 'Mark Delivered',
};

export default function ActiveOrdersPage() {
  const auth = useAuth();
  const [filter, setFilter] = useState<Filter>('All');
  const [settings, updateSettings] = useAlertSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const live = useVenueLive(auth.restaurantId, { token: staffToken() });
  // The live socket refreshes the list; polling every 5 s only while it is down.
  const pollMs = live.connected ? false : STAFF_ORDERS_POLL_MS;
  // Every order still to make (however old), plus the latest ones for the Paid / Today filters.
  const active = useStaffOrders('active', { pollMs });
  const recent = useStaffOrders('all', { pollMs });
  const merged = useMemo(() => mergeOrders(active.data, recent.data), [active.data, recent.data]);
  const orders = { data: merged, isError: active.isError || recent.isError, isPending: active.isPending };
  const menu = useStaffMenu();
  const update = useUpdateOrderStatus('staff');
  const [buildFor, setBuildFor] = useState<Order | null>(null);
  const [detailsFor, setDetailsFor] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  // A new order always enters the active queue: an id not seen there before (after the first load) rings the bell.
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!active.data) return;
    const fresh = active.data.filter((o) => !seen.current?.has(o.id));
    if (seen.current && fresh.length > 0) alertNewOrder(settings);
    seen.current ??= new Set();
    for (const o of fresh) seen.current.add(o.id);
  }, [active.data, settings]);

  const list = merged ?? [];
  const todayStart = startOfToday().getTime();
  const shown = list.filter((o) => matches(o, filter, todayStart)).sort(queueOrder);
  const undelivered = list.filter((o) => !o.delivered_at && o.status !== 'cancelled').length;
  const open = list.filter(isOpenOrder).length;

  async function move(order: Order, status: OrderStatus) {
    try {
      await update.mutateAsync({ orderId: order.id, status });
      toast.success(status === 'delivered' ? `Order ${shortOrderId(order.id)} completed!` : `Order status updated to ${status}!`, 3000);
    } catch (err) {
      toast.error(`Failed to update order status: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <main className="page staff-page">
      <div className="section-head">
        <h1><ClipboardList aria-hidden="true" /> Active Orders</h1>
        <div className="row">
          <span className={`badge ${live.connected ? 'badge-success' : 'badge-warning'}`} role="status">
            {live.connected ? <><Wifi aria-hidden="true" size={14} /> Live</> : <><WifiOff aria-hidden="true" size={14} /> Offline</>}
          </span>
          <div className="popover-anchor">
            <button type="button" className="btn btn-ghost btn-small" aria-expanded={settingsOpen} aria-controls="notification-settings" onClick={() => setSettingsOpen((o) => !o)}>
              <Bell aria-hidden="true" size={16} /> Notifications
            </button>
            {settingsOpen && (
              <div id="notification-settings" className="popover card" role="group" aria-label="Notification settings">
                <label className="check"><input type="checkbox" checked={settings.sound} onChange={(e) => updateSettings({ sound: e.target.checked })} /> Sound notification</label>
                <label className="check"><input type="checkbox" checked={settings.vibrate} onChange={(e) => updateSettings({ vibrate: e.target.checked })} /> Vibrate (if supported)</label>
              </div>
            )}
          </div>
        </div>
      </div>

      <div className="tiles">
        <div className="tile"><span className="tile-value" data-testid="undelivered-count">{undelivered}</span><span className="tile-label">Undelivered</span></div>
        <div className="tile"><span className="tile-value" data-testid="open-count">{open}</span><span className="tile-label">Open</span></div>
      </div>

      <div className="chips" role="group" aria-label="Filter orders">
        {FILTERS.map((f) => (
          <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => setFilter(f)}>{f}</button>
        ))}
      </div>

      {orders.isError && <p className="field-error" role="alert">Failed to load orders</p>}
      {shown.length === 0 ? (
        <p className="empty-state">{orders.isPending ? 'Loading orders…' : 'No orders found for the selected filter.'}</p>
      ) : (
        <ul className="staff-order-list" aria-label="Orders">
          {shown.map((order) => {
            const forward = allowedTransitions(order.status).filter((s) => s !== 'cancelled');
            const next = forward[0];
            return (
              <li key={order.id} className="card order-card staff-order-card" data-order-id={order.id} aria-label={`Order #${shortOrderId(order.id)}`}>
                <div className="order-card-head">
                  <span className="order-id mono">#{shortOrderId(order.id)}</span>
                  <OrderStatusBadge status={order.status} />
                  {isAiOrder(order) && <span className="badge badge-info">AI</span>}
                  <span className="muted">{formatTime(order.created_at)}</span>
                </div>
                <p className="staff-order-name"><strong>{order.display_name}</strong>{order.table_number && <span className="muted"> · Table {order.table_number}</span>}</p>
                <ul className="item-list">
                  {order.items.map((item) => (
                    <li key={item.id}>
                      {item.quantity} × {item.name}
                      {item.modifiers && <span className="muted"> · {item.modifiers}</span>}
                      {item.notes && <span className="muted"> · {item.notes}</span>}
                    </li>
                  ))}
                </ul>
                <div className="row staff-order-foot">
                  <span className="price">{formatCents(order.total_cents)}</span>
                  <span className="spacer" />
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setBuildFor(order)}>Build Sheet</button>
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => setDetailsFor(order)}><Eye aria-hidden="true" size={14} /> Details</button>
                  {next && next !== 'delivered' && (
                    <button type="button" className="btn btn-small" disabled={update.isPending} onClick={() => void move(order, next)}>{NEXT_LABEL[next]}</button>
                  )}
                  {forward.includes('delivered') && (
                    <button type="button" className="btn btn-primary btn-small" disabled={update.isPending} onClick={() => void move(order, 'delivered')}>Mark Delivered</button>
                  )}
                  {order.status === 'pending' && (
                    <button type="button" className="btn btn-danger btn-small" disabled={update.isPending} onClick={() => setCancelling(order)}>Cancel</button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {cancelling && (
        <ConfirmDialog
          title={`Cancel order #${shortOrderId(cancelling.id)}?`} confirmLabel="Cancel order" busy={update.isPending}
          onCancel={() => setCancelling(null)} onConfirm={() => { const order = cancelling; setCancelling(null); void move(order, 'cancelled'); }}
        >
          <p>The guest sees the order as cancelled at once, it leaves the queue, no stock is taken for it and it does not count as a sale. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      {buildFor && <BuildSheetModal title={`Build Sheet #${shortOrderId(buildFor.id)}`} drinks={buildDrinksOf(buildFor, menu.data)} onClose={() => setBuildFor(null)} />}
      {detailsFor && <OrderDetailsModal order={detailsFor} onClose={() => setDetailsFor(null)} />}
    </main>
  );
}
