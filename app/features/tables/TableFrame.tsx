import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { Venue } from '../../../shared/schemas/venue';
import { useGuestSession } from '../auth/hooks';
import { tableFrameWriters } from '../orders/live-cache';
import { RoundReadyBanner } from './RoundReadyBanner';
import { TableBar } from './TableBar';
import { TABLE_TOKEN_PARAM } from '../../../shared/tables';
import { tableKeys, writeTableFrames, type TableView } from './table-cache';
import type { VenueContext } from '../guest/venue/VenueLayout';
import { useAddToTable, type TableOrdering } from './use-add-to-table';
import { useTable } from './use-table';

// The "Join table" sheet: only a guest who scanned a table's QR code downloads it.
const TableJoin = lazy(() => import('./TableJoin'));

/**
 * The guest's table, as the frame gives it to every page (VenueContext `table`): absent for a guest ordering on
 * their own; else the way to add drinks to the table's cart (`open` false while the bill is split) and the
 * table, whose `view` is null while its first read is on its way (docs/decisions/231).
 */
export type TableHere = TableOrdering & { view: TableView | null };

type Props = { venue: Venue; liveConnected: boolean };

/**
 * The venue frame's table part (docs/decisions/231), its own chunk: loaded only for a device at a table or a
 * guest who scanned a table's QR code (`?table=N&t=TOKEN`, or an invite's `?table=N&code=ABCD`). It keeps the table live (frames from
 * the venue's socket, a read on every reconnect, polling while the socket is down), renders the page with its
 * table (TableHere), shows the table's line, and the join sheet for a scan; the sheet done, the link's table
 * and code leave the address, so a reload does not ask again.
 */
export default function TableFrame({ venue, liveConnected }: Props) {
  const { ready: sessionReady } = useGuestSession();
  const client = useQueryClient();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const { sessionId, view, pending } = useTable(venue.slug, { pollWhileOffline: !liveConnected });
  const ordering = useAddToTable(view);

  useEffect(() => {
    tableFrameWriters.add(writeTableFrames);
    return () => { tableFrameWriters.delete(writeTableFrames); };
  }, []);
  // A table's frames are not kept in the venue's log: every (re)connected socket reads the table again.
  useEffect(() => {
    if (liveConnected && sessionId) void client.invalidateQueries({ queryKey: tableKeys.session(sessionId), exact: true });
  }, [client, liveConnected, sessionId]);

  const params = new URLSearchParams(search);
  const scanned = params.get('table')?.trim() || null;
  const code = params.get('code')?.trim() || null;
  const token = params.get(TABLE_TOKEN_PARAM)?.trim() || null;
  const closeJoin = useCallback(() => {
    const next = new URLSearchParams(search);
    next.delete('table');
    next.delete('code');
    next.delete(TABLE_TOKEN_PARAM);
    const rest = next.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [navigate, pathname, search]);

  const table = useMemo<TableHere | null>(() => (pending || view ? { ...ordering, view } : null), [pending, view, ordering]);
  return (
    <>
      {view && <TableBar slug={venue.slug} view={view} />}
      {view && <RoundReadyBanner venue={venue} view={view} />}
      <Outlet context={{ venue, liveConnected, table } satisfies VenueContext} />
      {/* The lookup says whether this device is already at the table: it waits for the device's session. */}
      {scanned && sessionReady && (
        <Suspense fallback={null}>
          <TableJoin key={`${scanned}:${code ?? ''}:${token ?? ''}`} slug={venue.slug} venueName={venue.name} table={scanned} code={code} token={token} onDone={closeJoin} />
        </Suspense>
      )}
    </>
  );
}
