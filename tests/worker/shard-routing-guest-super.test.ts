// The guest side and the super admin console for a venue on a shard other than the control database
// (docs/decisions/150): favourites, ratings, the first-paint venue page, guest sign-in's cart merge, venue edits,
// the ingredient catalogue (a copy on every database) and the unmatched-ingredient list. Rows must land on the
// venue's shard, not on the control database.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { OtpSent } from '../../shared/schemas/auth';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { venuePages } from '../../worker/pages/venue-page';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { resolveVenueShard } from '../../worker/shards/directory';
import { createVenue } from '../../worker/venues/platform-venues';
import { mintToken } from './auth-helpers';
import { call } from './helpers';
import { guestToken } from './order-helpers';

const SLUG = 'shard-one-bar';
const shard = env.DB_SHARD_1;
let superToken: string;
let venueId: string;
let drinkId: string;
/** Catalogue rows this file created: the only ones a database without venues holds. */
const written: string[] = [];

/** The ids and names of a database's ingredient catalogue, sorted by id. */
async function catalogueOf(db: D1Database) {
  const { results } = await db.prepare('SELECT id, name, aliases, category, allergens, flavors, unit, updated_at FROM ingredients ORDER BY id').all<{ id: string; name: string; aliases: string }>();
  return results;
}

/**
 * Every database's catalogue agrees with the control copy: the databases holding venues have all of it (the shard
 * got its copy when its first venue was created); the others, never given a copy, have exactly the rows written
 * since, `written`, with the same values.
 */
async function expectSameCatalogueEverywhere(written: string[]) {
  const control = await catalogueOf(env.DB);
  expect(await catalogueOf(shard)).toEqual(control);
  for (const binding of ['DB_SHARD_0', 'DB_SHARD_2'] as const) {
    const copy = await catalogueOf(env[binding]);
    for (const id of written) expect(copy.find((row) => row.id === id), `${binding} ${id}`).toEqual(control.find((row) => row.id === id));
    expect(copy.every((row) => written.includes(row.id)), binding).toBe(true);
  }
}

