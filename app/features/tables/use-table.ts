import { useSyncExternalStore } from 'react';
import { isLiveTable, useMyTable } from './api';
import { memberSessionId, subscribeMembership } from './membership';
import { tableRights, type TableRights } from './rights';
import type { TableView } from './table-cache';

/** The table session this device belongs to at the venue (as remembered), followed across joins and leaves. */
export function useMemberSessionId(slug: string | undefined): string | null {
  return useSyncExternalStore(subscribeMembership, () => (slug ? memberSessionId(slug) : null), () => null);
}

export type MyTable = {
  sessionId: string | null;
  /** The table while it is open or being split; null for a guest ordering on their own. */
  view: TableView | null;
  /** The device's table whatever its status: a tab that closed still shows its rounds and "Payment Complete". */
  last: TableView | null;
  rights: TableRights | null;
  /** The table's first read is on its way: screens wait before choosing the solo or the table flow. */
  pending: boolean;
};

/**
 * The guest's table at this venue. A guest who never scanned a table QR has none, and every screen keeps
 * its solo flow (docs/decisions/170).
 */
export function useTable(slug: string | undefined): MyTable {
  const sessionId = useMemberSessionId(slug);
  const query = useMyTable(slug, sessionId);
  const view = isLiveTable(query.data) ? query.data : null;
  return { sessionId, view, last: query.data ?? null, rights: view ? tableRights(view) : null, pending: sessionId !== null && query.isPending };
}
