// The tab and its bill (docs/product.md §12.4–12.7): asking for the bill, claims, shares with tips, the bar
// recording payments, and staff moving, merging, voiding and ending tabs; every refusal in the error shape, and
// nothing lost or counted twice.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/money';
import { StaffTablesResponse, TableStateResponse, VenueTablesResponse, type TableState } from '../../shared/schemas/tables';
import { tipCents } from '../../shared/tab-split';
import { AdminAnalytics } from '../../shared/schemas/admin';
import { DrinkList } from '../../shared/schemas/drink';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { venueHub } from '../../worker/live/hub-client';
import { call, expectApiError } from './helpers';
import { staffToken, venueId } from './order-helpers';
import { addLine, addTables, bartender, deliver, drinksOf, idleFor, sendRound, SLUG, stateOf, tableOf, tableTokenOf } from './table-helpers';

beforeAll(() => addTables(60));

/** A table of `names` with one delivered round: a line for each member (drinks[i % 2], qty 1). */
async function servedTable(table: string, names: string[]) {
  const t = await tableOf(table, names);
  const drinks = await drinksOf();
  for (const [i, g] of t.guests.entries()) expect((await addLine(t.sessionId, g.token, { menu_drink_id: drinks[i % 2]!.id, qty: 1 })).status).toBe(200);
  const sent = await sendRound(t.sessionId, t.host.token);
  await deliver(sent.order.id);
  return { ...t, order: sent.order, lineOf: (name: string) => sent.order.items.find((i) => i.member_name === name)! };
}

const post = (path: string, token: string, body: unknown = {}) => call('POST', path, { token, body });
const askBill = async (sessionId: string, token: string) => {
  const res = await post(`/api/tables/sessions/${sessionId}/bill`, token);
  expect(res.status, res.text).toBe(200);
  return TableStateResponse.parse(res.json).table;
};
const takeShare = (sessionId: string, token: string, body: unknown) => post(`/api/tables/sessions/${sessionId}/shares`, token, body);
const pay = (sessionId: string, shareId: string, token: string, method = 'cash') => post(`/api/staff/tables/sessions/${sessionId}/shares/${shareId}/payment`, token, { method });

