// An order flood from new anonymous devices (docs/reliability.md §12, docs/decisions/167): each venue takes at most
// FIRST_ORDERS_PER_VENUE orders per window from devices that have never ordered there, and staff clear the
// unclaimed ones with one confirmed action. Before, 20 new devices each placed a quick order from one address in
// 8 s, all in the bar's queue, and up to 200 a client address every 10 minutes.
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { UnclaimedCancelResult, UnclaimedOrders } from '../../shared/schemas/order';
import { venueHub } from '../../worker/live/hub-client';
import { drizzleFor } from '../../worker/db/handles';
import { FIRST_ORDERS_PER_VENUE, FIRST_ORDERS_WINDOW_MS, FirstOrderCeiling } from '../../worker/orders/first-orders';
import type { Refusal } from '../../worker/orders/placement';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, openLive, staffToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';
let venue: string;
let drinkId: string;

const quick = async (token: string, slug = SLUG, drink = drinkId) =>
  call('POST', '/api/orders/quick', { token, body: { slug, item: { menu_drink_id: drink } } });

/**
 * The clock moved past the window for every order placed so far (decision 119: the rows' state once the window has
 * passed), and the venue's hub started afresh, as after any restart.
 */
async function windowPassed(slug = SLUG) {
  const id = await venueId(slug);
  const before = new Date(Date.now() - FIRST_ORDERS_WINDOW_MS - 60_000).toISOString();
  await env.DB.prepare('UPDATE orders SET created_at = ? WHERE restaurant_id = ? AND created_at > ?').bind(before, id, before).run();
  await restartHub(id);
}

/** The venue's hub starts afresh (its memory gone), as after a deploy or an eviction. */
async function restartHub(id: string) {
  try {
    await evictDurableObject(venueHub(env, id));
  } catch (err) {
    if (!String(err).includes('not currently running')) throw err;
  }
}

/** A pending order of its own from each of `count` devices new to the venue. */
async function newDevicesOrder(count: number, slug = SLUG, drink = drinkId) {
  const devices = await Promise.all(Array.from({ length: count }, () => guestToken()));
  const answers = await Promise.all(devices.map((d) => quick(d.token, slug, drink)));
  return devices.map((device, i) => ({ ...device, res: answers[i]! }));
}

beforeEach(async () => {
  venue = await venueId(SLUG);
  drinkId = (await availableDrinks(SLUG))[0]!.id;
  await windowPassed();
});

