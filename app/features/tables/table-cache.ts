// A table's state in the query cache (docs/decisions/231 and 154): every answer of a table route and every
// `table_updated` frame carries the whole table, written in place; an older copy (a lower `version`)
// never replaces a newer one, whichever arrives last. A `table_cart` frame is applied onto the version it follows,
// and a client at any other version reads the table again (docs/decisions/231). Round orders' own frames move
// their round's status.
// Types only: the guest's first download stays free of zod (bundle budget, docs/decisions/219).
import type { QueryClient } from '@tanstack/react-query';
import { isMakingStatus } from '../../../shared/orders';
import type { Order } from '../../../shared/schemas/order';
import type { LiveTableCart, TableState } from '../../../shared/schemas/tables';
import { applyCartFrame } from '../../../shared/tables';
import type { VenueLiveMessage } from '../orders/live-cache';

/** What GET /api/tables/sessions/:id and every member write answer: the table, and the reader's member id. */
export type TableView = { table: TableState; you: string | null };

export const tableKeys = {
  all: ['tables'] as const,
  session: (sessionId: string) => ['tables', 'session', sessionId] as const,
  lookup: (slug: string, table: string) => ['tables', 'lookup', slug, table] as const,
};

/** The table written into its session's query, unless the cache already holds a newer one. `you` is kept when not given. */
export function writeTable(client: QueryClient, table: TableState, you?: string | null) {
  client.setQueryData<TableView | null>(tableKeys.session(table.session_id), (cached) => {
    if (cached && cached.table.version > table.version) return cached;
    return { table, you: you !== undefined ? you : cached?.you ?? null };
  });
}

/**
 * A read's answer, against what the cache came to hold while the read was on its way: a frame or a write's answer
 * that landed meanwhile may carry a newer table, which the older answer must not replace. The reader's member id is
 * the read's.
 */
export function newerView(cached: TableView | null | undefined, read: TableView | null): TableView | null {
  if (!read || !cached || cached.table.version <= read.table.version) return read;
  return { table: cached.table, you: read.you };
}

/**
 * What this client holds of a session's table for a frame: nothing (it does not read that table: a member's socket
 * may still carry a table it left until it reconnects, and staff screens read theirs under their own keys), its
 * first read on its way, or the table.
 */
function heldFor(client: QueryClient, sessionId: string): 'not read' | 'first read' | TableView | null {
  const query = client.getQueryCache().find<TableView | null>({ queryKey: tableKeys.session(sessionId), exact: true });
  if (!query) return 'not read';
  return query.state.data === undefined ? 'first read' : query.state.data;
}

/**
 * The table is read again, after the frame: a read already on its way may have left the server before the change.
 * A refetch replaces a read on its way, but joins a first read (no table held yet): that one is cancelled first.
 */
function readAgain(client: QueryClient, sessionId: string, { firstRead = false } = {}) {
  const filters = { queryKey: tableKeys.session(sessionId), exact: true };
  if (firstRead) void client.cancelQueries(filters).then(() => client.invalidateQueries(filters));
  else void client.invalidateQueries(filters);
}

/** A `table_updated` frame: written into a session this client reads; one whose first read is on its way reads again. */
export function applyTableFrame(client: QueryClient, table: TableState) {
  const held = heldFor(client, table.session_id);
  if (held === 'not read') return;
  if (held === 'first read') readAgain(client, table.session_id, { firstRead: true });
  else writeTable(client, table);
}

/**
 * A `table_cart` frame: applied onto the session this client reads when it holds the frame's base version; a
 * client that already holds that version or a newer one keeps it; one that missed a frame reads the table again.
 */
export function applyCartChange(client: QueryClient, frame: LiveTableCart) {
  const cached = heldFor(client, frame.session_id);
  if (cached === 'first read') readAgain(client, frame.session_id, { firstRead: true });
  if (typeof cached === 'string' || !cached || cached.table.version >= frame.version) return;
  const table = applyCartFrame(cached.table, frame);
  const next: TableView | null = table && { ...cached, table };
  if (next) client.setQueryData<TableView | null>(tableKeys.session(frame.session_id), next);
  else readAgain(client, frame.session_id);
}

/** A round is an order (owner `t:<session>`): its status change shows on the tab at once, before the table's own frame. */
export function writeRoundOrder(client: QueryClient, order: Order) {
  // Only the sessions' own views: a session's other queries (its card status) hold other data (docs/decisions/154).
  for (const query of client.getQueryCache().findAll({ queryKey: ['tables', 'session'], predicate: (q) => q.queryKey.length === tableKeys.session('').length })) {
    client.setQueryData<TableView | null>(query.queryKey, (view) => {
      const round = view?.table.rounds.find((r) => r.order_id === order.id);
      if (!view || !round || round.status === order.status) return view;
      const making = isMakingStatus(order.status);
      return {
        ...view,
        table: {
          ...view.table,
          rounds: view.table.rounds.map((r) => (r === round ? { ...r, status: order.status } : r)),
          active_round_id: making ? order.id : view.table.active_round_id === order.id ? null : view.table.active_round_id,
        },
      };
    });
  }
}

/** The venue socket's messages for tables (app/features/orders/live-cache.ts tableFrameWriters): frames and rounds. */
export function writeTableFrames(client: QueryClient, message: VenueLiveMessage) {
  // Checked here, not in the socket's envelope (orders/live.ts), which every guest downloads.
  if (message.type === 'table_updated') { if (typeof message.table?.session_id === 'string') applyTableFrame(client, message.table); }
  else if (message.type === 'table_cart') { if (Array.isArray(message.lines) && Array.isArray(message.removed)) applyCartChange(client, message); }
  else if (message.type === 'order_created' || message.type === 'order_updated') writeRoundOrder(client, message.order);
}
