// The order archive (docs/decisions/149): delivered and cancelled orders older than the hot window move,
// with their items, events and stock movements, to R2 as one NDJSON file per venue and UTC day. A venue
// shard keeps a slim index row per archived order (history pages over it) and the day's counted sums
// (analytics and rollups count them). Rows leave D1 only after the day file holding them was written, and
// the file is merged by order id, so a run cut off anywhere and run again neither loses nor duplicates.
import { inArray } from 'drizzle-orm';
import { movementReason } from '../../shared/inventory';
import { d1Statement, drizzleFor } from '../db/handles';
import { orderEvents, orderItems, orders as ordersTable, stockMovements } from '../db/schema';
import { isCountedOrder } from '../analytics';
import { movementsOfOrders, selectMovements } from '../inventory';
import type { WorkerEnv } from '../env';
import type { OrderLineRow, OrderRow } from '../orders';
import { DEFAULT_VENUE_SHARD, occupiedShards, shardDatabase } from '../shards';
import { inChunks } from '../lib/in-chunks';

const DAY_MS = 86_400_000;
export const DEFAULT_ORDER_HOT_DAYS = 30;
/** Orders read per pass on a shard: a day file and its D1 batch stay small. */
const ARCHIVE_PASS_ORDERS = 200;

/** One archived order: its row and everything that hung off it, as the drizzle rows read them. */
export type ArchivedOrder = {
  order: OrderRow;
  items: OrderLineRow[];
  events: Record<string, unknown>[];
  stock_movements: Record<string, unknown>[];
};

export const archiveKey = (venueId: string, day: string) => `archive/${venueId}/${day}.ndjson`;

/** ORDER_HOT_DAYS (whole days ≥ 1), else the default. */
export function orderHotDays(env: WorkerEnv): number {
  const days = Number(env.ORDER_HOT_DAYS);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_ORDER_HOT_DAYS;
}

export async function readArchiveDay(env: WorkerEnv, venueId: string, day: string): Promise<ArchivedOrder[]> {
  const object = await env.ARCHIVE.get(archiveKey(venueId, day));
  if (!object) return [];
  return (await object.text()).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as ArchivedOrder);
}

export type ArchiveRun = { orders: number; files: number };

/** Moves every order past the hot window on every shard that holds venues. */
export async function archiveOldOrders(env: WorkerEnv, now = new Date()): Promise<ArchiveRun> {
  const cutoff = new Date(now.getTime() - orderHotDays(env) * DAY_MS).toISOString();
  const run: ArchiveRun = { orders: 0, files: 0 };
  const shards = new Set([DEFAULT_VENUE_SHARD, ...(await occupiedShards(env))]);
  for (const shard of shards) {
    const d1 = shardDatabase(env, shard);
    for (;;) {
      const moved = await archivePass(env, d1, cutoff);
      run.orders += moved.orders;
      run.files += moved.files;
      if (moved.orders < ARCHIVE_PASS_ORDERS) break;
    }
  }
  return run;
}

async function archivePass(env: WorkerEnv, d1: D1Database, cutoff: string): Promise<ArchiveRun> {
  const { results: rows } = await d1.prepare(
    `SELECT id FROM orders WHERE status IN ('delivered', 'cancelled') AND created_at < ? ORDER BY created_at LIMIT ?`,
  ).bind(cutoff, ARCHIVE_PASS_ORDERS).all<{ id: string }>();
  if (rows.length === 0) return { orders: 0, files: 0 };
  const orders = await readOrders(d1, rows.map((row) => row.id));
  const byDay = new Map<string, ArchivedOrder[]>();
  for (const archived of orders) {
    const key = archiveKey(archived.order.restaurantId, archived.order.createdAt.slice(0, 10));
    byDay.set(key, [...(byDay.get(key) ?? []), archived]);
  }
  for (const group of byDay.values()) await archiveDay(env, d1, group);
  return { orders: orders.length, files: byDay.size };
}

