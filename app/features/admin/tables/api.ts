// TanStack Query hooks of the admin's tables and tab settings (docs/decisions/231): GET and PUT /admin/tables,
// PUT /admin/tables/settings. The QR generator reads the same list, so it prints one code per table.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { VenueTablesResponse, type TableSettingsAdminInput, type VenueTablesInput } from '../../../../shared/schemas/tables';
import { apiRequest } from '../../../lib/api-client';

export type VenueTables = z.infer<typeof VenueTablesResponse>;

export const adminTableQueries = {
  tables: () => queryOptions({
    queryKey: ['admin', 'tables'] as const,
    queryFn: () => apiRequest('GET', '/admin/tables', { schema: VenueTablesResponse }),
  }),
};

export const useAdminTables = () => useQuery(adminTableQueries.tables());

/** Each save answers the venue's tables and settings as they now are. */
function useTablesSave<V>(send: (body: V) => Promise<VenueTables>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => client.setQueryData(adminTableQueries.tables().queryKey, saved),
  });
}

export const useSaveTables = () => useTablesSave((body: z.input<typeof VenueTablesInput>) =>
  apiRequest('PUT', '/admin/tables', { body, schema: VenueTablesResponse }));

/** Partial: only the settings it names change. */
export const useSaveTableSettings = () => useTablesSave((body: z.input<typeof TableSettingsAdminInput>) =>
  apiRequest('PUT', '/admin/tables/settings', { body, schema: VenueTablesResponse }));

/** A new QR code for one table (docs/decisions/237): its printed codes stop working. */
export const useRenewTableCode = () => useTablesSave((number: string) =>
  apiRequest('POST', '/admin/tables/:number/token', { params: { number }, schema: VenueTablesResponse }));
