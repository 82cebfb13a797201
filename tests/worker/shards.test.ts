// The venue directory (venue → shard), placing new venues on the least-loaded shard, and the per-shard
// rollups that platform views read (docs/decisions/140, 142).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SuperVenueResponse } from '../../shared/schemas/super';
import { salesFigures } from '../../worker/analytics/sales-figures';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { ALL_D1_BINDINGS } from '../../worker/shards/bindings';
import { forgetVenueShard, pickShardForNewVenue, resolveVenueShard } from '../../worker/shards/directory';
import { rollUpShards } from '../../worker/shards/rollups';
import { createVenue, getVenue } from '../../worker/super/venues';
import { mintToken, venueId } from './auth-helpers';
import { call } from './helpers';

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
  it('match a direct count of the counted orders, per venue and in total, and the nightly job refreshes them', async () => {
    const now = new Date();
    const run = await rollUpShards(env, now, 120);
    expect(run.shards).toBeGreaterThan(0);
    const direct = await salesFigures(env.DB, { since: run.since });
    const summed = await env.DB.prepare('SELECT COALESCE(SUM(orders), 0) AS orders, COALESCE(SUM(revenue_cents), 0) AS revenue_cents, COALESCE(SUM(ai_orders), 0) AS ai_orders FROM venue_day_rollups WHERE day >= ?')
      .bind(run.since.slice(0, 10)).first<{ orders: number; revenue_cents: number; ai_orders: number }>();
    expect(direct.orders).toBeGreaterThan(0);
    expect(summed).toEqual({ orders: direct.orders, revenue_cents: direct.revenue_cents, ai_orders: direct.ai_orders });

    const id = await venueId('artisan-bar');
    const venueDirect = await salesFigures(env.DB, { since: run.since, venueId: id });
    const venueRolled = await env.DB.prepare('SELECT SUM(orders) AS orders FROM venue_day_rollups WHERE venue_id = ?').bind(id).first<{ orders: number }>();
    expect(venueRolled?.orders).toBe(venueDirect.orders);

    // Cancelling one of today's counted orders: the nightly run recomputes today and the rollup drops it.
    const today = now.toISOString().slice(0, 10);
    const counted = await env.DB.prepare(
      "SELECT id, restaurant_id FROM orders WHERE status <> 'cancelled' AND payment_status NOT IN ('refunded', 'void') AND created_at >= ? LIMIT 1",
    ).bind(`${today}T00:00:00.000Z`).first<{ id: string; restaurant_id: string }>();
    expect(counted, 'a counted order placed today').not.toBeNull();
    {
      const before = await env.DB.prepare('SELECT orders FROM venue_day_rollups WHERE venue_id = ? AND day = ?').bind(counted!.restaurant_id, today).first<{ orders: number }>();
      await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE id = ?").bind(counted!.id).run();
      await runHousekeeping(env, now);
      const after = await env.DB.prepare('SELECT orders FROM venue_day_rollups WHERE venue_id = ? AND day = ?').bind(counted!.restaurant_id, today).first<{ orders: number }>();
      expect((after?.orders ?? 0)).toBe(before!.orders - 1);
    }
  });
});
