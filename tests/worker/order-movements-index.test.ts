// An order's stock movements are found through indexes (docs/decisions/233): cancelling a poured order and
// archiving read them at the target's size (≈ 5–9 M movements a day per shard set) without scanning the table.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { drizzleFor } from '../../worker/db/handles';
import { stockMovements } from '../../worker/db/schema';
import { movementsOfOrders, selectMovements } from '../../worker/inventory';

const d1 = env.DB;
const db = drizzleFor(d1);

/** SQLite's plan for a drizzle statement, one line a step. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const rows = (await d1.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results;
  return rows.map((row) => row.detail);
}

describe("an order's stock movements", () => {
  const orders = ['orderAAAAAAAAAAAAAAAAAA', 'orderBBBBBBBBBBBBBBBBBBBB'];

  it('are read through the event and legacy indexes, never a scan of the table', async () => {
    for (const plan of [
      await planOf(db.select().from(stockMovements).where(movementsOfOrders(orders))),
      // As the inventory history and the archive read them (joined to the status change they name).
      await planOf(selectMovements(db).where(movementsOfOrders(orders))),
    ]) {
      expect(plan.join('\n')).toContain('stock_movements_event_idx');
      expect(plan.join('\n')).toContain('stock_movements_legacy_order_idx');
      expect(plan.filter((step) => /^SCAN stock_movements\b/.test(step))).toEqual([]);
    }
  });

  it('are deleted the same way when their orders are archived', async () => {
    const plan = await planOf(db.delete(stockMovements).where(movementsOfOrders(orders)));
    expect(plan.join('\n')).toContain('stock_movements_event_idx');
    expect(plan.filter((step) => /^SCAN stock_movements\b/.test(step))).toEqual([]);
  });

  it('take any number of orders within D1\'s 100 bound parameters', async () => {
    const many = Array.from({ length: 500 }, (_, i) => `order${String(i).padStart(19, '0')}`);
    expect(await db.select().from(stockMovements).where(movementsOfOrders(many))).toEqual([]);
  });
});
