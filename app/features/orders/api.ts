// TanStack Query hooks for carts and orders (guest, staff, admin). Screens use these; live events
// (live.ts, live-cache.ts) write each order into every `orders` list and detail cached here.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ACTIVE_ORDER_EXISTS_CODE } from '../../../shared/constants';
import type { CartItemInput } from '../../../shared/schemas/cart';
import type { StaffOrderFilter } from '../../../shared/schemas/order';
import { ApiRequestError, apiRequest } from '../../lib/api-client';

export const orderKeys = {
  all: ['orders'] as const,
  active: (slug: string) => ['orders', 'active', slug] as const,
  canStart: (slug: string) => ['orders', 'can-start', slug] as const,
  status: (orderId: string) => ['orders', 'status', orderId] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  history: (slug: string) => ['orders', 'history', slug] as const,
  /** The bar screen's one list: the queue and the latest orders (GET /staff/queue). */
  staffQueue: (restaurantId?: string) => ['orders', 'staff-queue', restaurantId ?? ''] as const,
  staff: (status: StaffOrderFilter, restaurantId?: string) => ['orders', 'staff', status, restaurantId ?? ''] as const,
  staffHistory: (status: StaffOrderFilter, limit: number, restaurantId?: string) => ['orders', 'staff-history', status, limit, restaurantId ?? ''] as const,
  aiOrders: (restaurantId?: string) => ['orders', 'ai', restaurantId ?? ''] as const,
  admin: (window: AdminWindow, restaurantId?: string) => ['orders', 'admin', window, restaurantId ?? ''] as const,
  /** The staff History screen's pages from a date (GET /staff/history?since=). */
  staffHistoryRange: (status: StaffOrderFilter, since: string | null) => ['orders', 'staff-history-range', status, since ?? ''] as const,
  /** The admin dashboard's tiles: under 'orders' so live order events refresh them with the orders. */
  adminFigures: (window: AdminWindow) => ['orders', 'admin-figures', window] as const,
};
export const cartKeys = { one: (slug: string) => ['cart', slug] as const };

// Guest replies are typed by their routes (docs/decisions/177), not zod-checked, so zod stays out of the
// guest's first download (bundle budget, docs/decisions/219). The back office's hooks are in staff-api.ts.

export type AdminWindow = '1h' | '24h' | 'all';

/** Optional polling for screens that do not hold a live socket (the spec's 5 s refresh). */
type PollOptions = { pollMs?: number | false };

/** True for the refusal the guest screens turn into the 'View Order Status' banner. */
export const isActiveOrderExists = (err: unknown) => err instanceof ApiRequestError && err.status === 409 && err.code === ACTIVE_ORDER_EXISTS_CODE;

// ---- guest: cart --------------------------------------------------------------------------------

export const useCart = (slug: string | undefined) => useQuery({ ...orderQueries.cart(slug ?? ''), enabled: Boolean(slug) });

/** The key of every cart line's change at a venue (`[SET_CART_ITEM, slug]`): what a screen's "Adding..." watches. */
export const SET_CART_ITEM = 'set-cart-item';

/** Sets a line's quantity (`mode: 'add'` adds); 0 or less removes it. The cart it answers is the cache's. */
export async function setCartItem(client: QueryClient, slug: string, item: Omit<CartItemInput, 'slug'>) {
  const { cart } = await apiRequest('POST', '/cart', { body: { ...item, slug }, credentials: 'guest' });
  client.setQueryData(cartKeys.one(slug), cart);
  return cart;
}

export function useSetCartItem(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [SET_CART_ITEM, slug],
    mutationFn: (item: Omit<CartItemInput, 'slug'>) => setCartItem(client, slug, item),
  });
}

export function useRemoveCartItem(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (menuDrinkId: string) =>
      (await apiRequest('DELETE', '/cart/:id', { params: { id: menuDrinkId }, query: { slug }, credentials: 'guest' })).cart,
    onSuccess: (cart) => client.setQueryData(cartKeys.one(slug), cart),
  });
}

export function useClearCart(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', '/cart/clear', { body: { slug }, credentials: 'guest' })).cart,
    onSuccess: (cart) => client.setQueryData(cartKeys.one(slug), cart),
  });
}

// ---- guest: reading orders ----------------------------------------------------------------------

/**
 * The guest's order reads as query options (key and read together): the hooks below, a prefetch and the
 * live cache (live-cache.ts) use the same key for the same answer.
 */
export const orderQueries = {
  cart: (slug: string) => queryOptions({
    queryKey: cartKeys.one(slug),
    queryFn: async () => (await apiRequest('GET', '/cart', { query: { slug }, credentials: 'guest' })).cart,
  }),
  active: (slug: string) => queryOptions({
    queryKey: orderKeys.active(slug),
    queryFn: async () => (await apiRequest('GET', '/orders/active', { query: { slug }, credentials: 'guest' })).order,
  }),
  canStart: (slug: string) => queryOptions({
    queryKey: orderKeys.canStart(slug),
    queryFn: () => apiRequest('GET', '/orders/can-start', { query: { slug }, credentials: 'guest' }),
  }),
  status: (orderId: string) => queryOptions({
    queryKey: orderKeys.status(orderId),
    queryFn: () => apiRequest('GET', '/orders/:id/status', { params: { id: orderId }, credentials: 'guest' }),
  }),
  detail: (orderId: string) => queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => apiRequest('GET', '/orders/:id', { params: { id: orderId }, credentials: 'guest' }),
  }),
  history: (slug: string) => queryOptions({
    queryKey: orderKeys.history(slug),
    queryFn: async () => (await apiRequest('GET', '/orders/history', { query: { slug }, credentials: 'guest' })).orders,
  }),
};

export const useActiveOrder = (slug: string | undefined, options: PollOptions = {}) =>
  useQuery({ ...orderQueries.active(slug ?? ''), enabled: Boolean(slug), refetchInterval: options.pollMs ?? false });

export const useCanStartOrder = (slug: string | undefined) => useQuery({ ...orderQueries.canStart(slug ?? ''), enabled: Boolean(slug) });

/** The status screen: status, ETA from the live queue, delivered_at. */
export const useOrderStatus = (orderId: string | undefined, options: PollOptions = {}) =>
  useQuery({ ...orderQueries.status(orderId ?? ''), enabled: Boolean(orderId), refetchInterval: options.pollMs ?? false });

/** The confirmation page: the order with items and totals, and the venue's phone. */
export const useOrderDetail = (orderId: string | undefined) => useQuery({ ...orderQueries.detail(orderId ?? ''), enabled: Boolean(orderId) });

export const useOrderHistory = (slug?: string) => useQuery(orderQueries.history(slug ?? ''));
