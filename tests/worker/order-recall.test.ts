import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { recallOrder, RECALL_WINDOW_MS, type OrderState } from '../../shared/orders';
import { Order } from '../../shared/schemas/order';
import { call, expectApiError } from './helpers';
import { availableDrinks, guestToken, staffToken } from './order-helpers';

async function placeQuick(slug: string) {
  const guest = await guestToken();
  const [drink] = await availableDrinks(slug);
  const res = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug, item: { menu_drink_id: drink!.id } } });
  expect(res.status, res.text).toBe(200);
  return { id: res.json.id as string, guest };
}

const setStatus = (id: string, token: string, body: object) => call('PUT', `/api/staff/orders/${id}/status`, { token, body });
const recall = (id: string, token: string) => call('POST', `/api/staff/orders/${id}/recall`, { token });

describe('recallOrder (pure): the 60-second undo of a bump (docs/decisions/234)', () => {
  const bumped: OrderState = { status: 'delivered', paymentStatus: 'unpaid', deliveredAt: '2026-01-01T20:00:00.000Z' };
  it('goes back to the status before the bump, unpaid, within the window only', () => {
    expect(RECALL_WINDOW_MS).toBe(60_000);
    expect(recallOrder(bumped, { from: 'ready', at: '2026-01-01T20:00:00.000Z' }, '2026-01-01T20:00:59.000Z'))
      .toEqual({ ok: true, next: { status: 'ready', paymentStatus: 'unpaid', deliveredAt: null } });
    expect(recallOrder(bumped, { from: 'ready', at: '2026-01-01T20:00:00.000Z' }, '2026-01-01T20:01:00.001Z'))
      .toEqual({ ok: false, refusal: 'illegal_transition.recall_window' });
    expect(recallOrder({ ...bumped, status: 'ready' }, { from: 'preparing', at: '2026-01-01T20:00:00.000Z' }, '2026-01-01T20:00:01.000Z').ok).toBe(false);
  });
});

describe('POST /api/staff/orders/:id/recall', () => {
  it('recalls a delivered ticket to ready and a cancelled one to pending, with events; payment back to unpaid', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const first = await placeQuick('artisan-bar');
    expect((await setStatus(first.id, staff, { status: 'ready' })).status).toBe(200);
    expect((await setStatus(first.id, staff, { status: 'delivered' })).status).toBe(200);
    const back = await recall(first.id, staff);
    expect(back.status, back.text).toBe(200);
    const order = Order.parse(back.json.order);
    expect(order).toMatchObject({ status: 'ready', payment_status: 'unpaid', delivered_at: null });

    const second = await placeQuick('artisan-bar');
    const cancelled = await setStatus(second.id, staff, { status: 'cancelled', reason: 'Out of mint' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const event = await env.DB.prepare("SELECT reason FROM order_events WHERE order_id = ? AND to_status = 'cancelled'").bind(second.id).first();
    expect(event).toEqual({ reason: 'Out of mint' });
    expect((await recall(second.id, staff)).json.order.status).toBe('pending');
    const trail = await env.DB.prepare('SELECT from_status, to_status FROM order_events WHERE order_id = ? ORDER BY created_at, rowid').bind(second.id).all();
    expect(trail.results.map((e) => `${e.from_status}→${e.to_status}`)).toEqual(['null→pending', 'pending→cancelled', 'cancelled→pending']);
  });

  it('refuses after 60 s, and for a ticket that was never bumped, and changes nothing', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { id } = await placeQuick('artisan-bar');
    // The refusal's code and data (docs/decisions/280): the app says it in the bartender's language.
    expect(expectApiError(await recall(id, staff), 409)).toMatchObject({ code: 'illegal_transition', details: { from: 'pending', refusal: 'illegal_transition.recall' } });
    expect((await setStatus(id, staff, { status: 'delivered' })).status).toBe(200);
    const longAgo = new Date(Date.now() - RECALL_WINDOW_MS - 1_000).toISOString();
    await env.DB.prepare("UPDATE order_events SET created_at = ? WHERE order_id = ? AND to_status = 'delivered'").bind(longAgo, id).run();
    const late = expectApiError(await recall(id, staff), 409);
    expect(late).toMatchObject({ code: 'illegal_transition', message: 'The 60-second undo window has passed', details: { from: 'delivered', seconds: 60, refusal: 'illegal_transition.recall_window' } });
    expect(await env.DB.prepare('SELECT status, payment_status FROM orders WHERE id = ?').bind(id).first()).toEqual({ status: 'delivered', payment_status: 'unpaid' });
  });

  it('refuses to recall when the guest already has another active order', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { id, guest } = await placeQuick('artisan-bar');
    expect((await setStatus(id, staff, { status: 'cancelled' })).status).toBe(200);
    const [drink] = await availableDrinks('artisan-bar');
    expect((await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: 'artisan-bar', item: { menu_drink_id: drink!.id } } })).status).toBe(200);
    expect(expectApiError(await recall(id, staff), 409)).toMatchObject({ code: 'active_order_exists', details: { refusal: 'active_order_exists.recall' } });
  });

  it('a reason that is empty or too long is a 400 that changes nothing', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { id } = await placeQuick('artisan-bar');
    expectApiError(await setStatus(id, staff, { status: 'cancelled', reason: '' }), 400);
    expectApiError(await setStatus(id, staff, { status: 'cancelled', reason: 'x'.repeat(201) }), 400);
    expect(await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first()).toEqual({ status: 'pending' });
  });
});
