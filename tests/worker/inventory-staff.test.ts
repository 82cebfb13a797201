import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  IngredientList, StaffInventoryItemResponse, StaffInventoryList, StaffMenuList, StockMovementList, StockMovementResponse,
} from '../../shared/schemas/inventory';
import { call, expectApiError } from './helpers';
import { countRows, guestToken, MOVEMENTS_OF_ORDER, staffToken, suggestedCreation, venueId } from './order-helpers';

type StockLine = {
  drink_id: string; drink_name: string; item_id: string; ingredient_id: string; ingredient_name: string;
  quantity: number; unit_volume_ml: number; item_quantity: number;
};

/**
 * A drink of the venue on the guest menu, with a required ml line poured from a bottle (and no
 * other drink of the venue needing that ingredient, so tests do not disturb each other's drinks).
 */
async function drinkWithTrackedLine(slug: string, skip: string[] = []): Promise<StockLine> {
  const { results } = await env.DB.prepare(
    `SELECT d.id AS drink_id, d.name AS drink_name, ii.id AS item_id, di.ingredient_id, i.name AS ingredient_name,
            di.quantity, ii.unit_volume_ml, ii.quantity AS item_quantity
     FROM menu_drinks d JOIN venues v ON v.id = d.restaurant_id
     JOIN drink_ingredients di ON di.menu_drink_id = d.id AND di.is_optional = 0 AND di.unit = 'ml'
     JOIN ingredients i ON i.id = di.ingredient_id
     JOIN inventory_items ii ON ii.ingredient_id = di.ingredient_id AND ii.restaurant_id = d.restaurant_id AND ii.deleted_at IS NULL
     WHERE v.slug = ? AND d.is_available = 1 AND d.sold_out_reason IS NULL AND ii.unit = 'bottle' AND ii.quantity > 1
       AND (SELECT count(DISTINCT di2.menu_drink_id) FROM drink_ingredients di2 JOIN menu_drinks d2 ON d2.id = di2.menu_drink_id
            WHERE di2.ingredient_id = di.ingredient_id AND d2.restaurant_id = d.restaurant_id) = 1
     ORDER BY d.name, di.position`,
  ).bind(slug).all<StockLine>();
  const line = results.find((r) => !skip.includes(r.drink_id) && !skip.includes(r.ingredient_id));
  if (!line) throw new Error(`no tracked drink at ${slug}`);
  return line;
}

async function itemRow(id: string) {
  return env.DB.prepare('SELECT quantity, deleted_at, available, name FROM inventory_items WHERE id = ?').bind(id)
    .first<{ quantity: number; deleted_at: string | null; available: number; name: string }>();
}

const soldOutReason = async (drinkId: string) =>
  (await env.DB.prepare('SELECT sold_out_reason FROM menu_drinks WHERE id = ?').bind(drinkId).first<{ sold_out_reason: string | null }>())!.sold_out_reason;

async function guestMenuIds(slug: string) {
  const res = await call('GET', `/api/drinks?slug=${slug}`);
  expect(res.status).toBe(200);
  return (res.json.drinks as { id: string }[]).map((d) => d.id);
}

async function orderDrink(slug: string, item: Record<string, unknown>) {
  const guest = await guestToken();
  const res = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug, item } });
  expect(res.status, res.text).toBe(200);
  return res.json.id as string;
}

const userId = async (email: string) => (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>())!.id;

const setStatus = (id: string, token: string, status: string) => call('PUT', `/api/staff/orders/${id}/status`, { token, body: { status } });

