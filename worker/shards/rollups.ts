// Per-shard rollups (docs/decisions/203): each venue's counted sales and AI interactions per business day,
// units sold per drink name and day, and its newest orders, computed on the shard that holds the venue's orders and
// kept in the control database, so the platform views read one database and never a shard. The venue's hub
// recomputes the days a change touched a few seconds after it (worker/live/venue-hub.ts); the nightly cron and the
// on-demand run recompute whole shards. Both go through computeRollups and storeRollups (the SQL: rollup-statements.ts).
import { addDays, utcDay, windowStart } from '../analytics';
import type { WorkerEnv } from '../env';
import { occupiedShards, shardDatabase } from './directory';
import {
  rollupReads, rollupWrites, VENUE_CLOCKS_SQL, type DayRollup, type DrinkRollup, type RecentOrderRollup, type RollupScope, type RollupStatement,
  type Rollups, type VenueClock,
} from './rollup-statements';

/** The nightly run recomputes yesterday and today: orders change status (and stop counting) for a while after the day. */
export const NIGHTLY_ROLLUP_DAYS = 2;

/** `since`: the first business day recomputed. */
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

/** The clocks of the venues on a shard, or of one venue, from the control database. */
export async function venueClocks(control: D1Database, of: { shard: string } | { venueId: string }): Promise<VenueClock[]> {
  const [sql, bind] = 'shard' in of ? [VENUE_CLOCKS_SQL.shard, of.shard] : [VENUE_CLOCKS_SQL.venue, of.venueId];
  return (await control.prepare(sql).bind(bind).all<VenueClock>()).results;
}

/**
 * The business days a change on the UTC days `utcDays` can fall in, whatever the venue's zone and cut-off: the day
 * before each to the day after it (no zone is more than a day from UTC).
 */
export function businessDaysAround(utcDays: Iterable<string>): string[] {
  const days = new Set<string>();
  for (const day of utcDays) for (const shift of [-1, 0, 1]) days.add(addDays(day, shift));
  return [...days].sort();
}

/** The first business day the nightly run recomputes: the day before yesterday's UTC day, where a zone behind UTC still is. */
export const rollupFirstDay = (now: Date, days = NIGHTLY_ROLLUP_DAYS) => addDays(utcDay(now), -days);

/**
 * Recomputes the rollups of the business days from `rollupFirstDay` to the one after today's UTC day (a zone ahead
 * of UTC is there already), on every shard that holds a venue. A day's rows are replaced whole, so a day whose
 * orders were all cancelled since reads zero.
 */
export async function rollUpShards(env: WorkerEnv, now = new Date(), days = NIGHTLY_ROLLUP_DAYS): Promise<RollupRun> {
  const from = rollupFirstDay(now, days);
  const to = addDays(utcDay(now), 2);
  let rows = 0;
  const shards = await occupiedShards(env);
  for (const shard of shards) {
    const venues = await venueClocks(env.DB, { shard });
    rows += await rollUp(shardDatabase(env, shard), env.DB, { shard, venueId: null, from, to, venues });
  }
  return { shards: shards.length, rows, since: from };
}

/** Drink rows serve the top-drink lists, whose longest window is 30 days: older ones are dropped nightly. */
export async function pruneDrinkRollups(control: D1Database, now = new Date()): Promise<number> {
  const result = await control.prepare('DELETE FROM venue_day_drinks WHERE day < ?').bind(utcDay(windowStart('30d', now))).run();
  return result.meta.changes ?? 0;
}
