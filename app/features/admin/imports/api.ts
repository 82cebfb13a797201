import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportResult, MenuBulkEditResult, type MenuBulkEdit } from '../../../../shared/schemas/imports';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from '../api';

export type ImportKind = 'menu' | 'inventory';

/** A CSV import: a dry run by default; the menu and inventory are read again after a write. */
export function useImportCsv(kind: ImportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; dry_run: boolean; skip_invalid_rows?: boolean }) =>
      apiRequest('POST', kind === 'menu' ? '/admin/imports/menu' : '/admin/imports/inventory', { body, schema: ImportResult, timeoutMs: 60_000 }),
    onSuccess: (result) => {
      if (result.applied) void Promise.all([client.invalidateQueries({ queryKey: adminKeys.all }), client.invalidateQueries({ queryKey: ['drinks'] })]);
    },
  });
}

export function useBulkEditDrinks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MenuBulkEdit) => apiRequest('POST', '/admin/menu-drinks/bulk', { body, schema: MenuBulkEditResult }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: adminKeys.drinksAll }), client.invalidateQueries({ queryKey: ['drinks'] })]),
  });
}
