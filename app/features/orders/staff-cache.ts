// The back office's order lists in the live cache (docs/decisions/154): the queue, the filtered and
// paged lists, the AI tickets. Loaded with the back-office screens only (docs/decisions/219).
import type { InfiniteData } from '@tanstack/react-query';
import { matchesListFilter, type OrderListFilter } from '../../../shared/orders';
import type { Order } from '../../../shared/schemas/order';
import { newer, ORDER_WRITERS, type Writer } from './live-cache';

const byCreatedAsc = (a: Order, b: Order) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);
const byCreatedDesc = (a: Order, b: Order) => -byCreatedAsc(a, b);

/**
 * The order placed in a list read with `filter`: replaced where it is, added when it now belongs,
 * dropped when it no longer does (the active queue loses a delivered order), kept in the list's order.
 */
export function placeInList(list: Order[], order: Order, filter: OrderListFilter, newestFirst = filter !== 'active'): Order[] {
  const at = list.findIndex((o) => o.id === order.id);
  if (at >= 0 && !newer(list[at]!, order)) return list;
  const rest = at >= 0 ? list.filter((o) => o.id !== order.id) : list;
  if (!matchesListFilter(order, filter)) return at >= 0 ? rest : list;
  if (at >= 0) return list.map((o) => (o.id === order.id ? order : o));
  return [...rest, order].sort(newestFirst ? byCreatedDesc : byCreatedAsc);
}

/** The same for a paged list: replaced in the page that holds it, a new one at the head of the first page. */
function placeInPages<P>(data: InfiniteData<P>, order: Order, filter: OrderListFilter, ordersOf: (page: P) => Order[], withOrders: (page: P, orders: Order[]) => P, since?: string): InfiniteData<P> {
  const holder = data.pages.findIndex((page) => ordersOf(page).some((o) => o.id === order.id));
  if (holder >= 0) {
    return { ...data, pages: data.pages.map((page, i) => (i === holder ? withOrders(page, placeInList(ordersOf(page), order, filter, true)) : page)) };
  }
  const [first, ...rest] = data.pages;
  if (first === undefined || !matchesListFilter(order, filter) || (since && order.created_at < since)) return data;
  const head = ordersOf(first);
  // Older than the head of the first page: it belongs to a page not loaded yet.
  if (head.length > 0 && order.created_at < head[head.length - 1]!.created_at) return data;
  return { ...data, pages: [withOrders(first, placeInList(head, order, filter, true)), ...rest] };
}

const listWriter = (filterAt: number | null, newestFirst?: boolean): Writer => (client, key, order) => {
  const filter = (filterAt === null ? 'all' : key[filterAt]) as OrderListFilter;
  client.setQueryData<Order[]>(key, (list) => list && placeInList(list, order, filter, newestFirst));
};

const STAFF_WRITERS: Record<string, Writer> = {
  // ['orders', 'staff', filter, venue]
  staff: listWriter(2),
  // ['orders', 'staff-queue', venue]: the queue and the latest orders; the screen sorts and filters it.
  'staff-queue': listWriter(null),
  // ['orders', 'staff-history', filter, limit, venue]
  'staff-history': listWriter(2),
  // ['orders', 'staff-history-range', filter, since]: pages of Order[]
  'staff-history-range': (client, key, order) => client.setQueryData<InfiniteData<Order[]>>(key, (data) =>
    data && placeInPages(data, order, key[2] as OrderListFilter, (page) => page, (_page, orders) => orders, (key[3] as string) || undefined)),
  // ['orders', 'admin', window, venue] (Order[]) or [..., 'pages'] (pages of { orders, next_before })
  admin: (client, key, order) => {
    if (key[4] !== 'pages') return listWriter(null)(client, key, order);
    type Page = { orders: Order[]; next_before: string | null };
    client.setQueryData<InfiniteData<Page>>(key, (data) =>
      data && placeInPages(data, order, 'all', (page) => page.orders, (page, orders) => ({ ...page, orders })));
  },
  // ['orders', 'ai', venue]: AI tickets carry their build steps, which the event does not: status in place.
  ai: (client, key, order) => {
    type Ticket = { id: string; status: Order['status']; delivered_at: string | null };
    client.setQueryData<Ticket[]>(key, (list) => list?.map((t) => (t.id === order.id ? { ...t, status: order.status, delivered_at: order.delivered_at } : t)));
  },
};

Object.assign(ORDER_WRITERS, STAFF_WRITERS);
