// TanStack Query hooks of the back office's order lists and status changes. Apart from the guest's
// hooks (api.ts) so they, and the lists' live cache writers (staff-cache.ts), stay out of the guest's
// download (bundle budget, docs/decisions/219).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../shared/orders';
import type { StaffOrderFilter } from '../../../shared/schemas/order';
import { apiRequest } from '../../lib/api-client';
import { orderKeys, type AdminWindow } from './api';
import { writeOrder } from './live-cache';
import './staff-cache';

/** Staff and admin replies are zod-checked as the spec asks ('Schema mismatch for staffApi'); their schemas load with the first request. */
const orderSchemas = () => import('../../../shared/schemas/order');

/** Optional polling for screens that do not hold a live socket (the spec's 5 s refresh). */
type PollOptions = { pollMs?: number | false };

// ---- staff and admin ----------------------------------------------------------------------------

/** `restaurantId` only matters for a super admin (everyone else is scoped to their token's venue). */
type VenueScope = { restaurantId?: string } & PollOptions;

/**
 * The back office's order lists as query options (key and read together), used by the hooks below, a
 * prefetch and the live cache (staff-cache.ts) alike. `venue` only matters for a super admin.
 */
export const staffOrderQueries = {
  list: (status: StaffOrderFilter, venue?: string) => queryOptions({
    queryKey: orderKeys.staff(status, venue),
    queryFn: async () => (await apiRequest('GET', '/staff/orders', {
      query: { status, restaurant_id: venue }, schema: (await orderSchemas()).OrderList, schemaLabel: 'staffApi',
    })).orders,
  }),
  queue: (venue?: string) => queryOptions({
    queryKey: orderKeys.staffQueue(venue),
    queryFn: async () => (await apiRequest('GET', '/staff/queue', {
      query: { restaurant_id: venue }, schema: (await orderSchemas()).OrderList, schemaLabel: 'staffApi',
    })).orders,
  }),
  history: (status: StaffOrderFilter, limit: number, venue?: string) => queryOptions({
    queryKey: orderKeys.staffHistory(status, limit, venue),
    queryFn: async () => (await apiRequest('GET', '/staff/history', {
      query: { status, limit, restaurant_id: venue }, schema: (await orderSchemas()).OrderList, schemaLabel: 'staffApi',
    })).orders,
  }),
  aiOrders: (venue?: string) => queryOptions({
    queryKey: orderKeys.aiOrders(venue),
    queryFn: async () => (await apiRequest('GET', '/staff/ai-orders', {
      query: { restaurant_id: venue }, schema: (await orderSchemas()).AiOrderList, schemaLabel: 'staffApi',
    })).ai_orders,
  }),
  admin: (window: AdminWindow, venue?: string) => queryOptions({
    queryKey: orderKeys.admin(window, venue),
    queryFn: async () => (await apiRequest('GET', '/admin/orders', {
      query: { window, restaurant_id: venue }, schema: (await orderSchemas()).OrderList,
    })).orders,
  }),
};

export const useStaffOrders = (status: StaffOrderFilter = 'all', scope: VenueScope = {}) =>
  useQuery({ ...staffOrderQueries.list(status, scope.restaurantId), refetchInterval: scope.pollMs ?? false });

/** The bar screen's one read (GET /staff/queue); live events keep it current (docs/decisions/154). */
export const useStaffQueue = (scope: VenueScope = {}) =>
  useQuery({ ...staffOrderQueries.queue(scope.restaurantId), refetchInterval: scope.pollMs ?? false });

export const useStaffHistory = (status: StaffOrderFilter = 'all', limit = 50, scope: VenueScope = {}) =>
  useQuery(staffOrderQueries.history(status, limit, scope.restaurantId));

export const useStaffAiOrders = (scope: VenueScope = {}) =>
  useQuery({ ...staffOrderQueries.aiOrders(scope.restaurantId), refetchInterval: scope.pollMs ?? false });

export const useAdminOrders = (window: AdminWindow = '1h', scope: VenueScope = {}) =>
  useQuery({ ...staffOrderQueries.admin(window, scope.restaurantId), refetchInterval: scope.pollMs ?? false });

/** Status change by staff (`/staff/orders/:id/status`) or an admin (`/admin/orders/:id/status`). */
export function useUpdateOrderStatus(area: 'staff' | 'admin' = 'staff', scope: { restaurantId?: string } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, status }: { orderId: string; status: OrderStatus }) =>
      apiRequest('PUT', area === 'staff' ? '/staff/orders/:id/status' : '/admin/orders/:id/status', {
        params: { id: orderId }, body: { status }, query: { restaurant_id: scope.restaurantId }, schema: (await orderSchemas()).OrderStatusChange, schemaLabel: 'staffApi',
      }),
    // The answer is the order as it now is: written into every list, nothing fetched again; a refusal reads them again.
    onSuccess: ({ order }) => writeOrder(client, order),
    onError: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

// ---- "Clear unclaimed" after an order flood (docs/decisions/167) ----------------------------------

/** The orders "Clear unclaimed" would cancel, read when the confirmation opens (always fresh). */
export const useUnclaimedOrders = (enabled: boolean) => useQuery({
  queryKey: ['staff', 'unclaimed-orders'],
  enabled,
  staleTime: 0,
  gcTime: 0,
  queryFn: async () => (await apiRequest('GET', '/staff/orders/unclaimed', {
    schema: (await orderSchemas()).UnclaimedOrders, schemaLabel: 'staffApi',
  })).order_ids,
});

/** Cancels the unclaimed orders the confirmation counted; live events move them off the queue. */
export function useClearUnclaimed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (orderIds: string[]) => apiRequest('POST', '/staff/orders/unclaimed/cancel', {
      body: { order_ids: orderIds }, schema: (await orderSchemas()).UnclaimedCancelResult, schemaLabel: 'staffApi',
    }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
