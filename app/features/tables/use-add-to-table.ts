import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { AiSuggestion } from '../../../shared/schemas/ai';
import type { TableLineInput } from '../../../shared/schemas/tables';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { toast } from '../../ui/toast';
import { writeTable, type TableView } from './table-cache';
import { t } from '@lingui/core/macro';

export type TableOrdering = {
  /** The table takes new lines (it is not being split). */
  open: boolean;
  adding: boolean;
  /** Adds a line to the table's cart; says so, or says why not. */
  add: (line: z.input<typeof TableLineInput>, label: string, onAdded?: () => void) => void;
  /** Adds an AI bartender's suggestion: a menu drink by id, or a creation by the suggestion that issued it. */
  addSuggestion: (suggestion: AiSuggestion) => void;
};

/**
 * The menu, drink page and AI bartender's "add" at a table: the line goes to the table's cart, with no phone
 * sign-in and never blocked by a round being made (docs/decisions/231).
 */
export function useAddToTable(view: TableView | null): TableOrdering {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const add: TableOrdering['add'] = (line, label, onAdded) => {
    if (!view || adding) return;
    const { session_id: id, table } = view.table;
    setAdding(true);
    apiRequest('POST', '/tables/sessions/:id/lines', { credentials: 'guest', params: { id }, body: line })
      .then((answer) => {
        writeTable(client, answer.table, answer.you);
        toast.success(t`Added ${label} to table ${table}'s cart`);
        onAdded?.();
      }, (err: unknown) => toast.error(errorMessage(err, t`Failed to add to cart`)))
      .finally(() => setAdding(false));
  };
  return {
    open: view?.table.status === 'open',
    adding,
    add,
    addSuggestion: (s) => add(s.type === 'menu' && s.menuDrinkId ? { menu_drink_id: s.menuDrinkId, qty: 1 }
      : { is_ai_creation: true, ai_interaction_id: s.interaction_id, qty: 1 }, s.previewName),
  };
}
