// The venue directory (venue → shard), placing new venues on the least-loaded shard, and the per-shard
// rollups that platform views read (docs/decisions/150 and 203).
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDayBounds, businessDayOf } from '../../shared/business-day';
import { SuperVenueResponse } from '../../shared/schemas/super';
import { salesFigures } from '../../worker/analytics/sales-figures';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { venueHub } from '../../worker/live/hub-client';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { forgetVenueShard, pickShardForNewVenue, resolveVenueShard } from '../../worker/shards/directory';
import { rollUpShards, rollupFirstDay } from '../../worker/shards/rollups';
import { createVenue, getVenue } from '../../worker/venues/platform-venues';
import { mintToken, venueId } from './auth-helpers';
import { newId } from '../../shared/ids';
import { call } from './helpers';
import { guestToken, openLive } from './order-helpers';

let superToken: string;
beforeAll(async () => { superToken = await mintToken('superadmin@barhop.dev'); });

/** The environment with every declared shard open for new venues, as a deployment that has moved to shards configures it. */
const shardedEnv = () => ({ ...env, VENUE_SHARDS: 'DB_SHARD_0,DB_SHARD_1,DB_SHARD_2' });

describe('venue directory', () => {
  it('maps every seeded venue, by id and by slug, to the database that holds its rows', async () => {
    const { results } = await env.DB.prepare('SELECT id, slug FROM venues').all<{ id: string; slug: string }>();
    expect(results.length).toBeGreaterThan(0);
    for (const venue of results) {
      const byId = await resolveVenueShard(env, venue.id);
      const bySlug = await resolveVenueShard(env, venue.slug);
      expect(byId).toMatchObject({ venueId: venue.id, slug: venue.slug, shard: 'DB' });
      expect(bySlug?.venueId).toBe(venue.id);
      const row = await byId!.d1.prepare('SELECT slug FROM venues WHERE id = ?').bind(venue.id).first<{ slug: string }>();
      expect(row?.slug).toBe(venue.slug);
    }
    expect(await resolveVenueShard(env, 'no-such-venue')).toBeNull();
  });

  it('follows a slug renamed by a super admin: the new slug resolves, the old one no longer does', async () => {
    const id = await venueId('rooftop-lounge');
    expect((await resolveVenueShard(env, 'rooftop-lounge'))?.venueId).toBe(id);
    const res = await call('PUT', `/api/super/venues/${id}`, { token: superToken, body: { slug: 'rooftop-lounge-renamed' } });
    expect(res.status).toBe(200);
    forgetVenueShard(env, 'rooftop-lounge');
    expect((await resolveVenueShard(env, 'rooftop-lounge-renamed'))?.venueId).toBe(id);
    expect(await resolveVenueShard(env, 'rooftop-lounge')).toBeNull();
    await call('PUT', `/api/super/venues/${id}`, { token: superToken, body: { slug: 'rooftop-lounge' } });
  });

  it('applies every migration to every database', async () => {
    for (const binding of ALL_D1_BINDINGS) {
      const table = await env[binding].prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'venue_directory'").first();
      expect(table, binding).not.toBeNull();
    }
  });
});

describe('placing new venues', () => {
  it('puts each new venue on the least-loaded shard, which then serves its row', async () => {
    const sharded = shardedEnv();
    expect(await pickShardForNewVenue(sharded)).toBe('DB_SHARD_0');
    const first = await createVenue(sharded, { name: 'Shard Zero', slug: 'shard-zero', active: true } as Parameters<typeof createVenue>[1]);
    expect(await pickShardForNewVenue(sharded)).toBe('DB_SHARD_1');
    const located = await resolveVenueShard(sharded, 'shard-zero');
    expect(located).toMatchObject({ venueId: first.id, shard: 'DB_SHARD_0' });
    const onShard = await env.DB_SHARD_0.prepare('SELECT name FROM venues WHERE id = ?').bind(first.id).first<{ name: string }>();
    expect(onShard?.name).toBe('Shard Zero');
    expect((await getVenue(sharded, first.id)).name).toBe('Shard Zero');
    // The platform record accounts point to is in the control database too.
    expect(await env.DB.prepare('SELECT id FROM venues WHERE id = ?').bind(first.id).first()).not.toBeNull();
  });

  it('keeps slugs unique across shards', async () => {
    const res = await call('POST', '/api/super/venues', { token: superToken, body: { name: 'Clash', slug: 'shard-zero' } });
    expect(res.status).toBe(409);
  });

  it('places a venue created through the API on the single-shard default when no shards are opened', async () => {
    const res = await call('POST', '/api/super/venues', { token: superToken, body: { name: 'Default Place', slug: 'default-place' } });
    const { venue } = SuperVenueResponse.parse(res.json);
    expect((await resolveVenueShard(env, venue.id))?.shard).toBe('DB');
  });
});

