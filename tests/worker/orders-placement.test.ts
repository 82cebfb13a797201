import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { etaMinutes } from '../../shared/orders';
import { ORDER_CODE_SPACE, orderCodeAt } from '../../shared/order-codes';
import { PlacedOrder } from '../../shared/schemas/order';
import * as schema from '../../worker/db/schema';
import { venueHub } from '../../worker/live/hub-client';
import { placeOrder, type PlacementRequest } from '../../worker/orders/placement';
import { pendingEtaStatement } from '../../worker/orders/placement-batch';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, makeUnavailable, staffToken, suggestedCreation, venueId } from './order-helpers';

const SLUG = 'artisan-bar';

async function addToCart(token: string, menu_drink_id: string, qty: number, extra: Record<string, unknown> = {}) {
  return call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id, qty, ...extra } });
}

describe('placing orders', () => {
  it('checks out the cart with database prices and the venue tax, and empties the cart', async () => {
    const { token, ownerKey } = await guestToken();
    const [a, b] = await availableDrinks(SLUG);
    // A tampered client price is accepted on the wire and never used.
    expect((await addToCart(token, a!.id, 2, { price: 0.01 })).status).toBe(200);
    expect((await addToCart(token, b!.id, 1)).status).toBe(200);
    const res = await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG, display_name: 'Sam', special_instructions: 'No ice', table: 7 } });
    expect(res.status, res.text).toBe(200);
    const placed = PlacedOrder.parse(res.json);
    const subtotal = a!.price_cents * 2 + b!.price_cents;
    const tax = Math.round((subtotal * 875) / 10_000);
    expect(placed.subtotal_cents).toBe(subtotal);
    expect(placed.tax_cents).toBe(tax);
    expect(placed.total_cents).toBe(subtotal + tax);
    expect(placed.eta_minutes).toBeGreaterThan(0);
    expect(placed.order.table_number).toBe('7');
    expect(placed.order.items.map((i) => [i.menu_drink_id, i.quantity, i.price_cents])).toEqual([[a!.id, 2, a!.price_cents], [b!.id, 1, b!.price_cents]]);
    const stored = await env.DB.prepare('SELECT total_cents, status, payment_status FROM orders WHERE id = ?').bind(placed.id).first();
    expect(stored).toEqual({ total_cents: subtotal + tax, status: 'pending', payment_status: 'unpaid' });
    expect(await countRows(`SELECT count(*) AS n FROM order_events WHERE order_id = ? AND to_status = 'pending' AND from_status IS NULL`, placed.id)).toBe(1);
    // The placing event stores no actor of its own: the order's owner placed it (docs/decisions/152).
    expect(await env.DB.prepare('SELECT e.actor_type, e.actor_id, o.owner_key FROM order_events e JOIN orders o ON o.id = e.order_id WHERE e.order_id = ?')
      .bind(placed.id).first()).toEqual({ actor_type: 'guest', actor_id: null, owner_key: ownerKey });
    const cart = await call('GET', `/api/cart?slug=${SLUG}`, { token });
    expect(cart.json.cart.items).toEqual([]);
  });

  it('ignores a price sent with the items of POST /api/orders', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks('rooftop-lounge');
    const res = await call('POST', '/api/orders', {
      token, body: { slug: 'rooftop-lounge', items: [{ menu_drink_id: drink!.id, quantity: 3, price: 0.5, price_cents: 1 }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.subtotal_cents).toBe(drink!.price_cents * 3);
    expect(res.json.order.items[0].price_cents).toBe(drink!.price_cents);
  });

  it("takes the category page's direct form (slug + drink_id) and answers 200 with id and eta", async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks('harbor-tap-room');
    const res = await call('POST', '/api/orders', {
      token,
      body: { slug: await venueId('harbor-tap-room'), drink_id: drink!.id, quantity: 2, special_instructions: 'Extra lime', customer_name: 'Ana', customer_phone: '(555) 123-4567' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.id).toEqual(expect.any(String));
    expect(res.json.eta_minutes).toEqual(expect.any(Number));
    const detail = await call('GET', `/api/orders/${res.json.id}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.json.order).toMatchObject({ customer_name: 'Ana', customer_phone: '(555) 123-4567', special_instructions: 'Extra lime', status: 'pending' });
    expect(detail.json.order.items[0]).toMatchObject({ quantity: 2, name: drink!.name, price_cents: drink!.price_cents });
    expect(detail.json.venue.phone).toBe('(312) 555-0123');
  });

  it("places a quick order for one drink under the name 'Guest'", async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const res = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink!.id, quantity: 1 } } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.order.customer_name).toBe('Guest');
    expect(res.json.order.items).toHaveLength(1);
    const twice = await call('POST', '/api/orders/quick', { token: (await guestToken()).token, body: { slug: SLUG, item: { menu_drink_id: drink!.id, quantity: 2 } } });
    expectApiError(twice, 400);
  });

  it('prices AI creations at $18.00 and keeps their recipe for the bar', async () => {
    const { token, ownerKey } = await guestToken();
    const recipe = [{ ingredient: 'Mezcal', quantity: 45, unit: 'ml' }, { ingredient: 'Fresh lime juice', quantity: 20, unit: 'ml' }];
    const interactionId = await suggestedCreation(ownerKey, SLUG, 'Smoky Sunset', recipe);
    const add = await call('POST', '/api/cart', {
      token, body: { slug: SLUG, qty: 2, is_ai_creation: true, ai_interaction_id: interactionId, ai_recipe_name: 'Smoky Sunset', price: 1, recipe },
    });
    expect(add.status, add.text).toBe(200);
    expect(add.json.cart.items[0]).toMatchObject({ menu_drink_id: 'ai:smoky-sunset', price_cents: 1800, qty: 2 });
    const res = await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG, referred_by_ai: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.subtotal_cents).toBe(3600);
    expect(res.json.order).toMatchObject({ referred_by_ai: true, ai_recipe_name: 'Smoky Sunset' });
    expect(res.json.order.items[0]).toMatchObject({ is_ai_creation: true, price_cents: 1800, recipe, name: 'Smoky Sunset' });
  });

  it('refuses an empty cart, an unknown and an unavailable drink, and a bad quantity, storing nothing', async () => {
    const { token, ownerKey } = await guestToken();
    expect(expectApiError(await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } }), 400).code).toBe('cart_empty');
    const unknown = await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: 'no-such-drink', quantity: 1 }] } });
    expect(expectApiError(unknown, 400).message).toBe('Drink not found');
    // A drink of another venue is not on this menu.
    const [elsewhere] = await availableDrinks('rooftop-lounge');
    expectApiError(await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: elsewhere!.id, quantity: 1 }] } }), 400);
    const drinks = await availableDrinks(SLUG);
    const off = drinks[drinks.length - 1]!;
    await makeUnavailable(off.id);
    const unavailable = expectApiError(await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: off.id, quantity: 1 }] } }), 409);
    expect(unavailable.code).toBe('drink_unavailable');
    for (const quantity of [0, 11, 1.5]) {
      expectApiError(await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: drinks[0]!.id, quantity }] } }), 400);
    }
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
  });

  it('names the venue `slug` in both forms: the old restaurant_slug and restaurant_id are refused with 400, nothing stored', async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const items = await call('POST', '/api/orders', { token, body: { restaurant_slug: SLUG, items: [{ menu_drink_id: drink!.id, quantity: 1 }] } });
    const direct = await call('POST', '/api/orders', { token, body: { restaurant_id: await venueId(SLUG), drink_id: drink!.id, quantity: 1 } });
    for (const refused of [items, direct]) expect(expectApiError(refused, 400).code).toBe('invalid_request');
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
  });

  it("the ETA counts the drinks of every order still to be made at the venue, from each order's drink count", async () => {
    const slug = 'rooftop-lounge';
    const venue = await venueId(slug);
    const [a, b] = await availableDrinks(slug);
    const queue = async () => (await env.DB.prepare(`SELECT count(*) AS orders, coalesce(sum(oi.quantity), 0) AS drinks FROM orders o
      JOIN order_items oi ON oi.order_id = o.id WHERE o.restaurant_id = ? AND o.status IN ('pending', 'preparing')`).bind(venue).first<{ drinks: number }>())!.drinks;
    const ahead = await queue();
    const first = await call('POST', '/api/orders', { token: (await guestToken()).token, body: { slug: slug, items: [{ menu_drink_id: a!.id, quantity: 3 }, { menu_drink_id: b!.id, quantity: 2 }] } });
    expect(first.status, first.text).toBe(200);
    expect(await env.DB.prepare('SELECT drink_count AS n FROM orders WHERE id = ?').bind(first.json.id).first()).toEqual({ n: 5 });
    expect(first.json.eta_minutes).toBe(etaMinutes('pending', ahead, 5));
    // The next guest waits behind those 5 drinks too.
    const second = await call('POST', '/api/orders/quick', { token: (await guestToken()).token, body: { slug, item: { menu_drink_id: a!.id } } });
    expect(second.json.eta_minutes).toBe(etaMinutes('pending', ahead + 5, 1));
    // The answer tells the ETA the order was stored with (the held-drinks insert answers it).
    expect(await env.DB.prepare('SELECT eta_minutes AS n FROM orders WHERE id = ?').bind(second.json.id).first()).toEqual({ n: second.json.eta_minutes });
    expect(await queue()).toBe(ahead + 6);
  });

  it('a venue deactivated or re-taxed after the Worker cached it: the write batch notices, nothing stale is stored', async () => {
    const slug = 'harbor-tap-room';
    const [drink] = await availableDrinks(slug);
    const quick = async () => call('POST', '/api/orders/quick', { token: (await guestToken()).token, body: { slug, item: { menu_drink_id: drink!.id } } });
    expect((await quick()).status).toBe(200); // the venue is now in the isolate's cache
    // Behind the API's back, so nothing drops the cache: a new tax rate is charged at once.
    await env.DB.prepare('UPDATE venues SET tax_rate_bp = 1000 WHERE slug = ?').bind(slug).run();
    const retaxed = await quick();
    expect(retaxed.status, retaxed.text).toBe(200);
    expect(retaxed.json.tax_cents).toBe(Math.round(drink!.price_cents / 10));
    expect(await env.DB.prepare('SELECT tax_rate_bp AS bp FROM orders WHERE id = ?').bind(retaxed.json.id).first()).toEqual({ bp: 1000 });
    // A venue switched off takes no more orders, even from a Worker that still has it cached.
    await env.DB.prepare('UPDATE venues SET active = 0 WHERE slug = ?').bind(slug).run();
    const before = await countRows('SELECT count(*) AS n FROM orders WHERE restaurant_id = ?', await venueId(slug));
    expect(expectApiError(await quick(), 404).message).toBe('Venue not found');
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE restaurant_id = ?', await venueId(slug))).toBe(before);
    await env.DB.prepare('UPDATE venues SET active = 1, tax_rate_bp = 875 WHERE slug = ?').bind(slug).run();
  });

  it('needs a guest token, and answers 404 for an unknown venue', async () => {
    const [drink] = await availableDrinks(SLUG);
    expectApiError(await call('POST', '/api/orders/quick', { body: { slug: SLUG, item: { menu_drink_id: drink!.id } } }), 401);
    const { token } = await guestToken();
    expectApiError(await call('POST', '/api/orders/quick', { token, body: { slug: 'no-such-bar', item: { menu_drink_id: drink!.id } } }), 404);
    expectApiError(await call('POST', '/api/orders/quick', { token, body: { slug: 'velvet-speakeasy', item: { menu_drink_id: drink!.id } } }), 404);
  });
});

describe('one active order per guest per venue', () => {
  // 50 simultaneous checkouts by one guest: reliability-concurrency.test.ts (10 trials, each order checked in full).
  it("a checkout tapped twice: the second is told 'active order exists' (not that the cart is empty), before anything else is checked", async () => {
    const { token, ownerKey } = await guestToken();
    const [drink, other] = await availableDrinks(SLUG);
    await addToCart(token, drink!.id, 1);
    expect((await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } })).status).toBe(200);
    // The cart is empty now: the guest's app must still learn there is an active order to show.
    expect(expectApiError(await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } }), 409))
      .toMatchObject({ code: 'active_order_exists', message: 'active order exists' });
    // Likewise for a drink that went off the menu meanwhile: the active order is the answer.
    await makeUnavailable(other!.id);
    expect(expectApiError(await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: other!.id, quantity: 1 }] } }), 409).code)
      .toBe('active_order_exists');
    await env.DB.prepare('UPDATE menu_drinks SET is_available = 1 WHERE id = ?').bind(other!.id).run();
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
  });

  it('50 simultaneous quick orders by one guest also make exactly one order', async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks('rooftop-lounge');
    const answers = await Promise.all(Array.from({ length: 50 }, () =>
      call('POST', '/api/orders/quick', { token, body: { slug: 'rooftop-lounge', item: { menu_drink_id: drink!.id } } })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.json.error.message === 'active order exists')).toHaveLength(49);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
  });

  it('the unique index alone keeps it atomic when placement is not serialised', async () => {
    // Straight to placeOrder, bypassing the hub's per-guest queue: every call reads "no active
    // order" before any insert lands, so only the partial unique index can refuse the rest.
    const db = drizzle(env.DB, { schema });
    const { sessionId, ownerKey } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const request = (i: number): PlacementRequest => ({
      kind: 'order', venueId: '', taxRateBp: 875, owner: { ownerKey, sessionId, guestId: null },
      idempotencyKey: null, requestHash: `h${i}`,
      lines: [{ menuDrinkId: drink!.id, quantity: 1, notes: null, modifiers: null, isAiCreation: false, aiRecipeName: null, recipe: null, aiInteractionId: null }],
      details: { displayName: null, customName: null, specialInstructions: null, customerName: null, customerPhone: null, referredByAi: false, aiRecipeName: null, tableNumber: null, salesChannel: 'app' },
    });
    const venue = await venueId(SLUG);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder(db, { ...request(i), venueId: venue }, 0, orderCodeAt(ORDER_CODE_SPACE - 1 - i))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.message === 'active order exists')).toHaveLength(19);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
  });

  it("an order at 'ready' is still active: a new order at that venue is 409 active_order_exists until it is delivered", async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const quick = () => call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    const first = await quick();
    expect(first.status, first.text).toBe(200);
    const staff = await staffToken('staff@barhop.dev');
    const ready = await call('PUT', `/api/staff/orders/${first.json.id}/status`, { token: staff, body: { status: 'ready' } });
    expect(ready.status, ready.text).toBe(200);
    const refused = expectApiError(await quick(), 409);
    expect(refused).toMatchObject({ code: 'active_order_exists', message: 'active order exists' });
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
    // D1 itself refuses a second active order beside a ready one (the partial unique index).
    const columns = (await env.DB.prepare('PRAGMA table_info(orders)').all<{ name: string }>()).results.map((c) => c.name);
    const copied = columns.map((c) => (c === 'id' ? '?1' : c === 'status' ? "'pending'" : c === 'code' ? 'NULL' : c)).join(', ');
    await expect(env.DB.prepare(`INSERT INTO orders (${columns.join(', ')}) SELECT ${copied} FROM orders WHERE id = ?2`).bind(newId(), first.json.id).run())
      .rejects.toThrow(/UNIQUE constraint failed: orders\.restaurant_id, orders\.owner_key/);
    expect((await call('PUT', `/api/staff/orders/${first.json.id}/status`, { token: staff, body: { status: 'delivered' } })).status).toBe(200);
    expect((await quick()).status).toBe(200);
  });

  it('allows one active order at each venue, and a new one once the last is finished', async () => {
    const { token, ownerKey } = await guestToken();
    const [a] = await availableDrinks(SLUG);
    const [b] = await availableDrinks('harbor-tap-room');
    expect((await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: a!.id } } })).status).toBe(200);
    expect((await call('POST', '/api/orders/quick', { token, body: { slug: 'harbor-tap-room', item: { menu_drink_id: b!.id } } })).status).toBe(200);
    const can = await call('GET', `/api/orders/can-start?slug=${SLUG}`, { token });
    expect(can.json.allowed).toBe(false);
    await env.DB.prepare(`UPDATE orders SET status = 'delivered' WHERE owner_key = ? AND restaurant_id = ?`).bind(ownerKey, await venueId(SLUG)).run();
    expect((await call('GET', `/api/orders/can-start?slug=${SLUG}`, { token })).json).toEqual({ allowed: true, active_order_id: null });
    expect((await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: a!.id } } })).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('same key and body: the same order and the same answer, once', async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const body = { slug: SLUG, items: [{ menu_drink_id: drink!.id, quantity: 2 }] };
    const headers = { 'Idempotency-Key': 'order-key-1' };
    const first = await call('POST', '/api/orders', { token, body, headers });
    const again = await call('POST', '/api/orders', { token, body, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
  });

  it('keeps the request hash and the order id, not the answer (at most 300 bytes), and rebuilds the same answer on retry', async () => {
    const { token } = await guestToken();
    const [drink, other] = await availableDrinks(SLUG);
    const body = { slug: SLUG, items: [{ menu_drink_id: drink!.id, quantity: 2, notes: 'no ice' }, { menu_drink_id: other!.id, quantity: 1 }] };
    const headers = { 'Idempotency-Key': '6c1f7a52-3f0e-4d8b-9a41-2b7c9d0e5f13' };
    const first = await call('POST', '/api/orders', { token, body, headers });
    expect(first.status).toBe(200);
    const record = await env.DB.prepare(
      `SELECT order_id, response_body, length(restaurant_id) + length(key) + length(owner_key) + length(request_hash)
         + length(coalesce(order_id, '')) + length(coalesce(response_body, '')) + length(created_at) AS bytes
       FROM idempotency_records WHERE key = ?`,
    ).bind(headers['Idempotency-Key']).first<{ order_id: string; response_body: string | null; bytes: number }>();
    expect(record).toMatchObject({ order_id: first.json.id, response_body: null });
    expect(record!.bytes).toBeLessThanOrEqual(300);
    const again = await call('POST', '/api/orders', { token, body, headers });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  it('same key with another body: 422, nothing new stored', async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks('rooftop-lounge');
    const headers = { 'Idempotency-Key': 'order-key-2' };
    expect((await call('POST', '/api/orders', { token, headers, body: { slug: 'rooftop-lounge', items: [{ menu_drink_id: drink!.id, quantity: 1 }] } })).status).toBe(200);
    const other = await call('POST', '/api/orders', { token, headers, body: { slug: 'rooftop-lounge', items: [{ menu_drink_id: drink!.id, quantity: 3 }] } });
    expect(expectApiError(other, 422).code).toBe('idempotency_key_reused');
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
  });

  it('a repeated checkout after the cart was emptied still gets the first answer', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks('harbor-tap-room');
    await call('POST', '/api/cart', { token, body: { slug: 'harbor-tap-room', menu_drink_id: drink!.id, qty: 1 } });
    const headers = { 'Idempotency-Key': 'checkout-key' };
    const first = await call('POST', '/api/cart/checkout', { token, headers, body: { slug: 'harbor-tap-room' } });
    const again = await call('POST', '/api/cart/checkout', { token, headers, body: { slug: 'harbor-tap-room' } });
    expect(first.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
  });

  it('while the first request is in flight, the same key answers 409', async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    const headers = { 'Idempotency-Key': 'in-flight-key' };
    const body = { slug: SLUG, item: { menu_drink_id: drink!.id } };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/orders/quick', { token, headers, body })));
    const ok = answers.filter((r) => r.status === 200);
    const inFlight = answers.filter((r) => r.status === 409);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.json.id)).size).toBe(1);
    expect(inFlight.length).toBeGreaterThanOrEqual(1);
    for (const r of inFlight) expect(expectApiError(r, 409).code).toBe('idempotency_in_flight');
    expect(ok.length + inFlight.length).toBe(10);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
  });

  it('two simultaneous requests with one key and different bodies: one order, the other 422 idempotency_key_reused', async () => {
    const venue = await venueId(SLUG);
    const [a, b] = await availableDrinks(SLUG);
    const { tax } = (await env.DB.prepare('SELECT tax_rate_bp AS tax FROM venues WHERE id = ?').bind(venue).first<{ tax: number }>())!;
    const { sessionId, ownerKey } = await guestToken();
    const request = (drinkId: string, requestHash: string): PlacementRequest => ({
      kind: 'order', venueId: venue, taxRateBp: tax, owner: { ownerKey, sessionId, guestId: null }, idempotencyKey: 'two-bodies', requestHash,
      lines: [{ menuDrinkId: drinkId, quantity: 1, notes: null, modifiers: null, isAiCreation: false, aiRecipeName: null, recipe: null, aiInteractionId: null }],
      details: { displayName: null, customName: null, specialInstructions: null, customerName: null, customerPhone: null, referredByAi: false, aiRecipeName: null, tableNumber: null, salesChannel: 'app' },
    });
    // In the hub itself: placeOrder marks the key in flight before its first await, so calls made in
    // the same tick certainly find the first in flight. The same body is 409 in flight, another 422.
    const [first, other, same] = await runInDurableObject(venueHub(env, venue), (hub) =>
      Promise.all([hub.placeOrder(request(a!.id, 'body-a')), hub.placeOrder(request(b!.id, 'body-b')), hub.placeOrder(request(a!.id, 'body-a'))]));
    expect(first.ok).toBe(true);
    expect(other).toMatchObject({ ok: false, status: 422, code: 'idempotency_key_reused' });
    expect(same).toMatchObject({ ok: false, status: 409, code: 'idempotency_in_flight' });
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);

    // Over HTTP, whichever arrives first wins and the other is refused the same way.
    for (let trial = 0; trial < 3; trial += 1) {
      const { token, ownerKey: owner } = await guestToken();
      const headers = { 'Idempotency-Key': `two-bodies-${trial}` };
      const bodies = [a!, b!].map((d) => ({ slug: SLUG, items: [{ menu_drink_id: d.id, quantity: 1 }] }));
      const answers = await Promise.all(bodies.map((body) => call('POST', '/api/orders', { token, headers, body })));
      const ok = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status !== 200);
      expect(ok, answers.map((r) => r.text).join('\n')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(expectApiError(refused[0]!, 422).code).toBe('idempotency_key_reused');
      expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', owner)).toBe(1);
      expect(await env.DB.prepare('SELECT order_id FROM idempotency_records WHERE key = ?').bind(headers['Idempotency-Key']).first()).toEqual({ order_id: ok[0]!.json.id });
    }
  });

  it('rejects a malformed key with 400 invalid_request, storing nothing', async () => {
    const { token, ownerKey } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    for (const key of ['x'.repeat(201), 'two words', 'tab\there']) {
      const res = await call('POST', '/api/orders/quick', { token, headers: { 'Idempotency-Key': key }, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
      const error = expectApiError(res, 400);
      expect(error).toMatchObject({ code: 'invalid_request', message: 'Idempotency-Key must be 1 to 200 visible ASCII characters' });
    }
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
    expect(await countRows('SELECT count(*) AS n FROM idempotency_records WHERE owner_key = ?', ownerKey)).toBe(0);
  });
});

describe('placing with the drinks the hub holds (docs/decisions/157)', () => {
  it('stores the same ETA in SQL as etaMinutes computes, for any queue and any pace of the bar (docs/decisions/180)', async () => {
    const venue = 'eta-sql-venue';
    await env.DB.prepare("INSERT OR IGNORE INTO venues (id, slug, name) VALUES (?1, ?1, 'ETA check')").bind(venue).run();
    const madeAt = new Date(Date.now() - 5 * 60_000).toISOString();
    for (const made of [0, 7, 20, 23, 40, 61]) {
      for (const ahead of [0, 1, 2, 3, 7, 10, 33]) {
        for (const own of [1, 2, 5]) {
          await env.DB.prepare('DELETE FROM orders WHERE restaurant_id = ?').bind(venue).run();
          if (ahead > 0) {
            await env.DB.prepare(`INSERT INTO orders (id, restaurant_id, owner_key, status, subtotal_cents, tax_cents, total_cents, tax_rate_bp, drink_count)
              VALUES (?, ?, 'q', 'pending', 0, 0, 0, 0, ?)`).bind(newId(), venue, ahead).run();
          }
          if (made > 0) {
            await env.DB.prepare(`INSERT INTO orders (id, restaurant_id, owner_key, status, subtotal_cents, tax_cents, total_cents, tax_rate_bp, drink_count, made_at)
              VALUES (?, ?, 'm', 'delivered', 0, 0, 0, 0, ?, ?)`).bind(newId(), venue, made, madeAt).run();
          }
          const row = (await pendingEtaStatement(env.DB, venue, own).first<{ eta: number }>())!;
          expect(row.eta, `${ahead} ahead, ${own} own, ${made} made`).toBe(etaMinutes('pending', ahead, own, made));
        }
      }
    }
  });

  it('refuses a drink switched off behind the hub, even right after the hub read the menu', async () => {
    const { token } = await guestToken();
    const other = await guestToken();
    const [first, second] = await availableDrinks('harbor-tap-room');
    // The first order makes the hub hold the menu; the second names a drink switched off since.
    const placed = await call('POST', '/api/orders/quick', { token: other.token, body: { slug: 'harbor-tap-room', item: { menu_drink_id: first!.id } } });
    expect(placed.status).toBe(200);
    await makeUnavailable(second!.id);
    const refused = await call('POST', '/api/orders/quick', { token, body: { slug: 'harbor-tap-room', item: { menu_drink_id: second!.id } } });
    expect(expectApiError(refused, 409).code).toBe('drink_unavailable');
    // And a price changed behind it is charged as the menu says now.
    await env.DB.prepare('UPDATE menu_drinks SET price_cents = price_cents + 100 WHERE id = ?').bind(first!.id).run();
    const charged = await call('POST', '/api/orders/quick', { token, body: { slug: 'harbor-tap-room', item: { menu_drink_id: first!.id } } });
    expect(charged.status).toBe(200);
    expect(charged.json.order.items[0].price_cents).toBe(first!.price_cents + 100);
  });
});
