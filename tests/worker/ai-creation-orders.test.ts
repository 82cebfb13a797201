// docs/product.md §9.3 (docs/decisions/190): an order line cannot carry a recipe the server did not suggest, a suggested creation is
// poured within a bar's bounds, and a cancelled order gives its stock back.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { AiSuggestion } from '../../shared/schemas/ai';
import { StockMovementList } from '../../shared/schemas/inventory';
import { call, expectApiError } from './helpers';
import { countRows, guestToken, MOVEMENTS_OF_ORDER, staffToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';
const HUGE = Array.from({ length: 30 }, () => ({ ingredient: 'Bourbon', quantity: 10_000, unit: 'ml' }));

async function creationFor(token: string) {
  const res = await call('POST', '/api/ai/recommend-new', { token, body: { slug: SLUG, preferences: ['Whiskey', 'Citrus'] } });
  expect(res.status, res.text).toBe(200);
  const s = AiSuggestion.parse(res.json);
  expect(s.type).toBe('creation');
  return s;
}

const orderLines = (token: string, items: Record<string, unknown>[]) =>
  call('POST', '/api/orders', { token, body: { slug: SLUG, items } });

const inventoryTotal = () => env.DB.prepare('SELECT sum(quantity) AS n FROM inventory_items WHERE restaurant_id = (SELECT id FROM venues WHERE slug = ?)')
  .bind(SLUG).first<{ n: number }>().then((r) => r!.n);

describe('AI creation lines are the server\'s suggestions', () => {
  it('an anonymous device cannot order a recipe of its own (30 lines × 10,000 ml × 10): refused, nothing stored', async () => {
    const { token } = await guestToken();
    const before = await countRows('SELECT count(*) AS n FROM orders');
    const res = await orderLines(token, [{ is_ai_creation: true, ai_recipe_name: 'Bottomless', quantity: 10, recipe: HUGE }]);
    expect(expectApiError(res, 400).code).toBe('ai_suggestion_required');
    const quick = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { is_ai_creation: true, ai_recipe_name: 'Bottomless', recipe: HUGE } } });
    expect(expectApiError(quick, 400).code).toBe('ai_suggestion_required');
    const cart = await call('POST', '/api/cart', { token, body: { slug: SLUG, qty: 1, is_ai_creation: true, ai_recipe_name: 'Bottomless', recipe: HUGE } });
    expect(expectApiError(cart, 400).code).toBe('ai_suggestion_required');
    expect(await countRows('SELECT count(*) AS n FROM orders')).toBe(before);
  });

  it('a suggested creation is ordered with the name, recipe and price the server stored, whatever the client sends', async () => {
    const { token } = await guestToken();
    const s = await creationFor(token);
    const res = await orderLines(token, [{ is_ai_creation: true, ai_interaction_id: s.interaction_id, ai_recipe_name: 'Renamed', quantity: 2, recipe: HUGE, price: 1 }]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.order.items[0]).toMatchObject({ is_ai_creation: true, name: s.previewName, recipe: s.recipe, price_cents: s.price_cents, quantity: 2 });
    const interaction = await env.DB.prepare('SELECT was_ordered, order_id FROM ai_interactions WHERE id = ?').bind(s.interaction_id).first();
    expect(interaction).toEqual({ was_ordered: 1, order_id: res.json.id });
  });

  it('the cart takes the stored recipe too, and checkout places it', async () => {
    const { token } = await guestToken(newId());
    const s = await creationFor(token);
    const put = await call('POST', '/api/cart', { token, body: { slug: SLUG, qty: 1, is_ai_creation: true, ai_interaction_id: s.interaction_id, ai_recipe_name: s.previewName, recipe: HUGE } });
    expect(put.status, put.text).toBe(200);
    const cart = (await call('GET', `/api/cart?slug=${SLUG}`, { token })).json.cart;
    expect(cart.items[0]).toMatchObject({ name: s.previewName, recipe: s.recipe });
    const placed = await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.order.items[0]).toMatchObject({ name: s.previewName, recipe: s.recipe });
  });

  it("someone else's suggestion, another venue's, a menu suggestion or an old one is refused", async () => {
    const owner = await guestToken();
    const s = await creationFor(owner.token);
    const other = await guestToken();
    expect(expectApiError(await orderLines(other.token, [{ is_ai_creation: true, ai_interaction_id: s.interaction_id, quantity: 1 }]), 404).code).toBe('ai_suggestion_not_found');
    const elsewhere = await call('POST', '/api/orders', { token: owner.token, body: { slug: 'rooftop-lounge', items: [{ is_ai_creation: true, ai_interaction_id: s.interaction_id, quantity: 1 }] } });
    expect(expectApiError(elsewhere, 404).code).toBe('ai_suggestion_not_found');

    const menu = AiSuggestion.parse((await call('POST', '/api/ai/vibe', { token: owner.token, body: { slug: SLUG, selectedCategories: ['Gin', 'Herbal'] } })).json);
    if (menu.type === 'menu') {
      expect(expectApiError(await orderLines(owner.token, [{ is_ai_creation: true, ai_interaction_id: menu.interaction_id, quantity: 1 }]), 409).code).toBe('not_an_ai_creation');
    }

    await env.DB.prepare("UPDATE ai_interactions SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 hours') WHERE id = ?").bind(s.interaction_id).run();
    const old = expectApiError(await orderLines(owner.token, [{ is_ai_creation: true, ai_interaction_id: s.interaction_id, quantity: 1 }]), 409);
    expect(old.code).toBe('ai_suggestion_expired');
  });

  it('a stored creation that pours more than a bar would (over 90 ml of one spirit, over 350 ml) is refused with the bounds named', async () => {
    const { token, ownerKey } = await guestToken();
    const id = newId();
    await env.DB.prepare(`INSERT INTO ai_interactions (id, restaurant_id, owner_key, kind, query, backend, suggestion) VALUES (?, ?, ?, 'chat', 'x', 'workers-ai', ?)`)
      .bind(id, await venueId(SLUG), ownerKey, JSON.stringify({ type: 'creation', previewName: 'Too Much', recipe: [{ ingredient: 'Bourbon', quantity: 120, unit: 'ml' }, { ingredient: 'Soda water', quantity: 300, unit: 'ml' }], price_cents: 1800 }))
      .run();
    const error = expectApiError(await orderLines(token, [{ is_ai_creation: true, ai_interaction_id: id, quantity: 1 }]), 422);
    expect(error.code).toBe('ai_recipe_out_of_bounds');
    expect(error.details).toEqual({ problems: ['Bourbon: at most 90 ml of any one spirit', 'At most 350 ml in one drink'] });
  });
});