describe('per-shard rollups', () => {
  it('match a direct count of the counted orders, per venue and in total, each venue by its own business days, and the nightly job refreshes them', async () => {
    const now = new Date();
    const run = await rollUpShards(env, now, 120);
    expect(run.shards).toBeGreaterThan(0);
    // Each venue's rolled days begin where its own clock starts the business day `run.since` (docs/decisions/203).
    const { results: clocks } = await env.DB.prepare('SELECT id, timezone, day_cutoff_minutes AS cutoff FROM venues').all<{ id: string; timezone: string; cutoff: number }>();
    expect(new Set(clocks.map((v) => v.timezone)).size, 'venues in several zones').toBeGreaterThan(1);
    const startOf = new Map(clocks.map((v) => [v.id, businessDayBounds(run.since, v.timezone, v.cutoff).start]));
    const direct = { orders: 0, revenue_cents: 0, ai_orders: 0 };
    const asked = { n: 0, ordered: 0 };
    const drinksDirect = new Map<string, number>();
    for (const [id, start] of startOf) {
      const figures = await salesFigures(env.DB, { since: start, venueId: id, firstDay: run.since });
      direct.orders += figures.orders; direct.revenue_cents += figures.revenue_cents; direct.ai_orders += figures.ai_orders;
      const venueAsked = await env.DB.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(was_ordered), 0) AS ordered FROM ai_interactions WHERE restaurant_id = ? AND created_at >= ?')
        .bind(id, start).first<{ n: number; ordered: number }>();
      asked.n += venueAsked!.n; asked.ordered += venueAsked!.ordered;
      const { results: sold } = await env.DB.prepare(
        `SELECT LOWER(oi.name) AS name_key, SUM(oi.quantity) AS qty FROM order_items oi JOIN orders o ON o.id = oi.order_id
         WHERE o.status <> 'cancelled' AND o.payment_status NOT IN ('refunded', 'void') AND o.restaurant_id = ? AND o.created_at >= ? GROUP BY LOWER(oi.name)`,
      ).bind(id, start).all<{ name_key: string; qty: number }>();
      for (const row of sold) drinksDirect.set(row.name_key, (drinksDirect.get(row.name_key) ?? 0) + row.qty);
    }
    const summed = await env.DB.prepare('SELECT COALESCE(SUM(orders), 0) AS orders, COALESCE(SUM(revenue_cents), 0) AS revenue_cents, COALESCE(SUM(ai_orders), 0) AS ai_orders FROM venue_day_rollups WHERE day >= ?')
      .bind(run.since).first<{ orders: number; revenue_cents: number; ai_orders: number }>();
    expect(direct.orders).toBeGreaterThan(0);
    expect(summed).toEqual(direct);

    // AI interactions, units per drink name and each venue's newest orders match a direct count too.
    const askedRolled = await env.DB.prepare('SELECT SUM(ai_interactions) AS n, SUM(ai_ordered) AS ordered FROM venue_day_rollups WHERE day >= ?')
      .bind(run.since).first<{ n: number; ordered: number }>();
    expect(asked.n).toBeGreaterThan(0);
    expect(askedRolled).toEqual(asked);
    const drinksRolled = await env.DB.prepare('SELECT name_key, SUM(qty) AS qty FROM venue_day_drinks WHERE day >= ? GROUP BY name_key ORDER BY name_key')
      .bind(run.since).all();
    expect(drinksDirect.size).toBeGreaterThan(0);
    expect(drinksRolled.results).toEqual([...drinksDirect].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name_key, qty]) => ({ name_key, qty })));
    const { results: venues } = await env.DB.prepare('SELECT DISTINCT restaurant_id AS id FROM orders').all<{ id: string }>();
    for (const venue of venues) {
      const newest = await env.DB.prepare('SELECT id FROM orders WHERE restaurant_id = ? ORDER BY created_at DESC, id DESC LIMIT 20').bind(venue.id).all<{ id: string }>();
      const kept = await env.DB.prepare('SELECT id FROM venue_recent_orders WHERE venue_id = ? ORDER BY created_at DESC, id DESC').bind(venue.id).all<{ id: string }>();
      expect(kept.results.map((o) => o.id), venue.id).toEqual(newest.results.map((o) => o.id));
    }

    const id = await venueId('artisan-bar');
    const venueDirect = await salesFigures(env.DB, { since: startOf.get(id)!, venueId: id, firstDay: run.since });
    const venueRolled = await env.DB.prepare('SELECT SUM(orders) AS orders FROM venue_day_rollups WHERE venue_id = ?').bind(id).first<{ orders: number }>();
    expect(venueRolled?.orders).toBe(venueDirect.orders);

    // Cancelling a counted order of a day the nightly run recomputes (today or, just after midnight UTC, yesterday):
    // the run recomputes that day and the rollup drops it.
    const nightlyFrom = `${rollupFirstDay(now)}T00:00:00.000Z`;
    const counted = await env.DB.prepare(
      "SELECT id, restaurant_id, created_at FROM orders WHERE status <> 'cancelled' AND payment_status NOT IN ('refunded', 'void') AND created_at >= ? ORDER BY created_at DESC LIMIT 1",
    ).bind(nightlyFrom).first<{ id: string; restaurant_id: string; created_at: string }>();
    expect(counted, 'a counted order of a day the nightly run recomputes').not.toBeNull();
    {
      const clock = clocks.find((v) => v.id === counted!.restaurant_id)!;
      const day = businessDayOf(counted!.created_at, clock.timezone, clock.cutoff);
      const before = await env.DB.prepare('SELECT orders FROM venue_day_rollups WHERE venue_id = ? AND day = ?').bind(counted!.restaurant_id, day).first<{ orders: number }>();
      await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(counted!.id).run();
      await runHousekeeping(env, now);
      const after = await env.DB.prepare('SELECT orders FROM venue_day_rollups WHERE venue_id = ? AND day = ?').bind(counted!.restaurant_id, day).first<{ orders: number }>();
      expect((after?.orders ?? 0)).toBe(before!.orders - 1);
    }
  });
});

