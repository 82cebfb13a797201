// The staff Tables screen's queries in the live cache (docs/decisions/154 and 231): a `table_updated` frame, or an
// action's answer, carries the table's whole state; it is written into the list and the open tab in place. A
// `table_cart` frame (docs/decisions/231) is applied onto the open tab at its base version, else the tab is read
// again; of the list's line it changes only the last activity.
// Loaded with the staff screen only, as staff-cache.ts is (docs/decisions/219).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/order';
import type { LiveTableCart, TableState } from '../../../../shared/schemas/tables';
import { applyCartFrame } from '../../../../shared/tables';
import { tableFrameWriters } from '../../orders/live-cache';
import { isListed, summaryOf, type StaffTableSummary } from './summary';

type StaffList = { tables: { number: string; name: string | null }[]; sessions: StaffTableSummary[] };

/** The tab placed in the list: replaced where it is (the table it is at may have changed), added, or dropped. */
export function placeSummary(sessions: StaffTableSummary[], table: TableState): StaffTableSummary[] {
  const summary = summaryOf(table);
  const rest = sessions.filter((s) => s.session_id !== table.session_id);
  if (!isListed(summary)) return rest.length === sessions.length ? sessions : rest;
  return sessions.some((s) => s.session_id === table.session_id)
    ? sessions.map((s) => (s.session_id === table.session_id ? summary : s))
    : [...sessions, summary];
}

/** A merged tab leaves the list as soon as the merge is answered. */
export function dropFromList(client: QueryClient, sessionId: string) {
  client.setQueryData<StaffList>(['tables', 'staff'], (list) => list && { ...list, sessions: list.sessions.filter((s) => s.session_id !== sessionId) });
}

/** The newest state a client saw is kept: an older frame (or a slower answer) never replaces a newer one. */
const newer = (cached: TableState, incoming: TableState) => incoming.version >= cached.version;

/**
 * The list keeps no version of its own: a summary is only replaced from a state at least as new as the
 * open tab's when that is cached.
 */
type TableWriter = (client: QueryClient, key: QueryKey, table: TableState) => void;

const STAFF_TABLE_WRITERS: Record<string, TableWriter> = {
  // ['tables', 'staff']: StaffTablesResponse
  staff: (client, key, table) => {
    const open = client.getQueryData<TableState>(['tables', 'staff-session', table.session_id]);
    if (open && !newer(open, table)) return;
    client.setQueryData<StaffList>(key, (list) => list && { ...list, sessions: placeSummary(list.sessions, table) });
  },
  // ['tables', 'staff-session', id]: TableState
  'staff-session': (client, key, table) => {
    if (key[2] !== table.session_id) return;
    client.setQueryData<TableState>(key, (cached) => (cached && !newer(cached, table) ? cached : table));
  },
};

/** A table's newest state written into every staff table query it belongs to. */
export function writeTable(client: QueryClient, table: TableState) {
  for (const query of client.getQueryCache().findAll({ queryKey: ['tables'] })) {
    const writer = STAFF_TABLE_WRITERS[String(query.queryKey[1])];
    if (writer && query.state.data !== undefined) writer(client, query.queryKey, table);
  }
}

/** A change of a tab's cart alone: the open tab applies it (or reads the tab again); the list notes the activity. */
export function writeCartChange(client: QueryClient, frame: LiveTableCart) {
  const key = ['tables', 'staff-session', frame.session_id];
  const open = client.getQueryData<TableState>(key);
  if (open && open.version < frame.version) {
    const table = applyCartFrame(open, frame);
    if (table) client.setQueryData<TableState>(key, table);
    else void client.invalidateQueries({ queryKey: key, exact: true });
  }
  const older = (s: StaffTableSummary) => s.session_id === frame.session_id && s.last_activity_at < frame.last_activity_at;
  client.setQueryData<StaffList>(['tables', 'staff'], (list) => (list?.sessions.some(older)
    ? { ...list, sessions: list.sessions.map((s) => (older(s) ? { ...s, last_activity_at: frame.last_activity_at } : s)) }
    : list));
}

// Registered when the staff screen loads, so a guest's first download carries none of it (docs/decisions/219).
tableFrameWriters.add((client, message) => {
  if (message.type === 'table_updated') writeTable(client, message.table);
  else if (message.type === 'table_cart') writeCartChange(client, message);
});

/**
 * A round is an order (docs/decisions/231): its status changes arrive as order events, and the open tab shows
 * the round's new status from them at once, whether or not a `table_updated` frame follows.
 */
export function writeRoundStatus(client: QueryClient, order: Pick<Order, 'id' | 'status' | 'table_session_id'>) {
  if (!order.table_session_id) return;
  client.setQueryData<TableState>(['tables', 'staff-session', order.table_session_id], (table) =>
    table && table.rounds.some((r) => r.order_id === order.id && r.status !== order.status)
      ? { ...table, rounds: table.rounds.map((r) => (r.order_id === order.id ? { ...r, status: order.status } : r)) }
      : table);
}
