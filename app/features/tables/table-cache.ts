// The guest's table in the query cache (docs/decisions/170, 131): every answer of a table route and every
// `table_updated` frame carries the whole table, written in place; an older copy (a lower `version`) never
// replaces a newer one, whichever arrives last. Loaded with the table's chunks only (docs/decisions/080).
// Types only: the guest's first download stays free of zod.
import type { QueryClient } from '@tanstack/react-query';
import type { TableState } from '../../../shared/schemas/tables';
import { TABLE_WRITERS } from '../orders/live-cache';

/** What GET /api/tables/sessions/:id and every member write answer: the table, and the reader's member id. */
export type TableView = { table: TableState; you: string | null };

export const tableKeys = {
  all: ['tables'] as const,
  session: (sessionId: string) => ['tables', 'session', sessionId] as const,
  lookup: (slug: string, table: string) => ['tables', 'lookup', slug, table] as const,
};

/** The table written into its session's query, unless the cache already holds a newer one. `you` is kept when not given. */
export function writeTable(client: QueryClient, table: TableState, you?: string | null) {
  client.setQueryData<TableView | null>(tableKeys.session(table.session_id), (cached) => {
    if (cached && cached.table.version > table.version) return cached;
    return { table, you: you !== undefined ? you : cached?.you ?? null };
  });
}

/**
 * A `table_updated` frame, also sent when one of the table's rounds changes at the bar (docs/decisions/170): written
 * into ['tables', 'session', id] (app/features/orders/live-cache.ts writeTable only calls it for a cached query).
 */
TABLE_WRITERS.session = (client, key, table) => {
  if (key[2] === table.session_id) writeTable(client, table);
};
