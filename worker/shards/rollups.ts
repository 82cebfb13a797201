// Per-shard rollups (docs/decisions/142): each venue's counted sales per UTC day, computed on the shard that
// holds the venue's orders and kept in the control database, so platform views can read one small table
// instead of scanning every shard per request. Run nightly by the cron and on demand.
import { COUNTED_ORDER } from '../analytics/sales-figures';
import type { WorkerEnv } from '../env';
import { occupiedShards, shardDatabase } from './directory';

const DAY_MS = 86_400_000;

/** The nightly run recomputes yesterday and today: orders change status (and stop counting) for a while after the day. */
export const NIGHTLY_ROLLUP_DAYS = 2;

export type RollupRun = { shards: number; rows: number; since: string };

type DayRow = { venue_id: string; day: string; orders: number; revenue_cents: number; ai_orders: number; drinks: number };

/**
 * Recomputes the rollups of the UTC days from `days - 1` days before `now` to today, on every shard that
 * holds a venue. A day's rows are replaced whole, so a day whose orders were all cancelled since reads zero.
 */
export async function rollUpShards(env: WorkerEnv, now = new Date(), days = NIGHTLY_ROLLUP_DAYS): Promise<RollupRun> {
  const since = new Date(Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`) - (days - 1) * DAY_MS).toISOString();
  const computedAt = now.toISOString();
  let rows = 0;
  const shards = await occupiedShards(env);
  for (const shard of shards) {
    const { results } = await shardDatabase(env, shard).prepare(
      // Archived orders keep counting through their day sums (docs/decisions/148).
      `SELECT venue_id, day, SUM(orders) AS orders, SUM(revenue_cents) AS revenue_cents, SUM(ai_orders) AS ai_orders, SUM(drinks) AS drinks
       FROM (
         SELECT o.restaurant_id AS venue_id, SUBSTR(o.created_at, 1, 10) AS day, COUNT(*) AS orders,
                COALESCE(SUM(o.total_cents), 0) AS revenue_cents,
                COALESCE(SUM(CASE WHEN o.referred_by_ai = 1 THEN 1 ELSE 0 END), 0) AS ai_orders,
                COALESCE(SUM(o.drink_count), 0) AS drinks
         FROM orders o WHERE ${COUNTED_ORDER} AND o.created_at >= ? GROUP BY o.restaurant_id, day
         UNION ALL
         SELECT venue_id, day, orders, revenue_cents, ai_orders, drinks FROM archived_order_days WHERE day >= ?
       ) GROUP BY venue_id, day`,
    ).bind(since, since.slice(0, 10)).all<DayRow>();
    const control = env.DB;
    await control.batch([
      control.prepare('DELETE FROM venue_day_rollups WHERE shard = ? AND day >= ?').bind(shard, since.slice(0, 10)),
      ...results.map((r) => control.prepare(
        `INSERT INTO venue_day_rollups (venue_id, day, shard, orders, revenue_cents, ai_orders, drinks, computed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (venue_id, day) DO UPDATE SET shard = excluded.shard, orders = excluded.orders, revenue_cents = excluded.revenue_cents,
           ai_orders = excluded.ai_orders, drinks = excluded.drinks, computed_at = excluded.computed_at`,
      ).bind(r.venue_id, r.day, shard, r.orders, r.revenue_cents, r.ai_orders, r.drinks, computedAt)),
    ]);
    rows += results.length;
  }
  return { shards: shards.length, rows, since };
}