describe('staff inventory API', () => {
  it('lists the venue\'s live items in ml, computed from quantity × unit volume', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const res = await call('GET', '/api/staff/inventory', { token: staff });
    expect(res.status).toBe(200);
    const { inventory } = StaffInventoryList.parse(res.json);
    const artisan = await venueId('artisan-bar');
    expect(inventory.length).toBe(await countRows('SELECT count(*) AS n FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL', artisan));
    expect(inventory.every((i) => i.restaurant_id === artisan)).toBe(true);
    const bottle = inventory.find((i) => i.unit === 'bottle' && i.unit_volume_ml)!;
    expect(bottle.on_hand_ml).toBeCloseTo(bottle.quantity * bottle.unit_volume_ml!, 1);
    expect(bottle.measure).toBe('ml');
    const counted = inventory.find((i) => i.unit === 'piece');
    if (counted) expect([counted.measure, counted.on_hand_ml]).toEqual(['count', counted.quantity]);
    for (const item of inventory) expect(item.is_low_stock).toBe(item.on_hand_ml <= item.low_stock_threshold_ml);
    expectApiError(await call('GET', '/api/staff/inventory'), 401);
  });

  it('another venue\'s item answers 404 to every staff call and stays untouched', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const rooftop = await venueId('rooftop-lounge');
    const other = await env.DB.prepare('SELECT id, quantity FROM inventory_items WHERE restaurant_id = ? LIMIT 1').bind(rooftop).first<{ id: string; quantity: number }>();
    const movementsBefore = await countRows('SELECT count(*) AS n FROM stock_movements WHERE inventory_item_id = ?', other!.id);
    expect(expectApiError(await call('PUT', `/api/staff/inventory/${other!.id}`, { token: staff, body: { on_hand_ml: 1 } }), 404).message).toBe('Inventory item not found');
    expectApiError(await call('POST', `/api/staff/inventory/${other!.id}/movements`, { token: staff, body: { type: 'receive', quantity_ml: 100, reason: 'x' } }), 404);
    expectApiError(await call('GET', `/api/staff/inventory/${other!.id}/movements`, { token: staff }), 404);
    expectApiError(await call('DELETE', `/api/staff/inventory/${other!.id}`, { token: staff }), 404);
    const row = await itemRow(other!.id);
    expect(row).toMatchObject({ quantity: other!.quantity, deleted_at: null });
    expect(await countRows('SELECT count(*) AS n FROM stock_movements WHERE inventory_item_id = ?', other!.id)).toBe(movementsBefore);
  });

  it('refuses invalid input with the spec\'s alerts and stores nothing', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const artisan = await venueId('artisan-bar');
    const items = () => countRows('SELECT count(*) AS n FROM inventory_items WHERE restaurant_id = ?', artisan);
    const movements = () => countRows('SELECT count(*) AS n FROM stock_movements m JOIN inventory_items i ON i.id = m.inventory_item_id WHERE i.restaurant_id = ?', artisan);
    const [itemsBefore, movementsBefore] = [await items(), await movements()];
    const messages = (error: { details?: unknown }) => (error.details as { message: string }[]).map((d) => d.message);

    const noIngredient = expectApiError(await call('POST', '/api/staff/inventory', { token: staff, body: { on_hand_ml: 100 } }), 400);
    expect(messages(noIngredient)).toContain('Please select an ingredient');
    const unknown = expectApiError(await call('POST', '/api/staff/inventory', { token: staff, body: { ingredient_id: 'nope', on_hand_ml: 100 } }), 400);
    expect(unknown.message).toBe('Please select an ingredient');
    const ingredient = await env.DB.prepare('SELECT id FROM ingredients LIMIT 1').first<{ id: string }>();
    const negative = expectApiError(await call('POST', '/api/staff/inventory', { token: staff, body: { ingredient_id: ingredient!.id, on_hand_ml: -5 } }), 400);
    expect(messages(negative)).toContain('On hand quantity cannot be negative');

    const item = await env.DB.prepare('SELECT id, quantity FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL LIMIT 1').bind(artisan).first<{ id: string; quantity: number }>();
    const path = `/api/staff/inventory/${item!.id}/movements`;
    expect(messages(expectApiError(await call('POST', path, { token: staff, body: { type: 'receive', quantity_ml: 0, reason: 'Delivery' } }), 400)))
      .toContain('Quantity must be greater than 0');
    expect(messages(expectApiError(await call('POST', path, { token: staff, body: { type: 'receive', quantity_ml: 10, reason: '   ' } }), 400)))
      .toContain('Please provide a reason');
    expectApiError(await call('POST', path, { token: staff, body: { type: 'steal', quantity_ml: 10, reason: 'x' } }), 400);
    expect(messages(expectApiError(await call('PUT', `/api/staff/inventory/${item!.id}`, { token: staff, body: { on_hand_ml: -1 } }), 400)))
      .toContain('On hand quantity cannot be negative');

    expect(await items()).toBe(itemsBefore);
    expect(await movements()).toBe(movementsBefore);
    expect((await itemRow(item!.id))!.quantity).toBe(item!.quantity);
  });

  it('creates an item from a canonical ingredient, with its opening stock as a movement', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const artisan = await venueId('artisan-bar');
    const ingredient = await env.DB.prepare(
      `SELECT id, name, unit_volume_ml FROM ingredients WHERE unit = 'bottle' AND unit_volume_ml = 700
       AND id NOT IN (SELECT ingredient_id FROM inventory_items WHERE restaurant_id = ? AND ingredient_id IS NOT NULL) LIMIT 1`,
    ).bind(artisan).first<{ id: string; name: string }>();
    const res = await call('POST', '/api/staff/inventory', {
      token: staff, body: { ingredient_id: ingredient!.id, ingredient_brand: 'House', on_hand_ml: 1400, low_stock_threshold_ml: 350 },
    });
    expect(res.status, res.text).toBe(201);
    const { item } = StaffInventoryItemResponse.parse(res.json);
    expect(item).toMatchObject({
      ingredient_name: ingredient!.name, ingredient_brand: 'House', on_hand_ml: 1400, low_stock_threshold_ml: 350, quantity: 2,
      unit: 'bottle', available: true, is_low_stock: false,
    });
    const { movements } = StockMovementList.parse((await call('GET', `/api/staff/inventory/${item.id}/movements`, { token: staff })).json);
    expect(movements.map((m) => [m.type, m.quantity_ml, m.reason])).toEqual([['receive', 1400, 'Initial stock']]);
    const list = StaffInventoryList.parse((await call('GET', '/api/staff/inventory', { token: staff })).json);
    expect(list.inventory.some((i) => i.id === item.id)).toBe(true);
    const again = expectApiError(await call('POST', '/api/staff/inventory', { token: staff, body: { ingredient_id: ingredient!.id } }), 409);
    expect(again.message).toBe(`${ingredient!.name} is already in the inventory`);
  });

  it('receives and adjusts down with a stored reason; adjusting down floors at 0', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const artisan = await venueId('artisan-bar');
    const item = await env.DB.prepare(
      `SELECT id, quantity, unit_volume_ml FROM inventory_items WHERE restaurant_id = ? AND unit = 'bottle' AND deleted_at IS NULL AND quantity > 0 LIMIT 1`,
    ).bind(artisan).first<{ id: string; quantity: number; unit_volume_ml: number }>();
    const path = `/api/staff/inventory/${item!.id}/movements`;
    const startMl = item!.quantity * item!.unit_volume_ml;

    const received = StockMovementResponse.parse((await call('POST', path, { token: staff, body: { type: 'receive', quantity_ml: 700.5, reason: 'Delivery from Acme' } })).json);
    expect(received.item.on_hand_ml).toBeCloseTo(startMl + 700.5, 2);
    expect(received.movement).toMatchObject({ type: 'receive', quantity_ml: 700.5, delta_ml: 700.5, reason: 'Delivery from Acme' });

    const down = await call('POST', path, { token: staff, body: { type: 'adjust_down', quantity_ml: 1_000_000, reason: 'Broken bottle' } });
    expect(down.status).toBe(201);
    const adjusted = StockMovementResponse.parse(down.json);
    expect(adjusted.item.on_hand_ml).toBe(0);
    expect(adjusted.movement.delta_ml).toBeCloseTo(-(startMl + 700.5), 2);
    expect((await itemRow(item!.id))!.quantity).toBe(0);

    const rows = await env.DB.prepare('SELECT type, reason, actor_user_id FROM stock_movements WHERE inventory_item_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 2')
      .bind(item!.id).all<{ type: string; reason: string; actor_user_id: string }>();
    const staffId = await userId('staff@barhop.dev');
    expect(rows.results).toEqual([
      { type: 'adjust_down', reason: 'Broken bottle', actor_user_id: staffId },
      { type: 'receive', reason: 'Delivery from Acme', actor_user_id: staffId },
    ]);
    // The item's history lists them newest first under the ids their answers gave.
    const history = StockMovementList.parse((await call('GET', path, { token: staff })).json);
    expect(history.movements.slice(0, 2).map((m) => [m.id, m.type, m.reason, m.actor_user_id])).toEqual([
      [adjusted.movement.id, 'adjust_down', 'Broken bottle', staffId], [received.movement.id, 'receive', 'Delivery from Acme', staffId],
    ]);
  });

  it('edits an item (only on_hand_ml is a stock count with its movement) and soft-deletes it', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const artisan = await venueId('artisan-bar');
    const item = await env.DB.prepare(
      `SELECT id FROM inventory_items WHERE restaurant_id = ? AND unit = 'ml' AND deleted_at IS NULL LIMIT 1`,
    ).bind(artisan).first<{ id: string }>();
    const edit = await call('PUT', `/api/staff/inventory/${item!.id}`, {
      token: staff, body: { ingredient_name: 'Lime juice (fresh)', ingredient_brand: 'Squeezed here', low_stock_threshold_ml: 250, available: false },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(StaffInventoryItemResponse.parse(edit.json).item).toMatchObject({ ingredient_name: 'Lime juice (fresh)', ingredient_brand: 'Squeezed here', low_stock_threshold_ml: 250, available: false });
    expect(await countRows("SELECT count(*) AS n FROM stock_movements WHERE inventory_item_id = ? AND type = 'edit'", item!.id)).toBe(0);

    const count = await call('PUT', `/api/staff/inventory/${item!.id}`, { token: staff, body: { on_hand_ml: 420 } });
    expect(count.json.item.on_hand_ml).toBe(420);
    const edits = await env.DB.prepare("SELECT reason, delta_ml FROM stock_movements WHERE inventory_item_id = ? AND type = 'edit'").bind(item!.id).all();
    expect(edits.results).toHaveLength(1);
    expect(edits.results[0]!.reason).toBe('Stock count corrected');

    expect((await call('DELETE', `/api/staff/inventory/${item!.id}`, { token: staff })).json).toEqual({ success: true });
    expect((await itemRow(item!.id))!.deleted_at).not.toBeNull();
    const list = StaffInventoryList.parse((await call('GET', '/api/staff/inventory', { token: staff })).json);
    expect(list.inventory.some((i) => i.id === item!.id)).toBe(false);
    expectApiError(await call('DELETE', `/api/staff/inventory/${item!.id}`, { token: staff }), 404);
  });

  it('the ingredient picker returns at most 20 canonical ingredients, filtered by the search', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const all = IngredientList.parse((await call('GET', '/api/staff/ingredients', { token: staff })).json);
    expect(all.ingredients).toHaveLength(20);
    const lime = IngredientList.parse((await call('GET', '/api/staff/ingredients?search=lime', { token: staff })).json);
    expect(lime.ingredients.length).toBeGreaterThan(0);
    expect(lime.ingredients.every((i) => i.name.toLowerCase().includes('lime'))).toBe(true);
    expectApiError(await call('GET', '/api/staff/ingredients?limit=50', { token: staff }), 400);
  });

  it('the staff menu lists every drink with its recipe, ml quantities and availability', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const res = await call('GET', '/api/staff/menu', { token: staff });
    const { menu_items: menu } = StaffMenuList.parse(res.json);
    const artisan = await venueId('artisan-bar');
    expect(menu).toHaveLength(await countRows('SELECT count(*) AS n FROM menu_drinks WHERE restaurant_id = ?', artisan));
    const withMl = menu.find((d) => d.ingredients.some((i) => i.unit === 'ml'))!;
    const line = withMl.ingredients.find((i) => i.unit === 'ml')!;
    expect(line.quantity_ml).toBe(line.quantity);
    const dash = menu.flatMap((d) => d.ingredients).find((i) => i.unit === 'dash');
    if (dash) expect(dash.quantity_ml).toBeCloseTo(dash.quantity * 0.8, 5);
    expect(withMl.recipe.length).toBe(withMl.ingredients.length);
    expect(menu.every((d) => d.available === (d.enabled && d.sold_out_reason === null))).toBe(true);
  });
});

