import { Bell, ClipboardList, Eye, Keyboard, Timer, Undo2, Wifi, WifiOff } from 'lucide-react';
import { LineModifiers } from '../../../ui/LineModifiers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import { formatCents } from '../../../../shared/money';
import { allowedTransitions, isActiveStatus, isBumpedStatus, RECALL_WINDOW_MS, type OrderStatus } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';
import { STAFF_ORDERS_POLL_MS, TICKET_AMBER_MS, TICKET_RED_MS } from '../../../../shared/constants';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useAuth } from '../../auth/staff-hooks';
import { staffToken } from '../../auth/staff-session';
import { useStaffQueue } from '../../orders/staff-api';
import { useVenueLive } from '../../orders/live';
import { useStaffMenu } from '../api';
import { BuildSheetModal } from '../shared/BuildSheetModal';
import { OrderDetailsModal } from '../shared/OrderDetailsModal';
import { MemberName, OrderStatusBadge, formatTime, isOpenOrder, isPaidOrder, startOfToday, tableOfTicket } from '../shared/format';
import { buildDrinksOf } from '../shared/recipes';
import { AllDayPanel } from './AllDayPanel';
import { BAR_KEYS, useBarKeys } from './bar-keys';
import { CancelTicketModal } from './CancelTicketModal';
import { ClearUnclaimedButton } from './ClearUnclaimedButton';
import { alertNewOrder, useAlertSettings } from './notifications';
import { TicketConstraintNote } from './TicketConstraintNote';
import { useTicketActions } from './ticket-actions';

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

const STAGE_ORDER: Record<OrderStatus, number> = { pending: 0, preparing: 1, ready: 2, delivered: 3, cancelled: 3 };

/**
 * The queue a bartender works: tickets still to make by stage (pending, preparing, ready), oldest
 * first within each; finished ones after, most recently bumped first.
 */
function queueOrder(a: Order, b: Order) {
  const stage = STAGE_ORDER[a.status] - STAGE_ORDER[b.status];
  if (stage !== 0) return stage;
  return isActiveStatus(a.status) ? a.created_at.localeCompare(b.created_at) : b.updated_at.localeCompare(a.updated_at);
}

/** A bumped ticket can be recalled until RECALL_WINDOW_MS after its bump (docs/decisions/122). */
const undoableUntil = (o: Order) => (isBumpedStatus(o.status) ? Date.parse(o.updated_at) + RECALL_WINDOW_MS : 0);

function ageLevel(ms: number) {
  return ms >= TICKET_RED_MS ? 'red' : ms >= TICKET_AMBER_MS ? 'amber' : 'fresh';
}

