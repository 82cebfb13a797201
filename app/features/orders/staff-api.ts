// TanStack Query hooks of the back office's order lists and status changes. Apart from the guest's
// hooks (api.ts) so they, and the lists' live cache writers (staff-cache.ts), stay out of the guest's
// download (bundle budget, docs/decisions/080).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useStaffOrders(status: StaffOrderFilter = 'all', scope: VenueScope = {}) {
  return useQuery({
    queryKey: orderKeys.staff(status, scope.restaurantId),
    refetchInterval: scope.pollMs ?? false,
    queryFn: async () => (await apiRequest('GET', '/staff/orders', {
      query: { status, restaurant_id: scope.restaurantId }, schema: (await orderSchemas()).OrderList, schemaLabel: 'staffApi',
    })).orders,
  });
}

export function useStaffQueue(scope: VenueScope = {}) {
  return useQuery({
    queryKey: orderKeys.staffQueue(scope.restaurantId),
    refetchInterval: scope.pollMs ?? false,
    queryFn: async () => (await apiRequest('GET', '/staff/queue', {
      query: { restaurant_id: scope.restaurantId }, schema: (await orderSchemas()).OrderList, schemaLabel: 'staffApi',
    })).orders,
  });
}

export function useStaffHistory(status: StaffOrderFilter = 'all', limit = 50, scope: VenueScope = {}) {
  return useQuery({
    queryKey: orderKeys.staffHistory(status, limit, scope.restaurantId),
    queryFn: async () => (await apiRequest('GET', '/staff/history', {
      query: { status, limit, restaurant_id: scope.restaurantId }, schema: (await orderSchemas()).OrderList, schemaLabel: 'staffApi',
    })).orders,
  });
}

export function useStaffAiOrders(scope: VenueScope = {}) {
  return useQuery({
    queryKey: orderKeys.aiOrders(scope.restaurantId),
    refetchInterval: scope.pollMs ?? false,
    queryFn: async () => (await apiRequest('GET', '/staff/ai-orders', {
      query: { restaurant_id: scope.restaurantId }, schema: (await orderSchemas()).AiOrderList, schemaLabel: 'staffApi',
    })).ai_orders,
  });
}

export function useAdminOrders(window: AdminWindow = '1h', scope: VenueScope = {}) {
  return useQuery({
    queryKey: orderKeys.admin(window, scope.restaurantId),
    refetchInterval: scope.pollMs ?? false,
    queryFn: async () => (await apiRequest('GET', '/admin/orders', {
      query: { window, restaurant_id: scope.restaurantId }, schema: (await orderSchemas()).OrderList,
    })).orders,
  });
}

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
