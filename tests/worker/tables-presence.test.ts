// Proof of presence at a table (docs/decisions/237, docs/product.md §12.1): the table number printed on the table
// proves nothing. A tab opens with the token of the table's QR code; a live tab is joined with that token or the
// tab's code from a member's phone; failed tries are limited per phone and per table; a new code from the back
// office makes the printed ones stop working; staff read each table's code to open a tab for it.
import { describe, expect, it } from 'vitest';
import { TableLookup, TableStateResponse, VenueTablesResponse } from '../../shared/schemas/tables';
import { tableMessages, tableQrPath } from '../../shared/tables';
import { TABLE_JOIN_DEVICE_LIMIT, TABLE_JOIN_TABLE_LIMIT } from '../../worker/tables/presence';
import { call, expectApiError } from './helpers';
import { staffToken } from './order-helpers';
import { addTables, bartender, newGuest, SLUG, stateOf, tableOf, tableTokenOf } from './table-helpers';

const open = (token: string, body: Record<string, unknown>) => call('POST', '/api/tables/sessions', { token, body: { slug: SLUG, ...body } });

describe('a table number alone gets nothing but "Scan the code on your table"', () => {
  it('a live tab is neither looked up nor joined by its number, and nothing of it is shown', async () => {
    const { sessionId, host } = await tableOf('8', ['Maya']);
    const stranger = await newGuest();
    const lookup = await call('GET', `/api/venues/${SLUG}/tables/8`, { token: stranger.token });
    expect(expectApiError(lookup, 403)).toEqual({ code: 'table_token_required', message: 'Scan the code on your table' });
    const joined = await open(stranger.token, { table: '8', name: 'Stranger' });
    expect(expectApiError(joined, 403)).toEqual({ code: 'table_token_required', message: tableMessages.scanTableCode });
    expect(joined.text).not.toContain('Maya');
    expect((await stateOf(sessionId, host.token)).members.map((m) => m.name)).toEqual(['Maya']);
  });

  it('an empty table is not opened by its number, nor by a token of another table or a made-up one', async () => {
    const guest = await newGuest();
    for (const token of [undefined, await tableTokenOf('9'), 'AAAAAAAAAAAAAAAA']) {
      const res = await open(guest.token, { table: '10', name: 'Ana', ...(token === undefined ? {} : { token }) });
      expect(res.status, res.text).not.toBe(200);
      expect(res.json.error.message).toBe(tableMessages.scanTableCode);
    }
  });
});

describe("the table's QR code opens and joins; the tab's code joins", () => {
  it("a phone with the QR's token opens the tab; another joins with it; a third joins with the tab's code alone", async () => {
    const token = await tableTokenOf('20');
    expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(tableQrPath(SLUG, '20', token)).toBe(`/venue/${SLUG}?table=20&t=${token}`);
    const [host, friend, late] = [await newGuest(), await newGuest(), await newGuest()];
    const lookup = TableLookup.parse((await call('GET', `/api/venues/${SLUG}/tables/20?t=${token}`, { token: host.token })).json);
    expect(lookup.session).toBe('none');
    const opened = TableStateResponse.parse((await open(host.token, { table: '20', name: 'Host', token })).json);
    const joined = await open(friend.token, { table: '20', name: 'Friend', token });
    expect(joined.status, joined.text).toBe(200);
    const code = opened.table.join_code;
    expect(TableLookup.parse((await call('GET', `/api/venues/${SLUG}/tables/20?code=${code}`, { token: late.token })).json).session).toBe('joinable');
    const byCode = await open(late.token, { table: '20', name: 'Late', code });
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.json.table.members.map((m: { name: string }) => m.name)).toEqual(['Host', 'Friend', 'Late']);
  });

  it("a new code from the back office: the printed one stops working, the new one works (audited)", async () => {
    const admin = await staffToken('admin@barhop.dev');
    const old = await tableTokenOf('7');
    const renewed = await call('POST', '/api/admin/tables/7/token', { token: admin });
    expect(renewed.status, renewed.text).toBe(200);
    const fresh = VenueTablesResponse.parse(renewed.json).tables.find((t) => t.number === '7')!.token;
    expect(fresh).not.toBe(old);
    const guest = await newGuest();
    expect(expectApiError(await open(guest.token, { table: '7', name: 'Ana', token: old }), 403).code).toBe('table_token_required');
    expect((await open(guest.token, { table: '7', name: 'Ana', token: fresh })).status).toBe(200);
    expect(expectApiError(await call('POST', '/api/admin/tables/77/token', { token: admin }), 404).code).toBe('table_not_found');
    expect(expectApiError(await call('POST', '/api/admin/tables/7/token', { token: await bartender() }), 403).code).toBe('forbidden');
  });

  it("staff read each table's code on their Tables screen, and a tab opens with it", async () => {
    const list = await call('GET', '/api/staff/tables', { token: await bartender() });
    expect(list.status, list.text).toBe(200);
    const table = (list.json.tables as { number: string; token: string; join_path: string }[]).find((t) => t.number === '6')!;
    expect(table.join_path).toBe(tableQrPath(SLUG, '6', table.token));
    const guest = await newGuest();
    expect((await open(guest.token, { table: '6', name: 'Seated', token: table.token })).status).toBe(200);
  });
});