describe('recipes poured from stock', () => {
  it('marking an order preparing deducts each recipe line once, with a movement naming the order', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await drinkWithTrackedLine('artisan-bar');
    const orderId = await orderDrink('artisan-bar', { menu_drink_id: line.drink_id });
    expect((await itemRow(line.item_id))!.quantity).toBe(line.item_quantity);

    expect((await setStatus(orderId, staff, 'preparing')).status).toBe(200);
    const after = (await itemRow(line.item_id))!.quantity;
    expect(after).toBeCloseTo(line.item_quantity - line.quantity / line.unit_volume_ml, 6);
    // The item's history shows the pour as before: the order in its reason, who started the order and when
    // (the pour stores neither: it names the status change, docs/decisions/152).
    const started = await env.DB.prepare("SELECT id, actor_id, created_at FROM order_events WHERE order_id = ? AND to_status = 'preparing'").bind(orderId).first<{ id: number; actor_id: string; created_at: string }>();
    const history = StockMovementList.parse((await call('GET', `/api/staff/inventory/${line.item_id}/movements`, { token: staff })).json);
    expect(history.movements[0]).toMatchObject({
      type: 'deduct', reason: `Order #${orderId.slice(-8).toUpperCase()}`, delta_ml: -line.quantity, quantity_ml: line.quantity, order_id: orderId,
      actor_user_id: started!.actor_id, created_at: started!.created_at,
    });
    expect(started!.actor_id).toBe(await userId('staff@barhop.dev'));
    // Stored, the pour names only its status change: the order, the time and the actor are the event's.
    const stored = await env.DB.prepare(`SELECT order_id, actor_user_id, created_at, event_id FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER} AND inventory_item_id = ?`)
      .bind(orderId, line.item_id).all();
    expect(stored.results).toEqual([{ order_id: null, actor_user_id: null, created_at: null, event_id: started!.id }]);
    expect(await env.DB.prepare('SELECT stock_deducted_at FROM orders WHERE id = ?').bind(orderId).first('stock_deducted_at')).not.toBeNull();

    // Moving on does not pour it again.
    const movements = await countRows(`SELECT count(*) AS n FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER}`, orderId);
    expect((await setStatus(orderId, staff, 'ready')).status).toBe(200);
    expect((await setStatus(orderId, staff, 'delivered')).status).toBe(200);
    expect(await countRows(`SELECT count(*) AS n FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER}`, orderId)).toBe(movements);
    expect((await itemRow(line.item_id))!.quantity).toBeCloseTo(after, 9);

    // Cancelling a pending order pours nothing.
    const cancelled = await orderDrink('artisan-bar', { menu_drink_id: line.drink_id });
    expect((await setStatus(cancelled, staff, 'cancelled')).status).toBe(200);
    expect(await countRows(`SELECT count(*) AS n FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER}`, cancelled)).toBe(0);
  });

  it('an order of two of a drink pours its recipe twice, and a cancel gives both back', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await drinkWithTrackedLine('artisan-bar');
    const guest = await guestToken();
    const placed = await call('POST', '/api/orders', { token: guest.token, body: { slug: 'artisan-bar', items: [{ menu_drink_id: line.drink_id, quantity: 2 }] } });
    expect(placed.status, placed.text).toBe(200);
    const before = (await itemRow(line.item_id))!.quantity * line.unit_volume_ml;
    expect((await setStatus(placed.json.id, staff, 'preparing')).status).toBe(200);
    expect((await itemRow(line.item_id))!.quantity * line.unit_volume_ml).toBeCloseTo(before - 2 * line.quantity, 6);
    expect((await setStatus(placed.json.id, staff, 'cancelled')).status).toBe(200);
    expect((await itemRow(line.item_id))!.quantity * line.unit_volume_ml).toBeCloseTo(before, 6);
  });

  it('a drink sells out when its last serving is poured, returns when stock is received, and the admin switch still wins', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await drinkWithTrackedLine('artisan-bar');
    // Exactly one serving left.
    expect((await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { on_hand_ml: line.quantity } })).status).toBe(200);
    expect(await soldOutReason(line.drink_id)).toBeNull();
    expect(await guestMenuIds('artisan-bar')).toContain(line.drink_id);

    const orderId = await orderDrink('artisan-bar', { menu_drink_id: line.drink_id });
    expect((await setStatus(orderId, staff, 'preparing')).status).toBe(200);
    expect((await itemRow(line.item_id))!.quantity).toBeCloseTo(0, 9);
    expect(await soldOutReason(line.drink_id)).toBe(`out of: ${line.ingredient_name.toLowerCase()}`);
    expect(await guestMenuIds('artisan-bar')).not.toContain(line.drink_id);
    const guest = await guestToken();
    const refused = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: 'artisan-bar', item: { menu_drink_id: line.drink_id } } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const staffMenu = StaffMenuList.parse((await call('GET', '/api/staff/menu', { token: staff })).json).menu_items.find((d) => d.id === line.drink_id)!;
    expect(staffMenu).toMatchObject({ available: false, enabled: true, sold_out_reason: `out of: ${line.ingredient_name.toLowerCase()}` });

    // Half a serving is not enough.
    await call('POST', `/api/staff/inventory/${line.item_id}/movements`, { token: staff, body: { type: 'receive', quantity_ml: line.quantity / 2, reason: 'Found a bottle' } });
    expect(await soldOutReason(line.drink_id)).not.toBeNull();
    await call('POST', `/api/staff/inventory/${line.item_id}/movements`, { token: staff, body: { type: 'receive', quantity_ml: 700, reason: 'Stock received' } });
    expect(await soldOutReason(line.drink_id)).toBeNull();
    expect(await guestMenuIds('artisan-bar')).toContain(line.drink_id);

    // The admin's Unavailable wins over stock: receiving stock does not bring the drink back.
    await env.DB.prepare('UPDATE menu_drinks SET is_available = 0 WHERE id = ?').bind(line.drink_id).run();
    await call('POST', `/api/staff/inventory/${line.item_id}/movements`, { token: staff, body: { type: 'receive', quantity_ml: 700, reason: 'Stock received' } });
    expect(await guestMenuIds('artisan-bar')).not.toContain(line.drink_id);
    await env.DB.prepare('UPDATE menu_drinks SET is_available = 1 WHERE id = ?').bind(line.drink_id).run();
  });

  it('switching the item to Unavailable or deleting it updates the drink: unavailable sells out, deleted stops tracking', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const first = await drinkWithTrackedLine('artisan-bar');
    const line = await drinkWithTrackedLine('artisan-bar', [first.drink_id, first.ingredient_id]);
    await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { available: false } });
    expect(await soldOutReason(line.drink_id)).toBe(`out of: ${line.ingredient_name.toLowerCase()}`);
    await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { available: true } });
    expect(await soldOutReason(line.drink_id)).toBeNull();
    await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { on_hand_ml: 0 } });
    expect(await soldOutReason(line.drink_id)).not.toBeNull();
    await call('DELETE', `/api/staff/inventory/${line.item_id}`, { token: staff });
    expect(await soldOutReason(line.drink_id)).toBeNull();
  });

  it('pouring more than is left floors the stock at 0 and records what was really taken', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await drinkWithTrackedLine('rooftop-lounge');
    const staff2 = await staffToken('staff2@barhop.dev');
    const orderId = await orderDrink('rooftop-lounge', { menu_drink_id: line.drink_id });
    // A bartender counts less than one serving after the order was placed.
    await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff2, body: { on_hand_ml: line.quantity / 3 } });
    // Another venue's staff cannot move this order (404) and nothing is poured.
    expectApiError(await setStatus(orderId, staff, 'preparing'), 404);
    expect(await countRows(`SELECT count(*) AS n FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER}`, orderId)).toBe(0);
    // The bartender is told what is short first (docs/decisions/233), and starts it anyway.
    expect(expectApiError(await setStatus(orderId, staff2, 'preparing'), 409).code).toBe('stock_short');
    const started = await call('PUT', `/api/staff/orders/${orderId}/status`, { token: staff2, body: { status: 'preparing', allow_short: true } });
    expect(started.status).toBe(200);
    expect((await itemRow(line.item_id))!.quantity).toBe(0);
    const poured = await env.DB.prepare(`SELECT delta_ml FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER} AND inventory_item_id = ?`).bind(orderId, line.item_id).first<{ delta_ml: number }>();
    expect(poured!.delta_ml).toBeCloseTo(-line.quantity / 3, 2);
  });

  it('AI creations pour the canonical ingredients their recipe names', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const artisan = await venueId('artisan-bar');
    const item = await env.DB.prepare(
      `SELECT ii.id, ii.quantity, ii.unit_volume_ml, i.name FROM inventory_items ii JOIN ingredients i ON i.id = ii.ingredient_id
       WHERE ii.restaurant_id = ? AND ii.unit = 'bottle' AND ii.deleted_at IS NULL AND ii.quantity > 1 ORDER BY i.name LIMIT 1`,
    ).bind(artisan).first<{ id: string; quantity: number; unit_volume_ml: number; name: string }>();
    const guest = await guestToken();
    const interactionId = await suggestedCreation(guest.ownerKey, 'artisan-bar', 'Midnight Test', [
      { ingredient: item!.name.toUpperCase(), quantity: 50, unit: 'ml' },
      { ingredient: 'Unicorn tears', quantity: 10, unit: 'ml' },
      { ingredient: item!.name, quantity: 1, unit: 'pinch' },
    ]);
    const placed = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: 'artisan-bar', item: { is_ai_creation: true, ai_interaction_id: interactionId } } });
    expect(placed.status, placed.text).toBe(200);
    const orderId = placed.json.id as string;
    expect((await setStatus(orderId, staff, 'preparing')).status).toBe(200);
    const moved = await env.DB.prepare(`SELECT inventory_item_id, delta_ml FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER}`).bind(orderId).all();
    expect(moved.results).toEqual([{ inventory_item_id: item!.id, delta_ml: -50 }]);
    expect((await itemRow(item!.id))!.quantity).toBeCloseTo(item!.quantity - 50 / item!.unit_volume_ml, 6);
  });
});