describe('the bill', () => {
  it('is asked for by the host once the cart is empty and no round is at the bar', async () => {
    const t = await servedTable('31', ['Host', 'Bo']);
    const [a] = await drinksOf();
    await addLine(t.sessionId, t.guests[1]!.token, { menu_drink_id: a!.id, qty: 1 });
    expect(expectApiError(await post(`/api/tables/sessions/${t.sessionId}/bill`, t.host.token), 409)).toEqual({ code: 'cart_not_empty', message: 'Send or clear the cart before splitting the bill' });
    const round = await sendRound(t.sessionId, t.host.token);
    expect(expectApiError(await post(`/api/tables/sessions/${t.sessionId}/bill`, t.host.token), 409).code).toBe('round_active');
    await deliver(round.order.id);
    expect(expectApiError(await post(`/api/tables/sessions/${t.sessionId}/bill`, t.guests[1]!.token), 403).code).toBe('host_only');
    const billing = await askBill(t.sessionId, t.host.token);
    expect(billing.status).toBe('billing');
    expect(billing.tab).toMatchObject({ subtotal_cents: t.order.subtotal_cents + round.order.subtotal_cents, owed_cents: billing.tab.total_cents, shared_cents: 0 });
    expect(expectApiError(await addLine(t.sessionId, t.host.token, { menu_drink_id: a!.id, qty: 1 }), 409).code).toBe('tab_billing');
    // Staff may ask too; asking again changes nothing.
    expect((await askBill(t.sessionId, await bartender())).version).toBe(billing.version);
  });

  it('by item: a claimed line is locked to its claimer (409 naming who); the share is the lines plus their part of tax, with a tip on the pre-tax part', async () => {
    const t = await servedTable('32', ['Host', 'Bo']);
    await askBill(t.sessionId, t.host.token);
    const hostLine = t.lineOf('Host');
    const claim = await post(`/api/tables/sessions/${t.sessionId}/claims`, t.host.token, { order_item_id: Number(hostLine.id) });
    expect(claim.status, claim.text).toBe(200);
    const stolen = await post(`/api/tables/sessions/${t.sessionId}/claims`, t.guests[1]!.token, { order_item_id: Number(hostLine.id) });
    expect(expectApiError(stolen, 409)).toEqual({ code: 'line_claimed', message: 'Host already claimed this line', details: { claimed_by: 'Host', claimed_by_member_id: t.host.memberId } });
    expect(expectApiError(await call('DELETE', `/api/tables/sessions/${t.sessionId}/claims/${hostLine.id}`, { token: t.guests[1]!.token }), 403).code).toBe('not_your_claim');
    expect(expectApiError(await post(`/api/tables/sessions/${t.sessionId}/claims`, t.host.token, { order_item_id: 999_999 }), 404).code).toBe('line_not_on_tab');
    expect(expectApiError(await takeShare(t.sessionId, t.guests[1]!.token, { kind: 'items', tip: { cents: 0 } }), 409).code).toBe('nothing_claimed');

    const share = await takeShare(t.sessionId, t.host.token, { kind: 'items', tip: { percent_bp: 1800 } });
    expect(share.status, share.text).toBe(200);
    const state = TableStateResponse.parse(share.json).table;
    const [mine] = state.shares;
    expect(mine).toMatchObject({ kind: 'items', payer_name: 'Host', subtotal_cents: hostLine.total_cents, tip_cents: tipCents(hostLine.total_cents, { percent_bp: 1800 }), payment_status: 'unpaid' });
    expect(mine!.amount_cents).toBe(hostLine.total_cents + Math.round((hostLine.total_cents * (state.tab.total_cents - state.tab.subtotal_cents)) / state.tab.subtotal_cents));
    expect(mine!.due_cents).toBe(mine!.amount_cents + mine!.tip_cents);
    expect(expectApiError(await call('DELETE', `/api/tables/sessions/${t.sessionId}/claims/${hostLine.id}`, { token: t.host.token }), 409).code).toBe('claim_in_share');
    // Bo pays the rest: the shares then cover the bill exactly.
    const rest = TableStateResponse.parse((await takeShare(t.sessionId, t.guests[1]!.token, { kind: 'rest', tip: { cents: 250 } })).json).table;
    expect(rest.tab).toMatchObject({ owed_cents: 0, shared_cents: rest.tab.total_cents, tips_cents: mine!.tip_cents + 250 });
    expect(rest.shares.reduce((sum, s) => sum + s.subtotal_cents, 0)).toBe(rest.tab.subtotal_cents);
  });

  it('by units: a 2 × line (with its option) is shared by two members, one unit each; the shares sum exactly to the bill, service charge in', async () => {
    const admin = await staffToken('admin@barhop.dev');
    expect((await call('PUT', '/api/admin/tables/settings', { token: admin, body: { service_charge_bp: 1000 } })).status).toBe(200);
    try {
      const t = await tableOf('46', ['Host', 'Bo', 'Cy']);
      const { drinks } = DrinkList.parse((await call('GET', `/api/drinks?slug=${SLUG}`)).json);
      const negroni = drinks.find((d) => d.name === 'Negroni')!;
      const double = negroni.modifier_groups!.find((g) => g.name === 'Extras')!.options.find((o) => o.name === 'Double')!.id;
      expect((await addLine(t.sessionId, t.host.token, { menu_drink_id: negroni.id, qty: 2, modifiers: [double] })).status).toBe(200);
      const round = await sendRound(t.sessionId, t.host.token);
      await deliver(round.order.id);
      await askBill(t.sessionId, t.host.token);
      const line = round.order.items[0]!;
      const unitCents = negroni.price_cents + 500;
      expect(line).toMatchObject({ quantity: 2, total_cents: 2 * unitCents });
      const claim = (token: string, body: Record<string, unknown>) => post(`/api/tables/sessions/${t.sessionId}/claims`, token, { order_item_id: Number(line.id), ...body });
      const [host, bo, cy] = t.guests;

      expect((await claim(host!.token, { units: 1 })).status).toBe(200);
      const both = await claim(bo!.token, { units: 1 });
      expect(both.status, both.text).toBe(200);
      const claimed = TableStateResponse.parse(both.json).table.rounds[0]!.lines[0]!;
      // The tab line names its menu drink: guests read its name as their language's menu does (docs/decisions/265).
      expect(claimed.menu_drink_id).toBe(negroni.id);
      expect(claimed.claims).toEqual([
        { member_id: host!.memberId, name: 'Host', units: 1, cents: unitCents, share_id: null },
        { member_id: bo!.memberId, name: 'Bo', units: 1, cents: unitCents, share_id: null },
      ]);
      // Every unit is taken: a third member is told who has them; asking for more units than are left is refused, never reduced.
      expect(expectApiError(await claim(cy!.token, {}), 409)).toMatchObject({ code: 'line_claimed', message: 'Host and Bo already claimed this line' });
      expect(expectApiError(await claim(host!.token, { units: 2 }), 409)).toMatchObject({
        code: 'units_taken', message: 'Only 1 of the 2 × Negroni is left to claim', details: { units_left: 1, quantity: 2, drink: 'Negroni' },
      });
      expect(expectApiError(await claim(host!.token, { units: 0 }), 400).code).toBe('invalid_request');
      // Bo lets go of his unit; Cy claims what is left (no count: every unit still free).
      expect((await call('DELETE', `/api/tables/sessions/${t.sessionId}/claims/${line.id}`, { token: bo!.token })).status).toBe(200);
      expect((await claim(cy!.token, {})).status).toBe(200);

      const hostShare = TableStateResponse.parse((await takeShare(t.sessionId, host!.token, { kind: 'items', tip: { cents: 0 } })).json).table;
      expect(hostShare.shares[0]).toMatchObject({ kind: 'items', subtotal_cents: unitCents });
      expect(hostShare.rounds[0]!.lines[0]!.claims.map((c) => [c.name, c.share_id])).toEqual([['Host', hostShare.shares[0]!.id], ['Cy', null]]);
      const last = await takeShare(t.sessionId, cy!.token, { kind: 'items', tip: { cents: 0 } });
      expect(last.status, last.text).toBe(200);
      const settled = TableStateResponse.parse(last.json).table;
      expect(settled.tab.service_charge_cents).toBeGreaterThan(0);
      expect(settled.shares.map((s) => s.subtotal_cents)).toEqual([unitCents, unitCents]);
      expect(settled.shares.reduce((sum, s) => sum + s.amount_cents, 0)).toBe(settled.tab.total_cents);
      expect(settled.tab.owed_cents).toBe(0);
    } finally {
      await call('PUT', '/api/admin/tables/settings', { token: admin, body: { service_charge_bp: 0 } });
    }
  });

  it('refuses paying more than is owed, splitting into 0 or 100 shares, and a second split of another count', async () => {
    const t = await servedTable('33', ['Host', 'Bo', 'Cy']);
    const billing = await askBill(t.sessionId, t.host.token);
    const owed = billing.tab.owed_cents;
    const over = await takeShare(t.sessionId, t.host.token, { kind: 'custom', amount_cents: owed + 1, tip: { cents: 0 } });
    expect(expectApiError(over, 400)).toEqual({ code: 'amount_over_owed', message: `That is more than the ${formatCents(owed)} still owed`, details: { owed_cents: owed } });
    for (const count of [0, 1, 21, 100]) {
      const bad = await takeShare(t.sessionId, t.host.token, { kind: 'even', count, tip: { cents: 0 } });
      expect(expectApiError(bad, 400).details).toEqual([{ path: 'count', message: 'Split among 2 to 20 people' }]);
    }
    expect(expectApiError(await takeShare(t.sessionId, t.host.token, { kind: 'custom', amount_cents: 0, tip: { cents: 0 } }), 400).code).toBe('invalid_request');
    const first = await takeShare(t.sessionId, t.host.token, { kind: 'even', count: 3, tip: { percent_bp: 1500 } });
    expect(first.status, first.text).toBe(200);
    expect(expectApiError(await takeShare(t.sessionId, t.guests[1]!.token, { kind: 'even', count: 2, tip: { cents: 0 } }), 409).code).toBe('split_in_progress');
    await takeShare(t.sessionId, t.guests[1]!.token, { kind: 'even', count: 3, tip: { cents: 0 } });
    const last = TableStateResponse.parse((await takeShare(t.sessionId, t.guests[2]!.token, { kind: 'even', count: 3, tip: { cents: 0 } })).json).table;
    const amounts = last.shares.map((s) => s.amount_cents);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(owed);
    expect(amounts).toEqual([0, 1, 2].map((i) => Math.floor(owed / 3) + (i < owed % 3 ? 1 : 0)));
    expect(last.tab.owed_cents).toBe(0);
    expect(expectApiError(await takeShare(t.sessionId, t.host.token, { kind: 'rest', tip: { cents: 0 } }), 409).code).toBe('nothing_owed');
    // A payer takes back an unpaid share: it is owed again.
    const back = await call('DELETE', `/api/tables/sessions/${t.sessionId}/shares/${last.shares[2]!.id}`, { token: t.guests[2]!.token });
    expect(back.json.table.tab.owed_cents).toBe(amounts[2]);
    expect(expectApiError(await call('DELETE', `/api/tables/sessions/${t.sessionId}/shares/${last.shares[0]!.id}`, { token: t.guests[2]!.token }), 403).code).toBe('not_your_share');
  });

  it('two bartenders recording the same share: one records it, the other is told who did; the tab closes paid when every share is', async () => {
    const t = await servedTable('34', ['Host', 'Bo']);
    await askBill(t.sessionId, t.host.token);
    const half = TableStateResponse.parse((await takeShare(t.sessionId, t.host.token, { kind: 'even', count: 2, tip: { percent_bp: 2000 } })).json).table;
    const full = TableStateResponse.parse((await takeShare(t.sessionId, t.guests[1]!.token, { kind: 'rest', tip: { cents: 100 } })).json).table;
    const [hostShare, boShare] = full.shares;
    // The table's answer says which split an even share is of, so every member's app presets that count.
    expect(half.shares[0]!.split).toEqual({ plan: half.shares[0]!.id, count: 2, base_cents: half.tab.total_cents, index: 0 });
    expect(full.shares.map((s) => s.split ?? null)).toEqual([half.shares[0]!.split, null]);
    const [jamie, alex] = [await bartender(), await staffToken('admin@barhop.dev')];
    const answers = await Promise.all([pay(t.sessionId, hostShare!.id, jamie), pay(t.sessionId, hostShare!.id, alex, 'card_terminal')]);
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    const recorder = ok[0] === answers[0] ? 'Jamie Chen' : 'Alex Rivera';
    expect(expectApiError(refused[0]!, 409)).toMatchObject({ code: 'share_already_paid', message: `Already recorded by ${recorder}` });
    const afterOne = TableStateResponse.parse(ok[0]!.json).table;
    expect(afterOne.shares[0]).toMatchObject({ payment_status: 'captured', recorded_by_name: recorder });
    expect(afterOne.status).toBe('billing');
    expect(afterOne.tab.paid_cents).toBe(hostShare!.amount_cents);
    // What a guest reads: paid is what was handed over, tip in; still owed is what nobody has paid yet, though every
    // share is taken (nothing is left to split).
    expect(afterOne.tab).toMatchObject({
      owed_cents: 0, received_cents: hostShare!.amount_cents + hostShare!.tip_cents, unpaid_cents: afterOne.tab.total_cents - hostShare!.amount_cents,
    });
    expect(afterOne.tab.unpaid_cents).toBe(boShare!.amount_cents);
    expect(expectApiError(await call('DELETE', `/api/tables/sessions/${t.sessionId}/shares/${hostShare!.id}`, { token: t.host.token }), 409).code).toBe('share_already_paid');

    const closed = TableStateResponse.parse((await pay(t.sessionId, boShare!.id, jamie)).json).table;
    expect(closed).toMatchObject({ status: 'closed', closed_reason: 'paid' });
    expect(closed.tab).toMatchObject({ paid_cents: closed.tab.total_cents, owed_cents: 0, tips_cents: half.shares[0]!.tip_cents + 100 });
    expect(closed.tab).toMatchObject({ received_cents: closed.tab.total_cents + closed.tab.tips_cents, unpaid_cents: 0 });
    const round = await env.DB.prepare('SELECT payment_status FROM orders WHERE id = ?').bind(t.order.id).first<{ payment_status: string }>();
    expect(round!.payment_status).toBe('captured');
    // The two payments are in the audit log, and the refused second recording as a request with its 409.
    const audited = await env.DB.prepare(`SELECT count(*) AS n FROM audit_log WHERE action = 'tab_share.record_payment' AND target_id IN (?, ?)`).bind(hostShare!.id, boShare!.id).first<{ n: number }>();
    expect(audited!.n).toBe(2);
    const refusedEntry = await env.DB.prepare(`SELECT status FROM audit_log WHERE path = ? AND status <> 200`).bind(`/api/staff/tables/sessions/${t.sessionId}/shares/${hostShare!.id}/payment`).first<{ status: number }>();
    expect(refusedEntry!.status).toBe(409);
    // Only staff record payments.
    expect(expectApiError(await pay(t.sessionId, boShare!.id, t.host.token), 401).code).toBe('unauthorized');
  });
});

