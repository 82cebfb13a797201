// TanStack Query hooks of the super admin console. Every reply is checked against its schema
// ('Schema mismatch for superApi').
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BulkMergeOutcome, CanonicalIngredientList, CanonicalIngredientResponse, CreatedStaffAccount, CreateOutcome, ErrorLogList,
  ErrorLogResponse, ErrorSettings, MergeOutcome, PlatformAnalytics, PlatformOverview, ResetPasswordResult, StaffAccountList,
  SUPER_API_LABEL, SuperVenueList, SuperVenueResponse, TopVenuesResponse, UnmatchedIngredientList, UserResponse,
  type AnalyticsWindow, type IngredientCategory, type CreateStaffBody, type OverviewWindow, type VenueCreateBody, type VenueUpdateBody,
} from '../../../shared/schemas/super';
import { apiRequest, type ApiMethod, type ApiPath, type ApiRequestOptions } from '../../lib/api-client';

const superApi = <M extends ApiMethod, P extends ApiPath<M>>(method: M, path: P, schema: z.ZodType, options: ApiRequestOptions<M, P> = {} as ApiRequestOptions<M, P>) =>
  apiRequest(method, path, { ...options, schema, schemaLabel: SUPER_API_LABEL });

export const superKeys = {
  all: ['super'] as const,
  overview: (window: OverviewWindow) => ['super', 'overview', window] as const,
  topVenues: (window: OverviewWindow, limit: number) => ['super', 'top-venues', window, limit] as const,
  analytics: (window: AnalyticsWindow) => ['super', 'analytics', window] as const,
  venues: ['super', 'venues'] as const,
  staff: (venueId: string) => ['super', 'venues', venueId, 'staff'] as const,
  unmatched: ['super', 'unmatched-ingredients'] as const,
  ingredients: ['super', 'ingredients'] as const,
  errors: (filters: ErrorFilters) => ['super', 'errors', filters] as const,
  errorSettings: ['super', 'errors', 'settings'] as const,
};

/** The console's reads as query options (key and read together), for the hooks below and any prefetch or cache write alike. */
export const superQueries = {
  overview: (window: OverviewWindow) => queryOptions({
    queryKey: superKeys.overview(window),
    queryFn: () => superApi('GET', '/super/overview', PlatformOverview, { query: { window } }),
  }),
  topVenues: (window: OverviewWindow, limit: number) => queryOptions({
    queryKey: superKeys.topVenues(window, limit),
    queryFn: async () => (await superApi('GET', '/super/top-venues', TopVenuesResponse, { query: { window, limit } })).top_venues,
  }),
  analytics: (window: AnalyticsWindow) => queryOptions({
    queryKey: superKeys.analytics(window),
    queryFn: () => superApi('GET', '/super/analytics', PlatformAnalytics, { query: { window } }),
  }),
  venues: () => queryOptions({
    queryKey: superKeys.venues,
    queryFn: async () => (await superApi('GET', '/super/venues', SuperVenueList)).venues,
  }),
  venueStaff: (venueId: string) => queryOptions({
    queryKey: superKeys.staff(venueId),
    queryFn: async () => (await superApi('GET', '/super/venues/:id/staff', StaffAccountList, { params: { id: venueId } })).staff,
  }),
  unmatchedIngredients: () => queryOptions({
    queryKey: superKeys.unmatched,
    queryFn: async () => (await superApi('GET', '/super/unmatched-ingredients', UnmatchedIngredientList)).ingredients,
  }),
  ingredients: () => queryOptions({
    queryKey: superKeys.ingredients,
    queryFn: async () => (await superApi('GET', '/super/ingredients', CanonicalIngredientList)).ingredients,
  }),
  errors: (filters: ErrorFilters) => queryOptions({
    queryKey: superKeys.errors(filters),
    queryFn: () => superApi('GET', '/super/errors', ErrorLogList, { query: filters }),
  }),
  errorSettings: () => queryOptions({
    queryKey: superKeys.errorSettings,
    queryFn: () => superApi('GET', '/super/errors/settings', ErrorSettings),
  }),
};

// ---- Overview and analytics ----

