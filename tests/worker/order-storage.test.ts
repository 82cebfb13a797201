// What an order keeps (docs/decisions/152): migration 0009 rebuilds order lines, order events and stock movements
// without losing a row or a value, and what readers show of the rows written before it stays the same.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drizzleFor } from '../../worker/db/handles';
import { orderItems, stockMovements } from '../../worker/db/schema';
import { movementsOfOrders, selectMovements, toStockMovement } from '../../worker/inventory';
import { toOrderItem } from '../../worker/orders/serialize';

// A database of its own: every table dropped, then the migrations before 0009 applied (the tests' setup applied
// them all). Nothing else in this file uses DB_SHARD_2.
const db = env.DB_SHARD_2;
const SLIM = '0009_';
const before = env.TEST_MIGRATIONS.filter((m) => m.name < SLIM);

async function databaseBeforeTheChange() {
  const tables = async () => (await db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>()).results.map((row) => row.name);
  // Foreign keys stay on (D1): a table another one references goes in a later pass, after that one.
  for (let pass = 0; pass < 10 && (await tables()).length > 0; pass++) {
    for (const name of await tables()) await db.prepare(`DROP TABLE "${name}"`).run().catch(() => undefined);
  }
  expect(await tables()).toEqual([]);
  await applyD1Migrations(db, before);
}

/** Its short form, as movement reasons name it, is 'AB12CD34'. */
const ORDER = 'oldOrderAAAAAAAB12CD34';
const OTHER = 'oldOrderBBBBBBBEF56GH78';