describe('POST /api/super/rollups', () => {
  it('recomputes the rollups on demand for super admins only, matching a direct count', async () => {
    expect((await call('POST', '/api/super/rollups', { token: await mintToken('admin@barhop.dev'), body: {} })).status).toBe(403);
    expect((await call('POST', '/api/super/rollups', { token: superToken, body: { days: 0 } })).status).toBe(400);
    expect((await call('POST', '/api/super/rollups', { token: superToken, body: { days: 401 } })).status).toBe(400);
    await env.DB.prepare('DELETE FROM venue_day_rollups').run();
    const res = await call('POST', '/api/super/rollups', { token: superToken, body: { days: 30 } });
    expect(res.status).toBe(200);
    expect(res.json.rows).toBeGreaterThan(0);
    const { results: clocks } = await env.DB.prepare('SELECT id, timezone, day_cutoff_minutes AS cutoff FROM venues').all<{ id: string; timezone: string; cutoff: number }>();
    let directOrders = 0;
    for (const venue of clocks) {
      const since = businessDayBounds(res.json.since, venue.timezone, venue.cutoff).start;
      directOrders += (await salesFigures(env.DB, { since, venueId: venue.id, firstDay: res.json.since })).orders;
    }
    const rolled = await env.DB.prepare('SELECT SUM(orders) AS orders FROM venue_day_rollups').first<{ orders: number }>();
    expect(rolled?.orders).toBe(directOrders);
  });
});

