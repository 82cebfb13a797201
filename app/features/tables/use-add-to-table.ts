import type { z } from 'zod';
import type { TableLineInput } from '../../../shared/schemas/tables';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { useAddTableLine } from './api';
import { useTable } from './use-table';

export type TableOrdering = {
  /** The guest is at a table: drinks go to the table's cart, no sign-in and no solo active-order rule (docs/decisions/170). */
  atTable: boolean;
  /** The table takes new lines (it is not being split). */
  open: boolean;
  tableName: string | null;
  adding: boolean;
  /** Adds a line to the table's cart; says so, or says why not. */
  add: (line: z.input<typeof TableLineInput>, label: string, onAdded?: () => void) => void;
};

/** The menu, drink page and AI bartender's "add" at a table: the line goes to the table's cart. */
export function useAddToTable(slug: string): TableOrdering {
  const { view, rights, sessionId } = useTable(slug);
  const addLine = useAddTableLine(sessionId ?? '');
  return {
    atTable: view !== null,
    open: rights?.open ?? false,
    tableName: view?.table.table ?? null,
    adding: addLine.isPending,
    add: (line, label, onAdded) => {
      if (!view) return;
      addLine.mutate(line, {
        onSuccess: () => { toast.success(`Added ${label} to table ${view.table.table}'s cart`); onAdded?.(); },
        onError: (err) => toast.error(errorMessage(err, 'Failed to add to cart')),
      });
    },
  };
}
