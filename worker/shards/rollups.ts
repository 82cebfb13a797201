// Per-shard rollups (docs/decisions/142, 151): each venue's counted sales and AI interactions per UTC day, units
// sold per drink name and day, and its newest orders, computed on the shard that holds the venue's orders and kept
// in the control database, so the platform views read one database and never a shard. The venue's hub recomputes
// the days a change touched a few seconds after it (worker/live/venue-hub.ts); the nightly cron and the on-demand
// run recompute whole shards. Both go through computeRollups and storeRollups (the SQL: rollup-statements.ts).
import { addDays, utcDay, windowStart } from '../analytics/sales-figures';
import type { WorkerEnv } from '../env';
import { occupiedShards, shardDatabase } from './directory';
import { rollupReads, rollupWrites, type DayRollup, type DrinkRollup, type RecentOrderRollup, type RollupScope, type RollupStatement, type Rollups } from './rollup-statements';

/** The nightly run recomputes yesterday and today: orders change status (and stop counting) for a while after the day. */
export const NIGHTLY_ROLLUP_DAYS = 2;

export type RollupRun = { shards: number; rows: number; since: string };

const prepared = (d1: D1Database, statement: RollupStatement) => d1.prepare(statement.sql).bind(...statement.binds);

/** The scope's rollups, read from the shard in one batch (one round trip). */
export async function computeRollups(shard: D1Database, scope: RollupScope): Promise<Rollups> {
  const reads = rollupReads(scope);
  const [days, drinks, recent] = await shard.batch<DayRollup | DrinkRollup | RecentOrderRollup>([reads.days, reads.drinks, reads.recent].map((s) => prepared(shard, s)));
  return { days: days!.results as DayRollup[], drinks: drinks!.results as DrinkRollup[], recent: recent!.results as RecentOrderRollup[] };
}

/** Writes the scope's rollups to the control database in one batch; `computedAt` is when the shard was read. */
export async function storeRollups(control: D1Database, scope: RollupScope, rollups: Rollups, computedAt: string): Promise<void> {
  await control.batch(rollupWrites(scope, rollups, computedAt).map((s) => prepared(control, s)));
}

/** Reads a scope on its shard and stores it; the number of venue-day rows written. */
export async function rollUp(shard: D1Database, control: D1Database, scope: RollupScope): Promise<number> {
  const computedAt = new Date().toISOString();
  const rollups = await computeRollups(shard, scope);
  await storeRollups(control, scope, rollups, computedAt);
  return rollups.days.length;
}

/** The first UTC day a run recomputes: the nightly run takes today and yesterday. */
export const rollupFirstDay = (now: Date, days = NIGHTLY_ROLLUP_DAYS) => addDays(utcDay(now), 1 - days);

/**
 * Recomputes the rollups of the UTC days from `days - 1` days before `now` to today, on every shard that
 * holds a venue. A day's rows are replaced whole, so a day whose orders were all cancelled since reads zero.
 */
export async function rollUpShards(env: WorkerEnv, now = new Date(), days = NIGHTLY_ROLLUP_DAYS): Promise<RollupRun> {
  const from = rollupFirstDay(now, days);
  let rows = 0;
  const shards = await occupiedShards(env);
  for (const shard of shards) rows += await rollUp(shardDatabase(env, shard), env.DB, { shard, venueId: null, from, to: null });
  return { shards: shards.length, rows, since: `${from}T00:00:00.000Z` };
}

/** Drink rows serve the top-drink lists, whose longest window is 30 days: older ones are dropped nightly. */
export async function pruneDrinkRollups(control: D1Database, now = new Date()): Promise<number> {
  const result = await control.prepare('DELETE FROM venue_day_drinks WHERE day < ?').bind(utcDay(windowStart('30d', now))).run();
  return result.meta.changes ?? 0;
}
