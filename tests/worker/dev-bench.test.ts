// The bench-only D1 ceiling route (docs/decisions/176): demo mode and a super admin only; it commits
// real placement-shaped batches, and bad input stores nothing.
import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { guestToken as guestSession } from './order-helpers';
import { Order } from '../../shared/schemas/order';

const guestToken = async () => (await guestSession()).token;

const count = async (sql: string, ...args: string[]) =>
  (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;

describe('POST /api/dev/bench/d1-insert', () => {
  it('runs n placement-shaped write batches: order, two lines, first event, live-log event, idempotency record', async () => {
    const venue = await venueId('harbor-tap-room');
    const before = await count('SELECT count(*) AS n FROM orders WHERE restaurant_id = ?', venue);
    const res = await call('POST', '/api/dev/bench/d1-insert?venue=harbor-tap-room&n=6&parallel=3', { token: await mintToken(DEMO_EMAILS.superadmin) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ batches: 6, statements_per_batch: 6, parallel: 3 });
    expect(res.json.batches_per_s).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM orders WHERE restaurant_id = ?', venue)).toBe(before + 6);
    expect(await count(`SELECT count(*) AS n FROM order_items WHERE order_id IN (SELECT id FROM orders WHERE owner_key LIKE 's:bench-ceiling-%')`)).toBe(12);
    expect(await count(`SELECT count(*) AS n FROM idempotency_records WHERE owner_key LIKE 's:bench-ceiling-%'`)).toBe(6);
    expect(await count(`SELECT count(*) AS n FROM live_events WHERE order_id IN (SELECT id FROM orders WHERE owner_key LIKE 's:bench-ceiling-%')`)).toBe(6);
  });

  it('refuses bad input and other callers, storing nothing', async () => {
    const superadmin = await mintToken(DEMO_EMAILS.superadmin);
    const before = await count('SELECT count(*) AS n FROM orders');
    expectApiError(await call('POST', '/api/dev/bench/d1-insert?venue=harbor-tap-room&n=0', { token: superadmin }), 400);
    expectApiError(await call('POST', '/api/dev/bench/d1-insert?venue=no-such-bar&n=1', { token: superadmin }), 404);
    expectApiError(await call('POST', '/api/dev/bench/d1-insert?venue=harbor-tap-room&n=1', { token: await mintToken(DEMO_EMAILS.admin) }), 403);
    expectApiError(await call('POST', '/api/dev/bench/d1-insert?venue=harbor-tap-room&n=1'), 401);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before);
  });

  it('does not exist outside demo mode, even for a super admin', async () => {
    const token = await mintToken(DEMO_EMAILS.superadmin);
    const req = new Request('http://localhost/api/dev/bench/d1-insert?venue=harbor-tap-room&n=1', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const res = await app.fetch(req, { ...env, DEMO_MODE: 'false' }, createExecutionContext());
    expect(res.status).toBe(404);
  });
});

describe('POST /api/dev/bench/d1-write-once', () => {
  /** A bench venue with a copy of Harbor Tap Room's available drinks, as bench/ creates them. */
  async function benchVenue(slug: string) {
    await env.DB.prepare(`INSERT INTO venues (id, slug, name) VALUES (?1, ?1, 'Bench Venue')`).bind(slug).run();
    await env.DB.prepare(`INSERT INTO menu_drinks (id, restaurant_id, name, description, price_cents, category, image_url, tags, allergens)
      SELECT ?1 || '-' || d.id, ?1, d.name, d.description, d.price_cents, d.category, d.image_url, d.tags, d.allergens
      FROM menu_drinks d WHERE d.restaurant_id = ?2 AND d.is_available = 1 AND d.sold_out_reason IS NULL`).bind(slug, await venueId('harbor-tap-room')).run();
  }

  /** A placement's body, as the bench sends it to the floor (bench/write-path.ts). */
  const placementBody = { slug: 'bench-floor', items: [{ menu_drink_id: 'd1', quantity: 1 }, { menu_drink_id: 'd2', quantity: 2 }] };

  it('commits one placement-shaped batch per request for a guest, at a bench venue, and answers the order as placement does', async () => {
    await benchVenue('bench-floor');
    const token = await guestToken();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/api/dev/bench/d1-write-once?venue=bench-floor', { token, body: placementBody });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      // Placement's answer shape, with the rows just written: the floor carries an answer of placement's size.
      const order = Order.parse(res.json);
      expect(order).toMatchObject({ restaurant_id: 'bench-floor', status: 'pending' });
      expect(order.items.map((line) => line.quantity)).toEqual([1, 2]);
      const stored = await env.DB.prepare('SELECT total_cents FROM orders WHERE id = ?').bind(order.id).first<{ total_cents: number }>();
      expect(stored?.total_cents).toBe(order.total_cents);
    }
    expect(await count('SELECT count(*) AS n FROM orders WHERE restaurant_id = ?', 'bench-floor')).toBe(3);
    expect(await count(`SELECT count(*) AS n FROM order_items WHERE order_id IN (SELECT id FROM orders WHERE restaurant_id = 'bench-floor')`)).toBe(6);
  });

  it('never writes to a real venue, needs a guest token and a JSON body', async () => {
    const before = await count('SELECT count(*) AS n FROM orders');
    expectApiError(await call('POST', '/api/dev/bench/d1-write-once?venue=harbor-tap-room', { token: await guestToken(), body: placementBody }), 404);
    expectApiError(await call('POST', '/api/dev/bench/d1-write-once?venue=bench-nowhere', { token: await guestToken(), body: placementBody }), 404);
    expectApiError(await call('POST', '/api/dev/bench/d1-write-once?venue=', { token: await guestToken(), body: placementBody }), 400);
    expectApiError(await call('POST', '/api/dev/bench/d1-write-once?venue=bench-floor', { body: placementBody }), 401);
    expectApiError(await call('POST', '/api/dev/bench/d1-write-once?venue=bench-floor', {
      token: await guestToken(), rawBody: '{"slug":', headers: { 'Content-Type': 'application/json' },
    }), 400);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before);
  });

  it('does not exist outside demo mode', async () => {
    const req = new Request('http://localhost/api/dev/bench/d1-write-once?venue=bench-floor', { method: 'POST', headers: { Authorization: `Bearer ${await guestToken()}` } });
    const res = await app.fetch(req, { ...env, DEMO_MODE: 'false' }, createExecutionContext());
    expect(res.status).toBe(404);
  });
});