describe('cancelling an order gives its stock back', () => {
  it('a poured order, cancelled, restores every deducted line with a movement saying why; the menu comes back', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const { token } = await guestToken();
    const s = await creationFor(token);
    const before = await inventoryTotal();
    const placed = await orderLines(token, [{ is_ai_creation: true, ai_interaction_id: s.interaction_id, quantity: 3 }]);
    expect(placed.status, placed.text).toBe(200);
    const orderId = placed.json.id as string;
    expect((await call('PUT', `/api/staff/orders/${orderId}/status`, { token: staff, body: { status: 'preparing' } })).status).toBe(200);
    const deducted = await countRows(`SELECT count(*) AS n FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER} AND type = 'deduct'`, orderId);
    expect(deducted).toBeGreaterThan(0);
    expect(await inventoryTotal()).toBeLessThan(before);

    expect((await call('PUT', `/api/staff/orders/${orderId}/status`, { token: staff, body: { status: 'cancelled' } })).status).toBe(200);
    expect(await inventoryTotal()).toBeCloseTo(before, 9);
    // Exactly what was poured goes back: one return per pour, the same item and amounts with the sign turned.
    const moved = async (type: string) => (await env.DB.prepare(`SELECT inventory_item_id, delta, delta_ml FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER} AND type = ? ORDER BY inventory_item_id`)
      .bind(orderId, type).all<{ inventory_item_id: string; delta: number; delta_ml: number | null }>()).results;
    const poured = await moved('deduct');
    expect(poured).toHaveLength(deducted);
    expect(await moved('restore')).toEqual(poured.map((m) => ({ ...m, delta: -m.delta, delta_ml: m.delta_ml === null ? null : -m.delta_ml })));
    // Each item's history shows the return saying why, by whom and when the order was cancelled.
    const cancel = await env.DB.prepare("SELECT actor_id, created_at FROM order_events WHERE order_id = ? AND to_status = 'cancelled'").bind(orderId).first<{ actor_id: string; created_at: string }>();
    for (const pour of poured) {
      const history = StockMovementList.parse((await call('GET', `/api/staff/inventory/${pour.inventory_item_id}/movements`, { token: staff })).json);
      expect(history.movements[0]).toMatchObject({
        type: 'restore', reason: `Order #${orderId.slice(-8).toUpperCase()} cancelled: stock returned`, order_id: orderId,
        delta: -pour.delta, actor_user_id: cancel!.actor_id, created_at: cancel!.created_at,
      });
      expect(history.movements[1]).toMatchObject({ type: 'deduct', reason: `Order #${orderId.slice(-8).toUpperCase()}`, delta: pour.delta });
    }
    expect(await env.DB.prepare('SELECT stock_deducted_at FROM orders WHERE id = ?').bind(orderId).first('stock_deducted_at')).toBeNull();
  });
});
