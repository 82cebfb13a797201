import { describe, expect, it } from 'vitest';
import { CartResponse } from '../../shared/schemas/cart';
import { ActiveOrderResponse, OrderDetailResponse, OrderHistoryResponse, OrderStatusView } from '../../shared/schemas/order';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, makeUnavailable, staffToken } from './order-helpers';

const SLUG = 'rooftop-lounge';

describe('cart', () => {
  it('sets, adds, removes and clears lines, with totals from the menu and 8.75% tax', async () => {
    const { token } = await guestToken();
    const [a, b] = await availableDrinks(SLUG);
    expect((await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: a!.id, qty: 2, notes: 'no ice' } })).status).toBe(200);
    // The venue has one name (docs/decisions/228): the old `restaurant_slug` is refused, and nothing is added.
    const aliased = await call('POST', '/api/cart', { token, body: { restaurant_slug: SLUG, menu_drink_id: b!.id, qty: 1, mode: 'add' } });
    expect(aliased.status).toBe(400);
    expect(aliased.text).toContain('slug is required');
    const added = await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: b!.id, qty: 1, mode: 'add' } });
    await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: b!.id, qty: 2, mode: 'add' } });
    const { cart } = CartResponse.parse((await call('GET', `/api/cart?slug=${SLUG}`, { token })).json);
    expect(added.status).toBe(200);
    expect(cart.items.map((i) => [i.menu_drink_id, i.qty, i.notes])).toEqual([[a!.id, 2, 'no ice'], [b!.id, 3, null]]);
    const subtotal = a!.price_cents * 2 + b!.price_cents * 3;
    expect(cart.subtotal_cents).toBe(subtotal);
    expect(cart.total_cents).toBe(subtotal + Math.round(subtotal * 0.0875));
    // A quantity reduced to 0 or less removes the line.
    const zero = await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: a!.id, qty: 0 } });
    expect(zero.json.cart.items.map((i: { menu_drink_id: string }) => i.menu_drink_id)).toEqual([b!.id]);
    const removed = await call('DELETE', `/api/cart/${b!.id}?slug=${SLUG}`, { token });
    expect(removed.json.cart.items).toEqual([]);
    await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: a!.id, qty: 1 } });
    expect((await call('POST', '/api/cart/clear', { token, body: { slug: SLUG } })).json.cart.items).toEqual([]);
  });

  it('keeps one cart per venue and per device', async () => {
    const one = await guestToken();
    const two = await guestToken();
    const [a] = await availableDrinks(SLUG);
    await call('POST', '/api/cart', { token: one.token, body: { slug: SLUG, menu_drink_id: a!.id, qty: 1 } });
    expect((await call('GET', `/api/cart?slug=${SLUG}`, { token: two.token })).json.cart.items).toEqual([]);
    expect((await call('GET', '/api/cart?slug=artisan-bar', { token: one.token })).json.cart.items).toEqual([]);
  });

  it('refuses quantities above 10, unavailable and unknown drinks, storing nothing', async () => {
    const { token, ownerKey } = await guestToken();
    const drinks = await availableDrinks(SLUG);
    const tooMany = expectApiError(await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: drinks[0]!.id, qty: 11 } }), 400);
    expect(tooMany.code).toBe('invalid_request');
    await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: drinks[0]!.id, qty: 8 } });
    // Adding to a line past the most one line holds: a rule's refusal, with its numbers (docs/decisions/256).
    expect(expectApiError(await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: drinks[0]!.id, qty: 3, mode: 'add' } }), 400)).toEqual({
      code: 'quantity_over_max', message: 'At most 10 of one drink on a line: this makes 11', details: { quantity: 11, max: 10 },
    });
    const off = drinks[drinks.length - 1]!;
    await makeUnavailable(off.id);
    expect(expectApiError(await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: off.id, qty: 1 } }), 409).code).toBe('drink_unavailable');
    expectApiError(await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: 'nope', qty: 1 } }), 404);
    expectApiError(await call('POST', '/api/cart', { token, body: { menu_drink_id: drinks[0]!.id, qty: 1 } }), 400);
    const cart = await call('GET', `/api/cart?slug=${SLUG}`, { token });
    expect(cart.json.cart.items.map((i: { qty: number }) => i.qty)).toEqual([8]);
    expect(await countRows(`SELECT count(*) AS n FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.owner_key = ?`, ownerKey)).toBe(1);
  });

  it('needs a guest token (a bare session_id is not a credential)', async () => {
    expectApiError(await call('GET', `/api/cart?slug=${SLUG}&session_id=anything`), 401);
    const staff = await staffToken('staff@barhop.dev');
    expectApiError(await call('GET', `/api/cart?slug=${SLUG}`, { token: staff }), 401);
  });
});

