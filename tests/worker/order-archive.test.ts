// The order archive (docs/decisions/149): orders past the hot window leave D1 for R2, and the guest, the
// staff and the venue's analytics still see them.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { OrderHistoryResponse, OrderList } from '../../shared/schemas/order';
import { salesFigures } from '../../worker/analytics/sales-figures';
import { archiveKey } from '../../worker/jobs/archive-orders';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { call } from './helpers';
import { availableDrinks, countRows, guestToken, MOVEMENTS_OF_ORDER, staffToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';
const DAY_MS = 86_400_000;

/** Places and delivers an order, then moves all its timestamps `daysAgo` days back. */
async function deliveredOrder(token: string, staff: string, daysAgo: number) {
  const [drink] = await availableDrinks(SLUG);
  const placed = await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: drink!.id, quantity: 2 }] } });
  expect(placed.status).toBe(200);
  for (const status of ['preparing', 'ready', 'delivered']) {
    expect((await call('PUT', `/api/staff/orders/${placed.json.id}/status`, { token: staff, body: { status } })).status).toBe(200);
  }
  const shift = `-${daysAgo * 24 * 60} minutes`;
  const at = (column: string) => `${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '${shift}')`;
  await env.DB.batch([
    env.DB.prepare(`UPDATE orders SET ${at('created_at')}, ${at('updated_at')}, ${at('delivered_at')} WHERE id = ?`).bind(placed.json.id),
    env.DB.prepare(`UPDATE order_events SET ${at('created_at')} WHERE order_id = ?`).bind(placed.json.id),
    env.DB.prepare(`UPDATE stock_movements SET ${at('created_at')} WHERE ${MOVEMENTS_OF_ORDER}`).bind(placed.json.id),
  ]);
  const row = await env.DB.prepare('SELECT created_at, total_cents FROM orders WHERE id = ?').bind(placed.json.id).first<{ created_at: string; total_cents: number }>();
  return { id: placed.json.id as string, createdAt: row!.created_at, totalCents: row!.total_cents };
}

const dayFile = async (key: string) => (await (await env.ARCHIVE.get(key))?.text()) ?? null;

/** A guest's order delivered `daysAgo` days back at The Artisan Bar, and the key of the day file it goes to. */
async function pastOrder(daysAgo: number) {
  const staff = await staffToken('staff@barhop.dev');
  const guest = await guestToken();
  const venue = await venueId(SLUG);
  const order = await deliveredOrder(guest.token, staff, daysAgo);
  const day = order.createdAt.slice(0, 10);
  return { staff, guest, venue, order, day, key: archiveKey(venue, day) };
}

