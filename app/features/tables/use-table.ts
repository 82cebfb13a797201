// The guest's table at a venue, read by the table's own chunks (TableSwitch, the table screens).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATUS_REFRESH_MS } from '../../../shared/constants';
import { ApiRequestError, apiRequest } from '../../lib/api-client';

import { newerView, tableKeys, type TableView } from './table-cache';
import { forgetMemberSession, useMemberSessionId } from './member-store';

/**
 * The table this device belongs to. A session it is no longer a member of (left, removed, merged away) reads
 * as null and is forgotten, so the guest is back to ordering on their own.
 */
export const tableSessionQuery = (slug: string, sessionId: string) => queryOptions({
  queryKey: tableKeys.session(sessionId),
  queryFn: async ({ client }): Promise<TableView | null> => {
    try {
      const read = await apiRequest('GET', '/tables/sessions/:id', { credentials: 'guest', params: { id: sessionId } });
      return newerView(client.getQueryData<TableView | null>(tableKeys.session(sessionId)), read);
    } catch (err) {
      if (err instanceof ApiRequestError && (err.status === 403 || err.status === 404)) {
        forgetMemberSession(slug, sessionId);
        return null;
      }
      throw err;
    }
  },
});

export type MyTable = {
  sessionId: string | null;
  /** The table while it is open or being split; null for a guest ordering on their own. */
  view: TableView | null;
  /** The device's table whatever its status: a tab that closed still shows its rounds and "Payment Complete". */
  last: TableView | null;
  /** The table's first read is on its way: screens wait before choosing the solo or the table flow. */
  pending: boolean;
};

/**
 * The guest's table at this venue. A guest who never scanned a table QR has none, and every screen keeps
 * its solo flow (docs/decisions/231).
 */
export function useTable(slug: string | undefined, { pollWhileOffline = false } = {}): MyTable {
  const sessionId = useMemberSessionId(slug);
  const query = useQuery({
    ...tableSessionQuery(slug ?? '', sessionId ?? ''),
    enabled: Boolean(slug && sessionId),
    // While the venue's socket is down the table is read every 5 s, as the orders are (docs/decisions/126).
    refetchInterval: pollWhileOffline ? STATUS_REFRESH_MS : false,
  });
  const last = query.data ?? null;
  const live = last && (last.table.status === 'open' || last.table.status === 'billing') ? last : null;
  return { sessionId, view: live, last, pending: sessionId !== null && query.isPending };
}