describe('a venue on a new shard, end to end', () => {
  it('serves its menu, takes an order, lets the guest read it and staff work it, and pushes the live updates', async () => {
    const venue = await createVenue({ ...env, VENUE_SHARDS: 'DB_SHARD_2' }, { name: 'Far Shard', slug: 'far-shard', active: true } as Parameters<typeof createVenue>[1]);
    expect((await resolveVenueShard(env, venue.id))?.shard).toBe('DB_SHARD_2');
    const drinkId = newId();
    await env.DB_SHARD_2.prepare(`INSERT INTO menu_drinks (id, restaurant_id, name, price_cents, category) VALUES (?, ?, 'Shard Sour', 1200, 'cocktail')`)
      .bind(drinkId, venue.id).run();

    // The menu comes from the shard; nothing of the venue's menu is in the control database.
    const menu = await call('GET', '/api/venues/far-shard/drinks');
    expect(menu.status).toBe(200);
    expect(menu.json.drinks.map((d: { name: string }) => d.name)).toEqual(['Shard Sour']);
    expect(await env.DB.prepare('SELECT id FROM menu_drinks WHERE id = ?').bind(drinkId).first()).toBeNull();
    expect((await call('GET', '/api/venues/far-shard')).json.venue.name).toBe('Far Shard');

    const account = await call('POST', `/api/super/venues/${venue.id}/staff`, { token: superToken, body: { email: 'bar@far-shard.test', role: 'staff', password: 'far-shard-pass-1' } });
    expect(account.status, account.text).toBe(201);
    const staffToken = await mintToken('bar@far-shard.test');
    const staffLive = await openLive(venue.id, staffToken);
    expect(staffLive.status).toBe(101);
    const guest = await guestToken();
    const guestLive = await openLive('far-shard', guest.token);
    expect(guestLive.status).toBe(101);

    const placed = await call('POST', '/api/orders', { token: guest.token, body: { slug: 'far-shard', items: [{ menu_drink_id: drinkId, quantity: 2 }] } });
    expect(placed.status, placed.text).toBe(200);
    const orderId = placed.json.id as string;
    expect(await env.DB_SHARD_2.prepare('SELECT total_cents FROM orders WHERE id = ?').bind(orderId).first()).not.toBeNull();
    expect(await env.DB.prepare('SELECT id FROM orders WHERE id = ?').bind(orderId).first()).toBeNull();
    await staffLive.waitFor((m) => m.type === 'order_created' && m.order.id === orderId);
    await guestLive.waitFor((m) => m.type === 'order_created' && m.order.id === orderId);

    const mine = await call('GET', `/api/orders/${orderId}`, { token: guest.token });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ order: { id: orderId, status: 'pending' }, venue: { slug: 'far-shard', name: 'Far Shard' } });
    expect((await call('GET', '/api/orders/active', { token: guest.token })).json.order.id).toBe(orderId);
    expect((await call('GET', '/api/orders/history', { token: guest.token })).json.orders.map((o: { id: string }) => o.id)).toContain(orderId);

    const queue = await call('GET', '/api/staff/orders?status=active', { token: staffToken });
    expect(queue.json.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    // The bar screen's one read, and a drink named by id alone, find the shard too.
    expect((await call('GET', '/api/staff/queue', { token: staffToken })).json.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await call('GET', `/api/drinks/${drinkId}`, { token: guest.token })).json.drink.name).toBe('Shard Sour');
    const moved = await call('PUT', `/api/staff/orders/${orderId}/status`, { token: staffToken, body: { status: 'preparing' } });
    expect(moved.status, moved.text).toBe(200);
    await guestLive.waitFor((m) => m.type === 'order_updated' && m.order.id === orderId && m.to === 'preparing');
    expect((await call('GET', `/api/orders/${orderId}/status`, { token: guest.token })).json.status).toBe('preparing');

    // The rollup of the new shard counts the order.
    await rollUpShards(env);
    const rolled = await env.DB.prepare('SELECT shard, orders FROM venue_day_rollups WHERE venue_id = ?').bind(venue.id).first();
    expect(rolled).toEqual({ shard: 'DB_SHARD_2', orders: 1 });
    staffLive.ws!.close();
    guestLive.ws!.close();
  });
});

describe('platform figures over every shard', () => {
  it('count the orders of a venue on another shard in the overview, analytics, top lists and recent orders, from its rollups', async () => {
    const venue = await createVenue({ ...env, VENUE_SHARDS: 'DB_SHARD_1' }, { name: 'Second Shard', slug: 'second-shard', active: true } as Parameters<typeof createVenue>[1]);
    const drinkId = newId();
    await env.DB_SHARD_1.prepare(`INSERT INTO menu_drinks (id, restaurant_id, name, price_cents, category) VALUES (?, ?, 'Shard Only Spritz', 5000, 'cocktail')`)
      .bind(drinkId, venue.id).run();
    const before = (await call('GET', '/api/super/overview?window=7d', { token: superToken })).json;
    const guest = await guestToken();
    const placed = await call('POST', '/api/orders', { token: guest.token, body: { slug: 'second-shard', items: [{ menu_drink_id: drinkId, quantity: 10 }] } });
    expect(placed.status, placed.text).toBe(200);
    // The platform views read the rollups, which the venue's hub recomputes a few seconds after the order (docs/decisions/203).
    await runDurableObjectAlarm(venueHub(env, venue.id));

    const overview = (await call('GET', '/api/super/overview?window=7d', { token: superToken })).json;
    expect(overview.orders_7d).toBe(before.orders_7d + 1);
    expect(overview.revenue_7d_cents).toBe(before.revenue_7d_cents + placed.json.total_cents);
    expect(overview.recent_orders[0].id).toBe(placed.json.id);
    expect(overview.recent_orders[0].venue_slug).toBe('second-shard');
    const analytics = (await call('GET', '/api/super/analytics?window=7d&limit=50', { token: superToken })).json;
    expect(analytics.top_venues.map((v: { slug: string }) => v.slug)).toContain('second-shard');
    const drinks = (await call('GET', '/api/super/top-drinks?window=7d&limit=50', { token: superToken })).json.top_drinks;
    expect(drinks.find((d: { name: string }) => d.name === 'Shard Only Spritz')?.qty).toBe(10);
  });
});
