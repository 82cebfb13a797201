import { Bell, BellRing, ClipboardList, Keyboard, Wifi, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { shortOrderId } from '../../../../shared/ids';
import { isActiveStatus } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';
import { STAFF_ORDERS_POLL_MS } from '../../../../shared/back-office-constants';
import { Modal } from '../../../ui/Modal';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { Toaster } from '../../../ui/Toaster';
import { useAuth } from '../../auth/staff-hooks';
import { staffToken } from '../../auth/staff-session';
import { useStaffQueue } from '../../orders/staff-api';
import { useVenueLive } from '../../orders/live';
import { useStaffMenu } from '../api';
import { BuildSheetModal } from '../shared/BuildSheetModal';
import { OrderDetailsModal } from '../shared/OrderDetailsModal';
import { isOpenOrder, isPaidOrder, startOfToday } from '../shared/format';
import { buildDrinksOf, ranOutFor } from '../shared/recipes';
import { AllDayPanel } from './AllDayPanel';
import { BAR_KEYS, BumpBarLegend, useBarKeys } from './bar-keys';
import { CancelTicketModal } from './CancelTicketModal';
import { EightySixPanel } from './EightySixPanel';
import { RecordOrderPaymentModal } from './RecordOrderPaymentModal';
import { ClearUnclaimedButton } from './ClearUnclaimedButton';
import { useAlertSettings, useRepeatingAlert } from './notifications';
import { TicketConstraintNote } from './TicketConstraintNote';
import { useTicketActions, type ShortStart } from './ticket-actions';
import { PRIMARY_STEP, TicketCard, ticketName } from './TicketCard';
import { assignBarKeys, barOrder, isOnBar, orderOnKey, undoableUntil, type BarKeys } from './ticket-keys';

/** 'Live' (the default) is what is on the bar; delivered and paid history stays behind 'History' (docs/decisions/234). */
const FILTERS = ['Live', 'Undelivered', 'Open', 'Paid', 'Today', 'AI Only', 'History'] as const;
type Filter = (typeof FILTERS)[number];

const isAiOrder = (o: Order) => o.referred_by_ai || Boolean(o.ai_recipe_name) || Boolean(o.custom_name) || o.items.some((i) => i.is_ai_creation);

function matches(order: Order, filter: Filter, todayStart: number, now: number) {
  switch (filter) {
    case 'Live': return isOnBar(order, now);
    case 'History': return !isOnBar(order, now);
    case 'Undelivered': return !order.delivered_at && order.status !== 'cancelled';
    case 'Open': return isOpenOrder(order);
    case 'Paid': return isPaidOrder(order);
    case 'Today': return Date.parse(order.created_at) >= todayStart;
    case 'AI Only': return isAiOrder(order);
  }
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

export default function ActiveOrdersPage() {
  const auth = useAuth();
  const [filter, setFilter] = useState<Filter>('Live');
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
  const [shortStart, setShortStart] = useState<ShortStart | null>(null);
  const tickets = useTicketActions(setShortStart);
  const now = useNow();
  const [buildFor, setBuildFor] = useState<Order | null>(null);
  const [detailsFor, setDetailsFor] = useState<Order | null>(null);
  const [cancelFor, setCancelFor] = useState<Order | null>(null);
  const [payFor, setPayFor] = useState<Order | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // Every order id seen in the active queue; one not seen before (after the first load) is new and rings until
  // someone acknowledges it, or starts it (docs/decisions/234).
  const [seen, setSeen] = useState<ReadonlySet<string> | null>(null);
  const [unacknowledged, setUnacknowledged] = useState<ReadonlySet<string>>(new Set());
  if (active.data) {
    const fresh = active.data.filter((o) => !seen?.has(o.id)).map((o) => o.id);
    if (fresh.length > 0 || !seen) {
      setSeen(new Set([...(seen ?? []), ...fresh]));
      if (seen) setUnacknowledged(new Set([...unacknowledged, ...fresh]));
    }
  }
  const ringing = [...unacknowledged].some((id) => active.data?.some((o) => o.id === id && o.status === 'pending'));
  useRepeatingAlert(ringing, settings);
  const acknowledge = () => setUnacknowledged(new Set());

  const list = useMemo(() => merged ?? [], [merged]);
  // Each ticket keeps its bump-bar key while it is on the bar (kept from the previous render, docs/decisions/234).
  const [keys, setKeys] = useState<BarKeys>(new Map());
  const nextKeys = assignBarKeys(keys, list, now);
  if (nextKeys !== keys) setKeys(nextKeys);
  const todayStart = startOfToday().getTime();
  const shown = barOrder(list.filter((o) => matches(o, filter, todayStart, now)), now);
  const undelivered = list.filter((o) => !o.delivered_at && o.status !== 'cancelled').length;
  const open = list.filter(isOpenOrder).length;
  const selected = shown.find((o) => o.id === selectedId) ?? null;

  function step(order: Order) {
    const next = PRIMARY_STEP[order.status];
    if (next && !tickets.isPending(order.id)) void tickets.change(order, { to: next.to });
  }

  function undoLast() {
    const candidates = (selected && undoableUntil(selected) > now ? [selected] : list.filter((o) => undoableUntil(o) > now))
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const last = candidates[0];
    if (!last) toast.info('Nothing to undo');
    else if (!tickets.isPending(last.id)) void tickets.change(last, { recall: true });
  }

  // A tap leaves the focus on the queue, not on the button tapped, so Enter keeps moving tickets on (docs/decisions/234).
  const queueRef = useRef<HTMLDivElement>(null);
  const focusQueue = useCallback(() => queueRef.current?.focus({ preventScroll: true }), []);
  const returnFocus = (e: MouseEvent) => {
    const target = e.target as HTMLElement;
    if (e.detail > 0 && target.closest('button') && !target.closest('dialog, [role="dialog"], .popover')) focusQueue();
  };

  useBarKeys({
    select: (key) => { const id = orderOnKey(nextKeys, key); if (id) setSelectedId(id); },
    hasKey: (key) => orderOnKey(nextKeys, key) !== null,
    advance: () => { if (selected) step(selected); },
    cancel: () => { if (selected && isActiveStatus(selected.status)) setCancelFor(selected); },
    undo: undoLast,
    acknowledge,
    help: () => setHelpOpen(true),
  });

  return (
    <main className="page staff-page bar-page" onClick={returnFocus}>
      <div className="bar-head">
        <h1><ClipboardList aria-hidden="true" size={20} /> Active Orders</h1>
        <span className="bar-count"><strong data-testid="undelivered-count">{undelivered}</strong> Undelivered</span>
        <span className="bar-count"><strong data-testid="open-count">{open}</strong> Open</span>
        <div className="chips bar-filter" role="group" aria-label="Filter orders">
          {FILTERS.map((f) => (
            <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => setFilter(f)}>{f}</button>
          ))}
        </div>
        <span className="spacer" />
        {ringing && (
          <button type="button" className="btn btn-warning btn-small bar-alert" onClick={acknowledge} aria-keyshortcuts="A">
            <BellRing aria-hidden="true" size={16} /> New orders: Acknowledge <kbd>A</kbd>
          </button>
        )}
        <span className={`badge ${live.connected ? 'badge-success' : 'badge-warning'}`} role="status">
          {live.connected ? <><Wifi aria-hidden="true" size={14} /> Live</> : <><WifiOff aria-hidden="true" size={14} /> Offline</>}
        </span>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
          <Keyboard aria-hidden="true" size={16} /> Keys <kbd>?</kbd>
        </button>
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

      <div className="bar-display">
        <div className="bar-tickets" ref={queueRef} tabIndex={-1} role="region" aria-label="Tickets">
          {orders.isError && <p className="field-error" role="alert">Failed to load orders</p>}
          {shown.length === 0 ? (
            <p className="empty-state">{orders.isPending ? 'Loading orders…' : 'No orders found for the selected filter.'}</p>
          ) : (
            <ul className="staff-order-list" aria-label="Orders">
              {shown.map((order) => (
                <TicketCard
                  key={order.id} order={order} barKey={nextKeys.get(order.id)} now={now}
                  selected={order.id === selectedId} busy={tickets.isPending(order.id)}
                  isNew={ringing && unacknowledged.has(order.id)} isAi={isAiOrder(order)} ranOut={ranOutFor(order, menu.data)}
                  onSelect={() => setSelectedId(order.id)}
                  onStep={(to) => void tickets.change(order, { to })}
                  onCancel={() => setCancelFor(order)} onRecordPayment={() => setPayFor(order)}
                  onUndo={() => void tickets.change(order, { recall: true })}
                  onBuild={() => setBuildFor(order)}
                  onDetails={() => setDetailsFor(order)}
                />
              ))}
            </ul>
          )}
        </div>
        <aside className="bar-side" aria-label="Bar">
          <AllDayPanel orders={list} />
          <EightySixPanel />
          {/* The toasts' own place, where they cover nothing; the floating ones are hidden meanwhile (docs/decisions/234). */}
          <div className="toaster-dock"><Toaster /></div>
        </aside>
      </div>
      <BumpBarLegend />

      {payFor && (
        <RecordOrderPaymentModal
          order={payFor} onClose={() => setPayFor(null)}
          onConfirm={(method) => { const order = payFor; setPayFor(null); void tickets.recordPayment(order, method); }}
        />
      )}
      {shortStart && (
        <ConfirmDialog
          title={`Not enough stock for ${ticketName(shortStart.order)}`} confirmLabel="Start anyway"
          onCancel={() => setShortStart(null)}
          onConfirm={() => { const { order, change } = shortStart; setShortStart(null); void tickets.change(order, { to: change.to, allowShort: true }); }}
        >
          <p>What is left does not cover this ticket:</p>
          <ul className="short-list">{shortStart.short.map((line) => <li key={line}>{line}</li>)}</ul>
          <p>Start it anyway? Stock is taken down to 0 and the rest is not recorded.</p>
        </ConfirmDialog>
      )}
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
