// The table's cart and rounds (docs/product.md §12.3, docs/decisions/231): lines and who may change them, rounds
// through the bar as one order "Table N", one active round per table, live frames to members and staff, concurrent
// changes applied one after another, and a tab that survives its hub's restart.
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LiveTableCart, TableStateResponse, type TableState } from '../../shared/schemas/tables';
import { applyCartFrame, tableMessages } from '../../shared/tables';
import { venueHub } from '../../worker/live/hub-client';
import { call, expectApiError } from './helpers';
import { openLive, staffToken, venueId } from './order-helpers';
import { addLine, addTables, bartender, deliver, drinksOf, newGuest, sendRound, SLUG, stateOf, tableOf, tableTokenOf } from './table-helpers';

beforeAll(() => addTables(40));

/** The cart as a member would describe it: whose, what, how many, which notes (not ids or times). */
const cartOf = (state: TableState) => state.cart.lines.map((l) => `${l.member_name}|${l.name}|${l.qty}|${l.notes ?? ''}`).sort();

describe('the table cart', () => {
  it('members add lines (their own second line of a drink adds to the first); a line is changed by its member or the host only', async () => {
    const { sessionId, guests: [host, bo, cy] } = await tableOf('21', ['Host', 'Bo', 'Cy']);
    const [a, b] = await drinksOf();
    expect((await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 2 })).status).toBe(200);
    const merged = await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 3 });
    expect(merged.status).toBe(200);
    const cyLine = await addLine(sessionId, cy!.token, { menu_drink_id: a!.id, qty: 1, notes: 'no ice' });
    const state = TableStateResponse.parse(cyLine.json).table;
    expect(cartOf(state)).toEqual([`Bo|${a!.name}|5|`, `Cy|${a!.name}|1|no ice`]);
    const boLine = state.cart.lines.find((l) => l.member_name === 'Bo')!;
    expect(boLine.version).toBe(2);
    expect(state.cart.subtotal_cents).toBe(a!.price_cents * 6);

    const over = await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 6 });
    expect(expectApiError(over, 400)).toEqual({
      code: 'quantity_over_max', message: `Bo already has 5 × ${a!.name}: at most 10 on one line`,
      details: { name: 'Bo', quantity: 5, drink: a!.name, max: 10, refusal: 'quantity_over_max.member' },
    });
    const notHis = await call('PATCH', `/api/tables/sessions/${sessionId}/lines/${boLine.id}`, { token: cy!.token, body: { qty: 1 } });
    expect(expectApiError(notHis, 403)).toEqual({ code: 'not_your_line', message: tableMessages.notYourLine('Bo'), details: { name: 'Bo' } });
    const byHost = await call('PATCH', `/api/tables/sessions/${sessionId}/lines/${boLine.id}`, { token: host!.token, body: { qty: 4, notes: 'shaken' } });
    expect(byHost.status, byHost.text).toBe(200);
    expect(byHost.json.table.cart.lines.find((l: { id: string }) => l.id === boLine.id)).toMatchObject({ qty: 4, notes: 'shaken', version: 3 });
    const removed = await call('DELETE', `/api/tables/sessions/${sessionId}/lines/${boLine.id}`, { token: bo!.token });
    expect(removed.status).toBe(200);
    expect(expectApiError(await call('DELETE', `/api/tables/sessions/${sessionId}/lines/${boLine.id}`, { token: bo!.token }), 404).code).toBe('line_not_found');
    expect(expectApiError(await addLine(sessionId, bo!.token, { menu_drink_id: 'no-such-drink', qty: 1 }), 404).message).toBe('Drink not found');
    expect(expectApiError(await addLine(sessionId, bo!.token, { menu_drink_id: b!.id, qty: 0 }), 400).code).toBe('invalid_request');
    expect(expectApiError(await addLine(sessionId, (await newGuest()).token, { menu_drink_id: b!.id, qty: 1 }), 403).code).toBe('not_a_member');
  });

  it('ten members adding and removing at once end with the same cart as the same changes one at a time', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `M${i}`);
    const [a, b] = await drinksOf();
    /** Each member's script: three lines of `a` sent at once (they add up), a line of `b`, then `b` removed and `a` set to 2 with notes. */
    const script = async (sessionId: string, token: string) => {
      const added = await Promise.all([1, 2, 3].map(() => addLine(sessionId, token, { menu_drink_id: a!.id, qty: 1 })));
      added.forEach((r) => expect(r.status, r.text).toBe(200));
      const withB = await addLine(sessionId, token, { menu_drink_id: b!.id, qty: 2 });
      const me = withB.json.you as string;
      const mine = (withB.json.table as TableState).cart.lines.filter((l) => l.member_id === me);
      const lineA = mine.find((l) => l.menu_drink_id === a!.id)!;
      const lineB = mine.find((l) => l.menu_drink_id === b!.id)!;
      expect(lineA.qty).toBe(3);
      const [del, set] = await Promise.all([
        call('DELETE', `/api/tables/sessions/${sessionId}/lines/${lineB.id}`, { token }),
        call('PATCH', `/api/tables/sessions/${sessionId}/lines/${lineA.id}`, { token, body: { qty: 2, notes: 'lime' } }),
      ]);
      expect([del.status, set.status]).toEqual([200, 200]);
    };
    const together = await tableOf('22', names);
    await Promise.all(together.guests.map((g) => script(together.sessionId, g.token)));
    const oneByOne = await tableOf('23', names);
    for (const g of oneByOne.guests) await script(oneByOne.sessionId, g.token);

    const [x, y] = [await stateOf(together.sessionId, together.host.token), await stateOf(oneByOne.sessionId, oneByOne.host.token)];
    expect(cartOf(x)).toEqual(cartOf(y));
    expect(cartOf(x)).toEqual(names.map((n) => `${n}|${a!.name}|2|lime`).sort());
    // Every change counted once: 10 joins, then 6 changes per member.
    expect(x.version - 1).toBe(9 + 10 * 6);
    expect(x.version).toBe(y.version);
    expect(x.cart.lines.every((l) => l.version === 4)).toBe(true);
  });

  it('ten members changing the same line at once: the owner and the host apply in arrival order, the others are refused naming the owner', async () => {
    const { sessionId, guests } = await tableOf('24', ['Host', 'Owner', ...Array.from({ length: 8 }, (_, i) => `Other${i}`)]);
    const [host, owner, ...others] = guests;
    const [a] = await drinksOf();
    const line = (await addLine(sessionId, owner!.token, { menu_drink_id: a!.id, qty: 1 })).json.table.cart.lines[0] as TableState['cart']['lines'][number];
    const patch = (token: string, qty: number) => call('PATCH', `/api/tables/sessions/${sessionId}/lines/${line.id}`, { token, body: { qty } });
    const answers = await Promise.all([
      ...[2, 3, 4, 5, 6].map((qty) => patch(owner!.token, qty)),
      ...[7, 8, 9, 10, 1].map((qty) => patch(host!.token, qty)),
      ...others.map((g) => patch(g.token, 9)),
    ]);
    const applied = answers.slice(0, 10);
    applied.forEach((r) => expect(r.status, r.text).toBe(200));
    answers.slice(10).forEach((r) => expect(expectApiError(r, 403).message).toBe('Only Owner or the host can change this line'));
    // Each answer saw its own change: versions 2..11, each once; the stored line is the last one applied.
    const versions = applied.map((r) => (r.json.table as TableState).cart.lines[0]!.version).sort((p, q) => p - q);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const last = applied.find((r) => (r.json.table as TableState).cart.lines[0]!.version === 11)!;
    const stored = (await stateOf(sessionId, host!.token)).cart.lines[0]!;
    expect(stored).toMatchObject({ version: 11, qty: (last.json.table as TableState).cart.lines[0]!.qty });
  });
});

