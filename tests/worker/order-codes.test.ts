// Order codes (docs/decisions/234): the bar calls "C89" and the ticket and the guest's screen read it; no two open
// orders of a venue share one. Before, the code was the end of the order's id, upper-cased: two tickets on the bar
// display could both read the same code in a rush.
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { ORDER_CODE_PATTERN, ORDER_CODE_SPACE, orderCodeAt } from '../../shared/order-codes';
import { venueHub } from '../../worker/live/hub-client';
import { OrderCodes } from '../../worker/orders/order-codes';
import type { PlacementRequest } from '../../worker/orders/placement';
import { REFUSAL_MESSAGES } from '../../shared/refusal-messages';
import { call, expectApiError } from './helpers';
import { availableDrinks, countRows, guestToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';

async function placer() {
  const venue = await venueId(SLUG);
  const drinks = await availableDrinks(SLUG);
  const { tax } = (await env.DB.prepare('SELECT tax_rate_bp AS tax FROM venues WHERE id = ?').bind(venue).first<{ tax: number }>())!;
  const hub = () => venueHub(env, venue);
  // A signed-in guest each time: the first-order ceiling for new anonymous devices does not apply (docs/decisions/167).
  const request = (i: number): PlacementRequest => {
    const guestId = newId();
    return {
      kind: 'order', venueId: venue, taxRateBp: tax, owner: { ownerKey: `g:${guestId}`, sessionId: newId(), guestId }, idempotencyKey: null, requestHash: `h${i}`,
      lines: [{ menuDrinkId: drinks[i % drinks.length]!.id, quantity: 1, notes: null, modifiers: null, isAiCreation: false, aiRecipeName: null, recipe: null, aiInteractionId: null }],
      details: { displayName: null, customName: null, specialInstructions: null, customerName: null, customerPhone: null, referredByAi: false, aiRecipeName: null, tableNumber: null, salesChannel: 'app' },
    };
  };
  const place = async (i: number) => {
    const outcome = await hub().placeOrder(request(i));
    if (!outcome.ok) throw new Error(`placement refused: ${outcome.code} ${outcome.message}`);
    return { id: outcome.order.id, code: outcome.order.code };
  };
  // Cancelled rather than delivered: a delivery pours stock, and a thousand would sell the menu out.
  const bump = async (orderId: string) => {
    const outcome = await hub().changeStatus({ venueId: venue, orderId, to: 'cancelled', reason: 'Guest left', actor: { type: 'staff', id: 'order-codes-test' } });
    if (!outcome.ok) throw new Error(`status change refused: ${outcome.code} ${outcome.message} ${orderId}`);
  };
  /** The venue's open orders' codes as the database has them (orders placed before codes have none). */
  const openCodes = async () => (await env.DB.prepare(
    `SELECT code FROM orders WHERE restaurant_id = ? AND status IN ('pending', 'preparing', 'ready') AND code IS NOT NULL`,
  ).bind(venue).all<{ code: string }>()).results.map((r) => r.code);
  const restart = async () => {
    try {
      await evictDurableObject(hub());
    } catch (err) {
      if (!String(err).includes('not currently running')) throw err;
    }
  };
  /** The venue's `count` oldest open orders that have a code. */
  const oldestOpen = async (count: number) => (await env.DB.prepare(
    `SELECT id FROM orders WHERE restaurant_id = ? AND code IS NOT NULL AND status IN ('pending', 'preparing', 'ready') ORDER BY created_at LIMIT ?`,
  ).bind(venue, count).all<{ id: string }>()).results;
  return { place, bump, openCodes, oldestOpen, restart };
}

const duplicatesOf = (codes: string[]) => codes.filter((code, i) => codes.indexOf(code) !== i);

describe('order codes', () => {
  it('1,000 orders at one venue with 200 open: every code short and readable, no two open orders share one', { timeout: 240_000 }, async () => {
    const { place, bump, openCodes } = await placer();
    const open: { id: string; code: string }[] = [];
    let placed = 0;
    const placeSideBySide = async (count: number) => {
      const batch = await Promise.all(Array.from({ length: count }, () => place(placed++)));
      for (const order of batch) expect(order.code).toMatch(ORDER_CODE_PATTERN);
      open.push(...batch);
    };
    for (let i = 0; i < 10; i += 1) await placeSideBySide(20);
    expect(open).toHaveLength(200);
    while (placed < 1_000) {
      // The bar clears the 20 oldest while 20 new orders come in: 200 stay open.
      const handed = open.splice(0, 20);
      await Promise.all([...handed.map((o) => bump(o.id)), placeSideBySide(20)]);
      expect(duplicatesOf(open.map((o) => o.code))).toEqual([]);
    }
    const inDatabase = await openCodes();
    expect(inDatabase).toHaveLength(200);
    expect(duplicatesOf(inDatabase)).toEqual([]);
  });

  it('two orders placed one after the other differ in all three characters; every code is given once before any comes back', () => {
    const codes = new OrderCodes({ open: [], latest: null });
    const walk = Array.from({ length: ORDER_CODE_SPACE }, () => codes.claim());
    for (let i = 1; i < walk.length; i += 1) {
      for (const at of [0, 1, 2]) expect(walk[i]![at]).not.toBe(walk[i - 1]![at]);
    }
    expect(new Set(walk).size).toBe(ORDER_CODE_SPACE);
    expect(() => codes.claim()).toThrow(/every order code is held/i);
  });

  it('a code just freed is passed over while others are free, so an Undo back to ready finds it still its own', () => {
    const codes = new OrderCodes({ open: [], latest: null });
    const first = codes.claim(0);
    codes.release(first, 1_000);
    const during = Array.from({ length: ORDER_CODE_SPACE - 1 }, () => codes.claim(2_000));
    expect(during).not.toContain(first);
    // Only the freed code is left: a new order takes it rather than wait.
    expect(codes.claim(2_000)).toBe(first);
  });

  it('after a restart the walk goes on from the last code given, passing over the open ones', () => {
    const before = new OrderCodes({ open: [], latest: null });
    const given = Array.from({ length: 5 }, () => before.claim());
    const after = new OrderCodes({ open: [given[0]!], latest: given[4]! });
    const next = after.claim();
    const reference = new OrderCodes({ open: [], latest: null });
    const walk = Array.from({ length: 6 }, () => reference.claim());
    expect(next).toBe(walk[5]);
  });

  it('property: open orders placed side by side in the hub, with bumps and restarts between, never share a code', { timeout: 240_000 }, async () => {
    const { place, bump, openCodes, oldestOpen, restart } = await placer();
    const step = fc.oneof(
      fc.record({ kind: fc.constant('place' as const), count: fc.integer({ min: 1, max: 12 }), bump: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('restart' as const) }),
    );
    let placed = 0;
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
      for (const s of steps) {
        if (s.kind === 'restart') {
          await restart();
          continue;
        }
        const open = await oldestOpen(s.bump);
        // Placements and bumps of the same moment, all in flight together.
        await Promise.all([...Array.from({ length: s.count }, () => place(placed++)), ...open.map((o) => bump(o.id))]);
        const codes = await openCodes();
        expect(duplicatesOf(codes)).toEqual([]);
      }
    }), { numRuns: 12 });
  });

  it('a bar whose every code seemed held takes orders again once orders left the queue outside the hub', { timeout: 240_000 }, async () => {
    const { place, openCodes, restart } = await placer();
    const venue = await venueId(SLUG);
    await restart();
    // Every free code taken by an open order written straight to the database: the queue holds 648 orders.
    const held = new Set(await openCodes());
    const free = Array.from({ length: ORDER_CODE_SPACE }, (_, i) => orderCodeAt(i)).filter((code) => !held.has(code));
    const filler = free.map((code) => ({ id: newId(), code }));
    const now = new Date().toISOString();
    const insert = env.DB.prepare(`INSERT INTO orders (id, restaurant_id, owner_key, status, subtotal_cents, tax_cents, total_cents, tax_rate_bp, drink_count, code, created_at, updated_at)
      VALUES (?, ?, ?, 'pending', 100, 0, 100, 0, 1, ?, ?, ?)`);
    for (let at = 0; at < filler.length; at += 100) {
      await env.DB.batch(filler.slice(at, at + 100).map((o) => insert.bind(o.id, venue, `s:filler-${o.id}`, o.code, now, now)));
    }
    // A full queue is a clear refusal the guest can read and act on, and nothing is stored.
    const ordersBefore = await countRows('SELECT COUNT(*) AS n FROM orders WHERE restaurant_id = ?', venue);
    const drink = (await availableDrinks(SLUG))[0]!;
    const refused = await call('POST', '/api/orders', { token: (await guestToken(newId())).token, body: { slug: SLUG, items: [{ menu_drink_id: drink.id, quantity: 1 }] } });
    const error = expectApiError(refused, 503);
    expect(error.code).toBe('queue_full');
    expect(error.message).toBe(REFUSAL_MESSAGES.queue_full);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await countRows('SELECT COUNT(*) AS n FROM orders WHERE restaurant_id = ?', venue)).toBe(ordersBefore);
    // The orders leave the open states without passing through the hub (as a cleanup or an import would).
    await env.DB.prepare(`UPDATE orders SET status = 'cancelled' WHERE id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(filler.map((o) => o.id))).run();
    const placed = await place(1);
    expect(placed.code).toMatch(ORDER_CODE_PATTERN);
  });
});
