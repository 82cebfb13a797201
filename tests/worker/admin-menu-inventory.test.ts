import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

let admin: string;
let admin2: string;
let staff: string;
let artisan: string;
let rooftop: string;
let lime: { id: string; name: string };

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

beforeAll(async () => {
  [admin, admin2, staff] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.admin2), mintToken(DEMO_EMAILS.staff)]);
  [artisan, rooftop] = await Promise.all([venueId('artisan-bar'), venueId('rooftop-lounge')]);
  lime = (await env.DB.prepare("SELECT id, name FROM ingredients WHERE lower(name) = 'fresh lime juice'").first<{ id: string; name: string }>())!;
});

describe('GET /api/admin/menu-drinks', () => {
  it('answers 401 without credentials (the diagnostics check) and 403 to staff', async () => {
    expectApiError(await call('GET', '/api/admin/menu-drinks'), 401);
    expectApiError(await call('GET', '/api/admin/menu-drinks', { token: staff }), 403);
  });

  it("lists only the caller's venue, by name, with recipes and the sold-out reason", async () => {
    const res = await call('GET', '/api/admin/menu-drinks', { token: admin });
    expect(res.status).toBe(200);
    const drinks = res.json.drinks as any[];
    expect(drinks.length).toBe(await count('SELECT count(*) AS n FROM menu_drinks WHERE restaurant_id = ?', artisan));
    expect(drinks.every((d) => d.restaurant_id === artisan)).toBe(true);
    const names = drinks.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(drinks.some((d) => d.recipe.length > 0)).toBe(true);
    const byOrder = await call('GET', '/api/admin/menu-drinks?order=display_order', { token: admin });
    const orders = (byOrder.json.drinks as any[]).map((d) => d.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});

describe('menu drink writes', () => {
  it('rejects a missing name and a price of 0 with the form messages, storing nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM menu_drinks');
    const res = await call('POST', '/api/admin/menu-drinks', { token: admin, body: { name: '  ', price_cents: 0 } });
    const error = expectApiError(res, 400);
    const messages = (error.details as { path: string; message: string }[]).map((d) => d.message);
    expect(messages).toContain('Name is required');
    expect(messages).toContain('Price must be greater than 0');
    expect(await count('SELECT count(*) AS n FROM menu_drinks')).toBe(before);
  });

  it('rejects a recipe line with an unknown ingredient', async () => {
    const res = await call('POST', '/api/admin/menu-drinks', {
      token: admin, body: { name: 'Mystery', price_cents: 900, recipe: [{ ingredient_id: 'nope', quantity: 30, unit: 'ml' }] },
    });
    expect(expectApiError(res, 400).details).toEqual([{ path: 'recipe.0.ingredient_id', message: 'Unknown ingredient' }]);
    expect(await count("SELECT count(*) AS n FROM menu_drinks WHERE name = 'Mystery'")).toBe(0);
  });

  it('creates a drink with recipe lines, edits, toggles and deletes it; guests see availability follow', async () => {
    const created = await call('POST', '/api/admin/menu-drinks', {
      token: admin,
      body: { name: 'Lime Rickey Test', description: 'Tart', price_cents: 1100, category: 'cocktail',
        recipe: [{ ingredient_id: lime.id, quantity: 30, unit: 'ml' }, { ingredient_id: lime.id, quantity: 1, unit: 'piece', is_optional: true }] },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const drink = created.json.drink;
    expect(drink).toMatchObject({ name: 'Lime Rickey Test', price: 11, price_cents: 1100, enabled: true, restaurant_id: artisan });
    expect(drink.recipe.map((l: any) => [l.ingredient_name, l.quantity, l.unit, l.is_optional]))
      .toEqual([[lime.name, 30, 'ml', false], [lime.name, 1, 'piece', true]]);

    const guestMenu = async () => ((await call('GET', '/api/drinks?slug=artisan-bar')).json.drinks as any[]).map((d) => d.id);
    expect(await guestMenu()).toContain(drink.id);

    const off = await call('PATCH', `/api/admin/menu-drinks/${drink.id}/availability`, { token: admin, body: { enabled: false } });
    expect(off.json.drink.enabled).toBe(false);
    expect(await guestMenu()).not.toContain(drink.id);

    const edited = await call('PUT', `/api/admin/menu-drinks/${drink.id}`, {
      token: admin, body: { name: 'Lime Rickey', price_cents: 1250, category: 'cocktail', enabled: true, recipe: [] },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.drink).toMatchObject({ name: 'Lime Rickey', price_cents: 1250, recipe: [] });
    expect(await count('SELECT count(*) AS n FROM drink_ingredients WHERE menu_drink_id = ?', drink.id)).toBe(0);

    const zero = await call('PUT', `/api/admin/menu-drinks/${drink.id}`, { token: admin, body: { name: 'Lime Rickey', price_cents: 0 } });
    expectApiError(zero, 400);
    expect(await count('SELECT price_cents AS n FROM menu_drinks WHERE id = ?', drink.id)).toBe(1250);

    expect((await call('DELETE', `/api/admin/menu-drinks/${drink.id}`, { token: admin })).status).toBe(200);
    expect(await count('SELECT count(*) AS n FROM menu_drinks WHERE id = ?', drink.id)).toBe(0);
  });

  it('shows the recipe-driven sold-out reason when the stock cannot pour the recipe, and clears it on restock', async () => {
    await env.DB.prepare('UPDATE inventory_items SET quantity = 0 WHERE restaurant_id = ? AND ingredient_id = ?').bind(artisan, lime.id).run();
    const item = await call('POST', '/api/admin/inventory', {
      token: admin, body: { name: 'Lime juice (house)', quantity: 0, unit: 'bottle', ingredient_id: lime.id },
    });
    expect(item.status).toBe(201);
    const created = await call('POST', '/api/admin/menu-drinks', {
      token: admin, body: { name: 'Dry Lime', price_cents: 800, recipe: [{ ingredient_id: lime.id, quantity: 30, unit: 'ml' }] },
    });
    expect(created.status).toBe(201);
    expect(created.json.drink).toMatchObject({ sold_out_reason: 'out of: fresh lime juice', available: false, enabled: true });

    await call('PUT', `/api/admin/inventory/${item.json.item.id}`, {
      token: admin, body: { name: 'Lime juice (house)', quantity: 2, unit: 'bottle', ingredient_id: lime.id },
    });
    const after = await call('GET', `/api/admin/menu-drinks/${created.json.drink.id}`, { token: admin });
    expect(after.json.drink).toMatchObject({ sold_out_reason: null, available: true });
  });
});

describe('tenancy: admin2 of rooftop-lounge cannot reach artisan-bar objects', () => {
  it('404s reading, updating, toggling and deleting another venue\u2019s drink, and leaves it untouched', async () => {
    const theirs = (await env.DB.prepare('SELECT id, name, price_cents, is_available FROM menu_drinks WHERE restaurant_id = ? LIMIT 1').bind(artisan)
      .first<{ id: string; name: string; price_cents: number; is_available: number }>())!;
    expectApiError(await call('GET', `/api/admin/menu-drinks/${theirs.id}`, { token: admin2 }), 404);
    expectApiError(await call('PUT', `/api/admin/menu-drinks/${theirs.id}`, { token: admin2, body: { name: 'Hijacked', price_cents: 100 } }), 404);
    expectApiError(await call('PATCH', `/api/admin/menu-drinks/${theirs.id}/availability`, { token: admin2, body: { enabled: !theirs.is_available } }), 404);
    expectApiError(await call('DELETE', `/api/admin/menu-drinks/${theirs.id}`, { token: admin2 }), 404);
    const after = await env.DB.prepare('SELECT name, price_cents, is_available FROM menu_drinks WHERE id = ?').bind(theirs.id).first();
    expect(after).toEqual({ name: theirs.name, price_cents: theirs.price_cents, is_available: theirs.is_available });
    const list = await call('GET', '/api/admin/menu-drinks', { token: admin2 });
    expect((list.json.drinks as any[]).every((d) => d.restaurant_id === rooftop)).toBe(true);
  });

  it('404s updating and deleting another venue\u2019s inventory item', async () => {
    const theirs = (await env.DB.prepare('SELECT id, name, quantity FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL LIMIT 1').bind(artisan)
      .first<{ id: string; name: string; quantity: number }>())!;
    expectApiError(await call('PUT', `/api/admin/inventory/${theirs.id}`, { token: admin2, body: { name: 'Hijacked', quantity: 99 } }), 404);
    expectApiError(await call('DELETE', `/api/admin/inventory/${theirs.id}`, { token: admin2 }), 404);
    const after = await env.DB.prepare('SELECT name, quantity, deleted_at FROM inventory_items WHERE id = ?').bind(theirs.id).first();
    expect(after).toEqual({ name: theirs.name, quantity: theirs.quantity, deleted_at: null });
    const list = await call('GET', '/api/admin/inventory', { token: admin2 });
    expect((list.json.items as any[]).some((i) => i.id === theirs.id)).toBe(false);
  });

  it('404s updating the status of another venue\u2019s order, and never lists it', async () => {
    const theirs = await env.DB.prepare("SELECT id, status FROM orders WHERE restaurant_id = ? AND status IN ('pending','preparing') LIMIT 1").bind(artisan)
      .first<{ id: string; status: string }>();
    const anyOrder = theirs ?? (await env.DB.prepare('SELECT id, status FROM orders WHERE restaurant_id = ? LIMIT 1').bind(artisan).first<{ id: string; status: string }>())!;
    expectApiError(await call('PUT', `/api/admin/orders/${anyOrder.id}/status`, { token: admin2, body: { status: 'delivered' } }), 404);
    expect((await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(anyOrder.id).first())!.status).toBe(anyOrder.status);
    const list = await call('GET', '/api/admin/orders?window=all', { token: admin2 });
    expect((list.json.orders as any[]).every((o) => o.restaurant_id === rooftop)).toBe(true);
  });
});

describe('/api/admin/inventory', () => {
  it('lists the venue items by name with the low-stock flag', async () => {
    const res = await call('GET', '/api/admin/inventory', { token: admin });
    expect(res.status).toBe(200);
    const items = res.json.items as any[];
    expect(items.length).toBe(await count('SELECT count(*) AS n FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL', artisan));
    expect(items.every((i) => i.is_low_stock === (i.quantity <= i.low_stock_threshold))).toBe(true);
  });

  it('validates the form: name required, non-negative quantities, cost not negative', async () => {
    const before = await count('SELECT count(*) AS n FROM inventory_items');
    const res = await call('POST', '/api/admin/inventory', { token: admin, body: { name: '', quantity: -1, low_stock_threshold: -1.5, cost_per_unit_cents: -5 } });
    const details = expectApiError(res, 400).details as { path: string; message: string }[];
    expect(details).toEqual(expect.arrayContaining([
      { path: 'name', message: 'Name is required' },
      { path: 'quantity', message: 'Quantity cannot be negative' },
      { path: 'low_stock_threshold', message: 'Low stock threshold cannot be negative' },
      { path: 'cost_per_unit_cents', message: 'Cost cannot be negative' },
    ]));
    expect(await count('SELECT count(*) AS n FROM inventory_items')).toBe(before);
    expectApiError(await call('POST', '/api/admin/inventory', { token: admin, body: { name: 'X', quantity: 1, unit: 'barrel' } }), 400);
  });

  it('adds, edits (recording a stock movement) and soft-deletes an item', async () => {
    const created = await call('POST', '/api/admin/inventory', {
      token: admin, body: { name: '  Angostura Bitters (back bar) ', description: 'Aromatic', quantity: 3, unit: 'bottle', low_stock_threshold: 2, category: 'bitters', brand: 'House of Angostura', cost_per_unit_cents: 1299 },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const item = created.json.item;
    expect(item).toMatchObject({ name: 'Angostura Bitters (back bar)', quantity: 3, unit: 'bottle', low_stock_threshold: 2, cost_per_unit: 12.99, is_low_stock: false, restaurant_id: artisan });

    const edited = await call('PUT', `/api/admin/inventory/${item.id}`, {
      token: admin, body: { name: 'Angostura Bitters (back bar)', quantity: 1, unit: 'bottle', low_stock_threshold: 2, category: 'bitters', cost_per_unit_cents: 1299 },
    });
    expect(edited.json.item).toMatchObject({ quantity: 1, is_low_stock: true });
    const movements = await env.DB.prepare('SELECT type, delta FROM stock_movements WHERE inventory_item_id = ? ORDER BY created_at, rowid').bind(item.id).all();
    expect(movements.results).toEqual([{ type: 'receive', delta: 3 }, { type: 'edit', delta: -2 }]);

    expect((await call('DELETE', `/api/admin/inventory/${item.id}`, { token: admin })).status).toBe(200);
    expect(((await call('GET', '/api/admin/inventory', { token: admin })).json.items as any[]).some((i) => i.id === item.id)).toBe(false);
    expectApiError(await call('DELETE', `/api/admin/inventory/${item.id}`, { token: admin }), 404);
  });
});

describe('GET /api/admin/ingredients', () => {
  it('lists canonical ingredients by name for the recipe picker', async () => {
    const res = await call('GET', '/api/admin/ingredients', { token: admin });
    expect(res.status).toBe(200);
    expect(res.json.ingredients.length).toBe(await count('SELECT count(*) AS n FROM ingredients'));
    expectApiError(await call('GET', '/api/admin/ingredients', { token: staff }), 403);
  });
});