describe('rounds', () => {
  it('the host sends the cart as one round "Table N" with each line\'s member; one active round per table; members keep adding', async () => {
    const { sessionId, guests: [host, bo] } = await tableOf('25', ['Host', 'Bo']);
    const [a, b] = await drinksOf();
    await addLine(sessionId, host!.token, { menu_drink_id: a!.id, qty: 1 });
    await addLine(sessionId, bo!.token, { menu_drink_id: b!.id, qty: 2 });
    const notHost = await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: bo!.token, body: {} });
    expect(expectApiError(notHost, 403)).toMatchObject({ code: 'host_only', message: 'Only Host, the host, can send the round' });

    const sent = await sendRound(sessionId, host!.token, { 'Idempotency-Key': `round-${sessionId}` });
    expect(sent.order).toMatchObject({ display_name: 'Table 25', table_number: '25', sales_channel: 'table', table_session_id: sessionId, status: 'pending', payment_status: 'unpaid' });
    expect(sent.order.items.map((i) => [i.member_name, i.name, i.quantity])).toEqual([['Host', a!.name, 1], ['Bo', b!.name, 2]]);
    expect(sent.table.cart.lines).toEqual([]);
    expect(sent.table.active_round_id).toBe(sent.order.id);
    expect(sent.table.rounds).toEqual([expect.objectContaining({ order_id: sent.order.id, number: 1, status: 'pending', subtotal_cents: a!.price_cents + 2 * b!.price_cents })]);
    // The same request again answers the same round.
    const retried = await sendRound(sessionId, host!.token, { 'Idempotency-Key': `round-${sessionId}` });
    expect(retried.order.id).toBe(sent.order.id);

    // The bar sees it as any order.
    const queue = await call('GET', '/api/staff/queue', { token: await bartender() });
    expect(queue.json.orders.find((o: { id: string }) => o.id === sent.order.id)).toMatchObject({ display_name: 'Table 25' });

    await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 1 });
    const second = await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: host!.token, body: {} });
    expect(expectApiError(second, 409)).toEqual({ code: 'round_active', message: tableMessages.roundActive('25'), details: { table: '25' } });
    await deliver(sent.order.id);
    const next = await sendRound(sessionId, host!.token);
    expect(next.table.rounds.map((r) => [r.number, r.status])).toEqual([[1, 'delivered'], [2, 'pending']]);
    // Delivered, the round is still unpaid: the tab pays it.
    const first = await env.DB.prepare('SELECT payment_status FROM orders WHERE id = ?').bind(sent.order.id).first<{ payment_status: string }>();
    expect(first!.payment_status).toBe('unpaid');
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: host!.token, body: {} }), 409).code).toBe('round_active');
  });

  it('the next round goes once the bar has made the last one (Ready), not only once it is delivered; both are the table\'s at the bar', async () => {
    const { sessionId, host } = await tableOf('33', ['Host']);
    const [a] = await drinksOf();
    await addLine(sessionId, host.token, { menu_drink_id: a!.id, qty: 1 });
    const round1 = await sendRound(sessionId, host.token);
    await addLine(sessionId, host.token, { menu_drink_id: a!.id, qty: 2 });
    const token = await bartender();
    const status = (id: string, to: string) => call('PUT', `/api/staff/orders/${id}/status`, { token, body: { status: to } });

    // Being made: the next round waits, and says why.
    expect((await status(round1.order.id, 'preparing')).status).toBe(200);
    const early = await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: host.token, body: {} });
    expect(expectApiError(early, 409)).toEqual({ code: 'round_active', message: tableMessages.roundActive('33'), details: { table: '33' } });

    // Made: the table's state says no round is being made, and round 2 goes while round 1 is still on the bar.
    expect((await status(round1.order.id, 'ready')).status).toBe(200);
    expect((await stateOf(sessionId, host.token)).active_round_id).toBeNull();
    const round2 = await sendRound(sessionId, host.token);
    expect(round2.table.active_round_id).toBe(round2.order.id);
    expect(round2.table.rounds.map((r) => [r.number, r.status])).toEqual([[1, 'ready'], [2, 'pending']]);
    const queue = (await call('GET', '/api/staff/queue', { token })).json.orders as { id: string; display_name: string; table_number: string; table_session_id: string }[];
    expect(queue.filter((o) => o.table_session_id === sessionId).map((o) => [o.id, o.display_name, o.table_number]))
      .toEqual(expect.arrayContaining([[round1.order.id, 'Table 33', '33'], [round2.order.id, 'Table 33', '33']]));
    // A third waits for round 2, and the bill for both to be handed over.
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: host.token, body: {} }), 409).code).toBe('round_active');
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/bill`, { token: host.token, body: {} }), 409).code).toBe('round_active');
    // Round 1 handed over, round 2 made: both ready at once is fine.
    expect((await status(round1.order.id, 'delivered')).status).toBe(200);
    expect((await status(round2.order.id, 'ready')).status).toBe(200);
  });

  it('an empty cart is not sent', async () => {
    const { sessionId, host } = await tableOf('26', ['Host']);
    const empty = await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: host.token, body: {} });
    expect(expectApiError(empty, 400)).toEqual({ code: 'cart_empty', message: "Table 26's cart is empty", details: { table: '26' } });
  });

  it('a member removed mid-round: their lines in the round stay on the tab, their cart lines go, and the bar finishes the round', async () => {
    const { sessionId, guests: [host, cy] } = await tableOf('27', ['Host', 'Cy']);
    const [a, b] = await drinksOf();
    await addLine(sessionId, cy!.token, { menu_drink_id: a!.id, qty: 1 });
    const sent = await sendRound(sessionId, host!.token);
    await addLine(sessionId, cy!.token, { menu_drink_id: b!.id, qty: 1 });
    const removed = await call('DELETE', `/api/tables/sessions/${sessionId}/members/${cy!.memberId}`, { token: host!.token });
    expect(removed.status, removed.text).toBe(200);
    const state = TableStateResponse.parse(removed.json).table;
    expect(state.cart.lines).toEqual([]);
    expect(state.rounds[0]!.lines.map((l) => [l.member_name, l.name])).toEqual([['Cy', a!.name]]);
    await deliver(sent.order.id);
    const after = await stateOf(sessionId, host!.token);
    expect(after.rounds[0]).toMatchObject({ status: 'delivered', total_cents: sent.order.total_cents });
    expect(after.tab.subtotal_cents).toBe(a!.price_cents);
    expect(expectApiError(await addLine(sessionId, cy!.token, { menu_drink_id: a!.id, qty: 1 }), 403).code).toBe('not_a_member');
  });
});

describe('live', () => {
  it('a change reaches every member socket and staff (the cart\'s as table_cart, the round as table_updated); a stranger hears nothing; the round\'s events reach members', async () => {
    const venue = await venueId(SLUG);
    const { sessionId, guests: [host, bo] } = await tableOf('28', ['Host', 'Bo']);
    const [hostLive, boLive, staffLive, strangerLive] = await Promise.all([
      openLive(venue, host!.token), openLive(venue, bo!.token), openLive(venue, await staffToken('staff@barhop.dev')), openLive(venue, (await newGuest()).token),
    ]);
    await Promise.all([hostLive, boLive, staffLive, strangerLive].map((s) => s.waitFor((m) => m.type === 'hello')));
    const [a] = await drinksOf();
    const added = await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 2 });
    const version = added.json.table.version as number;
    const isIt = (m: LiveTableCart) => m.type === 'table_cart' && m.session_id === sessionId && m.version === version;
    for (const socket of [hostLive, boLive, staffLive]) {
      const frame: LiveTableCart = await socket.waitFor(isIt);
      expect(frame.base_version).toBe(version - 1);
      expect(frame.lines.map((l) => [l.member_name, l.qty])).toEqual([['Bo', 2]]);
    }
    const sent = await sendRound(sessionId, host!.token);
    await boLive.waitFor((m) => m.type === 'order_created' && m.order.id === sent.order.id);
    await boLive.waitFor((m) => m.type === 'table_updated' && m.table.active_round_id === sent.order.id);
    await deliver(sent.order.id);
    // The round's status change reaches members as its order event and as the table.
    await boLive.waitFor((m) => m.type === 'order_updated' && m.order.id === sent.order.id && m.to === 'delivered');
    await boLive.waitFor((m) => m.type === 'table_updated' && m.table.rounds[0]?.status === 'delivered');
    // Every frame the hub wrote the stranger before this point has arrived (each change above reached a member first).
    await strangerLive.drained();
    expect(strangerLive.messages.filter((m) => m.type === 'table_updated' || m.type === 'table_cart' || (m.order && m.order.id === sent.order.id))).toEqual([]);
    for (const socket of [hostLive, boLive, staffLive, strangerLive]) socket.ws!.close();
  });

  it('the tab survives its hub\'s restart: state, members, the solo rule and further changes', async () => {
    const venue = await venueId(SLUG);
    const { sessionId, guests: [host, bo] } = await tableOf('29', ['Host', 'Bo']);
    const [a, b] = await drinksOf();
    await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 2 });
    const sent = await sendRound(sessionId, host!.token);
    await addLine(sessionId, host!.token, { menu_drink_id: b!.id, qty: 1 });
    const before = await stateOf(sessionId, host!.token);

    await evictDurableObject(venueHub(env, venue), { webSockets: 'close' });

    expect(await stateOf(sessionId, bo!.token)).toEqual(before);
    const solo = await call('POST', '/api/orders/quick', { token: bo!.token, body: { slug: SLUG, item: { menu_drink_id: a!.id } } });
    expect(expectApiError(solo, 409).code).toBe('at_table');
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/rounds`, { token: host!.token, body: {} }), 409).code).toBe('round_active');
    const changed = await addLine(sessionId, bo!.token, { menu_drink_id: b!.id, qty: 1 });
    expect(changed.status).toBe(200);
    expect(changed.json.table.version).toBe(before.version + 1);
    expect(changed.json.table.rounds.map((r: { order_id: string }) => r.order_id)).toEqual([sent.order.id]);
  });
});

