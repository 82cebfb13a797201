// A member's table read while live frames arrive (docs/decisions/231): whichever lands last, the screen ends on the
// newest table. Before, a read begun before a change overwrote the change's frame with the older table, and a frame
// that came while the first read was on its way was dropped: a phone on the split screen never saw a claim.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTableFrames, type TableView } from '../../app/features/tables/table-cache';
import { useTable } from '../../app/features/tables/use-table';
import { createQueryClient } from '../../app/lib/query-client';
import type { TableState } from '../../shared/schemas/tables';
import { ANA, BEN, cartLine, SESSION_ID, tableState, view } from './guest-table-fixtures';

const SLUG = 'artisan-bar';
const v1 = tableState({ version: 1 });
const v2 = tableState({ version: 2, cartLines: [cartLine('l-1', ANA, 'Negroni', 1400, 2)] });
const v3 = tableState({ version: 3, cartLines: [cartLine('l-1', ANA, 'Negroni', 1400, 2), cartLine('l-2', BEN, 'Spritz', 1100, 1)] });

/**
 * The Worker as the phone meets it: a read answers the table as it was when the read reached the server, and the
 * test says when each answer lands (`release`). Reads made while nothing is held back answer at once.
 */
function tableServer(start: TableState) {
  let current = start;
  let holding = false;
  const held: (() => void)[] = [];
  globalThis.fetch = (async () => {
    const body = JSON.stringify(view(current, BEN.id));
    const answer = () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (!holding) return answer();
    return new Promise<Response>((resolve) => held.push(() => resolve(answer())));
  }) as typeof fetch;
  return {
    holdReads: () => { holding = true; },
    moveTo: (table: TableState) => { current = table; },
    release: () => { holding = false; for (const land of held.splice(0)) land(); },
    heldReads: () => held.length,
  };
}

/** The table in the query cache, what the screens read. */
const held = (client: ReturnType<typeof createQueryClient>) => client.getQueryData<TableView>(['tables', 'session', SESSION_ID])!;

function renderTable() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useTable(SLUG), { wrapper });
  return { client, result, version: () => (result.current.view as TableView | null)?.table.version };
}

describe("a member's table read while frames arrive", () => {
  beforeEach(() => localStorage.setItem(`barhop.table-session.${SLUG}`, SESSION_ID));
  afterEach(() => localStorage.clear());

  it('a read begun before a change, answering after its frame, leaves the newer table on screen', async () => {
    const server = tableServer(v1);
    const { client, version } = renderTable();
    await waitFor(() => expect(version()).toBe(1));
    server.holdReads();
    server.moveTo(v2);
    // The socket reconnected: the table is read again (app/features/tables/TableFrame.tsx).
    void client.invalidateQueries({ queryKey: ['tables', 'session', SESSION_ID], exact: true });
    await waitFor(() => expect(server.heldReads()).toBe(1));
    server.moveTo(v3);
    act(() => writeTableFrames(client, { type: 'table_updated', seq: 5, at: v3.last_activity_at, table: v3 } as never));
    await waitFor(() => expect(version()).toBe(3));
    act(() => server.release());
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(held(client).table.version).toBe(3);
    await waitFor(() => expect(version()).toBe(3));
  });

  it('a frame that comes while the first read is on its way is not lost', async () => {
    const server = tableServer(v2);
    server.holdReads();
    const { client, version } = renderTable();
    await waitFor(() => expect(server.heldReads()).toBe(1));
    server.moveTo(v3);
    act(() => writeTableFrames(client, { type: 'table_updated', seq: 5, at: v3.last_activity_at, table: v3 } as never));
    act(() => server.release());
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(held(client)).toEqual(view(v3, BEN.id));
    await waitFor(() => expect(version()).toBe(3));
  });
});
