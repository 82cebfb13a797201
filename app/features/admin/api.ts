// TanStack Query hooks of the venue admin (menu, inventory, venue profile, analytics, AI settings).
// Orders come from app/features/orders/api.ts.
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminAnalytics, AdminFigures, AdminInventoryList, AdminInventoryResponse, AdminMenuDrinkList, AdminMenuDrinkResponse, AdminVenueResponse,
  IngredientOptionList, IngredientOptionResponse, InventoryImpact, type AnalyticsWindow, type NewCatalogueIngredient, type InventoryItemInput, type InventoryItemPatch, type MenuDrinkInput, type MenuDrinkPatch,
  type VenueProfileUpdate,
} from '../../../shared/schemas/admin';
import { AiAnalyticsResponse, AiSettingsResponse, type AiSettingsInput } from '../../../shared/schemas/ai';
import { AdminOrderPage, type StaffOrderFilter } from '../../../shared/schemas/order';
import { apiRequest } from '../../lib/api-client';
import { orderKeys, type AdminWindow } from '../orders/api';

export const adminKeys = {
  all: ['admin'] as const,
  venue: ['admin', 'venue'] as const,
  inventory: ['admin', 'inventory'] as const,
  drinks: (order: 'name' | 'display_order') => ['admin', 'menu-drinks', order] as const,
  drinksAll: ['admin', 'menu-drinks'] as const,
  ingredients: ['admin', 'ingredients'] as const,
  analytics: (window: AnalyticsWindow) => ['admin', 'analytics', window] as const,
  aiSettings: ['admin', 'ai-settings'] as const,
  aiAnalytics: ['admin', 'ai-analytics'] as const,
};

/**
 * The venue admin's reads as query options (key and read together), for the hooks below and any
 * prefetch or cache write alike.
 */
export const adminQueries = {
  /** A super admin acting as a venue's admin does so through an impersonation token, so no venue id is sent. */
  venue: () => queryOptions({
    queryKey: adminKeys.venue,
    queryFn: async () => (await apiRequest('GET', '/admin/venue', { schema: AdminVenueResponse })).venue,
  }),
  inventory: () => queryOptions({
    queryKey: adminKeys.inventory,
    queryFn: async () => (await apiRequest('GET', '/admin/inventory', { schema: AdminInventoryList })).items,
  }),
  inventoryImpact: (id: string | null) => queryOptions({
    queryKey: ['admin', 'inventory-impact', id],
    staleTime: 0,
    queryFn: () => apiRequest('GET', '/admin/inventory/:id/impact', { params: { id: id! }, schema: InventoryImpact }),
  }),
  menuDrinks: (order: 'name' | 'display_order') => queryOptions({
    queryKey: adminKeys.drinks(order),
    queryFn: async () => (await apiRequest('GET', '/admin/menu-drinks', { query: { order }, schema: AdminMenuDrinkList })).drinks,
  }),
  ingredients: () => queryOptions({
    queryKey: adminKeys.ingredients,
    staleTime: 5 * 60_000,
    queryFn: async () => (await apiRequest('GET', '/admin/ingredients', { schema: IngredientOptionList })).ingredients,
  }),
  figures: (window: AdminWindow) => queryOptions({
    queryKey: orderKeys.adminFigures(window),
    queryFn: () => apiRequest('GET', '/admin/figures', { query: { window }, schema: AdminFigures }),
  }),
  analytics: (window: AnalyticsWindow) => queryOptions({
    queryKey: adminKeys.analytics(window),
    queryFn: () => apiRequest('GET', '/admin/analytics', { query: { window }, schema: AdminAnalytics }),
  }),
  aiSettings: () => queryOptions({
    queryKey: adminKeys.aiSettings,
    retry: false,
    queryFn: () => apiRequest('GET', '/ai/admin/settings', { schema: AiSettingsResponse }),
  }),
  aiAnalytics: () => queryOptions({
    queryKey: adminKeys.aiAnalytics,
    retry: false,
    queryFn: async () => (await apiRequest('GET', '/ai/admin/analytics', { schema: AiAnalyticsResponse })).analytics,
  }),
};

export const useAdminVenue = (enabled = true) => useQuery({ ...adminQueries.venue(), enabled });

