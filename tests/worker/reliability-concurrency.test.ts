// Concurrency (docs/reliability.md §2). Trials of 50 simultaneous checkouts by one guest: exactly one order
// per trial, with its items and its first event, and the cart emptied once. Concurrent stock
// movements on one inventory item add up exactly. `npm test` runs 10 trials; the soak runs 100
// (RELIABILITY_SCALE=10), and scripts/soak.ts repeats the trials over HTTP against the built app.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, venueId } from './order-helpers';

const SCALE = Math.max(1, Number((env as { RELIABILITY_SCALE?: string }).RELIABILITY_SCALE ?? 1));
const TRIALS = 10 * SCALE;
const PARALLEL = 50;
const SLUGS = ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room'];
const stats = { trials: 0, requests: 0, ordersMade: 0, refused409: 0, other: 0, sameKeyTrials: 0, stockMovements: 0 };

beforeAll(() => { vi.spyOn(console, 'log').mockImplementation(() => undefined); });
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY concurrency ${JSON.stringify(stats)}`);
});

describe('simultaneous checkouts by one guest', () => {
  it(`${TRIALS} trials × ${PARALLEL} checkouts: exactly one order per trial, complete, and the others refused`, async () => {
    const problems: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const slug = SLUGS[trial % SLUGS.length]!;
      const { token, ownerKey } = await guestToken();
      const drinks = (await availableDrinks(slug)).slice(0, 1 + (trial % 3));
      for (const d of drinks) expect((await call('POST', '/api/cart', { token, body: { slug, menu_drink_id: d.id, qty: 1 + (trial % 2) } })).status).toBe(200);
      // Half carry their own Idempotency-Key (distinct requests), half none.
      const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => call('POST', '/api/cart/checkout', {
        token, body: { slug, display_name: `Trial ${trial}` }, headers: i % 2 ? { 'Idempotency-Key': `trial-${trial}-${i}` } : {},
      })));
      stats.trials += 1;
      stats.requests += answers.length;
      const ok = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status === 409 && r.json?.error?.code === 'active_order_exists');
      stats.ordersMade += ok.length;
      stats.refused409 += refused.length;
      stats.other += answers.length - ok.length - refused.length;
      if (ok.length !== 1 || refused.length !== PARALLEL - 1) {
        problems.push(`trial ${trial}: ${ok.length} accepted, ${refused.length} refused, others ${answers.filter((r) => r.status !== 200 && r.status !== 409).map((r) => r.status)}`);
        continue;
      }
      const orderId = ok[0]!.json.id as string;
      const stored = await env.DB.batch([
        env.DB.prepare('SELECT count(*) AS n FROM orders WHERE owner_key = ?').bind(ownerKey),
        env.DB.prepare('SELECT count(*) AS n FROM order_items WHERE order_id = ?').bind(orderId),
        env.DB.prepare('SELECT count(*) AS n FROM order_events WHERE order_id = ?').bind(orderId),
        env.DB.prepare('SELECT count(*) AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.owner_key = ?').bind(ownerKey),
      ]);
      const [orders, items, events, cartLeft] = stored.map((r) => (r.results[0] as { n: number }).n);
      if (orders !== 1 || items !== drinks.length || events !== 1 || cartLeft !== 0) {
        problems.push(`trial ${trial}: orders ${orders}, items ${items}/${drinks.length}, events ${events}, cart left ${cartLeft}`);
      }
    }
    expect(problems).toEqual([]);
    expect(stats.ordersMade).toBe(TRIALS);
  }, 600_000);

  it('50 simultaneous retries with ONE Idempotency-Key: one order, every 200 is that order, the rest 409 in flight', async () => {
    for (let trial = 0; trial < Math.max(3, SCALE); trial += 1) {
      const { token, ownerKey } = await guestToken();
      const [drink] = await availableDrinks('harbor-tap-room');
      const body = { slug: 'harbor-tap-room', items: [{ menu_drink_id: drink!.id, quantity: 2 }] };
      const headers = { 'Idempotency-Key': `same-key-${trial}` };
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call('POST', '/api/orders', { token, body, headers })));
      const ok = answers.filter((r) => r.status === 200);
      expect(new Set(ok.map((r) => r.json.id)).size).toBe(1);
      for (const r of answers.filter((a) => a.status !== 200)) expect(expectApiError(r, 409).code).toBe('idempotency_in_flight');
      // A retry after the dust settles replays the same order.
      const retry = await call('POST', '/api/orders', { token, body, headers });
      expect(retry.json.id).toBe(ok[0]!.json.id);
      expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(1);
      expect(await countRows('SELECT count(*) AS n FROM idempotency_records WHERE key = ?', headers['Idempotency-Key'])).toBe(1);
      stats.sameKeyTrials += 1;
    }
  }, 120_000);
});

describe('concurrent stock movements on one item', () => {
  it('receives and adjustments sent at once add up exactly, each with its movement row', async () => {
    const venue = await venueId('artisan-bar');
    const item = (await env.DB.prepare(`SELECT id, unit_volume_ml FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL AND unit = 'bottle' AND unit_volume_ml > 0 LIMIT 1`)
      .bind(venue).first<{ id: string; unit_volume_ml: number }>())!;
    // Far from zero, so no adjustment is floored and every movement counts in full.
    await env.DB.prepare('UPDATE inventory_items SET quantity = 1000 WHERE id = ?').bind(item.id).run();
    const movementsBefore = await countRows('SELECT count(*) AS n FROM stock_movements WHERE inventory_item_id = ?', item.id);
    const token = await mintToken(DEMO_EMAILS.staff);
    const count = PARALLEL * Math.min(SCALE, 4);
    const moves = Array.from({ length: count }, (_, i) => ({
      type: i % 3 === 0 ? 'adjust_down' : 'receive', quantity_ml: item.unit_volume_ml * (1 + (i % 4)), reason: `concurrency ${i}`,
    }));
    const answers = await Promise.all(moves.map((body) => call('POST', `/api/staff/inventory/${item.id}/movements`, { token, body })));
    expect(answers.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    stats.stockMovements += answers.length;
    const expectedUnits = 1000 + moves.reduce((sum, m) => sum + (m.type === 'receive' ? 1 : -1) * (m.quantity_ml / item.unit_volume_ml), 0);
    const after = (await env.DB.prepare('SELECT quantity FROM inventory_items WHERE id = ?').bind(item.id).first<{ quantity: number }>())!;
    expect(after.quantity).toBeCloseTo(expectedUnits, 9);
    const rows = await env.DB.prepare('SELECT count(*) AS n, sum(delta) AS units FROM stock_movements WHERE inventory_item_id = ? AND reason LIKE ?')
      .bind(item.id, 'concurrency %').first<{ n: number; units: number }>();
    expect(rows!.n).toBe(count);
    expect(rows!.units).toBeCloseTo(expectedUnits - 1000, 9);
    expect(await countRows('SELECT count(*) AS n FROM stock_movements WHERE inventory_item_id = ?', item.id)).toBe(movementsBefore + count);
  }, 120_000);
});