describe("a guest's own orders", () => {
  it('reads the active order, its status with a queue-based ETA, its detail and the history', async () => {
    const { token } = await guestToken();
    const [drink] = await availableDrinks(SLUG);
    expect((await call('GET', `/api/orders/active?slug=${SLUG}`, { token })).json).toEqual({ order: null });
    const placed = await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: drink!.id, quantity: 2 }], special_instructions: 'Order for: Kim' } });
    expect(placed.status).toBe(200);
    const active = ActiveOrderResponse.parse((await call('GET', `/api/orders/active?slug=${SLUG}`, { token })).json);
    expect(active.order?.id).toBe(placed.json.id);
    expect(active.order?.display_name).toBe('Kim');
    const status = OrderStatusView.parse((await call('GET', `/api/orders/${placed.json.id}/status`, { token })).json);
    expect(status).toMatchObject({ status: 'pending', delivered_at: null, id: placed.json.id });
    expect(status.eta_minutes).toBe(placed.json.eta_minutes);
    const detail = OrderDetailResponse.parse((await call('GET', `/api/orders/${placed.json.id}`, { token })).json);
    expect(detail.order.total_cents).toBe(placed.json.total_cents);
    expect(detail.venue.slug).toBe(SLUG);
    const history = OrderHistoryResponse.parse((await call('GET', `/api/orders/history?slug=${SLUG}`, { token })).json);
    expect(history.orders.map((o) => o.id)).toEqual([placed.json.id]);
  });

  it("the ETA follows the queue: it drops when an order ahead is finished", async () => {
    const staff = await staffToken('staff2@barhop.dev');
    const [drink] = await availableDrinks(SLUG);
    const first = await guestToken();
    const second = await guestToken();
    const a = await call('POST', '/api/orders', { token: first.token, body: { slug: SLUG, items: [{ menu_drink_id: drink!.id, quantity: 6 }] } });
    const b = await call('POST', '/api/orders/quick', { token: second.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
    expect(b.json.eta_minutes).toBeGreaterThan(a.json.eta_minutes - 6);
    const before = (await call('GET', `/api/orders/${b.json.id}/status`, { token: second.token })).json;
    expect((await call('PUT', `/api/staff/orders/${a.json.id}/status`, { token: staff, body: { status: 'delivered' } })).status).toBe(200);
    const after = (await call('GET', `/api/orders/${b.json.id}/status`, { token: second.token })).json;
    expect(after.eta_minutes).toBeLessThan(before.eta_minutes);
    expect(after.queue_position).toBe(before.queue_position - 1);
  });

  it("another guest's order is 404 everywhere", async () => {
    const owner = await guestToken();
    const other = await guestToken();
    const [drink] = await availableDrinks('artisan-bar');
    const placed = await call('POST', '/api/orders/quick', { token: owner.token, body: { slug: 'artisan-bar', item: { menu_drink_id: drink!.id } } });
    expect(expectApiError(await call('GET', `/api/orders/${placed.json.id}`, { token: other.token }), 404).message).toBe('Order not found');
    expectApiError(await call('GET', `/api/orders/${placed.json.id}/status`, { token: other.token }), 404);
    expect((await call('GET', '/api/orders/history', { token: other.token })).json.orders).toEqual([]);
  });

  it('after phone sign-in, the orders placed on the device are still the guest\'s', async () => {
    const device = await guestToken();
    const [drink] = await availableDrinks('artisan-bar');
    const placed = await call('POST', '/api/orders/quick', { token: device.token, body: { slug: 'artisan-bar', item: { menu_drink_id: drink!.id } } });
    const signedIn = await guestToken('guest-account-1', device.sessionId);
    expect((await call('GET', `/api/orders/${placed.json.id}`, { token: signedIn.token })).status).toBe(200);
  });
});

describe('suggested cart lines', () => {
  it('marks a checkout AI-referred and its suggestion ordered when a line came from the AI bartender', async () => {
    const { token } = await guestToken();
    const suggestion = await call('POST', '/api/ai/vibe', {
      token, body: { slug: SLUG, selectedCategories: ['Gin', 'Citrus'], preferenceCount: 2, additionalRequest: '' },
    });
    expect(suggestion.status).toBe(200);
    const [plain] = await availableDrinks(SLUG);
    const suggestedLine = suggestion.json.type === 'menu' && suggestion.json.menuDrinkId
      ? { menu_drink_id: suggestion.json.menuDrinkId }
      : { is_ai_creation: true, ai_recipe_name: suggestion.json.previewName, recipe: suggestion.json.recipe };
    await call('POST', '/api/cart', { token, body: { slug: SLUG, ...suggestedLine, ai_interaction_id: suggestion.json.interaction_id, qty: 1 } });
    await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: plain!.id, qty: 1 } });

    const placed = await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } });
    expect(placed.status).toBe(200);
    expect(placed.json.order.referred_by_ai).toBe(true);
    expect(placed.json.order.ai_recipe_name).toBeTruthy();
    expect(await countRows('SELECT count(*) AS n FROM ai_interactions WHERE id = ? AND was_ordered = 1 AND order_id = ?', suggestion.json.interaction_id, placed.json.id)).toBe(1);
  });
});
