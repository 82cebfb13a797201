// TanStack Query hooks of the staff portal: inventory, stock movements, the ingredient picker, the
// menu lookup and the order history with date ranges. Replies are zod-checked ('staffApi').
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HISTORY_LIMIT, STAFF_INVENTORY_POLL_MS } from '../../../shared/back-office-constants';
import {
  IngredientList, StaffInventoryItemResponse, StaffInventoryList, StaffMenuList, StockMovementResponse,
  type StaffInventoryCreate, type StaffInventoryUpdate, type StockMovementInput,
} from '../../../shared/schemas/inventory';
import { InventoryImpact } from '../../../shared/schemas/admin';
import { SuccessFlag } from '../../../shared/schemas/common';
import { OrderList, type StaffOrderFilter } from '../../../shared/schemas/order';
import { apiRequest } from '../../lib/api-client';
import { orderKeys } from '../orders/api';

const STAFF = { schemaLabel: 'staffApi' } as const;

export const staffKeys = {
  inventory: ['staff', 'inventory'] as const,
  menu: ['staff', 'menu'] as const,
  ingredients: (search: string) => ['staff', 'ingredients', search] as const,
  history: orderKeys.staffHistoryRange,
};

/** The staff portal's reads as query options (key and read together), for the hooks below and any prefetch alike. */
export const staffQueries = {
  inventory: () => queryOptions({
    queryKey: staffKeys.inventory,
    queryFn: async () => (await apiRequest('GET', '/staff/inventory', { ...STAFF, schema: StaffInventoryList })).inventory,
  }),
  inventoryImpact: (id: string | null) => queryOptions({
    queryKey: ['staff', 'inventory-impact', id],
    staleTime: 0,
    queryFn: () => apiRequest('GET', '/staff/inventory/:id/impact', { params: { id: id! }, ...STAFF, schema: InventoryImpact }),
  }),
  menu: () => queryOptions({
    queryKey: staffKeys.menu,
    queryFn: async () => (await apiRequest('GET', '/staff/menu', { ...STAFF, schema: StaffMenuList })).menu_items,
  }),
  ingredients: (search: string) => queryOptions({
    queryKey: staffKeys.ingredients(search.trim()),
    queryFn: async () => (await apiRequest('GET', '/staff/ingredients', { ...STAFF, query: { search: search.trim() }, schema: IngredientList })).ingredients,
  }),
};

/** Spec: staff inventory polls every 10 s. */
export const useStaffInventory = () => useQuery({ ...staffQueries.inventory(), refetchInterval: STAFF_INVENTORY_POLL_MS });

/** What deleting an item does to the menu, for the confirmation. */
export const useStaffInventoryImpact = (id: string | null) => useQuery({ ...staffQueries.inventoryImpact(id), enabled: id !== null });

export const useStaffMenu = () => useQuery(staffQueries.menu());

export const useIngredientSearch = (search: string, enabled = true) => useQuery({ ...staffQueries.ingredients(search), enabled });

/** Stock changes move drinks on and off the menu, so both lists refresh. */
function useStockMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.inventory }),
        client.invalidateQueries({ queryKey: staffKeys.menu }),
      ]);
    },
  });
}

export const useCreateInventoryItem = () => useStockMutation((body: StaffInventoryCreate) =>
  apiRequest('POST', '/staff/inventory', { ...STAFF, body, schema: StaffInventoryItemResponse }));

export const useUpdateInventoryItem = () => useStockMutation(({ id, body }: { id: string; body: StaffInventoryUpdate }) =>
  apiRequest('PUT', '/staff/inventory/:id', { params: { id }, ...STAFF, body, schema: StaffInventoryItemResponse }));

export const useDeleteInventoryItem = () => useStockMutation((id: string) =>
  apiRequest('DELETE', '/staff/inventory/:id', { params: { id }, ...STAFF, schema: SuccessFlag }));

export const useStockMovement = () => useStockMutation(({ id, body }: { id: string; body: StockMovementInput }) =>
  apiRequest('POST', '/staff/inventory/:id/movements', { params: { id }, ...STAFF, body, schema: StockMovementResponse }));

/** Order history, 50 at a time ('load more' asks for the ones before the last row). */
export function useStaffHistoryPages(status: StaffOrderFilter, since: string | null) {
  return useInfiniteQuery({
    queryKey: staffKeys.history(status, since),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => (await apiRequest('GET', '/staff/history', {
      ...STAFF, schema: OrderList,
      query: { status, limit: HISTORY_LIMIT, since: since ?? undefined, before: pageParam ?? undefined },
    })).orders,
    getNextPageParam: (lastPage) => (lastPage.length < HISTORY_LIMIT ? null : lastPage[lastPage.length - 1]!.created_at),
  });
}
