// The super admin's platform views read only the rollups in the control database, which each venue's hub keeps
// exact a few seconds after a change (docs/decisions/203): once the hub's alarm has run, after a placement, a
// cancellation, a refund and an AI interaction, the platform's figures equal the sum of the venues' own over the
// same window; they make no query on a venue database; the nightly job recomputes what no hub was told about.
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { PlatformAnalytics, PlatformOverview } from '../../shared/schemas/super';
import { utcDay } from '../../worker/analytics/sales-figures';
import worker from '../../worker/index';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { venueHub } from '../../worker/live/hub-client';
import { ROLLUP_DELAY_MS } from '../../worker/live/venue-hub';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { RECENT_ORDERS_PER_VENUE } from '../../worker/shards/rollup-statements';
import { rollupFirstDay } from '../../worker/shards/rollups';
import { createVenue } from '../../worker/venues/platform-venues';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { availableDrinks, guestToken } from './order-helpers';

let superToken: string;
let artisan: string;
beforeAll(async () => {
  superToken = await mintToken(DEMO_EMAILS.superadmin);
  artisan = await venueId('artisan-bar');
});

/** Runs the pending rollup alarm of each venue's hub, as Cloudflare does ROLLUP_DELAY_MS after the change. */
async function settle(...venueIds: string[]) {
  for (const id of venueIds) await runDurableObjectAlarm(venueHub(env, id));
}

/**
 * A request whose Worker has finished: its answer, and everything it left running after the answer (waitUntil),
 * the way a change stored outside the hub (an AI interaction) tells the hub (worker/live/hub-client.ts).
 */