function formatAge(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Re-renders every second: ticket ages and Undo windows move with the clock. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
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
  // Live events are written into the list; polling every 5 s only while the socket is down.
  const pollMs = live.connected ? false : STAFF_ORDERS_POLL_MS;
  // One read: every order still to make (however old), plus the latest ones for the Paid / Today filters.
  const orders = useStaffQueue({ pollMs });
  const merged = orders.data;
  const active = useMemo(() => ({ data: merged?.filter((o) => isActiveStatus(o.status)) }), [merged]);
  const menu = useStaffMenu();
  const tickets = useTicketActions();
  const now = useNow();
  const [buildFor, setBuildFor] = useState<Order | null>(null);
  const [detailsFor, setDetailsFor] = useState<Order | null>(null);
  const [cancelFor, setCancelFor] = useState<Order | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

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
  const selected = shown.find((o) => o.id === selectedId) ?? null;

  function advance(order: Order) {
    const next = allowedTransitions(order.status).find((s) => s !== 'cancelled');
    if (next && !tickets.isPending(order.id)) void tickets.change(order, { to: next });
  }

  function undoLast() {
    const candidates = (selected && undoableUntil(selected) > now ? [selected] : list.filter((o) => undoableUntil(o) > now))
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const last = candidates[0];
    if (!last) toast.info('Nothing to undo');
    else if (!tickets.isPending(last.id)) void tickets.change(last, { recall: true });
  }

  useBarKeys({
    select: (index) => { const o = shown[index]; if (o) setSelectedId(o.id); },
    advance: () => { if (selected) advance(selected); },
    undo: undoLast,
    help: () => setHelpOpen(true),
  });

  return (
    <main className="page staff-page">
      <div className="section-head">
        <h1><ClipboardList aria-hidden="true" /> Active Orders</h1>
        <div className="row">
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            <Keyboard aria-hidden="true" size={16} /> Keys <kbd>?</kbd>
          </button>
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
          <ClearUnclaimedButton />
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

      <div className="bar-display">
      <div className="bar-tickets">
      {orders.isError && <p className="field-error" role="alert">Failed to load orders</p>}
      {shown.length === 0 ? (
        <p className="empty-state">{orders.isPending ? 'Loading orders…' : 'No orders found for the selected filter.'}</p>
      ) : (
        <ul className="staff-order-list" aria-label="Orders">
          {shown.map((order, index) => {
            const forward = allowedTransitions(order.status).filter((s) => s !== 'cancelled');
            const next = forward[0];
            const busy = tickets.isPending(order.id);
            const age = now - Date.parse(order.created_at);
            const level = ageLevel(age);
            const undoLeft = Math.ceil((undoableUntil(order) - now) / 1000);
            return (
              <li
                key={order.id} className={`card order-card staff-order-card${order.id === selectedId ? ' selected' : ''}`}
                data-order-id={order.id} aria-label={`Order #${shortOrderId(order.id)}`} aria-current={order.id === selectedId ? 'true' : undefined}
                aria-busy={busy || undefined} onClick={() => setSelectedId(order.id)}
              >
                <div className="order-card-head">
                  {index < 9 && <kbd className="ticket-key" aria-hidden="true">{index + 1}</kbd>}
                  <span className="order-id mono">#{shortOrderId(order.id)}</span>
                  <OrderStatusBadge status={order.status} />
                  {isAiOrder(order) && <span className="badge badge-info">AI</span>}
                  {isActiveStatus(order.status) ? (
                    <span className={`ticket-age age-${level}`} data-age-level={level} title={`Placed at ${formatTime(order.created_at)}`}>
                      <Timer aria-hidden="true" size={14} /> <span className="visually-hidden">Waiting </span>{formatAge(age)}
                    </span>
                  ) : <span className="muted">{formatTime(order.created_at)}</span>}
                </div>
                <p className="staff-order-name"><strong className="truncate" title={order.display_name}>{order.display_name}</strong>{tableOfTicket(order) && <span className="muted"> · Table {tableOfTicket(order)}</span>}</p>
                <TicketConstraintNote instructions={order.special_instructions} />
                <ul className="item-list">
                  {order.items.map((item) => (
                    <li key={item.id} className={item.voided ? 'staff-tab-voided' : undefined}>
                      <span>
                        <MemberName name={item.member_name} />
                        {item.quantity} × {item.name}
                        <LineModifiers choices={item.modifier_choices} text={item.modifiers} />
                        {item.notes && <span className="muted"> · {item.notes}</span>}
                        {item.voided && <span className="muted"> · voided, do not make</span>}
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="row staff-order-foot">
                  <span className="price">{formatCents(order.total_cents)}</span>
                  <span className="spacer" />
                  <button type="button" className="btn btn-small" onClick={() => setBuildFor(order)}>Build Sheet</button>
                  <button type="button" className="btn btn-small" onClick={() => setDetailsFor(order)}><Eye aria-hidden="true" size={14} /> Details</button>
                  {next && next !== 'delivered' && (
                    <button type="button" className="btn btn-small" disabled={busy} onClick={() => void tickets.change(order, { to: next })}>{NEXT_LABEL[next]}</button>
                  )}
                  {forward.includes('delivered') && (
                    <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => void tickets.change(order, { to: 'delivered' })}>Mark Delivered</button>
                  )}
                  {order.status === 'pending' && (
                    <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={() => setCancelFor(order)}>Cancel</button>
                  )}
                  {undoLeft > 0 && (
                    <button type="button" className="btn btn-small" disabled={busy} onClick={() => void tickets.change(order, { recall: true })}>
                      <Undo2 aria-hidden="true" size={14} /> Undo <span className="muted">({undoLeft} s)</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      </div>
      <AllDayPanel orders={list} />
      </div>

      {cancelFor && (
        <CancelTicketModal
          order={cancelFor} onClose={() => setCancelFor(null)}
          onConfirm={(reason) => { const order = cancelFor; setCancelFor(null); void tickets.change(order, { to: 'cancelled', reason }); }}
        />
      )}
      {helpOpen && (
        <Modal title="Keyboard shortcuts" onClose={() => setHelpOpen(false)} actions={<button type="button" className="btn btn-primary" onClick={() => setHelpOpen(false)} data-autofocus>Close</button>}>
          <dl className="key-help">
            {BAR_KEYS.map(([key, what]) => <div key={key}><dt><kbd>{key}</kbd></dt><dd>{what}</dd></div>)}
          </dl>
        </Modal>
      )}
      {buildFor && (
        <BuildSheetModal title={`Build Sheet #${shortOrderId(buildFor.id)}`} drinks={buildDrinksOf(buildFor, menu.data)} onClose={() => setBuildFor(null)}
          note={<TicketConstraintNote instructions={buildFor.special_instructions} />} />
      )}
      {detailsFor && <OrderDetailsModal order={detailsFor} onClose={() => setDetailsFor(null)} />}
    </main>
  );
}