describe('staff history date range and load more', () => {
  it('since filters by creation time, before pages backwards without gaps or repeats', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const all = (await call('GET', '/api/staff/history?limit=200', { token: staff })).json.orders as { id: string; created_at: string }[];
    expect(all.length).toBeGreaterThan(60);
    const first = await call('GET', '/api/staff/history?limit=50', { token: staff });
    const page1 = first.json.orders as { id: string; created_at: string }[];
    expect(page1).toHaveLength(50);
    const next = await call('GET', `/api/staff/history?limit=50&before=${encodeURIComponent(page1[49]!.created_at)}`, { token: staff });
    const page2 = next.json.orders as { id: string; created_at: string }[];
    expect(page2[0]!.created_at < page1[49]!.created_at).toBe(true);
    expect([...page1, ...page2].map((o) => o.id)).toEqual(all.slice(0, page1.length + page2.length).map((o) => o.id));

    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const week = (await call('GET', `/api/staff/history?limit=200&since=${encodeURIComponent(since)}`, { token: staff })).json.orders as { created_at: string }[];
    expect(week.length).toBeGreaterThan(0);
    expect(week.length).toBeLessThan(all.length);
    expect(week.every((o) => o.created_at >= since)).toBe(true);
    expectApiError(await call('GET', '/api/staff/history?since=yesterday', { token: staff }), 400);
  });
});