describe('cart frames (docs/decisions/231)', () => {
  const cartFrames = (messages: { type: string; session_id?: string }[], sessionId: string) =>
    messages.filter((m) => m.type === 'table_cart' && m.session_id === sessionId).map((m) => LiveTableCart.parse(m));

  it('applied in order onto the table a member read, the cart frames give the table as stored, line by line and who added it', async () => {
    const venue = await venueId(SLUG);
    const { sessionId, guests: [host, bo, cy] } = await tableOf('30', ['Host', 'Bo', 'Cy']);
    const live = await openLive(venue, cy!.token);
    await live.waitFor((m) => m.type === 'hello');
    const read = await stateOf(sessionId, cy!.token);
    const [a, b] = await drinksOf();
    const first = TableStateResponse.parse((await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 2 })).json).table;
    await addLine(sessionId, host!.token, { menu_drink_id: b!.id, qty: 1, notes: 'lime' });
    await addLine(sessionId, cy!.token, { menu_drink_id: a!.id, qty: 1 });
    // Bo's second line of the same drink adds to the first: a changed line, in its place.
    await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 1 });
    const boLine = first.cart.lines[0]!;
    expect((await call('PATCH', `/api/tables/sessions/${sessionId}/lines/${boLine.id}`, { token: host!.token, body: { notes: 'shaken' } })).status).toBe(200);
    const hostLine = (await stateOf(sessionId, host!.token)).cart.lines.find((l) => l.member_name === 'Host')!;
    expect((await call('DELETE', `/api/tables/sessions/${sessionId}/lines/${hostLine.id}`, { token: host!.token })).status).toBe(200);
    const last = TableStateResponse.parse((await addLine(sessionId, host!.token, { menu_drink_id: b!.id, qty: 3 })).json).table;
    await live.waitFor((m) => m.type === 'table_cart' && m.version === last.version);

    const frames = cartFrames(live.messages, sessionId);
    expect(frames.map((f) => f.version)).toEqual(Array.from({ length: 7 }, (_, i) => read.version + 1 + i));
    // Each frame carries what changed, not the cart: one line here (none when a line was removed).
    expect(frames.map((f) => [f.lines.length, f.removed.length])).toEqual([[1, 0], [1, 0], [1, 0], [1, 0], [1, 0], [0, 1], [1, 0]]);
    const applied = frames.reduce<TableState>((table, frame) => applyCartFrame(table, frame)!, read);
    expect(applied).toEqual(await stateOf(sessionId, cy!.token));
    expect(cartOf(applied)).toEqual([`Bo|${a!.name}|3|shaken`, `Cy|${a!.name}|1|`, `Host|${b!.name}|3|`]);
    live.ws!.close();
  });

  it('a member who missed a frame, or holds a newer table, does not apply one: they read the table again', async () => {
    const venue = await venueId(SLUG);
    const { sessionId, guests: [host, bo] } = await tableOf('31', ['Host', 'Bo']);
    const live = await openLive(venue, bo!.token);
    await live.waitFor((m) => m.type === 'hello');
    const read = await stateOf(sessionId, bo!.token);
    const [a, b] = await drinksOf();
    await addLine(sessionId, host!.token, { menu_drink_id: a!.id, qty: 1 });
    const latest = TableStateResponse.parse((await addLine(sessionId, bo!.token, { menu_drink_id: b!.id, qty: 1 })).json).table;
    await live.waitFor((m) => m.type === 'table_cart' && m.version === latest.version);
    const [one, two] = cartFrames(live.messages, sessionId);
    // The second frame onto the table before the first: a version is missing.
    expect(applyCartFrame(read, two!)).toBeNull();
    // A frame onto a table already past it (the change's own answer came first).
    expect(applyCartFrame(latest, two!)).toBeNull();
    expect(applyCartFrame(applyCartFrame(read, one!)!, two!)).toEqual(latest);
    live.ws!.close();
  });

  it('a change that is not the cart\'s alone, and the first change after the hub restarts, go out whole; the cart frames that follow build on them', async () => {
    const venue = await venueId(SLUG);
    const { sessionId, guests: [host, bo] } = await tableOf('32', ['Host', 'Bo']);
    const [a, b] = await drinksOf();
    await addLine(sessionId, bo!.token, { menu_drink_id: a!.id, qty: 1 });
    await evictDurableObject(venueHub(env, venue), { webSockets: 'close' });
    const live = await openLive(venue, host!.token);
    await live.waitFor((m) => m.type === 'hello');
    const whole = TableStateResponse.parse((await addLine(sessionId, bo!.token, { menu_drink_id: b!.id, qty: 1 })).json).table;
    const frame = await live.waitFor((m) => m.type === 'table_updated' && m.table.version === whole.version);
    expect(frame.table).toEqual(whole);
    const cy = await newGuest();
    const joined = TableStateResponse.parse((await call('POST', '/api/tables/sessions', { token: cy.token, body: { slug: SLUG, table: '32', name: 'Cy', token: await tableTokenOf('32') } })).json).table;
    await live.waitFor((m) => m.type === 'table_updated' && m.table.version === joined.version);
    const after = TableStateResponse.parse((await addLine(sessionId, cy.token, { menu_drink_id: a!.id, qty: 2 })).json).table;
    const cart: LiveTableCart = await live.waitFor((m) => m.type === 'table_cart' && m.version === after.version);
    expect(cart.base_version).toBe(joined.version);
    expect(applyCartFrame(joined, cart)).toEqual(after);
    live.ws!.close();
  });
});