async function callAndFinish(method: string, path: string, token: string, body: unknown) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(new Request(`http://localhost${path}`, {
    method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  }) as never, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The hub has recorded the day for its next rollup, as it would long before its alarm runs. */
async function expectToldOf(venueId: string, day: string) {
  const recorded = await runInDurableObject(venueHub(env, venueId), (_hub, state) =>
    state.storage.sql.exec<{ day: string }>('select day from rollup_days').toArray().some((row) => row.day === day));
  expect(recorded, `the hub of ${venueId} was not told of ${day}`).toBe(true);
}

type Totals = { orders: number; revenue_cents: number; ai_orders: number; ai_interactions: number };

/** Every venue's own analytics over `window` (GET /api/admin/analytics, read on the venue's database), and their sum. */
async function venuesOwnFigures(window: '7d' | '30d') {
  const { results: venues } = await env.DB.prepare('SELECT id FROM venues ORDER BY id').all<{ id: string }>();
  const each = new Map<string, Totals>();
  for (const venue of venues) {
    const res = await call('GET', `/api/admin/analytics?window=${window}&restaurant_id=${venue.id}`, { token: superToken });
    expect(res.status, res.text).toBe(200);
    const { orders, revenue_cents, ai_orders, ai_interactions } = res.json.totals as Totals;
    each.set(venue.id, { orders, revenue_cents, ai_orders, ai_interactions });
  }
  const sum = [...each.values()].reduce((a, b) => ({
    orders: a.orders + b.orders, revenue_cents: a.revenue_cents + b.revenue_cents, ai_orders: a.ai_orders + b.ai_orders, ai_interactions: a.ai_interactions + b.ai_interactions,
  }), { orders: 0, revenue_cents: 0, ai_orders: 0, ai_interactions: 0 });
  return { each, sum };
}

async function platformFigures(window: '7d' | '30d') {
  const analytics = PlatformAnalytics.parse((await call('GET', `/api/super/analytics?window=${window}&limit=50`, { token: superToken })).json);
  return {
    totals: { orders: analytics.total_orders, revenue_cents: analytics.revenue_cents, ai_orders: analytics.ai_orders, ai_interactions: analytics.ai_interactions },
    venues: new Map(analytics.top_venues.map((v) => [v.id, { orders: v.orders, revenue_cents: v.revenue_cents }])),
  };
}

/** Platform and venues agree over 7 and 30 days: in total, and venue by venue in the top list. */
async function expectPlatformEqualsVenues() {
  for (const window of ['7d', '30d'] as const) {
    const [platform, own] = [await platformFigures(window), await venuesOwnFigures(window)];
    expect(platform.totals, window).toEqual(own.sum);
    for (const [id, figures] of own.each) {
      expect(platform.venues.get(id) ?? { orders: 0, revenue_cents: 0 }, `${window} ${id}`).toEqual({ orders: figures.orders, revenue_cents: figures.revenue_cents });
    }
    const overview = PlatformOverview.parse((await call('GET', `/api/super/overview?window=${window}`, { token: superToken })).json);
    expect(window === '7d' ? overview.orders_7d : overview.orders_30d).toBe(own.sum.orders);
  }
}

async function placeOrder(slug: string, drinkId?: string, quantity = 2) {
  const guest = await guestToken();
  const res = await call('POST', '/api/orders', { token: guest.token, body: { slug, items: [{ menu_drink_id: drinkId ?? (await availableDrinks(slug))[0]!.id, quantity }] } });
  expect(res.status, res.text).toBe(200);
  return res.json as { id: string; total_cents: number; created_at: string };
}

describe('platform views from the rollups the hubs keep', () => {
  it('equal the venues\' own figures after a placement, a cancellation and a refund, once the hub\'s alarm has run', async () => {
    await settle(artisan);
    await expectPlatformEqualsVenues();

    // A placement: the venue counts it at once; the platform once the hub has recomputed the day, off the hot path.
    const started = Date.now();
    const order = await placeOrder('artisan-bar');
    const before = await platformFigures('7d');
    const own = await venuesOwnFigures('7d');
    if (Date.now() - started < ROLLUP_DELAY_MS - 1_000) expect(before.totals.orders).toBe(own.sum.orders - 1);
    await settle(artisan);
    await expectPlatformEqualsVenues();

    // A cancellation through the hub.
    const staff = await mintToken(DEMO_EMAILS.staff);
    const cancelled = await call('PUT', `/api/staff/orders/${order.id}/status`, { token: staff, body: { status: 'cancelled', reason: 'Guest left' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    await settle(artisan);
    await expectPlatformEqualsVenues();

    // A refund of an order from three days ago. No route refunds yet: a refund made outside the hub tells it the
    // order's day, as every write outside it does (touchVenueRollups); until its alarm runs the platform lags.
    const delivered = (await env.DB.prepare(
      "SELECT id, created_at FROM orders WHERE restaurant_id = ? AND status = 'delivered' AND payment_status NOT IN ('refunded', 'void') AND created_at < ? ORDER BY created_at DESC LIMIT 1",
    ).bind(artisan, new Date(Date.now() - 3 * 86_400_000).toISOString()).first<{ id: string; created_at: string }>())!;
    const told = Date.now();
    await env.DB.prepare("UPDATE orders SET payment_status = 'refunded' WHERE id = ?").bind(delivered.id).run();
    await venueHub(env, artisan).touchRollupDays(artisan, [utcDay(delivered.created_at)]);
    const lagging = await platformFigures('7d');
    if (Date.now() - told < ROLLUP_DELAY_MS - 1_000) expect(lagging.totals.orders).toBe((await venuesOwnFigures('7d')).sum.orders + 1);
    await settle(artisan);
    await expectPlatformEqualsVenues();
  });

  it("keep a venue's newest orders after its hub recomputes a day with more orders than the feed keeps", async () => {
    const slug = 'harbor-tap-room';
    const venue = await venueId(slug);
    const today = `${utcDay(new Date().toISOString())}T00:00:00.000Z`;
    const placedToday = async () => (await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE restaurant_id = ? AND created_at >= ?').bind(venue, today).first<{ n: number }>())!.n;
    const drink = (await availableDrinks(slug))[0]!.id;
    while (await placedToday() <= RECENT_ORDERS_PER_VENUE) await placeOrder(slug, drink, 1);
    const newestPlaced = await placeOrder(slug, drink, 1);
    await settle(venue);
    const newest = await env.DB.prepare('SELECT id FROM orders WHERE restaurant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?').bind(venue, RECENT_ORDERS_PER_VENUE).all<{ id: string }>();
    const kept = await env.DB.prepare('SELECT id FROM venue_recent_orders WHERE venue_id = ? ORDER BY created_at DESC, id DESC').bind(venue).all<{ id: string }>();
    // The last order placed is kept (first, or beside one placed in the same millisecond).
    expect(kept.results.map((o) => o.id)).toContain(newestPlaced.id);
    expect(kept.results.map((o) => o.id)).toEqual(newest.results.map((o) => o.id));
  });

  it('count an AI interaction stored outside the hub once the hub has been told its day', async () => {
    const guest = await guestToken();
    const before = await platformFigures('7d');
    const logged = await callAndFinish('POST', '/api/ai/log', guest.token, { slug: 'artisan-bar', event: 'opened the bartender' });
    expect(logged.status, await logged.text()).toBe(201);
    await expectToldOf(artisan, utcDay(new Date().toISOString()));
    await settle(artisan);
    expect((await platformFigures('7d')).totals.ai_interactions).toBe(before.totals.ai_interactions + 1);
    await expectPlatformEqualsVenues();
  });

  it('are recomputed by the nightly job where no hub was told of a change', async () => {
    // An order of a day the nightly run recomputes: today or, just after midnight UTC, yesterday.
    const counted = (await env.DB.prepare(
      "SELECT id FROM orders WHERE restaurant_id = ? AND status <> 'cancelled' AND payment_status NOT IN ('refunded', 'void') AND created_at >= ? ORDER BY created_at DESC LIMIT 1",
    ).bind(artisan, `${rollupFirstDay(new Date())}T00:00:00.000Z`).first<{ id: string }>())!;
    await env.DB.prepare("UPDATE orders SET payment_status = 'void' WHERE id = ?").bind(counted.id).run();
    expect((await platformFigures('7d')).totals.orders).toBe((await venuesOwnFigures('7d')).sum.orders + 1);
    await runHousekeeping(env);
    await expectPlatformEqualsVenues();
  });

  it('make no query on a venue database: with every venue database emptied after rolling up, the figures stand', async () => {
    // A venue on another shard, with an order its hub rolls up.
    const venue = await createVenue({ ...env, VENUE_SHARDS: 'DB_SHARD_1' }, { name: 'Rolled Shard', slug: 'rolled-shard', active: true } as Parameters<typeof createVenue>[1]);
    const drinkId = newId();
    await env.DB_SHARD_1.prepare(`INSERT INTO menu_drinks (id, restaurant_id, name, price_cents, category) VALUES (?, ?, 'Rollup Royale', 4000, 'cocktail')`)
      .bind(drinkId, venue.id).run();
    const order = await placeOrder('rolled-shard', drinkId, 10);
    await settle(venue.id);

    const read = async () => Promise.all([
      call('GET', '/api/super/overview?window=30d', { token: superToken }),
      call('GET', '/api/super/analytics?window=30d&limit=50', { token: superToken }),
      call('GET', '/api/super/top-drinks?window=30d&limit=50', { token: superToken }),
      call('GET', '/api/super/top-venues?window=30d&limit=50', { token: superToken }),
      call('GET', '/api/super/recent-orders', { token: superToken }),
    ].map(async (res) => { const answer = await res; expect(answer.status, answer.text).toBe(200); return answer.json; }));
    const rolled = await read();
    expect(rolled[0].recent_orders[0].id).toBe(order.id);
    expect(rolled[1].top_venues.find((v: { id: string }) => v.id === venue.id)).toMatchObject({ orders: 1, revenue_cents: order.total_cents });
    expect(rolled[2].top_drinks.find((d: { name: string }) => d.name === 'Rollup Royale')?.qty).toBe(10);

    // Every table a platform figure could be read from on a venue database, emptied on every database (the
    // control database holds the tests' seeded venues too): what the views answer comes from the rollups alone.
    for (const binding of ALL_D1_BINDINGS) {
      await env[binding].batch(['order_items', 'order_events', 'stock_movements', 'orders', 'archived_order_days', 'archived_orders', 'ai_interactions']
        .map((table) => env[binding].prepare(`DELETE FROM ${table}`)));
    }
    expect(await read()).toEqual(rolled);
  });
});

describe('bad input to the platform views', () => {
  it('answers 400 in the error shape for a window or limit out of range, the recent feed past 20 included', async () => {
    for (const path of ['/api/super/overview?window=90d', '/api/super/analytics?window=1y', '/api/super/recent-orders?limit=21', '/api/super/top-drinks?limit=0']) {
      expectApiError(await call('GET', path, { token: superToken }), 400);
    }
  });
});
