// One ticket of the bar display (docs/product.md §11.2, docs/decisions/234): its key, who it is for (the table
// large when it goes to one), its drinks, and one primary action for its stage; Cancel at every active stage.
import { AlertTriangle, BookOpen, Eye, Timer, Undo2, Wallet, X } from 'lucide-react';
import { shortOrderId } from '../../../../shared/ids';
import { isActiveStatus, type OrderStatus } from '../../../../shared/orders';
import type { Order } from '../../../../shared/schemas/order';
import { TICKET_AMBER_MS, TICKET_RED_MS } from '../../../../shared/back-office-constants';
import { MemberName, OrderStatusBadge, formatTime, tableOfTicket } from '../shared/format';
import { formatCents } from '../../../../shared/money';
import { LineModifiers } from '../../../ui/LineModifiers';
import { TicketConstraintNote } from './TicketConstraintNote';
import { undoableUntil } from './ticket-keys';

/** The one forward step a ticket's primary button takes from each stage: no skipping from the queue. */
export const PRIMARY_STEP: Partial<Record<OrderStatus, { to: OrderStatus; label: string }>> = {
  pending: { to: 'preparing', label: 'Start Preparing' },
  preparing: { to: 'ready', label: 'Mark Ready' },
  ready: { to: 'delivered', label: 'Mark Delivered' },
};

/** What a ticket paid first says of its card's trouble; in English like every staff text (docs/decisions/279). */
const CARD_NOTE: Record<NonNullable<Order['payment_problem']>, { unpaid: string | null; paid: string | null }> = {
  failed: { unpaid: 'Card refused — take payment at the bar', paid: null },
  // Stripe has not answered the capture: the card may have paid, so the bar checks before taking money twice.
  unconfirmed: { unpaid: 'Card payment not confirmed — check before taking payment', paid: null },
  late_payment_refunded: { unpaid: null, paid: 'Paid at the bar and by card: the card payment was refunded in full' },
};

/** The ticket's note on its card (worker/orders/order-card.ts), or null. */
export const cardNoteOf = (order: Pick<Order, 'payment_problem' | 'payment_status'>): string | null => {
  const note = order.payment_problem ? CARD_NOTE[order.payment_problem] : null;
  if (!note) return null;
  return order.payment_status === 'unpaid' ? note.unpaid : order.payment_status === 'captured' ? note.paid : null;
};

/** The code a bartender calls a ticket by, as its card shows it (docs/product.md §4.6). */
export const ticketCode = (order: Pick<Order, 'code'>) => order.code;

/** How toasts and prompts name a ticket: by its code, and its table when it goes to one. */
export const ticketName = (order: Pick<Order, 'code' | 'table_number'>) =>
  order.table_number ? `Table ${order.table_number} (${ticketCode(order)})` : `Order ${ticketCode(order)}`;

function ageLevel(ms: number) {
  return ms >= TICKET_RED_MS ? 'red' : ms >= TICKET_AMBER_MS ? 'amber' : 'fresh';
}