export const usePlatformOverview = (window: OverviewWindow) => useQuery(superQueries.overview(window));

/** The raw reply of the overview call, for the Connection Test button. */
export async function fetchOverviewRaw(window: OverviewWindow) {
  return apiRequest('GET', '/super/overview', { query: { window } });
}

export const useTopVenues = (window: OverviewWindow, limit: number) => useQuery(superQueries.topVenues(window, limit));

export const usePlatformAnalytics = (window: AnalyticsWindow) => useQuery(superQueries.analytics(window));

// ---- Venues and their accounts ----

export const useSuperVenues = () => useQuery(superQueries.venues());

export function useSaveVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: string; body: VenueUpdateBody } | { id: null; body: VenueCreateBody }) => (save.id !== null
      ? superApi('PUT', '/super/venues/:id', SuperVenueResponse, { params: { id: save.id }, body: save.body })
      : superApi('POST', '/super/venues', SuperVenueResponse, { body: save.body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: superKeys.venues }),
  });
}

export const useVenueStaff = (venueId: string) => useQuery(superQueries.venueStaff(venueId));

export function useCreateStaff(venueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffBody) => superApi('POST', '/super/venues/:id/staff', CreatedStaffAccount, { params: { id: venueId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: superKeys.staff(venueId) }),
  });
}

export function useUpdateAccount(venueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { role?: 'admin' | 'staff'; disabled?: boolean; display_name?: string | null } }) =>
      superApi('PUT', '/super/users/:id', UserResponse, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: superKeys.staff(venueId) }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (id: string) => superApi('POST', '/super/users/:id/reset-password', ResetPasswordResult, { params: { id }, body: {} }),
  });
}

// ---- Ingredients ----

export const useUnmatchedIngredients = () => useQuery(superQueries.unmatchedIngredients());

export const useCanonicalIngredients = () => useQuery(superQueries.ingredients());

function useInvalidateIngredients() {
  const queryClient = useQueryClient();
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: superKeys.unmatched }),
    queryClient.invalidateQueries({ queryKey: superKeys.ingredients }),
  ]);
}

export function useMergeIngredient() {
  const invalidate = useInvalidateIngredients();
  return useMutation({
    mutationFn: ({ id, targetId }: { id: string; targetId: string }) =>
      superApi('POST', '/super/ingredients/:id/merge', MergeOutcome, { params: { id }, body: { target_ingredient_id: targetId } }),
    onSuccess: invalidate,
  });
}

export function useCreateIngredient() {
  const invalidate = useInvalidateIngredients();
  return useMutation({
    mutationFn: ({ id, name, category }: { id: string; name?: string; category?: IngredientCategory }) =>
      superApi('POST', '/super/ingredients/:id/create', CreateOutcome, { params: { id }, body: { name, category } }),
    onSuccess: invalidate,
  });
}

export function useBulkMerge() {
  const invalidate = useInvalidateIngredients();
  return useMutation({
    mutationFn: ({ ids, targetId }: { ids: string[]; targetId?: string }) =>
      superApi('POST', '/super/ingredients/bulk-merge', BulkMergeOutcome, { body: { ingredientIds: ids, target_ingredient_id: targetId } }),
    onSuccess: invalidate,
  });
}

export function useUpdateIngredient() {
  const invalidate = useInvalidateIngredients();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      superApi('PUT', '/super/ingredients/:id', CanonicalIngredientResponse, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

// ---- Error logs ----

export type ErrorFilters = { level?: string; source?: string; resolved?: string };

export const useErrorLogs = (filters: ErrorFilters) => useQuery(superQueries.errors(filters));

export function useSetErrorResolved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) =>
      superApi('POST', resolved ? '/super/errors/:id/resolve' : '/super/errors/:id/reopen', ErrorLogResponse, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['super', 'errors'] }),
  });
}

export const useErrorSettings = () => useQuery(superQueries.errorSettings());

export function useSaveErrorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) => superApi('PUT', '/super/errors/settings', ErrorSettings, { body: { retention_days: retentionDays } }),
    onSuccess: (data) => queryClient.setQueryData(superQueries.errorSettings().queryKey, data),
  });
}
