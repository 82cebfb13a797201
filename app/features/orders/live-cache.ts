// Live order events written into the query cache (docs/decisions/154): the hub pushes the whole order,
// so every cached list and detail it belongs to is updated in place, and nothing is fetched again.
// Only a snapshot (the log no longer has what was missed) or a gap in the sequence refetches.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { isActiveStatus } from '../../../shared/orders';
import type { LiveMessage } from '../../../shared/schemas/live';
import type { Order } from '../../../shared/schemas/order';
import type { LiveTableCart, LiveTableUpdated } from '../../../shared/schemas/tables';

/**
 * Every frame of the venue's socket: the numbered order events, the tables' whole-state frames (docs/decisions/231)
 * and their cart changes (docs/decisions/231).
 */
export type VenueLiveMessage = LiveMessage | z.infer<typeof LiveTableUpdated> | LiveTableCart;

/**
 * Writers of the tables' frames and of their rounds' order events (app/features/tables/table-cache.ts), added
 * by a table's chunk when it loads, so a guest at no table downloads none of them (bundle budget, decision 219).
 */
export const tableFrameWriters = new Set<(client: QueryClient, message: VenueLiveMessage) => void>();

/** What applying a message asks of the caller: nothing more, or one refetch of the order queries. */
export type LiveCacheOutcome = 'applied' | 'refetch';

type Dated = { id: string; updated_at: string };
/** An older copy never replaces a newer one (an answer fetched after the event may already hold it). */
export const newer = <T extends Dated>(cached: T, incoming: Order) => incoming.updated_at >= cached.updated_at;

export type Writer = (client: QueryClient, key: QueryKey, order: Order) => void;

/**
 * Every order query by its key's second part (app/features/orders/api.ts orderKeys), and how an order
 * is written into it. The guest's queries are here; staff-cache.ts adds the back office's lists when a
 * back-office screen loads, which keeps them out of the guest's download (docs/decisions/219).
 */
export const ORDER_WRITERS: Record<string, Writer> = {
  // ['orders', 'detail', id]: the confirmation page's { order, venue }
  detail: (client, key, order) => {
    if (key[2] !== order.id) return;
    client.setQueryData<{ order: Order }>(key, (data) => data && newer(data.order, order) ? { ...data, order } : data);
  },
  // ['orders', 'status', id]: the status screen's view
  status: (client, key, order) => {
    if (key[2] !== order.id) return;
    client.setQueryData<{ status: Order['status']; payment_status: Order['payment_status']; delivered_at: string | null; eta_minutes: number | null }>(key, (view) =>
      view && { ...view, status: order.status, payment_status: order.payment_status, delivered_at: order.delivered_at, eta_minutes: order.eta_minutes });
  },
  // ['orders', 'active', slug]: the guest's one active order here, or null
  active: (client, key, order) => {
    type Active = Order & { venue_slug: string };
    const cached = client.getQueryData<Active | null>(key);
    if (cached && cached.id === order.id) {
      const next: Active | null = isActiveStatus(order.status) ? { ...order, venue_slug: cached.venue_slug } : null;
      if (newer(cached, order)) client.setQueryData(key, next);
    } else if (cached === null && isActiveStatus(order.status)) {
      // Placed elsewhere (another tab): which venue's slug it has is the server's to say.
      void client.invalidateQueries({ queryKey: key, exact: true });
    }
  },
  // ['orders', 'can-start', slug]: read again when it no longer says whether this order is the active one.
  'can-start': (client, key, order) => {
    const cached = client.getQueryData<{ active_order_id: string | null }>(key);
    if (cached && (cached.active_order_id === order.id) !== isActiveStatus(order.status)) void client.invalidateQueries({ queryKey: key, exact: true });
  },
  // ['orders', 'history', slug]: read again when shown (an inactive query is only marked stale); its venue
  // slugs are the server's to say.
  history: (client, key) => void client.invalidateQueries({ queryKey: key, exact: true }),
};

/** The order written into every cached query it belongs to. */
export function writeOrder(client: QueryClient, order: Order) {
  for (const query of client.getQueryCache().findAll({ queryKey: ['orders'] })) {
    const writer = ORDER_WRITERS[String(query.queryKey[1])];
    if (writer && query.state.data !== undefined) writer(client, query.queryKey, order);
  }
}

/** The guest's reads that carry their order's ETA. */
const ETA_READS = new Set(['status', 'active', 'detail']);

/** Every order query refetched (the mounted ones now, the others when next shown). */
export const refetchOrders = (client: QueryClient) => client.invalidateQueries({ queryKey: ['orders'] });

/**
 * One live message applied to the cache. Order events write the order; a snapshot refetches (it
 * carries only the active orders, not the lists' finished ones); 'queue_changed' tells a guest that
 * their ETA moved, which the server computes, so their status, active order and detail are read again. A
 * `table_updated` or `table_cart` frame is written by the writers the table screens add when they load (tableFrameWriters: the
 * guest's table chunk, the staff Tables screen). 'hello' and 'menu_changed' are the live hook's, not the order cache's.
 */
export function applyLiveEvent(client: QueryClient, message: VenueLiveMessage): LiveCacheOutcome {
  tableFrameWriters.forEach((write) => write(client, message));
  switch (message.type) {
    case 'order_created':
    case 'order_updated':
      writeOrder(client, message.order);
      return 'applied';
    case 'queue_changed':
      // Another guest's order left the queue: this guest's ETA (status screen, banner) is the server's to recompute.
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'orders' && ETA_READS.has(String(q.queryKey[1])) });
      return 'applied';
    case 'snapshot':
      return 'refetch';
    default:
      return 'applied';
  }
}
