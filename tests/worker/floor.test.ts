// The floor under a rush (docs/product.md §4.2, §4.9, §4.12): waits from the bar's measured pace, delivery that
// takes no money, cancel from every active stage with stock given back, and the venue's hand-off.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { businessDayOf } from '../../shared/business-day';
import { newId } from '../../shared/ids';
import { etaMinutes, minutesPerDrink } from '../../shared/orders';
import { Order } from '../../shared/schemas/order';
import type { NightReport } from '../../shared/schemas/reports';
import { call, expectApiError } from './helpers';
import { availableDrinks, guestToken, staffToken, venueId } from './order-helpers';

const setStatus = (id: string, token: string, status: string, reason?: string) =>
  call('PUT', `/api/staff/orders/${id}/status`, { token, body: { status, reason } });

async function placeItems(slug: string, quantity: number) {
  const guest = await guestToken();
  const [drink] = await availableDrinks(slug);
  const res = await call('POST', '/api/orders', { token: guest.token, body: { slug, items: [{ menu_drink_id: drink!.id, quantity }] } });
  expect(res.status, res.text).toBe(200);
  return { id: res.json.id as string, eta: res.json.eta_minutes as number, guest };
}

/**
 * What the bar finished in the last half hour, as if `bartenders` had each made a drink every 1.5 minutes: one
 * order per drink, finished (made_at) spread over the window.
 */
async function simulatePace(venue: string, bartenders: number) {
  const drinks = 20 * bartenders;
  const now = Date.now();
  const statements = Array.from({ length: drinks }, (_, i) => {
    const at = new Date(now - ((i + 0.5) * 30 * 60_000) / drinks).toISOString();
    return env.DB.prepare(
      `INSERT INTO orders (id, restaurant_id, owner_key, status, payment_status, subtotal_cents, tax_cents, total_cents, tax_rate_bp,
         drink_count, made_at, delivered_at, created_at, updated_at)
       VALUES (?, ?, ?, 'delivered', 'unpaid', 800, 70, 870, 875, 1, ?, ?, ?, ?)`,
    ).bind(newId(), venue, `pace-${i}-${now}`, at, at, at, at);
  });
  await env.DB.batch(statements);
}

const clearPace = (venue: string) => env.DB.prepare("UPDATE orders SET made_at = NULL WHERE restaurant_id = ?").bind(venue).run();
const clearQueue = (venue: string) =>
  env.DB.prepare("UPDATE orders SET status = 'cancelled', payment_status = 'void' WHERE restaurant_id = ? AND status IN ('pending', 'preparing', 'ready')").bind(venue).run();

describe('the wait follows the bar\'s measured pace (docs/decisions/180)', () => {
  it('pure: two bartenders clear a 20-drink queue in about half the time one does; nothing measured is the cold start', () => {
    const one = etaMinutes('pending', 20, 1, 20)!;
    const two = etaMinutes('pending', 20, 1, 40)!;
    expect(etaMinutes('pending', 20, 1, 0)).toBe(one);
    expect(two / one).toBeGreaterThan(0.45);
    expect(two / one).toBeLessThan(0.6);
    // A quiet bar finished few drinks because few were ordered: never slower than one bartender.
    expect(minutesPerDrink(3)).toBe(minutesPerDrink(0));
    expect(etaMinutes('pending', 0, 1, 40)).toBeLessThanOrEqual(etaMinutes('pending', 0, 1, 0)!);
  });

  it('placement, the guest status and the staff queue all wait half as long behind 20 drinks with two bartenders', async () => {
    const venue = await venueId('artisan-bar');
    const staff = await staffToken('staff@barhop.dev');
    const waitBehindTwenty = async (bartenders: number) => {
      await clearQueue(venue);
      await clearPace(venue);
      await simulatePace(venue, bartenders);
      await placeItems('artisan-bar', 10);
      await placeItems('artisan-bar', 10);
      const beer = await placeItems('artisan-bar', 1);
      const status = await call('GET', `/api/orders/${beer.id}/status`, { token: beer.guest.token });
      const queue = (await call('GET', '/api/staff/queue', { token: staff })).json.orders as { id: string; eta_minutes: number }[];
      expect(status.json.eta_minutes).toBe(beer.eta);
      expect(queue.find((o) => o.id === beer.id)!.eta_minutes).toBe(beer.eta);
      return beer.eta;
    };
    const one = await waitBehindTwenty(1);
    const two = await waitBehindTwenty(2);
    expect(one).toBe(etaMinutes('pending', 20, 1, 20));
    expect(two).toBe(etaMinutes('pending', 20, 1, 40));
    expect(two / one).toBeGreaterThan(0.45);
    expect(two / one).toBeLessThan(0.6);
  });

  it('a finished order counts towards the pace from when it was made, and an Undo takes it back', async () => {
    const venue = await venueId('artisan-bar');
    const staff = await staffToken('staff@barhop.dev');
    const { id } = await placeItems('artisan-bar', 3);
    const madeAt = () => env.DB.prepare('SELECT made_at FROM orders WHERE id = ?').bind(id).first<string | null>('made_at');
    expect((await setStatus(id, staff, 'preparing')).status).toBe(200);
    expect(await madeAt()).toBeNull();
    expect((await setStatus(id, staff, 'ready')).status).toBe(200);
    const made = await madeAt();
    expect(made).not.toBeNull();
    expect((await setStatus(id, staff, 'delivered')).status).toBe(200);
    expect(await madeAt()).toBe(made);
    expect((await call('POST', `/api/staff/orders/${id}/recall`, { token: staff })).status).toBe(200);
    expect(await madeAt()).toBe(made);
    expect(venue).toBeTruthy();
  });
});

