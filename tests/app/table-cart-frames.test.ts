// `table_cart` frames in the query cache (docs/decisions/231): a member's and a bartender's cached table takes
// each frame onto the version it follows, in order; a client that missed one reads the table again.
import { describe, expect, it } from 'vitest';
import type { LiveTableCart, TableCartLine, TableState } from '../../shared/schemas/tables';
import { applyLiveEvent } from '../../app/features/orders/live-cache';
import { tableKeys, writeTableFrames, type TableView } from '../../app/features/tables/table-cache';
import { tableKeys as staffKeys } from '../../app/features/staff/tables/api';
import '../../app/features/staff/tables/table-cache';
import { createQueryClient } from '../../app/lib/query-client';
import { ANA, BEN, cartLine, round, SESSION_ID, tabLine, tableState, view } from './guest-table-fixtures';
import { cardStatusQuery } from '../../app/features/tables/api';
import type { Order } from '../../shared/schemas/order';
import { staffTables, tableState as staffTableState } from './table-fixtures';

/** The frame the hub sends for the change from `before` to `after` (lines changed or new, lines gone). */
function frameBetween(before: TableState, after: TableState): LiveTableCart {
  const was = new Map(before.cart.lines.map((l) => [l.id, JSON.stringify(l)]));
  return {
    type: 'table_cart', seq: 9, at: after.last_activity_at, session_id: after.session_id, base_version: before.version, version: after.version,
    last_activity_at: after.last_activity_at,
    lines: after.cart.lines.filter((l) => was.get(l.id) !== JSON.stringify(l)),
    removed: before.cart.lines.filter((l) => !after.cart.lines.some((n) => n.id === l.id)).map((l) => l.id),
    subtotal_cents: after.cart.subtotal_cents, tax_cents: after.cart.tax_cents, total_cents: after.cart.total_cents,
  };
}

const negroni = cartLine('l-1', ANA, 'Negroni', 1400, 2);
const ipa = cartLine('l-2', BEN, 'Harbor IPA', 800, 1);
const spritz = cartLine('l-3', BEN, 'Spritz', 1100, 1);
const at = (minute: number) => `2026-11-26T19:${String(minute).padStart(2, '0')}:00.000Z`;
const v1 = tableState({ version: 1, cartLines: [negroni] });
const v2 = tableState({ version: 2, cartLines: [negroni, ipa], last_activity_at: at(6) });
const v3 = tableState({ version: 3, cartLines: [{ ...negroni, qty: 3, line_total_cents: 4200, version: 2 } as TableCartLine, ipa, spritz], last_activity_at: at(7) });
const v4 = tableState({ version: 4, cartLines: [ipa, spritz], last_activity_at: at(8) });

describe("a member's table", () => {
  const key = tableKeys.session(SESSION_ID);
  const held = (client: ReturnType<typeof createQueryClient>) => client.getQueryData<TableView>(key)!;

  it('applies each frame in order onto the version it follows: every line, who added it, and the sums', () => {
    const client = createQueryClient();
    client.setQueryData(key, view(v1, BEN.id));
    for (const [before, after] of [[v1, v2], [v2, v3], [v3, v4]] as const) writeTableFrames(client, frameBetween(before, after));
    expect(held(client)).toEqual(view(v4, BEN.id));
    expect(held(client).table.cart.lines.map((l) => `${l.member_name}|${l.name}|${l.qty}`)).toEqual(['Ben|Harbor IPA|1', 'Ben|Spritz|1']);
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);
  });

  it("a round's status update moves its round on the tab, and leaves the tab's card status (read beside it) alone", () => {
    const client = createQueryClient();
    const withRound = tableState({ version: 3, rounds: [round(1, 'preparing', [tabLine(1, ANA, 'Negroni', 1400, 1)])] });
    client.setQueryData(key, view(withRound, ANA.id));
    const card = { available: true, hold_cents: 10_000, holds: [] };
    client.setQueryData(cardStatusQuery(SESSION_ID).queryKey, card);
    const order = { id: withRound.rounds[0]!.order_id, status: 'ready' } as Order;
    expect(() => writeTableFrames(client, { type: 'order_updated', seq: 10, at: at(9), from: 'preparing', to: 'ready', order })).not.toThrow();
    expect(held(client).table.rounds[0]!.status).toBe('ready');
    expect(client.getQueryData(cardStatusQuery(SESSION_ID).queryKey)).toEqual(card);
  });

  it('a member who missed a frame keeps what they hold and reads the table again', () => {
    const client = createQueryClient();
    client.setQueryData(key, view(v1, BEN.id));
    writeTableFrames(client, frameBetween(v2, v3));
    expect(held(client)).toEqual(view(v1, BEN.id));
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });

  it('a frame for a version already held (the change\'s own answer came first) changes nothing and reads nothing', () => {
    const client = createQueryClient();
    client.setQueryData(key, view(v3, BEN.id));
    writeTableFrames(client, frameBetween(v2, v3));
    expect(held(client)).toEqual(view(v3, BEN.id));
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);
  });

  it('a frame that names an order of lines is laid out in that order', () => {
    const client = createQueryClient();
    client.setQueryData(key, view(v2, BEN.id));
    writeTableFrames(client, { ...frameBetween(v2, v3), order: ['l-3', 'l-2', 'l-1'] });
    expect(held(client).table.cart.lines.map((l) => l.id)).toEqual(['l-3', 'l-2', 'l-1']);
  });
});

describe("the staff Tables screen", () => {
  it('the open tab applies the frame (or reads the tab again when it missed one); the list notes the last activity', () => {
    const client = createQueryClient();
    const open = staffTableState();
    const next = { ...open, version: open.version + 1, last_activity_at: '2026-11-26T23:59:00.000Z', cart: { lines: [negroni], subtotal_cents: 2800, tax_cents: 245, total_cents: 3045 } };
    client.setQueryData(staffKeys.staffList, staffTables());
    client.setQueryData(staffKeys.session(open.session_id), open);
    applyLiveEvent(client, frameBetween(open, next));
    expect(client.getQueryData(staffKeys.session(open.session_id))).toEqual(next);
    const listed = client.getQueryData<ReturnType<typeof staffTables>>(staffKeys.staffList)!.sessions.find((s) => s.session_id === open.session_id)!;
    expect(listed.last_activity_at).toBe('2026-11-26T23:59:00.000Z');

    applyLiveEvent(client, { ...frameBetween(open, next), base_version: next.version + 1, version: next.version + 2 });
    expect(client.getQueryData(staffKeys.session(open.session_id))).toEqual(next);
    expect(client.getQueryState(staffKeys.session(open.session_id))!.isInvalidated).toBe(true);
  });
});