/** Reads the orders and what hangs off them in the shapes drizzle's `select()` gives (columns camel-cased). */
async function readOrders(d1: D1Database, ids: string[]): Promise<ArchivedOrder[]> {
  const db = drizzleFor(d1);
  const out = new Map<string, ArchivedOrder>();
  for (const part of inChunks(ids)) {
    for (const order of await db.select().from(ordersTable).where(inArray(ordersTable.id, part))) out.set(order.id, { order, items: [], events: [], stock_movements: [] });
    for (const item of await db.select().from(orderItems).where(inArray(orderItems.orderId, part))) out.get(item.orderId)?.items.push(item);
    for (const event of await db.select().from(orderEvents).where(inArray(orderEvents.orderId, part))) out.get(event.orderId)?.events.push(event);
    // As the item's history shows it: an order's pour stores no time, actor or reason of its own (docs/decisions/152).
    for (const movement of await selectMovements(db).where(movementsOfOrders(part))) {
      out.get(movement.orderId!)?.stock_movements.push({ ...movement, reason: movementReason(movement) });
    }
  }
  return [...out.values()];
}

/** Merges the orders into their day file, writes it, then (only then) indexes, sums and deletes them in D1. */
async function archiveDay(env: WorkerEnv, d1: D1Database, group: ArchivedOrder[]) {
  const venueId = group[0]!.order.restaurantId;
  const day = group[0]!.order.createdAt.slice(0, 10);
  const merged = new Map((await readArchiveDay(env, venueId, day)).map((archived) => [archived.order.id, archived]));
  for (const archived of group) merged.set(archived.order.id, archived);
  const lines = [...merged.values()].sort((a, b) => a.order.createdAt.localeCompare(b.order.createdAt) || a.order.id.localeCompare(b.order.id));
  await env.ARCHIVE.put(archiveKey(venueId, day), lines.map((line) => JSON.stringify(line)).join('\n') + '\n', {
    httpMetadata: { contentType: 'application/x-ndjson' },
  });
  const counted = lines.map((line) => line.order).filter(isCountedOrder);
  const ids = group.map((archived) => archived.order.id);
  const db = drizzleFor(d1);
  await d1.batch([
    ...group.map(({ order }) => d1.prepare(
      `INSERT INTO archived_orders (id, restaurant_id, owner_key, status, payment_status, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    ).bind(order.id, order.restaurantId, order.ownerKey, order.status, order.paymentStatus, order.createdAt)),
    // The day's sums are recomputed from the whole file, so a repeated run sets the same figures.
    d1.prepare(
      `INSERT INTO archived_order_days (venue_id, day, orders, revenue_cents, ai_orders, drinks) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (venue_id, day) DO UPDATE SET orders = excluded.orders, revenue_cents = excluded.revenue_cents,
         ai_orders = excluded.ai_orders, drinks = excluded.drinks`,
    ).bind(
      venueId, day, counted.length, counted.reduce((sum, o) => sum + o.totalCents, 0),
      counted.filter((o) => o.referredByAi).length, counted.reduce((sum, o) => sum + o.drinkCount, 0),
    ),
    ...inChunks(ids).flatMap((part) => {
      const marks = part.map(() => '?').join(', ');
      return [
        // Found by movementsOfOrders' indexes (docs/decisions/233), so before the events it finds them through.
        d1Statement(d1, db.delete(stockMovements).where(movementsOfOrders(part))),
        d1.prepare(`DELETE FROM order_events WHERE order_id IN (${marks})`).bind(...part),
        d1.prepare(`DELETE FROM order_items WHERE order_id IN (${marks})`).bind(...part),
        d1.prepare(`DELETE FROM orders WHERE id IN (${marks})`).bind(...part),
      ];
    }),
  ]);
  // The platform's recent-orders feed lists orders still in D1, as it did when it read them there (docs/decisions/203).
  await env.DB.batch(inChunks(ids).map((part) => env.DB.prepare(`DELETE FROM venue_recent_orders WHERE id IN (${part.map(() => '?').join(', ')})`).bind(...part)));
}