describe('archiving orders past the hot window', () => {
  it('moves an old delivered order to R2, keeps it in history and analytics, and a second run changes nothing', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const admin = await staffToken('admin@barhop.dev');
    const guest = await guestToken();
    const venue = await venueId(SLUG);
    const old = await deliveredOrder(guest.token, staff, 40);
    const recent = await deliveredOrder(guest.token, staff, 2);
    const movementIds = (await env.DB.prepare(`SELECT id FROM stock_movements WHERE ${MOVEMENTS_OF_ORDER}`).bind(old.id).all<{ id: number }>()).results.map((m) => m.id);
    const movements = movementIds.length;
    const allTime = await salesFigures(env.DB, { venueId: venue });
    const analytics = (await call('GET', '/api/admin/analytics?window=90d', { token: admin })).json;

    const run = await runHousekeeping(env);
    expect(run.ordersArchived).toBeGreaterThan(0);

    // Gone from D1 with what hung off it...
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE id = ?', old.id)).toBe(0);
    expect(await countRows('SELECT count(*) AS n FROM order_items WHERE order_id = ?', old.id)).toBe(0);
    expect(await countRows('SELECT count(*) AS n FROM order_events WHERE order_id = ?', old.id)).toBe(0);
    expect(await countRows('SELECT count(*) AS n FROM stock_movements WHERE id IN (SELECT value FROM json_each(?))', JSON.stringify(movementIds))).toBe(0);
    // ...and in the venue's day file, once, with its items, events and stock movements.
    const key = archiveKey(venue, old.createdAt.slice(0, 10));
    const file = await dayFile(key);
    const lines = file!.trim().split('\n').map((line) => JSON.parse(line)).filter((line) => line.order.id === old.id);
    expect(lines).toHaveLength(1);
    expect(lines[0].items).toHaveLength(1);
    expect(lines[0].events.map((e: { toStatus: string }) => e.toStatus)).toEqual(expect.arrayContaining(['preparing', 'ready', 'delivered']));
    expect(lines[0].stock_movements).toHaveLength(movements);
    // Each movement as the item's history showed it: a pour stores no time, actor or reason of its own
    // (docs/decisions/152); the file keeps them said, from the status change and the order.
    const started = lines[0].events.find((e: { toStatus: string }) => e.toStatus === 'preparing');
    for (const movement of lines[0].stock_movements) {
      expect(movement).toMatchObject({
        type: 'deduct', orderId: old.id, reason: `Order #${old.id.slice(-8).toUpperCase()}`, createdAt: started.createdAt, actorUserId: started.actorId,
      });
    }
    // The order inside the window stays.
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE id = ?', recent.id)).toBe(1);

    // The guest's history shows both, newest first, at this venue and across venues.
    for (const path of [`/api/orders/history?slug=${SLUG}`, '/api/orders/history']) {
      const history = OrderHistoryResponse.parse((await call('GET', path, { token: guest.token })).json);
      expect(history.orders.map((o) => o.id)).toEqual([recent.id, old.id]);
      expect(history.orders[1]).toMatchObject({ status: 'delivered', total_cents: old.totalCents, venue_slug: SLUG });
      expect(history.orders[1]!.items).toHaveLength(1);
    }
    // Staff history pages onto it by the same cursor as live orders.
    const before = new Date(Date.parse(old.createdAt) + 1).toISOString();
    const page = (await call('GET', `/api/staff/history?limit=5&before=${encodeURIComponent(before)}`, { token: staff })).json.orders as { id: string; created_at: string }[];
    expect(page[0]!.id).toBe(old.id);
    expect(page.map((o) => o.created_at)).toEqual([...page.map((o) => o.created_at)].sort().reverse());
    const delivered = (await call('GET', `/api/staff/history?status=delivered&limit=200&since=${encodeURIComponent(new Date(Date.now() - 41 * DAY_MS).toISOString())}`, { token: staff })).json.orders as { id: string }[];
    expect(delivered.map((o) => o.id)).toEqual(expect.arrayContaining([old.id, recent.id]));

    // Sales figures and the venue's analytics still count it.
    expect(await salesFigures(env.DB, { venueId: venue })).toEqual(allTime);
    const after = (await call('GET', '/api/admin/analytics?window=90d', { token: admin })).json;
    expect(after.totals).toEqual(analytics.totals);
    expect(after.daily.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(analytics.daily.reduce((n: number, d: { orders: number }) => n + d.orders, 0));

    // A second run (as after a crash and a retry) neither loses nor duplicates.
    const days = await env.DB.prepare('SELECT * FROM archived_order_days ORDER BY venue_id, day').all();
    const again = await runHousekeeping(env);
    expect(again.ordersArchived).toBe(0);
    expect(await dayFile(key)).toBe(file);
    expect((await env.DB.prepare('SELECT * FROM archived_order_days ORDER BY venue_id, day').all()).results).toEqual(days.results);
    expect(await salesFigures(env.DB, { venueId: venue })).toEqual(allTime);
  });

  it('a day file written before the slim rows (text ids, the venue on events and movements) still reads, and takes new orders', async () => {
    const { staff, guest, venue, order: fresh, day, key } = await pastOrder(45);
    const at = `${day}T00:00:01.000Z`;
    const id = 'oldArchivedOrderXY12AB34';
    // One line as the archive wrote it before docs/decisions/152: drizzle's rows of that schema.
    const oldLine = {
      order: {
        id, restaurantId: venue, ownerKey: guest.ownerKey, guestSessionId: guest.sessionId, guestId: null, userId: null, displayName: null,
        customerName: null, customerPhone: null, status: 'delivered', paymentStatus: 'captured', subtotalCents: 2400, taxCents: 210,
        totalCents: 2610, taxRateBp: 875, specialInstructions: null, salesChannel: 'app', tableNumber: null, referredByAi: false,
        aiRecipeName: null, customName: null, aiInteractionId: null, etaMinutes: 4, drinkCount: 2, stockDeductedAt: at, deliveredAt: at,
        createdAt: at, updatedAt: at,
      },
      items: [{
        id: 'oldItemTextId00000001', orderId: id, menuDrinkId: 'oldDrink', name: 'Old Fashioned', description: 'Bourbon, sugar and bitters',
        imageUrl: '/images/art/old.svg', unitPriceCents: 1200, quantity: 2, lineTotalCents: 2400, notes: 'one cube', modifiers: null,
        isAiCreation: false, aiRecipeName: null, recipe: null, allergens: ['sulphites'], containsAlcohol: true, position: 0,
      }],
      events: [{ id: 'oldEventTextId0000001', orderId: id, restaurantId: venue, fromStatus: null, toStatus: 'pending', actorType: 'guest', actorId: guest.ownerKey, reason: null, createdAt: at }],
      stock_movements: [{
        id: 'oldMovementTextId0001', restaurantId: venue, inventoryItemId: 'oldItem', type: 'deduct', delta: -0.14, deltaMl: -100,
        reason: 'Order #XY12AB34', orderId: id, actorUserId: 'oldStaff', createdAt: at,
      }],
    };
    await env.ARCHIVE.put(key, `${JSON.stringify(oldLine)}\n`);
    await env.DB.prepare('INSERT INTO archived_orders (id, restaurant_id, owner_key, status, payment_status, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(id, venue, guest.ownerKey, 'delivered', 'captured', at).run();

    // The next run merges a new order into that file and leaves the old line as it was.
    await runHousekeeping(env);
    const lines = (await dayFile(key))!.trim().split('\n');
    expect(lines).toContain(JSON.stringify(oldLine));
    expect(lines.map((line) => JSON.parse(line).order.id)).toEqual([id, fresh.id]);

    // Guest and staff history show both, the old line with its own id and everything it said.
    const history = OrderHistoryResponse.parse((await call('GET', '/api/orders/history', { token: guest.token })).json);
    expect(history.orders.map((o) => o.id)).toEqual([fresh.id, id]);
    expect(history.orders[1]!.items).toEqual([expect.objectContaining({
      id: 'oldItemTextId00000001', menu_drink_id: 'oldDrink', name: 'Old Fashioned', description: 'Bourbon, sugar and bitters',
      image_url: '/images/art/old.svg', quantity: 2, price_cents: 1200, total_cents: 2400, notes: 'one cube', allergens: ['sulphites'],
    })]);
    expect(history.orders[0]!.items[0]!.id).toMatch(/^\d+$/);
    const since = encodeURIComponent(new Date(Date.parse(at) - DAY_MS).toISOString());
    const staffHistory = OrderList.parse((await call('GET', `/api/staff/history?status=delivered&limit=200&since=${since}`, { token: staff })).json);
    expect(staffHistory.orders.find((o) => o.id === id)).toMatchObject({ total_cents: 2610, items: [expect.objectContaining({ id: 'oldItemTextId00000001', name: 'Old Fashioned' })] });
  });

  it('after a run cut off between writing the day file and deleting the rows, the next run keeps the order once', async () => {
    const { guest, venue, order, key } = await pastOrder(50);
    // The cut-off run left the order in the file (in a partial copy) and its rows in D1.
    const partial = { order: { id: order.id, restaurantId: venue, createdAt: order.createdAt, status: 'delivered', paymentStatus: 'unpaid', totalCents: 0, drinkCount: 0 }, items: [], events: [], stock_movements: [] };
    const earlier = await dayFile(key);
    await env.ARCHIVE.put(key, `${earlier ?? ''}${JSON.stringify(partial)}\n`);
    await runHousekeeping(env);
    const lines = (await dayFile(key))!.trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.order.id === order.id);
    expect(lines).toHaveLength(1);
    expect(lines[0].items).toHaveLength(1);
    expect(lines[0].order.totalCents).toBe(order.totalCents);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE id = ?', order.id)).toBe(0);
    const history = OrderHistoryResponse.parse((await call('GET', '/api/orders/history', { token: guest.token })).json);
    expect(history.orders.map((o) => o.id)).toEqual([order.id]);
  });
});