function formatAge(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export type TicketCardProps = {
  order: Order;
  barKey: number | undefined;
  now: number;
  selected: boolean;
  busy: boolean;
  isNew: boolean;
  isAi: boolean;
  /** What ran out that this ticket needs (docs/decisions/233); empty when nothing. */
  ranOut?: string[];
  onSelect: () => void;
  onStep: (to: OrderStatus) => void;
  onCancel: () => void;
  /** A delivered solo order still unpaid: the bar records how it was paid (docs/decisions/222). */
  onRecordPayment: () => void;
  onUndo: () => void;
  onBuild: () => void;
  onDetails: () => void;
};

export function TicketCard({ order, barKey, now, selected, busy, isNew, isAi, ranOut = [], onSelect, onStep, onCancel, onRecordPayment, onUndo, onBuild, onDetails }: TicketCardProps) {
  const step = PRIMARY_STEP[order.status];
  const active = isActiveStatus(order.status);
  const cardNote = cardNoteOf(order);
  const age = now - Date.parse(order.created_at);
  const level = ageLevel(age);
  const undoLeft = Math.ceil((undoableUntil(order) - now) / 1000);
  const table = order.table_number;
  // A table's round is paid on its tab (docs/product.md §12.5); a solo order once the bar records it.
  const awaitsPayment = order.status === 'delivered' && order.payment_status === 'unpaid' && !order.table_session_id;
  // A table's round is named "Table 7" (docs/decisions/231): the large table line already says it.
  const nameIsTable = Boolean(table) && !tableOfTicket(order);
  const code = ticketCode(order);
  // A nameless order is already called by its code ("Order K47").
  const nameIsCode = order.display_name === `Order ${code}`;
  return (
    <li
      className={`card order-card staff-order-card ticket ticket-${order.status}${selected ? ' selected' : ''}${isNew ? ' ticket-new' : ''}${ranOut.length > 0 ? ' ticket-short' : ''}`}
      data-order-id={order.id} aria-label={`Order #${shortOrderId(order.id)}`} aria-current={selected ? 'true' : undefined}
      aria-busy={busy || undefined} onClick={onSelect}
    >
      <div className="order-card-head">
        {barKey !== undefined && <kbd className="ticket-key" data-testid="ticket-key" aria-hidden="true">{barKey}</kbd>}
        <OrderStatusBadge status={order.status} />
        {isAi && <span className="badge badge-info">AI</span>}
        {order.payment_status === 'captured' && <span className="badge badge-success">Paid</span>}
        {active ? (
          <span className={`ticket-age age-${level}`} data-age-level={level} title={`Placed at ${formatTime(order.created_at)}`}>
            <Timer aria-hidden="true" size={14} /> <span className="visually-hidden">Waiting </span>{formatAge(age)}
          </span>
        ) : <span className="muted ticket-time">{formatTime(order.created_at)}</span>}
      </div>
      {table && <p className="ticket-table" data-testid="ticket-table">Table {table}</p>}
      <p className="staff-order-name">
        {!nameIsTable && !nameIsCode && <strong className="truncate" title={order.display_name}>{order.display_name}</strong>}
        <span className="order-id mono muted" title={`#${shortOrderId(order.id)}`}> {nameIsCode ? order.display_name : `#${code}`}</span>
      </p>
      <TicketConstraintNote instructions={order.special_instructions} />
      {ranOut.length > 0 && (
        <p className="ticket-ran-out" data-testid="ticket-ran-out"><AlertTriangle aria-hidden="true" size={14} /> Ran out: {ranOut.join(', ')}</p>
      )}
      {cardNote && (
        <p className="ticket-card-refused" role="note" aria-label="Payment"><Wallet aria-hidden="true" size={14} /> {cardNote}</p>
      )}
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
      <p className="ticket-total price">{formatCents(order.total_cents)}</p>
      <div className="staff-order-foot">
        {step && (
          <button type="button" className="btn btn-primary btn-small ticket-primary" disabled={busy} onClick={(e) => { e.stopPropagation(); onStep(step.to); }}>
            {step.label}
          </button>
        )}
        {undoLeft > 0 && (
          <button type="button" className="btn btn-primary btn-small ticket-primary" disabled={busy} onClick={(e) => { e.stopPropagation(); onUndo(); }}>
            <Undo2 aria-hidden="true" size={14} /> Undo <span>({undoLeft} s)</span>
          </button>
        )}
        {awaitsPayment && (
          <button type="button" className="btn btn-small ticket-primary" disabled={busy} onClick={(e) => { e.stopPropagation(); onRecordPayment(); }}>
            <Wallet aria-hidden="true" size={14} /> Record payment
          </button>
        )}
        <div className="ticket-secondary">
          <button type="button" className="btn btn-small ticket-icon" aria-label="Build Sheet" title="Build Sheet" onClick={(e) => { e.stopPropagation(); onBuild(); }}>
            <BookOpen aria-hidden="true" size={16} />
          </button>
          <button type="button" className="btn btn-small ticket-icon" aria-label="Details" title="Details" onClick={(e) => { e.stopPropagation(); onDetails(); }}>
            <Eye aria-hidden="true" size={16} />
          </button>
          {active && (
            <button type="button" className="btn btn-ghost btn-small ticket-cancel" disabled={busy} onClick={(e) => { e.stopPropagation(); onCancel(); }}>
              <X aria-hidden="true" size={14} /> Cancel
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