describe('delivered is not paid (docs/product.md §4.2, docs/decisions/222)', () => {
  it('a delivered order stays unpaid: in Open, not in Paid', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { id } = await placeItems('artisan-bar', 1);
    const delivered = await setStatus(id, staff, 'delivered');
    expect(delivered.status, delivered.text).toBe(200);
    expect(Order.parse(delivered.json.order)).toMatchObject({ status: 'delivered', payment_status: 'unpaid' });
    expect(await env.DB.prepare('SELECT payment_status FROM orders WHERE id = ?').bind(id).first('payment_status')).toBe('unpaid');
    const paid = (await call('GET', '/api/staff/orders?status=paid&limit=200', { token: staff })).json.orders as { id: string }[];
    expect(paid.some((o) => o.id === id)).toBe(false);
    const open = (await call('GET', '/api/staff/orders?status=open&limit=200', { token: staff })).json.orders as { id: string }[];
    expect(open.some((o) => o.id === id)).toBe(true);
  });
});

describe('the bar records a solo order paid (docs/decisions/222)', () => {
  const pay = (id: string, token: string, body: unknown) => call('POST', `/api/staff/orders/${id}/payment`, { token, body });
  /** `details`: the registry refusal's data (docs/decisions/280), which the bar's screen says in its reader's language. */
  const refused = async (res: Promise<{ status: number; json: unknown }>, status: number, code: string, message: string, details?: object) =>
    expect(expectApiError(await res, status)).toMatchObject(details ? { code, message, details } : { code, message });
  const paymentOf = (id: string) => env.DB.prepare('SELECT payment_status, payment_method FROM orders WHERE id = ?').bind(id).first();

  it('a delivered order recorded paid in cash moves from Open to Paid, and the night report counts it as cash', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { id } = await placeItems('artisan-bar', 1);
    expect((await setStatus(id, staff, 'delivered')).status).toBe(200);
    const res = await pay(id, staff, { method: 'cash' });
    expect(res.status, res.text).toBe(200);
    expect(Order.parse(res.json.order)).toMatchObject({ id, status: 'delivered', payment_status: 'captured' });
    expect(await paymentOf(id)).toEqual({ payment_status: 'captured', payment_method: 'cash' });
    const paid = (await call('GET', '/api/staff/orders?status=paid&limit=200', { token: staff })).json.orders as { id: string }[];
    expect(paid.some((o) => o.id === id)).toBe(true);
    const open = (await call('GET', '/api/staff/orders?status=open&limit=200', { token: staff })).json.orders as { id: string }[];
    expect(open.some((o) => o.id === id)).toBe(false);

    const venue = await env.DB.prepare("SELECT timezone, day_cutoff_minutes FROM venues WHERE slug = 'artisan-bar'").first<{ timezone: string; day_cutoff_minutes: number }>();
    const day = businessDayOf(new Date(), venue!.timezone, venue!.day_cutoff_minutes);
    const report = (await call('GET', `/api/admin/reports/night?day=${day}`, { token: await staffToken('admin@barhop.dev') })).json as NightReport;
    expect(report.payment_methods.find((m) => m.method === 'Cash')?.payments).toBeGreaterThanOrEqual(1);
  });

  it('refuses a payment twice, before delivery, on a table round, with an unknown method, and for another venue, changing nothing', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { id } = await placeItems('artisan-bar', 1);
    await refused(pay(id, staff, { method: 'card_terminal' }), 409, 'not_delivered', 'Record a payment once the order is delivered', { status: 'pending' });
    expect(await paymentOf(id)).toEqual({ payment_status: 'unpaid', payment_method: null });
    await setStatus(id, staff, 'delivered');
    const bad = await pay(id, staff, { method: 'bitcoin' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.some((d: { path: string }) => d.path === 'method')).toBe(true);
    expect(await paymentOf(id)).toEqual({ payment_status: 'unpaid', payment_method: null });
    await refused(pay(id, await staffToken('staff2@barhop.dev'), { method: 'cash' }), 404, 'not_found', 'Order not found', { refusal: 'not_found.order' });

    expect((await pay(id, staff, { method: 'card_terminal' })).status).toBe(200);
    await refused(pay(id, staff, { method: 'cash' }), 409, 'already_paid', 'This order is already recorded as paid');
    expect(await paymentOf(id)).toEqual({ payment_status: 'captured', payment_method: 'card_terminal' });

    const round = await placeItems('artisan-bar', 1);
    await setStatus(round.id, staff, 'delivered');
    await env.DB.prepare("UPDATE orders SET table_session_id = 'a-tab' WHERE id = ?").bind(round.id).run();
    await refused(pay(round.id, staff, { method: 'cash' }), 409, 'paid_with_tab', "A table's round is paid on its tab: record the payment under Tables");
    expect(await paymentOf(round.id)).toEqual({ payment_status: 'unpaid', payment_method: null });
  });
});

