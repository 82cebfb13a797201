// A table's session (docs/product.md §12.1, §12.2): opening by scan, joining within the scan window or with the
// host's code, leaving, the host removing someone, staff ending the tab; and every refusal in the error shape.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { TableLookup } from '../../shared/schemas/tables';
import { tableMessages } from '../../shared/tables';
import { call, expectApiError } from './helpers';
import { addLine, bartender, drinksOf, idleFor, newGuest, session, sit, SLUG, stateOf, tableOf, tableTokenOf } from './table-helpers';

describe('opening and joining a table', () => {
  it('the first scan opens the tab with its guest as host; a second scan within 20 minutes joins it', async () => {
    const maya = await newGuest();
    const opened = await sit(maya, '11', 'Maya');
    expect(opened.table).toMatchObject({ table: '11', status: 'open', members_can_send: false, host_member_id: opened.you });
    expect(opened.table.join_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/);
    expect(opened.table.members.map((m) => [m.name, m.is_host])).toEqual([['Maya', true]]);

    const jonas = await newGuest();
    const joined = await sit(jonas, '11', 'Jonas');
    expect(joined.table.session_id).toBe(opened.table.session_id);
    expect(joined.table.members.map((m) => [m.name, m.is_host])).toEqual([['Maya', true], ['Jonas', false]]);
    expect(joined.you).not.toBe(opened.you);
    expect(joined.table.version).toBeGreaterThan(opened.table.version);

    // Scanning again changes nothing: the same member, the same version.
    const again = await sit(jonas, '11', 'Jonas');
    expect(again.you).toBe(joined.you);
    expect(again.table.version).toBe(joined.table.version);
  });

  it('two guests scanning an empty table at once share one tab', async () => {
    const [a, b] = [await newGuest(), await newGuest()];
    const [first, second] = await Promise.all([sit(a, '12', 'Ana'), sit(b, '12', 'Ben')]);
    expect(first.table.session_id).toBe(second.table.session_id);
    expect((await stateOf(first.table.session_id, a.token)).members.map((m) => m.name).sort()).toEqual(['Ana', 'Ben']);
  });

  it('after 20 idle minutes a scan needs the code; the code (any case) or the invite join works at any time', async () => {
    const { sessionId, host } = await tableOf('13', ['Host']);
    const code = (await stateOf(sessionId, host.token)).join_code;
    await idleFor(sessionId, 21);
    const late = await newGuest();
    const qr = await tableTokenOf('13');
    const refused = await call('POST', '/api/tables/sessions', { token: late.token, body: { slug: SLUG, table: '13', name: 'Late', token: qr } });
    expect(expectApiError(refused, 403)).toMatchObject({ code: 'join_code_required', message: tableMessages.joinCodeRequired });
    const wrong = await call('POST', '/api/tables/sessions', { token: late.token, body: { slug: SLUG, table: '13', name: 'Late', token: qr, code: code === 'AAAA' ? 'BBBB' : 'AAAA' } });
    expect(expectApiError(wrong, 403).code).toBe('join_code_wrong');
    const lookup = TableLookup.parse((await call('GET', `/api/venues/${SLUG}/tables/13?t=${qr}`, { token: late.token })).json);
    expect(lookup).toMatchObject({ table: '13', session: 'code_required', member_session_id: null });

    const withCode = await sit(late, '13', 'Late', { code: code.toLowerCase() });
    expect(withCode.table.members.map((m) => m.name)).toEqual(['Host', 'Late']);
    const byInvite = await newGuest();
    const joined = await call('POST', '/api/tables/sessions/join', { token: byInvite.token, body: { slug: SLUG, code, name: 'Invited' } });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.json.table.members.map((m: { name: string }) => m.name)).toEqual(['Host', 'Late', 'Invited']);
    expect(TableLookup.parse((await call('GET', `/api/venues/${SLUG}/tables/13?t=${qr}`, { token: byInvite.token })).json).member_session_id).toBe(sessionId);
  });

  it('refuses a table the venue does not have, an unknown code, a code of an ended tab, and a missing name', async () => {
    const guest = await newGuest();
    // A table the venue does not have is, like any number without its code, asked to be scanned (docs/decisions/237).
    const missing = await call('POST', '/api/tables/sessions', { token: guest.token, body: { slug: SLUG, table: '42', name: 'Zoe', token: await tableTokenOf('14') } });
    expect(expectApiError(missing, 403)).toEqual({ code: 'table_token_required', message: tableMessages.scanTableCode });
    expect(expectApiError(await call('GET', `/api/venues/${SLUG}/tables/42`), 403).code).toBe('table_token_required');
    const unknown = await call('POST', '/api/tables/sessions/join', { token: guest.token, body: { slug: SLUG, code: 'ZZZZ', name: 'Zoe' } });
    expect(expectApiError(unknown, 404)).toEqual({ code: 'table_session_not_found', message: 'That table code is not open any more.', details: { refusal: 'table_session_not_found.code' } });
    const nameless = await call('POST', '/api/tables/sessions', { token: guest.token, body: { slug: SLUG, table: '14', name: '  ' } });
    expect(expectApiError(nameless, 400).details).toEqual([{ path: 'name', message: 'Your name is required' }]);

    const { sessionId, host } = await tableOf('14', ['Host']);
    const code = (await stateOf(sessionId, host.token)).join_code;
    const ended = await call('POST', `/api/staff/tables/sessions/${sessionId}/end`, { token: await bartender(), body: { reason: 'Closing time' } });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json.table).toMatchObject({ status: 'ended', closed_reason: 'Closing time' });
    const late = await call('POST', '/api/tables/sessions/join', { token: guest.token, body: { slug: SLUG, code, name: 'Zoe' } });
    expect(expectApiError(late, 404).code).toBe('table_session_not_found');
    // A scan of the ended tab's table opens a new one.
    const fresh = await sit(guest, '14', 'Zoe');
    expect(fresh.table.session_id).not.toBe(sessionId);
    expect(fresh.you).toBe(fresh.table.host_member_id);
  });

  it('a guest sits at one table of a venue at a time, and cannot order on their own while there', async () => {
    const { host } = await tableOf('15', ['Pia']);
    const elsewhere = await call('POST', '/api/tables/sessions', { token: host.token, body: { slug: SLUG, table: '16', name: 'Pia', token: await tableTokenOf('16') } });
    expect(expectApiError(elsewhere, 409)).toMatchObject({ code: 'at_another_table', message: tableMessages.atAnotherTable('15') });
    const [drink] = await drinksOf();
    const solo = await call('POST', '/api/orders/quick', { token: host.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    expect(expectApiError(solo, 409)).toMatchObject({ code: 'at_table', message: tableMessages.soloWhileAtTable('15') });
    // A guest who is not at a table orders as before.
    const solo2 = await call('POST', '/api/orders/quick', { token: (await newGuest()).token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    expect(solo2.status, solo2.text).toBe(200);
  });
});

describe('leaving and removals', () => {
  it('a member leaves: their cart lines go; the host leaving hands over to the longest-standing member; leaving gives solo ordering back', async () => {
    const { sessionId, guests: [host, b, c] } = await tableOf('17', ['Host', 'Bo', 'Cy']);
    const [drink] = await drinksOf();
    expect((await addLine(sessionId, b!.token, { menu_drink_id: drink!.id, qty: 2 })).status).toBe(200);
    expect((await addLine(sessionId, c!.token, { menu_drink_id: drink!.id, qty: 1 })).status).toBe(200);

    const left = await call('DELETE', `/api/tables/sessions/${sessionId}/members/${b!.memberId}`, { token: b!.token });
    expect(left.status, left.text).toBe(200);
    expect(left.json.you).toBeNull();
    expect(left.json.table.cart.lines.map((l: { member_name: string }) => l.member_name)).toEqual(['Cy']);
    expect(expectApiError(await session(sessionId, b!.token), 403).code).toBe('not_a_member');
    const solo = await call('POST', '/api/orders/quick', { token: b!.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    expect(solo.status, solo.text).toBe(200);

    const hostLeft = await call('DELETE', `/api/tables/sessions/${sessionId}/members/${host!.memberId}`, { token: host!.token });
    expect(hostLeft.status).toBe(200);
    expect(hostLeft.json.table.host_member_id).toBe(c!.memberId);
    expect(hostLeft.json.table.members).toEqual([expect.objectContaining({ name: 'Cy', is_host: true })]);
  });

  it('the host removes someone (audited); a member who is not the host cannot; the removed member needs the code to come back', async () => {
    const { sessionId, guests: [host, b, c] } = await tableOf('18', ['Host', 'Bo', 'Cy']);
    const notHost = await call('DELETE', `/api/tables/sessions/${sessionId}/members/${c!.memberId}`, { token: b!.token });
    expect(expectApiError(notHost, 403)).toEqual({ code: 'host_only', message: 'Only Host, the host, can remove someone from the table', details: { host: 'Host', refusal: 'host_only.remove' } });
    const removed = await call('DELETE', `/api/tables/sessions/${sessionId}/members/${c!.memberId}`, { token: host!.token });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.table.members.map((m: { name: string }) => m.name)).toEqual(['Host', 'Bo']);
    const entry = await env.DB.prepare(`SELECT actor_user_id, acting_role, action, summary FROM audit_log WHERE target_id = ? ORDER BY created_at DESC LIMIT 1`).bind(sessionId).first();
    expect(entry).toEqual({ actor_user_id: host!.ownerKey, acting_role: 'table_host', action: 'table_member.remove', summary: 'Removed Cy from table 18' });
    const again = await call('DELETE', `/api/tables/sessions/${sessionId}/members/${c!.memberId}`, { token: host!.token });
    expect(expectApiError(again, 404).code).toBe('member_not_found');

    const back = await call('POST', '/api/tables/sessions', { token: c!.token, body: { slug: SLUG, table: '18', name: 'Cy', token: await tableTokenOf('18') } });
    expect(expectApiError(back, 403).code).toBe('join_code_required');
    const code = removed.json.table.join_code;
    expect((await sit(c!, '18', 'Cy', { code })).table.members.map((m) => m.name)).toEqual(['Host', 'Bo', 'Cy']);
  });

  it('only the host changes the settings; members then send rounds too', async () => {
    const { sessionId, guests: [host, b] } = await tableOf('19', ['Host', 'Bo']);
    const refused = await call('PATCH', `/api/tables/sessions/${sessionId}`, { token: b!.token, body: { members_can_send: true } });
    expect(expectApiError(refused, 403).code).toBe('host_only');
    const done = await call('PATCH', `/api/tables/sessions/${sessionId}`, { token: host!.token, body: { members_can_send: true } });
    expect(done.status).toBe(200);
    expect(done.json.table.members_can_send).toBe(true);
  });

  it('strangers and other venues\' staff cannot read a tab; the venue\'s staff can', async () => {
    const { sessionId } = await tableOf('20', ['Host']);
    expect(expectApiError(await session(sessionId, (await newGuest()).token), 403).code).toBe('not_a_member');
    expect(expectApiError(await session(sessionId, null), 401).code).toBe('unauthorized');
    const staff = await session(sessionId, await bartender());
    expect(staff.status).toBe(200);
    expect(staff.json.you).toBeNull();
    const { staffToken } = await import('./order-helpers');
    expect(expectApiError(await session(sessionId, await staffToken('staff2@barhop.dev')), 404).code).toBe('table_session_not_found');
    expect(expectApiError(await session('no-such-session', await bartender()), 404).code).toBe('table_session_not_found');
  });
});
