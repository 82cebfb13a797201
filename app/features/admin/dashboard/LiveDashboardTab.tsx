import { Wifi, WifiOff } from 'lucide-react';
import { adminOrderName } from '../../../../shared/admin-dashboard';
import { shortOrderId } from '../../../../shared/ids';
import { formatCents, formatCount } from '../../../../shared/money';
import { allowedTransitions, type OrderStatus } from '../../../../shared/orders';
import type { Venue } from '../../../../shared/schemas/venue';
import { staffToken } from '../../auth/staff-session';
import { useAdminOrders, useUpdateOrderStatus } from '../../orders/staff-api';
import { useVenueLive } from '../../orders/live';
import { useAdminFigures, useMenuDrinks } from '../api';
import { StatTiles } from './parts';

const SHOWN = 10;
const ACTIONS: OrderStatus[] = ['preparing', 'ready', 'delivered'];

/** Spec 'Live Dashboard': tiles over all orders, the latest orders (10 shown) and the first 10 drinks by display order. */
export function LiveDashboardTab({ venue }: { venue: Venue | null }) {
  const orders = useAdminOrders('all');
  const drinks = useMenuDrinks('display_order');
  const figures = useAdminFigures('all');
  const update = useUpdateOrderStatus('admin');
  const live = useVenueLive(venue?.id, { token: staffToken(), enabled: Boolean(venue) });

  if (!venue) return <div className="card empty-state"><p>No Venue Selected</p></div>;

  const list = orders.data ?? [];
  // Tiles cover every order of the venue by the shared sales definition, not the 50 orders on screen.
  const totals = figures.data;
  return (
    <section className="stack" aria-labelledby="live-heading">
      <div className="row admin-section-head">
        <h2 id="live-heading">Real-Time Venue Dashboard</h2>
        <span className={`badge ${live.connected ? 'badge-success' : 'badge-danger'}`} role="status">
          {live.connected ? <><Wifi size={14} aria-hidden="true" /> Live</> : <><WifiOff size={14} aria-hidden="true" /> Offline</>}
        </span>
      </div>
      <p className="muted">{venue.name} · <code>{venue.id}</code></p>
      <StatTiles tiles={[
        { label: 'Total Orders', value: totals ? formatCount(totals.orders) : '…' },
        { label: 'Pending Orders', value: totals ? formatCount(totals.pending_orders) : '…' },
        { label: 'Total Revenue', value: totals ? formatCents(totals.revenue_cents) : '…' },
        { label: 'Avg Order Value', value: totals ? formatCents(totals.avg_order_cents) : '…' },
      ]} />
      <div className="admin-live-grid">
        <div className="card stack">
          <h3>Live Orders</h3>
          {list.length === 0 ? <p className="muted">No Orders Yet</p> : (
            <ul className="stack admin-live-list">
              {list.slice(0, SHOWN).map((order) => (
                <li key={order.id} className="admin-live-order">
                  <span className="truncate" title={adminOrderName(order)}><strong>{adminOrderName(order)}</strong> <span className="muted">#{shortOrderId(order.id)} · {formatCents(order.total_cents)} · {order.status}</span></span>
                  <span className="admin-live-actions" role="group" aria-label={`Status of order ${shortOrderId(order.id)}`}>
                  {ACTIONS.map((status) => (
                    <button
                      key={status} type="button" className="btn btn-small" disabled={!allowedTransitions(order.status).includes(status)}
                      onClick={() => update.mutate({ orderId: order.id, status }, { onError: (err) => console.error('Status change failed', err) })}
                      aria-label={`Mark order ${shortOrderId(order.id)} ${status}`}
                    >
                      {status}
                    </button>
                  ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="card stack">
          <h3>Menu Management</h3>
          <ul className="stack admin-live-list">
            {(drinks.data ?? []).slice(0, SHOWN).map((drink) => (
              <li key={drink.id} className="row">
                <span>{drink.name}</span>
                <span className="spacer" />
                <span className="muted">{formatCents(drink.price_cents)}</span>
                {drink.featured && <span className="badge badge-info">Featured</span>}
                <span className={`badge ${drink.available ? 'badge-success' : 'badge-danger'}`}>{drink.available ? 'Available' : drink.sold_out_reason ?? 'Unavailable'}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