/** A recipe line of the venue's drink whose raw text matches no ingredient, and its unmatched-string record. */
async function unmatchedLine(rawName: string) {
  const lineId = newId();
  const unmatchedId = newId();
  await shard.batch([
    shard.prepare('INSERT INTO drink_ingredients (id, menu_drink_id, ingredient_id, raw_name, quantity) VALUES (?, ?, NULL, ?, 30)').bind(lineId, drinkId, rawName),
    shard.prepare('INSERT INTO unmatched_ingredients (id, raw_string, norm_string, restaurant_id, menu_drink_id, drink_ingredient_id) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(unmatchedId, rawName, rawName.toLowerCase(), venueId, drinkId, lineId),
  ]);
  return { lineId, unmatchedId };
}

beforeAll(async () => {
  superToken = await mintToken('superadmin@barhop.dev');
  const venue = await createVenue({ ...env, VENUE_SHARDS: 'DB_SHARD_1' }, { name: 'Shard One Bar', slug: SLUG, active: true } as Parameters<typeof createVenue>[1]);
  venueId = venue.id;
  drinkId = newId();
  await shard.prepare(`INSERT INTO menu_drinks (id, restaurant_id, name, price_cents, category) VALUES (?, ?, 'Shard Spritz', 1100, 'cocktail')`)
    .bind(drinkId, venueId).run();
});

describe('a venue on a shard, guest side', () => {
  it('is on the shard, with the ingredient catalogue copied there at creation', async () => {
    expect((await resolveVenueShard(env, venueId))?.shard).toBe('DB_SHARD_1');
    const control = await catalogueOf(env.DB);
    expect(control.length).toBeGreaterThan(0);
    expect(await catalogueOf(shard)).toEqual(control);
  });

  it('favourites a drink, lists it (for the venue and across venues) and toggles it off, on the shard', async () => {
    const guest = await guestToken(newId());
    const added = await call('POST', '/api/favorites', { token: guest.token, body: { menu_drink_id: drinkId, slug: SLUG } });
    expect(added.status, added.text).toBe(201);
    expect(await shard.prepare('SELECT id FROM favorites WHERE owner_key = ? AND menu_drink_id = ?').bind(guest.ownerKey, drinkId).first()).not.toBeNull();
    expect(await env.DB.prepare('SELECT id FROM favorites WHERE menu_drink_id = ?').bind(drinkId).first()).toBeNull();

    const mine = await call('GET', `/api/favorites?slug=${SLUG}`, { token: guest.token });
    expect(mine.json.favorites.map((f: { menu_drink_id: string }) => f.menu_drink_id)).toEqual([drinkId]);
    const everywhere = await call('GET', '/api/favorites', { token: guest.token });
    expect(everywhere.json.favorites).toEqual([expect.objectContaining({ menu_drink_id: drinkId, venue_slug: SLUG, name: 'Shard Spritz' })]);

    const off = await call('POST', '/api/favorites/toggle', { token: guest.token, body: { menu_drink_id: drinkId, slug: SLUG } });
    expect(off.json).toEqual({ favorited: false });
    expect(await shard.prepare('SELECT id FROM favorites WHERE owner_key = ?').bind(guest.ownerKey).first()).toBeNull();
    // Named without its venue, the drink is still found on its shard.
    const on = await call('POST', '/api/favorites/toggle', { token: guest.token, body: { menu_drink_id: drinkId } });
    expect(on.json).toEqual({ favorited: true });
    expect(await shard.prepare('SELECT id FROM favorites WHERE owner_key = ?').bind(guest.ownerKey).first()).not.toBeNull();
  });

  it('rates a drink on the shard; the drink page shows the rating', async () => {
    const guest = await guestToken(newId());
    const rated = await call('POST', '/api/ratings', { token: guest.token, body: { menu_drink_id: drinkId, rating: 4, notes: 'bright' } });
    expect(rated.status, rated.text).toBe(200);
    expect(rated.json.summary).toEqual({ average: 4, count: 1 });
    expect(await shard.prepare('SELECT rating FROM ratings WHERE owner_key = ?').bind(guest.ownerKey).first()).toEqual({ rating: 4 });
    expect(await env.DB.prepare('SELECT id FROM ratings WHERE menu_drink_id = ?').bind(drinkId).first()).toBeNull();
    const page = await call('GET', `/api/drinks/${drinkId}?slug=${SLUG}`, { token: guest.token });
    expect(page.json.drink.my_rating).toEqual({ rating: 4, notes: 'bright' });
  });

  it("renders /venue/:slug with the shard's venue and menu in the first paint", async () => {
    const css = '.guest-shell{min-height:100vh}';
    const template = `<!doctype html><html><head><title>Barhop</title><link rel="stylesheet" href="/assets/x.css"></head><body><div id="root"></div></body></html>`;
    const pages = venuePages(async (_env, url) => (url.pathname === '/'
      ? new Response(template, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
      : new Response(css, { headers: { 'Content-Type': 'text/css' } })));
    const res = await pages.fetch(new Request(`http://localhost/venue/${SLUG}`), env, createExecutionContext());
    const html = await res.text();
    expect(html).toContain('<title>Shard One Bar</title>');
    const boot = (page: string) => JSON.parse(/<script type="application\/json" id="barhop-boot">([\s\S]*?)<\/script>/.exec(page)![1]!);
    expect(boot(html).venue.venue.name).toBe('Shard One Bar');
    expect(/<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1]).toContain('Shard Spritz');
    // The menu's body rides on the venue's other pages (a painted menu's loader reads it, docs/decisions/219).
    const cart = await (await pages.fetch(new Request(`http://localhost/venue/${SLUG}/cart`), env, createExecutionContext())).text();
    expect(boot(cart).menu.drinks.map((d: { name: string }) => d.name)).toEqual(['Shard Spritz']);
  });

  it("keeps the device's cart on the shard through phone sign-in, now the account's", async () => {
    const device = await call('POST', '/api/auth/guest-session', { body: { slug: SLUG } });
    const token = device.json.token as string;
    const put = await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: drinkId, qty: 2 } });
    expect(put.status, put.text).toBe(200);
    const sent = OtpSent.parse((await call('POST', '/api/auth/otp/send', { token, body: { phone: '5553140001' } })).json);
    const verified = await call('POST', '/api/auth/otp/verify', { token, body: { phone: '5553140001', code: sent.demo_code } });
    expect(verified.status, verified.text).toBe(200);
    const guestId = verified.json.guest_id as string;
    expect(await shard.prepare('SELECT owner_key FROM carts WHERE restaurant_id = ?').bind(venueId).all().then((r) => r.results))
      .toEqual([{ owner_key: `g:${guestId}` }]);
    const cart = await call('GET', `/api/cart?slug=${SLUG}`, { token: verified.json.token });
    expect(cart.json.cart.items.map((i: { menu_drink_id: string; qty: number }) => [i.menu_drink_id, i.qty])).toEqual([[drinkId, 2]]);
    expect(await env.DB.prepare('SELECT id FROM carts WHERE restaurant_id = ?').bind(venueId).first()).toBeNull();
  });
});