describe('first orders from new anonymous devices, per venue', () => {
  it('a flood stops at the ceiling, exactly, even when the orders arrive together; nothing refused is stored', async () => {
    const flood = await newDevicesOrder(FIRST_ORDERS_PER_VENUE + 10);
    const placed = flood.filter((d) => d.res.status === 200);
    const refused = flood.filter((d) => d.res.status !== 200);
    expect(placed).toHaveLength(FIRST_ORDERS_PER_VENUE);
    expect(refused).toHaveLength(10);
    for (const { res, ownerKey } of refused) {
      expect(expectApiError(res, 429)).toMatchObject({ code: 'rate_limited' });
      expect(res.json.error.message).toMatch(/sign in with your phone/i);
      const retryAfter = Number(res.headers.get('Retry-After'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= FIRST_ORDERS_WINDOW_MS / 1000).toBe(true);
      expect(res.json.error.details.retry_after).toBe(retryAfter);
      // The app says it in the guest's language from the refusal's id and data (docs/decisions/256).
      expect(res.json.error.details).toMatchObject({ refusal: 'rate_limited.first_orders', minutes: Math.ceil(retryAfter / 60) });
      expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
    }
  });

  it('at the ceiling, regulars, signed-in guests and other venues still order', async () => {
    const flood = await newDevicesOrder(FIRST_ORDERS_PER_VENUE);
    expect(flood.every((d) => d.res.status === 200)).toBe(true);
    expect((await quick((await guestToken()).token)).status).toBe(429);

    // A device that ordered here before, even before the hub last started (a seeded, finished order).
    const regular = await env.DB.prepare(
      `SELECT guest_session_id AS id FROM orders o WHERE restaurant_id = ? AND guest_id IS NULL AND status IN ('delivered', 'cancelled')
       AND NOT EXISTS (SELECT 1 FROM orders a WHERE a.owner_key = o.owner_key AND a.restaurant_id = o.restaurant_id AND a.status IN ('pending', 'preparing', 'ready'))
       LIMIT 1`).bind(venue).first<{ id: string }>();
    expect((await quick((await guestToken(null, regular!.id)).token)).status).toBe(200);
    // A guest signed in by phone, new to the venue.
    expect((await quick((await guestToken(newId())).token)).status).toBe(200);
    // A device of the flood whose order the bar cancelled: it has ordered here, so it may order again.
    const staff = await staffToken('staff@barhop.dev');
    expect((await call('PUT', `/api/staff/orders/${flood[0]!.res.json.id}/status`, { token: staff, body: { status: 'cancelled', reason: 'Guest left' } })).status).toBe(200);
    expect((await quick(flood[0]!.token)).status).toBe(200);
    // Another venue has its own ceiling.
    const rooftopDrink = (await availableDrinks('rooftop-lounge'))[0]!.id;
    expect((await quick((await guestToken()).token, 'rooftop-lounge', rooftopDrink)).status).toBe(200);
  });

  it("the count is the venue's orders: a restarted hub still refuses, and once the window has passed new devices order again", async () => {
    expect((await newDevicesOrder(FIRST_ORDERS_PER_VENUE)).every((d) => d.res.status === 200)).toBe(true);
    await restartHub(venue);
    expect((await quick((await guestToken()).token)).status).toBe(429);
    await windowPassed();
    expect((await quick((await guestToken()).token)).status).toBe(200);
  });

  it('placements admitted and still under way count: requests that reach the ceiling together are refused past it', async () => {
    // Each placement takes D1 round trips after its admission, so a flood's later requests are admitted while the
    // earlier ones are still being written; none settles here, as none would have yet.
    const ceiling = new FirstOrderCeiling(newId());
    const owners = Array.from({ length: FIRST_ORDERS_PER_VENUE + 10 }, () => ({ ownerKey: `d:${newId()}`, sessionId: newId(), guestId: null }));
    const answers = await Promise.all(owners.map((owner) => ceiling.admit(drizzleFor(env.DB), owner)));
    expect(answers.filter((a) => 'settle' in a)).toHaveLength(FIRST_ORDERS_PER_VENUE);
    expect(answers.filter((a): a is Refusal => 'ok' in a).map((a) => a.status)).toEqual(Array(10).fill(429));
  });
});

describe('clearing unclaimed orders', () => {
  const unclaimed = async (token: string) => {
    const res = await call('GET', '/api/staff/orders/unclaimed', { token });
    expect(res.status, res.text).toBe(200);
    return UnclaimedOrders.parse(res.json).order_ids;
  };
  const stock = async () => JSON.stringify((await env.DB.prepare(
    `SELECT i.id, i.quantity, (SELECT count(*) FROM stock_movements m WHERE m.inventory_item_id = i.id) AS movements
     FROM inventory_items i WHERE restaurant_id = ? ORDER BY i.id`).bind(venue).all()).results);

  it("lists pending first orders of anonymous devices that staff have not touched, and cancels exactly those, with a reason, nothing back to stock, in the audit log", async () => {
    const staff = await staffToken('staff@barhop.dev');
    const change = (id: string, status: string) => call('PUT', `/api/staff/orders/${id}/status`, { token: staff, body: { status } });

    const flood = (await newDevicesOrder(3)).map((d) => d.res.json.id as string);
    const [started, recalled] = (await newDevicesOrder(2)).map((d) => d.res.json.id as string);
    expect((await change(started!, 'preparing')).status).toBe(200);
    // Cancelled by the bar, then undone: pending again, but the bar has had it in hand.
    expect((await change(recalled!, 'cancelled')).status).toBe(200);
    expect((await call('POST', `/api/staff/orders/${recalled}/recall`, { token: staff })).status).toBe(200);
    expect(await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(recalled).first()).toEqual({ status: 'pending' });
    const signedIn = (await quick((await guestToken(newId())).token)).json.id as string;
    // A device back for its second order here.
    const regular = await guestToken();
    const firstVisit = (await quick(regular.token)).json.id as string;
    expect((await change(firstVisit, 'cancelled')).status).toBe(200);
    const secondVisit = (await quick(regular.token)).json.id as string;

    const listed = await unclaimed(staff);
    expect(listed).toEqual(expect.arrayContaining(flood));
    for (const kept of [started, recalled, signedIn, secondVisit]) expect(listed).not.toContain(kept);

    const live = await openLive(venue, staff);
    await live.waitFor((m) => m.type === 'hello');
    const stockBefore = await stock();
    const res = await call('POST', '/api/staff/orders/unclaimed/cancel', { token: staff, body: { order_ids: [...flood, started] } });
    expect(res.status, res.text).toBe(200);
    const result = UnclaimedCancelResult.parse(res.json);
    expect(result.cancelled.sort()).toEqual([...flood].sort());
    expect(result.skipped).toEqual([started]);

    for (const id of flood) {
      const row = await env.DB.prepare('SELECT status, payment_status FROM orders WHERE id = ?').bind(id).first();
      expect(row).toEqual({ status: 'cancelled', payment_status: 'void' });
      const event = await env.DB.prepare("SELECT actor_type, reason FROM order_events WHERE order_id = ? AND to_status = 'cancelled'").bind(id).first();
      expect(event).toEqual({ actor_type: 'staff', reason: 'Unclaimed order cleared by staff' });
      await live.waitFor((m) => m.type === 'order_updated' && m.order.id === id && m.to === 'cancelled');
    }
    expect((await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(started).first())).toEqual({ status: 'preparing' });
    expect(await stock()).toBe(stockBefore);
    expect(await unclaimed(staff)).not.toEqual(expect.arrayContaining(flood));

    const audit = await env.DB.prepare("SELECT restaurant_id, action, summary, status FROM audit_log WHERE path = '/api/staff/orders/unclaimed/cancel'").all();
    expect(audit.results).toEqual([{ restaurant_id: venue, action: 'orders.clear_unclaimed', summary: 'Cancelled 3 unclaimed orders', status: 200 }]);
    live.ws?.close();
  });

  it("another venue's staff cancel nothing; bad input is refused in the error shape; guests cannot clear", async () => {
    const flood = (await newDevicesOrder(2)).map((d) => d.res.json.id as string);
    const foreign = await call('POST', '/api/staff/orders/unclaimed/cancel', { token: await staffToken('staff2@barhop.dev'), body: { order_ids: flood } });
    expect(foreign.status).toBe(200);
    expect(UnclaimedCancelResult.parse(foreign.json)).toEqual({ cancelled: [], skipped: flood });
    expect(await unclaimed(await staffToken('staff2@barhop.dev'))).not.toEqual(expect.arrayContaining(flood));

    const staff = await staffToken('staff@barhop.dev');
    for (const body of [{}, { order_ids: [] }, { order_ids: 'all' }, { order_ids: Array.from({ length: 501 }, () => newId()) }]) {
      expectApiError(await call('POST', '/api/staff/orders/unclaimed/cancel', { token: staff, body }), 400);
    }
    const guest = await guestToken();
    expectApiError(await call('POST', '/api/staff/orders/unclaimed/cancel', { token: guest.token, body: { order_ids: flood } }), 401);
    expect(await countRows(`SELECT count(*) AS n FROM orders WHERE status = 'pending' AND id IN (${flood.map(() => '?').join(',')})`, ...flood)).toBe(2);
  });
});