describe('staff actions', () => {
  it('void a line with a reason (audited), refused once shares are taken', async () => {
    const t = await servedTable('35', ['Host', 'Bo']);
    const boLine = t.lineOf('Bo');
    const staff = await bartender();
    const noReason = await post(`/api/staff/tables/sessions/${t.sessionId}/lines/${boLine.id}/void`, staff, {});
    expect(expectApiError(noReason, 400).code).toBe('invalid_request');
    const voided = await post(`/api/staff/tables/sessions/${t.sessionId}/lines/${boLine.id}/void`, staff, { reason: 'Spilled' });
    expect(voided.status, voided.text).toBe(200);
    const state = TableStateResponse.parse(voided.json).table;
    expect(state.rounds[0]!.lines.find((l) => l.member_name === 'Bo')).toMatchObject({ voided: true, void_reason: 'Spilled' });
    expect(state.tab.subtotal_cents).toBe(t.order.subtotal_cents - boLine.total_cents);
    const order = await env.DB.prepare('SELECT subtotal_cents FROM orders WHERE id = ?').bind(t.order.id).first<{ subtotal_cents: number }>();
    expect(order!.subtotal_cents).toBe(state.tab.subtotal_cents);
    expect(expectApiError(await post(`/api/staff/tables/sessions/${t.sessionId}/lines/${boLine.id}/void`, staff, { reason: 'Again' }), 409).code).toBe('line_voided');
    const entry = await env.DB.prepare(`SELECT summary FROM audit_log WHERE action = 'order_item.void' AND target_id = ?`).bind(boLine.id).first<{ summary: string }>();
    expect(entry!.summary).toContain('Spilled');

    await askBill(t.sessionId, t.host.token);
    await takeShare(t.sessionId, t.host.token, { kind: 'rest', tip: { cents: 0 } });
    const hostLine = t.lineOf('Host');
    expect(expectApiError(await post(`/api/staff/tables/sessions/${t.sessionId}/lines/${hostLine.id}/void`, staff, { reason: 'Late' }), 409).code).toBe('shares_taken');
  });

  it('move to a free table (the ticket follows); a busy or unknown table is refused', async () => {
    const t = await tableOf('36', ['Host']);
    const other = await tableOf('37', ['Else']);
    const staff = await bartender();
    const [a] = await drinksOf();
    await addLine(t.sessionId, t.host.token, { menu_drink_id: a!.id, qty: 1 });
    const round = await sendRound(t.sessionId, t.host.token);
    expect(expectApiError(await post(`/api/staff/tables/sessions/${t.sessionId}/move`, staff, { table: '37' }), 409).code).toBe('table_busy');
    expect(expectApiError(await post(`/api/staff/tables/sessions/${t.sessionId}/move`, staff, { table: '99' }), 404).code).toBe('table_not_found');
    const moved = await post(`/api/staff/tables/sessions/${t.sessionId}/move`, staff, { table: '38' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.table.table).toBe('38');
    const ticket = await env.DB.prepare('SELECT display_name, table_number FROM orders WHERE id = ?').bind(round.order.id).first();
    expect(ticket).toEqual({ display_name: 'Table 38', table_number: '38' });
    // Table 36 is free again; a guest's own venue read says so.
    expect((await call('GET', `/api/venues/${SLUG}/tables/36?t=${await tableTokenOf('36')}`)).json.session).toBe('none');
    expect(other.sessionId).not.toBe(t.sessionId);
  });

  it('merge: members, cart and rounds join the other tab; a guest at both keeps one place', async () => {
    const a = await tableOf('39', ['Ana', 'Ben']);
    const b = await tableOf('40', ['Cleo']);
    const [drink] = await drinksOf();
    await addLine(a.sessionId, a.guests[1]!.token, { menu_drink_id: drink!.id, qty: 2 });
    const round = await sendRound(a.sessionId, a.host.token);
    const staff = await bartender();
    const merged = await post(`/api/staff/tables/sessions/${a.sessionId}/merge`, staff, { into_session_id: b.sessionId });
    expect(merged.status, merged.text).toBe(200);
    const into = TableStateResponse.parse(merged.json).table;
    expect(into.session_id).toBe(b.sessionId);
    expect(into.members.map((m) => m.name)).toEqual(['Ana', 'Ben', 'Cleo']);
    expect(into.rounds.map((r) => r.order_id)).toEqual([round.order.id]);
    expect((await stateOf(a.sessionId, staff)).status).toBe('merged');
    // Ben now adds to table 40's tab.
    const added = await addLine(b.sessionId, a.guests[1]!.token, { menu_drink_id: drink!.id, qty: 1 });
    expect(added.status, added.text).toBe(200);
    expect(expectApiError(await post(`/api/staff/tables/sessions/${a.sessionId}/merge`, staff, { into_session_id: b.sessionId }), 409).code).toBe('tab_closed');
    expect(expectApiError(await post(`/api/staff/tables/sessions/${b.sessionId}/merge`, staff, { into_session_id: b.sessionId }), 400).code).toBe('invalid_request');
  });

  it('ending a tab leaves its balance as one unpaid share; staff see it under needs attention until it is recorded paid', async () => {
    const t = await servedTable('41', ['Host', 'Bo']);
    const staff = await bartender();
    const ended = TableStateResponse.parse((await post(`/api/staff/tables/sessions/${t.sessionId}/end`, staff, { reason: 'Left without paying' })).json).table;
    expect(ended).toMatchObject({ status: 'ended', closed_reason: 'Left without paying' });
    expect(ended.shares).toEqual([expect.objectContaining({ kind: 'rest', payer_name: 'Host', amount_cents: ended.tab.total_cents, payment_status: 'unpaid' })]);
    const listed = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: staff })).json);
    expect(listed.sessions.find((s) => s.session_id === t.sessionId)).toMatchObject({ needs_attention: true, owed_cents: 0, unpaid_shares: 1 });
    expect(listed.tables.length).toBeGreaterThanOrEqual(20);
    await pay(t.sessionId, ended.shares[0]!.id, staff);
    const after = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: staff })).json);
    expect(after.sessions.find((s) => s.session_id === t.sessionId)).toBeUndefined();
    expect(expectApiError(await post(`/api/staff/tables/sessions/${t.sessionId}/end`, staff, {}), 409).code).toBe('tab_closed');
  });

  it('an idle tab closes by itself after the venue\'s hours (hub alarm and housekeeping) and needs attention', async () => {
    const venue = await venueId(SLUG);
    const t = await servedTable('42', ['Host']);
    const quiet = await tableOf('43', ['Quiet']);
    await idleFor(t.sessionId, 5 * 60);
    await idleFor(quiet.sessionId, 60);
    // The hub's alarm is due once the oldest tab could be idle.
    expect(await runDurableObjectAlarm(venueHub(env, venue))).toBe(true);
    await runHousekeeping(env, new Date());
    const closed = await stateOf(t.sessionId, await bartender());
    expect(closed).toMatchObject({ status: 'closed', closed_reason: 'auto_closed' });
    expect(closed.shares).toEqual([expect.objectContaining({ kind: 'rest', amount_cents: closed.tab.total_cents, payment_status: 'unpaid' })]);
    expect((await stateOf(quiet.sessionId, quiet.host.token)).status).toBe('open');
    const listed = StaffTablesResponse.parse((await call('GET', '/api/staff/tables', { token: await bartender() })).json);
    expect(listed.sessions.find((s) => s.session_id === t.sessionId)?.needs_attention).toBe(true);
    // The host can order on their own again.
    const [drink] = await drinksOf();
    expect((await call('POST', '/api/orders/quick', { token: t.host.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } })).status).toBe(200);
  });
});