describe('migration 0009 (slim kept orders)', () => {
  it('keeps every order line, event and stock movement with its values, ids renumbered in the order they were written', async () => {
    expect(before.length).toBeGreaterThan(0);
    await databaseBeforeTheChange();
    await db.batch([
      db.prepare("INSERT INTO venues (id, slug, name) VALUES ('v1', 'old-bar', 'Old Bar')"),
      db.prepare("INSERT INTO inventory_items (id, restaurant_id, name, quantity, unit, unit_volume_ml) VALUES ('item1', 'v1', 'Gin', 3, 'bottle', 700), ('item2', 'v1', 'Lime', 10, 'piece', NULL)"),
      ...[ORDER, OTHER].map((id, i) => db.prepare(
        `INSERT INTO orders (id, restaurant_id, owner_key, status, subtotal_cents, tax_cents, total_cents, tax_rate_bp, created_at, updated_at)
         VALUES (?, 'v1', 's:guest', 'cancelled', 1000, 88, 1088, 875, ?, ?)`,
      ).bind(id, `2026-11-0${i + 1}T20:00:00.000Z`, `2026-11-0${i + 1}T20:10:00.000Z`)),
      db.prepare(`INSERT INTO order_items (id, order_id, menu_drink_id, name, description, image_url, unit_price_cents, quantity, line_total_cents,
        notes, modifiers, is_ai_creation, ai_recipe_name, recipe, allergens, contains_alcohol, position) VALUES
        ('zItemText1', ?, 'd1', 'Gimlet', 'Gin and lime', '/img/g.svg', 1000, 1, 1000, 'no ice', NULL, 0, NULL, NULL, '["citrus"]', 1, 0),
        ('aItemText2', ?, NULL, 'Midnight', NULL, NULL, 1500, 2, 3000, NULL, 'double', 1, 'Midnight', '[{"ingredient":"Gin","quantity":50,"unit":"ml"}]', '[]', 1, 1),
        ('mItemText3', ?, 'd1', 'Gimlet', 'Gin and lime', '/img/g.svg', 1000, 1, 1000, NULL, NULL, 0, NULL, NULL, '["citrus"]', 1, 0)`).bind(ORDER, ORDER, OTHER),
      // Written out of time order on purpose: the copy puts them in time order.
      db.prepare(`INSERT INTO order_events (id, order_id, restaurant_id, from_status, to_status, actor_type, actor_id, reason, created_at) VALUES
        ('ev3', ?1, 'v1', 'preparing', 'cancelled', 'staff', 'u1', 'Out of gin', '2026-11-01T20:10:00.000Z'),
        ('ev1', ?1, 'v1', NULL, 'pending', 'guest', 's:guest', NULL, '2026-11-01T20:00:00.000Z'),
        ('ev2', ?1, 'v1', 'pending', 'preparing', 'staff', 'u1', NULL, '2026-11-01T20:05:00.000Z')`).bind(ORDER),
      db.prepare(`INSERT INTO stock_movements (id, restaurant_id, inventory_item_id, type, delta, delta_ml, reason, order_id, actor_user_id, created_at) VALUES
        ('m1', 'v1', 'item1', 'receive', 2, 1400, 'Delivery', NULL, 'u2', '2026-10-30T10:00:00.000Z'),
        ('m2', 'v1', 'item1', 'deduct', -0.0714285714285714, -50, 'Order #B12CD34', ?1, 'u1', '2026-11-01T20:05:00.010Z'),
        ('m3', 'v1', 'item2', 'deduct', -1, -1, 'Order #AB12CD34', ?1, 'u1', '2026-11-01T20:05:00.010Z'),
        ('m4', 'v1', 'item1', 'restore', 0.0714285714285714, 50, 'Order #AB12CD34 cancelled: stock returned', ?1, 'u1', '2026-11-01T20:10:00.020Z'),
        ('m5', 'v1', 'item2', 'restore', 1, 1, 'Poured for the staff', ?1, 'u1', '2026-11-01T20:10:00.020Z'),
        ('m6', 'v1', 'item1', 'adjust_down', -1, -700, 'Broken bottle', NULL, 'u1', '2026-10-31T09:00:00.000Z')`).bind(ORDER),
    ]);
    const old = {
      items: (await db.prepare('SELECT * FROM order_items ORDER BY rowid').all<Record<string, unknown>>()).results,
      events: (await db.prepare('SELECT * FROM order_events ORDER BY created_at').all<Record<string, unknown>>()).results,
      movements: (await db.prepare('SELECT * FROM stock_movements ORDER BY created_at, rowid').all<Record<string, unknown>>()).results,
    };

    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    const without = (row: Record<string, unknown>, ...columns: string[]) => Object.fromEntries(Object.entries(row).filter(([key]) => !columns.includes(key)));
    // Order lines: every value kept, numbered in the order they were written (so each order's lines keep theirs).
    const items = (await db.prepare('SELECT * FROM order_items ORDER BY id').all<Record<string, unknown>>()).results;
    expect(items.map((row) => row.id)).toEqual([1, 2, 3]);
    // Columns a later migration added (a table member's name, a voided line: docs/decisions/231; a line's options:
    // docs/decisions/197) read as empty.
    const added = ['member_id', 'member_name', 'voided_at', 'void_reason', 'voided_by', 'modifier_choices'];
    expect(items.map((row) => without(row, 'id', ...added))).toEqual(old.items.map((row) => without(row, 'id')));
    expect(items.flatMap((row) => added.map((column) => row[column]))).toEqual(Array(items.length * added.length).fill(null));
    // Events: every value but the venue (the order names it), in time order.
    const events = (await db.prepare('SELECT * FROM order_events ORDER BY id').all<Record<string, unknown>>()).results;
    expect(events.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(events.map((row) => without(row, 'id'))).toEqual(old.events.map((row) => without(row, 'id', 'restaurant_id')));
    // Movements: every value but the venue (the item names it); a pour's or a return's reason that reads as the
    // order says it is left to the reader, any other reason stays.
    const movements = (await db.prepare('SELECT * FROM stock_movements ORDER BY id').all<Record<string, unknown>>()).results;
    expect(movements.map((row) => [row.id, row.reason, row.event_id])).toEqual([
      [1, 'Delivery', null], [2, 'Broken bottle', null], [3, 'Order #B12CD34', null], [4, null, null], [5, null, null], [6, 'Poured for the staff', null],
    ]);
    expect(movements.map((row) => without(row, 'id', 'reason', 'event_id'))).toEqual(old.movements.map((row) => without(row, 'id', 'reason', 'restaurant_id')));

    // What readers show is what they showed: each item's history (reason, time, actor) and each order line.
    const orm = drizzleFor(db);
    const shown = (await selectMovements(orm).orderBy(asc(stockMovements.id))).map(toStockMovement);
    expect(shown.map((m) => [m.type, m.reason, m.created_at, m.actor_user_id, m.delta_ml, m.order_id])).toEqual(
      old.movements.map((m) => [m.type, m.reason, m.created_at, m.actor_user_id, m.delta_ml, m.order_id]),
    );
    const lines = (await orm.select().from(orderItems).where(eq(orderItems.orderId, ORDER)).orderBy(asc(orderItems.position))).map(toOrderItem);
    expect(lines.map((line) => [line.id, line.name, line.description, line.image_url, line.notes, line.modifiers, line.recipe, line.allergens])).toEqual([
      ['1', 'Gimlet', 'Gin and lime', '/img/g.svg', 'no ice', null, null, ['citrus']],
      ['2', 'Midnight', null, null, null, 'double', [{ ingredient: 'Gin', quantity: 50, unit: 'ml' }], []],
    ]);
    // The indexes are the slim ones, with an order's movements found by the status change they name or, for these
    // rows written before 0009, by the order (docs/decisions/233).
    const indexes = (await db.prepare("SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('order_items', 'order_events', 'stock_movements') ORDER BY name").all()).results;
    expect(indexes).toEqual([
      { tbl_name: 'order_events', name: 'order_events_order_idx' },
      { tbl_name: 'order_items', name: 'order_items_order_idx' },
      { tbl_name: 'stock_movements', name: 'stock_movements_event_idx' },
      { tbl_name: 'stock_movements', name: 'stock_movements_item_idx' },
      { tbl_name: 'stock_movements', name: 'stock_movements_legacy_order_idx' },
    ]);
    const ofOrder = await orm.select().from(stockMovements).where(movementsOfOrders([ORDER])).orderBy(asc(stockMovements.id));
    expect(ofOrder.map((m) => [m.type, m.delta])).toEqual(old.movements.filter((m) => m.order_id === ORDER).map((m) => [m.type, m.delta]));
    expect(ofOrder.length).toBeGreaterThan(0);
  });
});