describe('a venue on a shard, super admin console', () => {
  it('edits the venue on its shard and the control copy', async () => {
    const res = await call('PUT', `/api/super/venues/${venueId}`, { token: superToken, body: { name: 'Shard One Bar & Grill', tax_rate_bp: 825 } });
    expect(res.status, res.text).toBe(200);
    for (const db of [shard, env.DB]) {
      expect(await db.prepare('SELECT name, tax_rate_bp FROM venues WHERE id = ?').bind(venueId).first()).toEqual({ name: 'Shard One Bar & Grill', tax_rate_bp: 825 });
    }
    const listed = await call('GET', '/api/super/venues', { token: superToken });
    expect(listed.json.venues.find((v: { id: string }) => v.id === venueId).name).toBe('Shard One Bar & Grill');
  });

  it("lists the shard venue's unmatched string, creates an ingredient from it on every database and renames it everywhere", async () => {
    const { lineId, unmatchedId } = await unmatchedLine('Yuzu shrub');
    const list = await call('GET', '/api/super/unmatched-ingredients', { token: superToken });
    expect(list.json.ingredients.find((u: { id: string }) => u.id === unmatchedId)).toMatchObject({ raw_string: 'Yuzu shrub', venue_id: venueId, venue_slug: SLUG });

    const created = await call('POST', `/api/super/ingredients/${unmatchedId}/create`, { token: superToken, body: { category: 'mixer' } });
    expect(created.status, created.text).toBe(201);
    const ingredientId = created.json.ingredient.id as string;
    expect(created.json.recipe_lines_updated).toBe(1);
    expect(await shard.prepare('SELECT ingredient_id FROM drink_ingredients WHERE id = ?').bind(lineId).first()).toEqual({ ingredient_id: ingredientId });
    expect(await shard.prepare('SELECT resolved_ingredient_id FROM unmatched_ingredients WHERE id = ?').bind(unmatchedId).first()).toEqual({ resolved_ingredient_id: ingredientId });
    expect((await catalogueOf(env.DB)).find((i) => i.id === ingredientId)?.name).toBe('Yuzu shrub');
    written.push(ingredientId);
    await expectSameCatalogueEverywhere(written);

    const renamed = await call('PUT', `/api/super/ingredients/${ingredientId}`, { token: superToken, body: { name: 'Yuzu shrub (house)' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.ingredient.recipe_lines).toBe(1);
    for (const binding of ALL_D1_BINDINGS) {
      expect(await env[binding].prepare('SELECT name FROM ingredients WHERE id = ?').bind(ingredientId).first(), binding).toEqual({ name: 'Yuzu shrub (house)' });
    }
    await expectSameCatalogueEverywhere(written);
    const catalogue = await call('GET', '/api/super/ingredients', { token: superToken });
    expect(catalogue.json.ingredients.find((i: { id: string }) => i.id === ingredientId).recipe_lines).toBe(1);
  });

  it("merges the shard venue's unmatched string: its recipe line moves on the shard, the alias lands on every database", async () => {
    const target = (await env.DB.prepare("SELECT id, name FROM ingredients ORDER BY name LIMIT 1").first<{ id: string; name: string }>())!;
    const { lineId, unmatchedId } = await unmatchedLine('Shardy bitters');
    const merged = await call('POST', `/api/super/ingredients/${unmatchedId}/merge`, { token: superToken, body: { target_ingredient_id: target.id } });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json.recipe_lines_updated).toBe(1);
    expect(merged.json.alias_added).toBe('Shardy bitters');
    expect(await shard.prepare('SELECT ingredient_id FROM drink_ingredients WHERE id = ?').bind(lineId).first()).toEqual({ ingredient_id: target.id });
    expect(JSON.parse((await catalogueOf(env.DB)).find((i) => i.id === target.id)!.aliases)).toContain('Shardy bitters');
    // The shards without venues never had the target: an update of a row they lack changes nothing there.
    await expectSameCatalogueEverywhere(written);
    const list = await call('GET', '/api/super/unmatched-ingredients', { token: superToken });
    expect(list.json.ingredients.map((u: { id: string }) => u.id)).not.toContain(unmatchedId);
  });

  it('bulk-merges a shard venue string into a chosen ingredient', async () => {
    const target = (await env.DB.prepare("SELECT id FROM ingredients ORDER BY name DESC LIMIT 1").first<{ id: string }>())!;
    const { lineId, unmatchedId } = await unmatchedLine('Far-off cordial');
    const res = await call('POST', '/api/super/ingredients/bulk-merge', { token: superToken, body: { ingredientIds: [unmatchedId], target_ingredient_id: target.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.merged.map((m: { id: string }) => m.id)).toEqual([unmatchedId]);
    expect(await shard.prepare('SELECT ingredient_id FROM drink_ingredients WHERE id = ?').bind(lineId).first()).toEqual({ ingredient_id: target.id });
    await expectSameCatalogueEverywhere(written);
  });
});

describe('housekeeping on a shard', () => {
  it("drops the shard venue's old idempotency keys", async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await shard.prepare('INSERT INTO idempotency_records (restaurant_id, key, owner_key, request_hash, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(venueId, 'old-key', 's:x', 'h', old).run();
    await runHousekeeping(env);
    expect(await shard.prepare('SELECT key FROM idempotency_records WHERE restaurant_id = ?').bind(venueId).first()).toBeNull();
  });
});