export function useSaveVenue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: VenueProfileUpdate) => (await apiRequest('PATCH', '/admin/venue', { body, schema: AdminVenueResponse })).venue,
    onSuccess: (venue) => {
      client.setQueryData(adminQueries.venue().queryKey, venue);
      void client.invalidateQueries({ queryKey: ['venues'] });
    },
  });
}

export const useInventory = () => useQuery(adminQueries.inventory());

export function useSaveInventoryItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: { id: string; body: InventoryItemPatch } | { id?: undefined; body: InventoryItemInput }) =>
      (await (save.id !== undefined
        ? apiRequest('PATCH', '/admin/inventory/:id', { params: { id: save.id }, body: save.body, schema: AdminInventoryResponse })
        : apiRequest('POST', '/admin/inventory', { body: save.body, schema: AdminInventoryResponse }))).item,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteInventoryItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', '/admin/inventory/:id', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** What deleting or unlinking an item does to the menu, for the confirmation dialog. */
export const useInventoryImpact = (id: string | null) => useQuery({ ...adminQueries.inventoryImpact(id), enabled: id !== null });

export function useCreateCatalogueIngredient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewCatalogueIngredient) => (await apiRequest('POST', '/admin/ingredients', { body, schema: IngredientOptionResponse })).ingredient,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.ingredients }),
  });
}

export const useMenuDrinks = (order: 'name' | 'display_order' = 'name') => useQuery(adminQueries.menuDrinks(order));

export const useIngredientOptions = (enabled = true) => useQuery({ ...adminQueries.ingredients(), enabled });

/** Drinks also change the guest menu, whose queries are refreshed too. */
function useInvalidateMenus() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.drinksAll }),
    client.invalidateQueries({ queryKey: ['drinks'] }),
  ]);
}

export function useSaveMenuDrink() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: async (save: { id: string; body: MenuDrinkPatch } | { id?: undefined; body: MenuDrinkInput }) =>
      (await (save.id !== undefined
        ? apiRequest('PATCH', '/admin/menu-drinks/:id', { params: { id: save.id }, body: save.body, schema: AdminMenuDrinkResponse })
        : apiRequest('POST', '/admin/menu-drinks', { body: save.body, schema: AdminMenuDrinkResponse }))).drink,
    onSettled: invalidate,
  });
}

export function useSetDrinkAvailability() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (await apiRequest('PATCH', '/admin/menu-drinks/:id/availability', { params: { id }, body: { enabled }, schema: AdminMenuDrinkResponse })).drink,
    onSettled: invalidate,
  });
}

export function useDeleteMenuDrink() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', '/admin/menu-drinks/:id', { params: { id } }),
    onSettled: invalidate,
  });
}

/** The live dashboard's tiles over a whole window; refreshed with the orders (live events invalidate 'orders'). */
export const useAdminFigures = (window: AdminWindow) => useQuery(adminQueries.figures(window));

export const useAdminAnalytics = (window: AnalyticsWindow) => useQuery(adminQueries.analytics(window));

export const useAiSettings = () => useQuery(adminQueries.aiSettings());

export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AiSettingsInput) => apiRequest('POST', '/ai/admin/settings', { body, schema: AiSettingsResponse }),
    onSuccess: (data) => client.setQueryData(adminQueries.aiSettings().queryKey, data),
  });
}

export const useAiAnalytics = () => useQuery(adminQueries.aiAnalytics());

/**
 * The admin orders tab: 50 a page, newest first, with "Load more" while the server has more (next_before).
 * Here rather than in orders/api.ts: useInfiniteQuery would otherwise ride along in every guest page's
 * download (bundle budget, docs/decisions/219).
 */
export type AdminOrderFilters = { status?: StaffOrderFilter; table?: string; q?: string };

export function useAdminOrderPages(window: AdminWindow = '1h', filters: AdminOrderFilters = {}) {
  return useInfiniteQuery({
    queryKey: [...orderKeys.admin(window), 'pages', filters.status ?? 'all', filters.table ?? '', filters.q ?? ''] as const,
    initialPageParam: null as string | null,
    getNextPageParam: (last: { next_before: string | null }) => last.next_before,
    queryFn: ({ pageParam }) => apiRequest('GET', '/admin/orders', {
      query: { window, status: filters.status, table: filters.table, q: filters.q, ...(pageParam ? { before: pageParam } : {}) }, schema: AdminOrderPage,
    }),
  });
}
