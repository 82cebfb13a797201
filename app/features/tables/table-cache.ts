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
 * A `table_updated` frame: written only into a session this client already reads (a member's socket may
 * still carry a table it left until it reconnects; staff screens read theirs under their own keys).
 */
export function applyTableFrame(client: QueryClient, table: TableState) {
  if (client.getQueryData(tableKeys.session(table.session_id)) === undefined) return;
  writeTable(client, table);
}

/**
 * A `table_cart` frame: applied onto the session this client reads when it holds the frame's base version; a
 * client that already holds that version or a newer one keeps it; one that missed a frame reads the table again.
 */
export function applyCartChange(client: QueryClient, frame: LiveTableCart) {
  const key = tableKeys.session(frame.session_id);
  const cached = client.getQueryData<TableView | null>(key);
  if (!cached || cached.table.version >= frame.version) return;
  const table = applyCartFrame(cached.table, frame);
  const next: TableView | null = table && { ...cached, table };
  if (next) client.setQueryData<TableView | null>(key, next);
  else void client.invalidateQueries({ queryKey: key, exact: true });
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
