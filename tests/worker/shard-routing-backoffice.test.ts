// The back office of a venue on a shard other than the control database (docs/decisions/150): the admin's
// menu, catalogue, inventory, profile, analytics and AI settings, the staff inventory and the guest AI routes
// read and write the venue's shard; only platform records (accounts, the audit log, the venue's control copy)
// are written to the control database.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { resolveVenueShard } from '../../worker/shards/directory';
import { createVenue } from '../../worker/venues/platform-venues';
import { mintToken } from './auth-helpers';
import { call } from './helpers';
import { guestToken } from './order-helpers';

const SLUG = 'back-shard';
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (ch) => ch.charCodeAt(0));

let venueId: string;
let adminToken: string;
let staffToken: string;
let ingredientId: string;
let itemId: string;
let drinkId: string;

/** The row's presence on the venue's shard and on the control database. */
async function whereIs(table: string, id: string, column = 'id') {
  const sql = `SELECT 1 AS found FROM ${table} WHERE ${column} = ?`;
  const [shard, control] = await Promise.all([
    env.DB_SHARD_1.prepare(sql).bind(id).first(),
    env.DB.prepare(sql).bind(id).first(),
  ]);
  return { shard: shard !== null, control: control !== null };
}

const onShardOnly = { shard: true, control: false };

beforeAll(async () => {
  const venue = await createVenue({ ...env, VENUE_SHARDS: 'DB_SHARD_1' }, { name: 'Back Shard', slug: SLUG, active: true } as Parameters<typeof createVenue>[1]);
  venueId = venue.id;
  expect((await resolveVenueShard(env, venueId))?.shard).toBe('DB_SHARD_1');
  const superToken = await mintToken('superadmin@barhop.dev');
  for (const [email, role] of [['admin@back-shard.test', 'admin'], ['bar@back-shard.test', 'staff']] as const) {
    const res = await call('POST', `/api/super/venues/${venueId}/staff`, { token: superToken, body: { email, role, password: 'back-shard-pass-1' } });
    expect(res.status, res.text).toBe(201);
  }
  [adminToken, staffToken] = await Promise.all([mintToken('admin@back-shard.test'), mintToken('bar@back-shard.test')]);
});