describe('join attempts are limited per phone and per table, with a clear message', () => {
  it(`one phone's wrong codes: after ${TABLE_JOIN_DEVICE_LIMIT.limit} failures the next is refused with 429 and the reason`, async () => {
    await addTables(40);
    const { sessionId, host } = await tableOf('37', ['Host']);
    const code = (await stateOf(sessionId, host.token)).join_code;
    const prober = await newGuest();
    const wrong = (i: number) => {
      const guess = `${'ABCD'[i % 4]}${'EFGH'[(i >> 2) % 4]}${'JKMN'[(i >> 4) % 4]}Z`;
      return guess === code ? 'ZZZZ' : guess;
    };
    const statuses: number[] = [];
    for (let i = 0; i < TABLE_JOIN_DEVICE_LIMIT.limit + 2; i++) {
      statuses.push((await call('POST', '/api/tables/sessions/join', { token: prober.token, body: { slug: SLUG, code: wrong(i), name: 'Probe' } })).status);
    }
    expect(statuses.slice(0, TABLE_JOIN_DEVICE_LIMIT.limit).every((s) => s === 404)).toBe(true);
    const limited = await call('POST', '/api/tables/sessions/join', { token: prober.token, body: { slug: SLUG, code, name: 'Probe' } });
    expect(expectApiError(limited, 429)).toMatchObject({ code: 'rate_limited', message: tableMessages.tooManyJoinsDevice });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await stateOf(sessionId, host.token)).members.map((m) => m.name)).toEqual(['Host']);
  });

  it(`one table tried by many phones: after ${TABLE_JOIN_TABLE_LIMIT.limit} failures the table refuses even its own code`, async () => {
    await addTables(40);
    for (let i = 0; i < TABLE_JOIN_TABLE_LIMIT.limit; i++) {
      expect((await open((await newGuest()).token, { table: '39', name: 'Probe' })).status).toBe(403);
    }
    const limited = await open((await newGuest()).token, { table: '39', name: 'Probe', token: await tableTokenOf('39') });
    expect(expectApiError(limited, 429)).toMatchObject({ code: 'rate_limited', message: tableMessages.tooManyJoinsTable });
  });

  it('a phone that gets in is not counted: a guest who scans many tables in a night is never limited', async () => {
    const guest = await newGuest();
    for (let i = 0; i < TABLE_JOIN_DEVICE_LIMIT.limit + 2; i++) {
      const res = await call('GET', `/api/venues/${SLUG}/tables/4?t=${await tableTokenOf('4')}`, { token: guest.token });
      expect(res.status, res.text).toBe(200);
    }
  });
});
