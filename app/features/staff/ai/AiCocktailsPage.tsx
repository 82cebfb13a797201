import { Bot, Eye } from 'lucide-react';
import { useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import type { AiOrder } from '../../../../shared/schemas/order';
import { STAFF_ORDERS_POLL_MS } from '../../../../shared/back-office-constants';
import { errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useAuth } from '../../auth/staff-hooks';
import { staffToken } from '../../auth/staff-session';
import { useStaffAiOrders, useUpdateOrderStatus } from '../../orders/staff-api';
import { useVenueLive } from '../../orders/live';
import { BuildSheetModal } from '../shared/BuildSheetModal';
import { OrderStatusBadge, daysAgo, formatDateTime, formatTime, startOfToday } from '../shared/format';

const FILTERS = ['Undelivered', 'All', 'Today', '7 Days'] as const;
type Filter = (typeof FILTERS)[number];

function matches(order: AiOrder, filter: Filter) {
  switch (filter) {
    case 'Undelivered': return !order.delivered_at && order.status !== 'cancelled';
    case 'All': return true;
    case 'Today': return Date.parse(order.created_at) >= startOfToday().getTime();
    case '7 Days': return Date.parse(order.created_at) >= daysAgo(7).getTime();
  }
}

export default function AiCocktailsPage() {
  const auth = useAuth();
  const live = useVenueLive(auth.restaurantId, { token: staffToken() });
  const orders = useStaffAiOrders({ pollMs: live.connected ? false : STAFF_ORDERS_POLL_MS });
  const update = useUpdateOrderStatus('staff');
  const [filter, setFilter] = useState<Filter>('Undelivered');
  const [search, setSearch] = useState('');
  const [buildFor, setBuildFor] = useState<AiOrder | null>(null);
  const [detailsFor, setDetailsFor] = useState<AiOrder | null>(null);

  const list = orders.data ?? [];
  const term = search.trim().toLowerCase();
  const shown = list.filter((o) => matches(o, filter) && (!term || [o.id, o.ai_recipe_name, o.custom_name, o.display_name, ...o.items.map((i) => i.name)]
    .some((text) => text?.toLowerCase().includes(term))));

  async function deliver(order: AiOrder) {
    try {
      await update.mutateAsync({ orderId: order.id, status: 'delivered' });
      toast.success(`Order ${shortOrderId(order.id)} delivered`, 3000);
    } catch (err) {
      toast.error(`Failed to complete order: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <main className="page staff-page">
      <h1><Bot aria-hidden="true" /> AI-Built Cocktails</h1>
      <div className="tiles">
        <div className="tile"><span className="tile-value">{list.filter((o) => !o.delivered_at && o.status !== 'cancelled').length}</span><span className="tile-label">Undelivered</span></div>
        <div className="tile"><span className="tile-value">{list.length}</span><span className="tile-label">Total AI</span></div>
      </div>
      <input type="search" className="search-field" aria-label="Search AI orders" placeholder="Search by order id, drink, AI recipe or custom name" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="chips" role="group" aria-label="Filter AI orders">
        {FILTERS.map((f) => <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => setFilter(f)}>{f}</button>)}
      </div>
      {orders.isError && <p className="field-error" role="alert">Failed to load orders</p>}
      {shown.length === 0 ? (
        <p className="empty-state">{orders.isPending ? 'Loading orders…' : 'No AI orders found for the selected filter.'}</p>
      ) : (
        <ul className="staff-order-list" aria-label="AI orders">
          {shown.map((order) => (
            <li key={order.id} className="card order-card" aria-label={`Order #${shortOrderId(order.id)}`}>
              <div className="order-card-head">
                <span className="order-id mono">#{shortOrderId(order.id)}</span>
                <OrderStatusBadge status={order.status} />
                <span className="muted">{formatTime(order.created_at)}</span>
              </div>
              <p><strong>{order.display_name}</strong>{order.ai_recipe_name && order.ai_recipe_name !== order.display_name && <span className="muted"> · {order.ai_recipe_name}</span>}</p>
              <ul className="item-list">{order.items.map((i, n) => <li key={n}>{i.quantity} × {i.name}</li>)}</ul>
              <div className="row staff-order-foot">
                <span className="spacer" />
                <button type="button" className="btn btn-small" onClick={() => setBuildFor(order)}>Build Sheet</button>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setDetailsFor(order)}><Eye aria-hidden="true" size={14} /> Details</button>
                {!order.delivered_at && order.status !== 'cancelled' && (
                  <button type="button" className="btn btn-primary btn-small" disabled={update.isPending} onClick={() => void deliver(order)}>Mark Delivered</button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {buildFor && (
        <BuildSheetModal
          title={`Build Sheet #${shortOrderId(buildFor.id)}`}
          drinks={buildFor.items.map((i, n) => ({
            key: String(n), name: i.name, quantity: i.quantity, notes: i.notes, modifiers: i.modifiers,
            steps: i.build_steps.map((s) => ({ ingredient: s.ingredient_name, quantity: s.quantity, unit: s.unit, optional: false })),
          }))}
          onClose={() => setBuildFor(null)}
        />
      )}
      {detailsFor && (
        <Modal title={`Order #${shortOrderId(detailsFor.id)}`} onClose={() => setDetailsFor(null)} actions={<button type="button" className="btn btn-primary" onClick={() => setDetailsFor(null)} data-autofocus>Close</button>}>
          <dl className="order-details">
            <dt>Name</dt><dd>{detailsFor.display_name}</dd>
            <dt>Status</dt><dd><OrderStatusBadge status={detailsFor.status} /></dd>
            <dt>AI recipe</dt><dd>{detailsFor.ai_recipe_name ?? '—'}</dd>
            <dt>Custom name</dt><dd>{detailsFor.custom_name ?? '—'}</dd>
            <dt>Referred by AI</dt><dd>{detailsFor.referred_by_ai ? 'Yes' : 'No'}</dd>
            <dt>Placed</dt><dd>{formatDateTime(detailsFor.created_at)}</dd>
            <dt>Delivered</dt><dd>{detailsFor.delivered_at ? formatDateTime(detailsFor.delivered_at) : 'Not delivered'}</dd>
          </dl>
          <ul className="item-list">
            {detailsFor.items.map((i, n) => (
              <li key={n}>{i.quantity} × {i.name}{i.modifiers && <div className="muted">Modifiers: {i.modifiers}</div>}{i.notes && <div className="muted">Notes: {i.notes}</div>}</li>
            ))}
          </ul>
        </Modal>
      )}
    </main>
  );
}