describe('the back office of a venue on another shard', () => {
  it('adds a catalogue ingredient to every database, with the same id', async () => {
    const res = await call('POST', '/api/admin/ingredients', { token: adminToken, body: { name: 'Shardberry Gin', category: 'spirit' } });
    expect(res.status, res.text).toBe(201);
    ingredientId = res.json.ingredient.id;
    for (const binding of ALL_D1_BINDINGS) {
      const row = await env[binding].prepare('SELECT name, category FROM ingredients WHERE id = ?').bind(ingredientId).first();
      expect(row, binding).toEqual({ name: 'Shardberry Gin', category: 'spirit' });
    }
    const picker = await call('GET', '/api/admin/ingredients', { token: adminToken });
    expect(picker.json.ingredients.map((i: { id: string }) => i.id)).toContain(ingredientId);
  });

  it('keeps the admin inventory on the shard: create, edit with a stock count, impact, list', async () => {
    const created = await call('POST', '/api/admin/inventory', {
      token: adminToken, body: { name: 'Shardberry Gin', quantity: 4, unit: 'bottle', low_stock_threshold: 1, ingredient_id: ingredientId },
    });
    expect(created.status, created.text).toBe(201);
    itemId = created.json.item.id;
    expect(await whereIs('inventory_items', itemId)).toEqual(onShardOnly);
    expect(await whereIs('stock_movements', itemId, 'inventory_item_id')).toEqual(onShardOnly);

    const edited = await call('PATCH', `/api/admin/inventory/${itemId}`, { token: adminToken, body: { quantity: 6 } });
    expect(edited.status, edited.text).toBe(200);
    const quantity = await env.DB_SHARD_1.prepare('SELECT quantity FROM inventory_items WHERE id = ?').bind(itemId).first<{ quantity: number }>();
    expect(quantity?.quantity).toBe(6);
    const movements = await env.DB_SHARD_1.prepare('SELECT type FROM stock_movements WHERE inventory_item_id = ? ORDER BY created_at, rowid').bind(itemId).all<{ type: string }>();
    expect(movements.results.map((m) => m.type)).toEqual(['receive', 'edit']);

    expect((await call('GET', `/api/admin/inventory/${itemId}/impact`, { token: adminToken })).json.item_id).toBe(itemId);
    const list = await call('GET', '/api/admin/inventory', { token: adminToken });
    expect(list.json.items.map((i: { id: string }) => i.id)).toEqual([itemId]);
  });

  it('keeps the menu on the shard: create with a recipe, edit, availability, delete', async () => {
    const created = await call('POST', '/api/admin/menu-drinks', {
      token: adminToken,
      body: {
        name: 'Shard Gin Sour', price_cents: 1400, category: 'cocktail',
        recipe: [{ ingredient_id: ingredientId, quantity: 50, unit: 'ml' }, { raw_name: 'House shard syrup', quantity: 15, unit: 'ml' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    drinkId = created.json.drink.id;
    expect(created.json.drink.recipe.map((l: { ingredient_name: string }) => l.ingredient_name)).toEqual(['Shardberry Gin', 'House shard syrup']);
    expect(await whereIs('menu_drinks', drinkId)).toEqual(onShardOnly);
    expect(await whereIs('drink_ingredients', drinkId, 'menu_drink_id')).toEqual(onShardOnly);
    expect(await whereIs('unmatched_ingredients', drinkId, 'menu_drink_id')).toEqual(onShardOnly);

    const edited = await call('PATCH', `/api/admin/menu-drinks/${drinkId}`, { token: adminToken, body: { description: 'Tart and bright' } });
    expect(edited.status, edited.text).toBe(200);
    expect((await env.DB_SHARD_1.prepare('SELECT description FROM menu_drinks WHERE id = ?').bind(drinkId).first())?.description).toBe('Tart and bright');
    expect((await call('PATCH', `/api/admin/menu-drinks/${drinkId}/availability`, { token: adminToken, body: { enabled: false } })).json.drink.enabled).toBe(false);
    expect((await call('PATCH', `/api/admin/menu-drinks/${drinkId}/availability`, { token: adminToken, body: { enabled: true } })).json.drink.enabled).toBe(true);
    expect((await call('GET', `/api/admin/menu-drinks/${drinkId}`, { token: adminToken })).json.drink.name).toBe('Shard Gin Sour');
    expect((await call('GET', '/api/admin/menu-drinks', { token: adminToken })).json.drinks.map((d: { id: string }) => d.id)).toEqual([drinkId]);

    const spare = await call('POST', '/api/admin/menu-drinks', { token: adminToken, body: { name: 'Shard Spare', price_cents: 900 } });
    expect(spare.status, spare.text).toBe(201);
    expect(await whereIs('menu_drinks', spare.json.drink.id)).toEqual(onShardOnly);
    expect((await call('DELETE', `/api/admin/menu-drinks/${spare.json.drink.id}`, { token: adminToken })).status).toBe(200);
    expect((await whereIs('menu_drinks', spare.json.drink.id)).shard).toBe(false);
  });

  it('keeps the staff inventory on the shard: list, adjust, edit, movements, picker, menu', async () => {
    const list = await call('GET', '/api/staff/inventory', { token: staffToken });
    expect(list.status, list.text).toBe(200);
    expect(list.json.inventory.map((i: { id: string }) => i.id)).toEqual([itemId]);

    const adjusted = await call('POST', `/api/staff/inventory/${itemId}/movements`, { token: staffToken, body: { type: 'adjust_down', quantity_ml: 750, reason: 'Broken bottle' } });
    expect(adjusted.status, adjusted.text).toBe(201);
    // A movement's id is its row number on its database (docs/decisions/152): found by what it says.
    const adjustment = `SELECT id FROM stock_movements WHERE inventory_item_id = ? AND type = 'adjust_down' AND reason = 'Broken bottle'`;
    expect((await env.DB_SHARD_1.prepare(adjustment).bind(itemId).first<{ id: number }>())?.id).toBe(Number(adjusted.json.movement.id));
    expect(await env.DB.prepare(adjustment).bind(itemId).first()).toBeNull();
    const quantity = await env.DB_SHARD_1.prepare('SELECT quantity FROM inventory_items WHERE id = ?').bind(itemId).first<{ quantity: number }>();
    expect(quantity?.quantity).toBe(5);

    const edited = await call('PUT', `/api/staff/inventory/${itemId}`, { token: staffToken, body: { ingredient_brand: 'Shard Distillers' } });
    expect(edited.status, edited.text).toBe(200);
    expect((await env.DB_SHARD_1.prepare('SELECT brand FROM inventory_items WHERE id = ?').bind(itemId).first())?.brand).toBe('Shard Distillers');
    expect((await call('GET', `/api/staff/inventory/${itemId}/movements`, { token: staffToken })).json.movements).toHaveLength(3);
    expect((await call('GET', `/api/staff/inventory/${itemId}/impact`, { token: staffToken })).json.drinks.map((d: { id: string }) => d.id)).toEqual([drinkId]);
    expect((await call('GET', '/api/staff/ingredients?search=shardberry', { token: staffToken })).json.ingredients.map((i: { id: string }) => i.id)).toEqual([ingredientId]);
    expect((await call('GET', '/api/staff/menu', { token: staffToken })).json.menu_items.map((d: { id: string }) => d.id)).toEqual([drinkId]);
  });

  it('edits the venue profile on the shard and in its control copy', async () => {
    const res = await call('PATCH', '/api/admin/venue', { token: adminToken, body: { description: 'Cocktails from the far shard', phone: '+15550001111' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.venue.description).toBe('Cocktails from the far shard');
    for (const d1 of [env.DB_SHARD_1, env.DB]) {
      expect(await d1.prepare('SELECT description, phone FROM venues WHERE id = ?').bind(venueId).first())
        .toEqual({ description: 'Cocktails from the far shard', phone: '+15550001111' });
    }
    expect((await call('GET', '/api/admin/venue', { token: adminToken })).json.venue.description).toBe('Cocktails from the far shard');
  });

  it('uploads a photo for the venue', async () => {
    const res = await call('POST', '/api/admin/images?kind=drink', { token: adminToken, rawBody: PNG, headers: { 'Content-Type': 'image/png' } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.key.startsWith(`venues/${venueId}/`)).toBe(true);
  });

  it('reads analytics and the dashboard figures from the shard', async () => {
    const guest = await guestToken();
    const placed = await call('POST', '/api/orders', { token: guest.token, body: { slug: SLUG, items: [{ menu_drink_id: drinkId, quantity: 1 }] } });
    expect(placed.status, placed.text).toBe(200);
    const analytics = await call('GET', '/api/admin/analytics?window=7d', { token: adminToken });
    expect(analytics.status, analytics.text).toBe(200);
    expect(analytics.json.totals.orders).toBe(1);
    expect(analytics.json.top_drinks.map((d: { name: string }) => d.name)).toEqual(['Shard Gin Sour']);
    const figures = await call('GET', '/api/admin/figures?window=24h', { token: adminToken });
    expect(figures.json).toMatchObject({ orders: 1, pending_orders: 1 });
  });

  it('reads and writes the venue AI settings on the shard', async () => {
    const saved = await call('POST', '/api/ai/admin/settings', { token: adminToken, body: { temperature: 0.4, max_tokens: 300, creativity_level: 'creative' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.current_settings).toMatchObject({ temperature: 0.4, max_tokens: 300, creativity_level: 'creative' });
    expect(await env.DB_SHARD_1.prepare('SELECT temperature, max_tokens FROM ai_settings WHERE restaurant_id = ?').bind(venueId).first())
      .toEqual({ temperature: 0.4, max_tokens: 300 });
    expect(await env.DB.prepare('SELECT 1 FROM ai_settings WHERE restaurant_id = ?').bind(venueId).first()).toBeNull();
    expect((await call('GET', '/api/ai/admin/settings', { token: adminToken })).json.current_settings.temperature).toBe(0.4);
    expect((await call('GET', '/api/ai/admin/analytics', { token: adminToken })).status).toBe(200);
  });

  it('grounds the guest AI in the shard, logs its interactions there and takes feedback on them', async () => {
    const guest = await guestToken();
    const chat = await call('POST', '/api/ai/chat', { token: guest.token, body: { slug: SLUG, messages: [{ role: 'user', content: 'Something with gin, sour please' }] } });
    expect(chat.status, chat.text).toBe(200);
    expect(chat.json).toMatchObject({ type: 'menu', menuDrinkId: drinkId });
    const interactionId = chat.json.interaction_id as string;
    expect(await whereIs('ai_interactions', interactionId)).toEqual(onShardOnly);

    const vibe = await call('POST', '/api/ai/vibe', { token: guest.token, body: { slug: SLUG, selectedCategories: ['Gin', 'Citrus'] } });
    expect(vibe.status, vibe.text).toBe(200);
    expect(await whereIs('ai_interactions', vibe.json.interaction_id)).toEqual(onShardOnly);

    const log = await call('POST', '/api/ai/log', { token: guest.token, body: { slug: SLUG, event: 'suggestion_viewed', drink_name: 'Shard Gin Sour' } });
    expect(log.status, log.text).toBe(201);
    expect(await whereIs('ai_interactions', log.json.id)).toEqual(onShardOnly);

    const liked = await call('POST', `/api/ai/interactions/${interactionId}/feedback`, { token: guest.token, body: { feedback: 'like' } });
    expect(liked.status, liked.text).toBe(200);
    expect((await env.DB_SHARD_1.prepare('SELECT feedback FROM ai_interactions WHERE id = ?').bind(interactionId).first())?.feedback).toBe('like');
    const disliked = await call('POST', `/api/ai/interactions/${vibe.json.interaction_id}/feedback`, { token: guest.token, body: { feedback: 'dislike' } });
    expect(disliked.status, disliked.text).toBe(200);
    // Someone else's interaction is still not found.
    expect((await call('POST', `/api/ai/interactions/${interactionId}/feedback`, { token: (await guestToken()).token, body: { feedback: 'dislike' } })).status).toBe(404);

    const placed = await call('POST', '/api/orders', {
      token: guest.token, body: { slug: SLUG, items: [{ menu_drink_id: drinkId, quantity: 1 }], referred_by_ai: true },
    });
    expect(placed.status, placed.text).toBe(200);
    const ordered = await call('POST', `/api/ai/interactions/${interactionId}/ordered`, { token: guest.token, body: { order_id: placed.json.id } });
    expect(ordered.status, ordered.text).toBe(200);
    expect((await env.DB_SHARD_1.prepare('SELECT was_ordered FROM ai_interactions WHERE id = ?').bind(interactionId).first())?.was_ordered).toBe(1);
  });

  it("counts the shard's interactions in the super admin's AI KPIs and lists them, for the venue and for all venues", async () => {
    const superToken = await mintToken('superadmin@barhop.dev');
    const shardCount = await env.DB_SHARD_1.prepare("SELECT count(*) AS n FROM ai_interactions WHERE kind <> 'log'").first<{ n: number }>();
    expect(shardCount?.n).toBe(2);
    const one = await call('GET', `/api/ai/kpis?venueFilter=${SLUG}&dateRange=7d`, { token: superToken });
    expect(one.status, one.text).toBe(200);
    expect(one.json).toMatchObject({ interactions: 2, aiOrders: 1 });
    const listed = await call('GET', `/api/ai/interactions?venueFilter=${SLUG}&dateRange=7d`, { token: superToken });
    expect(listed.json.interactions.map((i: { venue_slug: string }) => i.venue_slug)).toEqual([SLUG, SLUG]);

    const controlCount = await env.DB.prepare("SELECT count(*) AS n FROM ai_interactions WHERE kind <> 'log' AND created_at >= ?")
      .bind(new Date(Date.now() - 7 * 86_400_000).toISOString()).first<{ n: number }>();
    const all = await call('GET', '/api/ai/kpis?venueFilter=all&dateRange=7d', { token: superToken });
    expect(all.json.interactions).toBe(controlCount!.n + 2);
    const everyone = await call('GET', '/api/ai/interactions?venueFilter=all&dateRange=7d&limit=500', { token: superToken });
    const slugs = everyone.json.interactions.map((i: { venue_slug: string }) => i.venue_slug);
    expect(slugs.filter((slug: string) => slug === SLUG)).toHaveLength(2);
    const times = everyone.json.interactions.map((i: { created_at: string }) => i.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