type StockLine = { drink_id: string; item_id: string; quantity: number; unit_volume_ml: number };

/** A drink with a required ml line poured from a bottle that no other drink of the venue uses. */
async function trackedDrink(slug: string): Promise<StockLine> {
  const line = await env.DB.prepare(
    `SELECT d.id AS drink_id, ii.id AS item_id, di.quantity, ii.unit_volume_ml
     FROM menu_drinks d JOIN venues v ON v.id = d.restaurant_id
     JOIN drink_ingredients di ON di.menu_drink_id = d.id AND di.is_optional = 0 AND di.unit = 'ml'
     JOIN inventory_items ii ON ii.ingredient_id = di.ingredient_id AND ii.restaurant_id = d.restaurant_id AND ii.deleted_at IS NULL
     WHERE v.slug = ? AND d.is_available = 1 AND d.sold_out_reason IS NULL AND ii.unit = 'bottle' AND ii.quantity > 1
       AND (SELECT count(DISTINCT di2.menu_drink_id) FROM drink_ingredients di2 JOIN menu_drinks d2 ON d2.id = di2.menu_drink_id
            WHERE di2.ingredient_id = di.ingredient_id AND d2.restaurant_id = d.restaurant_id) = 1
     ORDER BY d.name, di.position LIMIT 1`,
  ).bind(slug).first<StockLine>();
  if (!line) throw new Error(`no tracked drink at ${slug}`);
  return line;
}

const onHandMl = async (line: StockLine) =>
  (await env.DB.prepare('SELECT quantity FROM inventory_items WHERE id = ?').bind(line.item_id).first<number>('quantity'))! * line.unit_volume_ml;

describe('cancel at every active stage gives the stock back (docs/product.md §4.1)', () => {
  it('a ready order is cancelled with a reason: what was poured goes back, payment void', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await trackedDrink('artisan-bar');
    const guest = await guestToken();
    const placed = await call('POST', '/api/orders', { token: guest.token, body: { slug: 'artisan-bar', items: [{ menu_drink_id: line.drink_id, quantity: 1 }] } });
    expect(placed.status, placed.text).toBe(200);
    const id = placed.json.id as string;
    const before = await onHandMl(line);
    expect((await setStatus(id, staff, 'preparing')).status).toBe(200);
    expect((await setStatus(id, staff, 'ready')).status).toBe(200);
    expect(await onHandMl(line)).toBeCloseTo(before - line.quantity, 6);
    const cancelled = await setStatus(id, staff, 'cancelled', 'Guest left');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.order).toMatchObject({ status: 'cancelled', payment_status: 'void' });
    expect(await onHandMl(line)).toBeCloseTo(before, 6);
    expect(await env.DB.prepare("SELECT reason FROM order_events WHERE order_id = ? AND to_status = 'cancelled'").bind(id).first('reason')).toBe('Guest left');
  });
});

describe('the venue\'s hand-off (docs/product.md §4.12)', () => {
  it('an admin sets table service and the pickup point; guests read them; an empty pickup point is refused and changes nothing', async () => {
    const admin = await staffToken('admin@barhop.dev');
    const saved = await call('PATCH', '/api/admin/venue', { token: admin, body: { handoff: 'table', pickup_point: 'at the pass' } });
    expect(saved.status, saved.text).toBe(200);
    const read = await call('GET', '/api/venues/artisan-bar');
    expect(read.json.venue).toMatchObject({ handoff: 'table', pickup_point: 'at the pass' });
    const refused = expectApiError(await call('PATCH', '/api/admin/venue', { token: admin, body: { pickup_point: '  ' } }), 400);
    expect(JSON.stringify(refused)).toContain('Pickup point is required');
    expectApiError(await call('PATCH', '/api/admin/venue', { token: admin, body: { handoff: 'drone' } }), 400);
    expect((await call('GET', '/api/venues/artisan-bar')).json.venue).toMatchObject({ handoff: 'table', pickup_point: 'at the pass' });
  });

  it('an order with no name is called by a short code, the same on every read, never "New Order"', async () => {
    const { id, guest } = await placeItems('artisan-bar', 1);
    const detail = await call('GET', `/api/orders/${id}`, { token: guest.token });
    expect(detail.status, detail.text).toBe(200);
    const name = detail.json.order.display_name as string;
    expect(name).toMatch(/^Order [A-Z][0-9]{2}$/);
    const staff = await staffToken('staff@barhop.dev');
    const queue = (await call('GET', '/api/staff/queue', { token: staff })).json.orders as { id: string; display_name: string }[];
    expect(queue.find((o) => o.id === id)!.display_name).toBe(name);
  });
});