describe('admin', () => {
  it('edits the tables (a table with an open tab stays) and the tab settings; the service charge is on the pre-tax subtotal', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const listed = VenueTablesResponse.parse((await call('GET', '/api/admin/tables', { token: admin })).json);
    const numbers = listed.tables.map((t) => t.number);
    await tableOf('44', ['Host']);
    const without44 = numbers.filter((n) => n !== '44').map((number) => ({ number }));
    const refused = await call('PUT', '/api/admin/tables', { token: admin, body: { tables: without44 } });
    expect(expectApiError(refused, 409)).toMatchObject({ code: 'table_in_use', message: 'Table 44 has an open tab: close it before removing the table', details: { table: '44', tables: ['44'] } });
    const twice = await call('PUT', '/api/admin/tables', { token: admin, body: { tables: [{ number: '1' }, { number: '1' }] } });
    expect(expectApiError(twice, 400).message).toBe('Table 1 is listed twice');
    const added = await call('PUT', '/api/admin/tables', { token: admin, body: { tables: [...numbers.map((number) => ({ number })), { number: 'Patio 4', name: 'Patio' }] } });
    expect(added.status, added.text).toBe(200);
    expect(VenueTablesResponse.parse(added.json).tables.at(-1)).toEqual({ number: 'Patio 4', name: 'Patio', position: numbers.length, token: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    expect(expectApiError(await call('PUT', '/api/admin/tables', { token: await bartender(), body: { tables: [] } }), 403).code).toBe('forbidden');

    const bad = await call('PUT', '/api/admin/tables/settings', { token: admin, body: { service_charge_bp: 2600 } });
    expect(expectApiError(bad, 400).details).toEqual([{ path: 'service_charge_bp', message: 'Service charge must be between 0 and 25%' }]);
    const set = await call('PUT', '/api/admin/tables/settings', { token: admin, body: { service_charge_bp: 1000 } });
    expect(VenueTablesResponse.parse(set.json).settings).toEqual({ service_charge_bp: 1000, tip_presets_bp: [1500, 1800, 2000], tab_auto_close_hours: 4 });
    const t = await servedTable('45', ['Host']);
    const state: TableState = await stateOf(t.sessionId, t.host.token);
    expect(state.tab).toMatchObject({ service_charge_bp: 1000, service_charge_cents: Math.round(t.order.subtotal_cents / 10), total_cents: t.order.total_cents + Math.round(t.order.subtotal_cents / 10) });
    await call('PUT', '/api/admin/tables/settings', { token: admin, body: { service_charge_bp: 0 } });

    const analytics = AdminAnalytics.parse((await call('GET', '/api/admin/analytics?window=7d', { token: admin })).json);
    expect(analytics.tables.tabs).toBeGreaterThan(0);
    expect(analytics.tables.tabs_per_table.find((r) => r.table === '45')).toEqual({ table: '45', tabs: 1 });
  });
});
