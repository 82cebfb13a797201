import { History } from 'lucide-react';
import { useMemo, useState } from 'react';
import { historyOrderId } from '../../../../shared/ids';
import { formatCents } from '../../../../shared/money';
import type { Order, StaffOrderFilter } from '../../../../shared/schemas/order';
import { useStaffHistoryPages } from '../api';
import { OrderDetailsModal } from '../shared/OrderDetailsModal';
import { daysAgo, formatDateTime, formatTime, startOfToday } from '../shared/format';

const RANGES = ['Today', '7 Days', '30 Days'] as const;
type Range = (typeof RANGES)[number];
const STATUSES: { label: string; value: StaffOrderFilter }[] = [
  { label: 'All Status', value: 'all' }, { label: 'Open', value: 'open' }, { label: 'Paid', value: 'paid' }, { label: 'Void', value: 'void' },
];

function sinceOf(range: Range | null): string | null {
  if (range === 'Today') return startOfToday().toISOString();
  if (range === '7 Days') return daysAgo(7).toISOString();
  if (range === '30 Days') return daysAgo(30).toISOString();
  return null;
}

/** Spec 'open' / 'paid' / 'void' readings as the table shows them. */
function historyStatus(order: Order): { label: string; badge: string } {
  if (order.status === 'cancelled') return { label: 'Void', badge: 'badge-danger' };
  if (order.payment_status === 'captured') return { label: 'Paid', badge: 'badge-success' };
  return { label: 'Open', badge: 'badge-warning' };
}

export default function OrderHistoryPage() {
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  const [status, setStatus] = useState<StaffOrderFilter>('all');
  const [details, setDetails] = useState<Order | null>(null);
  // The range is fixed when chosen, so the query key (and its pages) stays stable.
  const since = useMemo(() => sinceOf(range), [range]);
  const history = useStaffHistoryPages(status, since);

  const orders = history.data?.pages.flat() ?? [];
  const term = search.trim().toLowerCase();
  const shown = term
    ? orders.filter((o) => o.id.toLowerCase().includes(term) || historyOrderId(o.id).toLowerCase().includes(term) || o.items.some((i) => i.name.toLowerCase().includes(term)))
    : orders;

  return (
    <main className="page staff-page">
      <h1><History aria-hidden="true" /> Order History</h1>
      <input type="search" className="search-field" aria-label="Search by order id or drink name" placeholder="Search by order id or drink name" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="row staff-toolbar">
        <div className="chips" role="group" aria-label="Date range">
          {RANGES.map((r) => <button key={r} type="button" className="chip" aria-pressed={range === r} onClick={() => setRange((cur) => (cur === r ? null : r))}>{r}</button>)}
        </div>
        <div className="chips" role="group" aria-label="Status">
          {STATUSES.map((s) => <button key={s.value} type="button" className="chip" aria-pressed={status === s.value} onClick={() => setStatus(s.value)}>{s.label}</button>)}
        </div>
      </div>
      {history.isError && <p className="field-error" role="alert">Failed to load orders</p>}
      {shown.length === 0 ? (
        <p className="empty-state">{history.isPending ? 'Loading orders…' : 'No orders found.'}</p>
      ) : (
        <div className="table-wrap">
          <table className="staff-table">
            <thead><tr><th scope="col">Order</th><th scope="col">Items</th><th scope="col">Status</th><th scope="col">Total</th><th scope="col">Delivered</th><th scope="col"><span className="visually-hidden">Details</span></th></tr></thead>
            <tbody>
              {shown.map((order) => {
                const st = historyStatus(order);
                const count = order.items.reduce((n, i) => n + i.quantity, 0);
                return (
                  <tr key={order.id} data-order-id={order.id}>
                    <th scope="row">
                      <span className="mono">#{historyOrderId(order.id)}</span>
                      <div className="muted">{formatDateTime(order.created_at)}</div>
                      <div>{order.display_name}</div>
                    </th>
                    <td>{count} {count === 1 ? 'item' : 'items'}<div className="muted">{order.items.slice(0, 2).map((i) => i.name).join(', ')}{order.items.length > 2 ? '…' : ''}</div></td>
                    <td><span className={`badge ${st.badge}`}>{st.label}</span></td>
                    <td>{formatCents(order.total_cents)}</td>
                    <td>{order.delivered_at ? formatTime(order.delivered_at) : 'Not delivered'}</td>
                    <td><button type="button" className="btn btn-ghost btn-small" onClick={() => setDetails(order)} aria-label={`View details of order ${historyOrderId(order.id)}`}>View Details</button></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage && (
        <button type="button" className="btn" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
      {details && <OrderDetailsModal order={details} onClose={() => setDetails(null)} />}
    </main>
  );
}
