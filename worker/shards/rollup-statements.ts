// The rollups' SQL (docs/decisions/203), one text for whoever runs it: a venue's hub after a change, the
// nightly and on-demand jobs over a whole shard (worker/shards/rollups.ts), and the demo seed (scripts/seed.ts,
// through `wrangler d1 execute`). Reads run on the shard that holds the orders; writes on the control database.
// Kept free of Worker-only imports, like bindings.ts.
import { businessDayBounds, shiftDay } from '../../shared/business-day';
import { RECENT_ORDERS_MAX } from '../../shared/schemas/super';
import { COUNTED_ORDER } from '../analytics';

/** Each venue's newest orders kept for the recent-orders feed: the feed shows at most this many over all venues. */
export const RECENT_ORDERS_PER_VENUE = RECENT_ORDERS_MAX;

/** A venue's clock: its business days run in `timezone` from `cutoffMinutes` after midnight (docs/decisions/225). */
export type VenueClock = { id: string; timezone: string; cutoffMinutes: number };

/**
 * What one computation covers: one venue's rows (`venueId`) or those of every venue on `shard`, in the business
 * days [from, to) of each venue's own clock (`venues`: those of the scope), so a venue's rows are the days its own
 * analytics count (docs/decisions/203).
 */
export type RollupScope = { shard: string; venueId: string | null; from: string; to: string; venues: readonly VenueClock[] };

/** The control database's clock of each venue on a shard (bind: the shard), or of one venue (bind: its id). */
export const VENUE_CLOCKS_SQL = {
  shard: `SELECT v.id, v.timezone, v.day_cutoff_minutes AS cutoffMinutes FROM venue_directory d JOIN venues v ON v.id = d.venue_id WHERE d.shard = ?`,
  venue: `SELECT v.id, v.timezone, v.day_cutoff_minutes AS cutoffMinutes FROM venues v WHERE v.id = ?`,
};

type DayBounds = { venueId: string; day: string; start: string; end: string };

/** Every business day of the scope, for each venue of it, with the instants it starts and ends at. */
function scopeDays(scope: RollupScope): DayBounds[] {
  const days: DayBounds[] = [];
  for (const venue of scope.venues) {
    if (scope.venueId && venue.id !== scope.venueId) continue;
    for (let day = scope.from; day < scope.to; day = shiftDay(day, 1)) {
      days.push({ venueId: venue.id, day, ...businessDayBounds(day, venue.timezone, venue.cutoffMinutes) });
    }
  }
  return days;
}

export type RollupStatement = { sql: string; binds: (string | number)[] };

export type DayRollup = {
  venue_id: string; day: string; orders: number; revenue_cents: number; ai_orders: number; drinks: number; ai_interactions: number; ai_ordered: number;
};
export type DrinkRollup = { venue_id: string; day: string; name_key: string; name: string; qty: number };
export type RecentOrderRollup = { id: string; venue_id: string; created_at: string; status: string; total_cents: number };
export type Rollups = { days: DayRollup[]; drinks: DrinkRollup[]; recent: RecentOrderRollup[] };

const midnight = (day: string) => `${day}T00:00:00.000Z`;

const all = (...parts: RollupStatement[]): RollupStatement => ({ sql: parts.map((p) => p.sql).join(' AND '), binds: parts.flatMap((p) => p.binds) });

/** `time` within [from, to): `yyyy-mm-dd` days and ISO instants alike sort as text. */
const between = (time: string, from: string, to: string): RollupStatement => ({ sql: `${time} >= ? AND ${time} < ?`, binds: [from, to] });

/** The scope's days as a condition on a `yyyy-mm-dd` column. */
const during = (scope: RollupScope, day: string) => between(day, scope.from, scope.to);

/** On the shard: the scope's venue, or every venue there. */
const shardRows = (scope: RollupScope, venue: string, window: RollupStatement) =>
  (scope.venueId ? all(window, { sql: `${venue} = ?`, binds: [scope.venueId] }) : window);

/**
 * The instants the scope's business days span, all venues together: the index range the reads walk, before each
 * row is placed in its venue's day by the `days` table (a join on the venue and the day's bounds).
 */
function spanOf(days: readonly DayBounds[], scope: RollupScope) {
  if (days.length === 0) return { start: midnight(scope.from), end: midnight(scope.from) };
  return { start: days.reduce((min, d) => (d.start < min ? d.start : min), days[0]!.start), end: days.reduce((max, d) => (d.end > max ? d.end : max), days[0]!.end) };
}

/** The scope's business days as a table `days (venue_id, day, starts, ends)`, read once per statement. */
const daysTable = (days: readonly DayBounds[]): RollupStatement => ({
  sql: `WITH days AS MATERIALIZED (
          SELECT json_extract(value, '$[0]') AS venue_id, json_extract(value, '$[1]') AS day, json_extract(value, '$[2]') AS starts, json_extract(value, '$[3]') AS ends
          FROM json_each(?))`,
  binds: [JSON.stringify(days.map((d) => [d.venueId, d.day, d.start, d.end]))],
});

/** A row of `alias` (venue column `venue`, time column `created_at`) in its venue's business day `d`. */
const inItsDay = (alias: string, venue: string) => `JOIN days d ON d.venue_id = ${alias}.${venue} AND ${alias}.created_at >= d.starts AND ${alias}.created_at < d.ends`;

/** On the control database: the scope's venue, or the rows computed on the scope's shard. */
const controlRows = (scope: RollupScope): RollupStatement =>
  (scope.venueId ? { sql: 'venue_id = ?', binds: [scope.venueId] } : { sql: 'shard = ?', binds: [scope.shard] });

/** A recent-orders row, read from `orders o`, and the feed's order (newest first, the id breaking ties). */
const RECENT_COLUMNS = 'o.id, o.restaurant_id AS venue_id, o.created_at, o.status, o.total_cents';
const NEWEST_FIRST = 'o.created_at DESC, o.id DESC';

/** The three reads on the shard: counted sales and AI interactions per venue and business day, units per drink name, newest orders. */
export function rollupReads(scope: RollupScope): { days: RollupStatement; drinks: RollupStatement; recent: RollupStatement } {
  const days = scopeDays(scope);
  const span = spanOf(days, scope);
  const table = daysTable(days);
  const sold = shardRows(scope, 'o.restaurant_id', between('o.created_at', span.start, span.end));
  const archived = shardRows(scope, 'a.venue_id', during(scope, 'a.day'));
  const asked = shardRows(scope, 'i.restaurant_id', between('i.created_at', span.start, span.end));
  return {
    days: {
      // Archived orders keep counting through their day sums (docs/decisions/149), each UTC day in the business day
      // of the same date, as the venue's analytics count it; AI interactions are all kinds, as those count them.
      sql: `${table.sql}
            SELECT venue_id, day, SUM(orders) AS orders, SUM(revenue_cents) AS revenue_cents, SUM(ai_orders) AS ai_orders, SUM(drinks) AS drinks,
              SUM(ai_interactions) AS ai_interactions, SUM(ai_ordered) AS ai_ordered
            FROM (
              SELECT o.restaurant_id AS venue_id, d.day AS day, COUNT(*) AS orders, COALESCE(SUM(o.total_cents), 0) AS revenue_cents,
                     COALESCE(SUM(CASE WHEN o.referred_by_ai = 1 THEN 1 ELSE 0 END), 0) AS ai_orders, COALESCE(SUM(o.drink_count), 0) AS drinks,
                     0 AS ai_interactions, 0 AS ai_ordered
              FROM orders o ${inItsDay('o', 'restaurant_id')} WHERE ${COUNTED_ORDER} AND ${sold.sql} GROUP BY o.restaurant_id, d.day
              UNION ALL
              SELECT a.venue_id, a.day, a.orders, a.revenue_cents, a.ai_orders, a.drinks, 0, 0 FROM archived_order_days a WHERE ${archived.sql}
              UNION ALL
              SELECT i.restaurant_id, d.day, 0, 0, 0, 0, COUNT(*), COALESCE(SUM(CASE WHEN i.was_ordered = 1 THEN 1 ELSE 0 END), 0)
              FROM ai_interactions i ${inItsDay('i', 'restaurant_id')} WHERE ${asked.sql} GROUP BY i.restaurant_id, d.day
            ) GROUP BY venue_id, day`,
      binds: [...table.binds, ...sold.binds, ...archived.binds, ...asked.binds],
    },
    drinks: {
      sql: `${table.sql}
            SELECT o.restaurant_id AS venue_id, d.day AS day, LOWER(oi.name) AS name_key, MIN(oi.name) AS name, SUM(oi.quantity) AS qty
            FROM orders o ${inItsDay('o', 'restaurant_id')} JOIN order_items oi ON oi.order_id = o.id
            WHERE ${COUNTED_ORDER} AND ${sold.sql}
            GROUP BY o.restaurant_id, d.day, LOWER(oi.name)`,
      binds: [...table.binds, ...sold.binds],
    },
    // A venue's newest orders within the scope's days: with the rows kept from before, its newest overall. One venue
    // (its hub's recompute, every few seconds while it takes orders) walks its (restaurant_id, created_at) index back
    // from the newest and stops at the limit; a whole shard numbers each venue's orders (docs/decisions/203).
    recent: {
      sql: scope.venueId
        ? `SELECT ${RECENT_COLUMNS} FROM orders o WHERE ${sold.sql} ORDER BY ${NEWEST_FIRST} LIMIT ?`
        : `SELECT id, venue_id, created_at, status, total_cents FROM (
             SELECT ${RECENT_COLUMNS}, ROW_NUMBER() OVER (PARTITION BY o.restaurant_id ORDER BY ${NEWEST_FIRST}) AS newest
             FROM orders o WHERE ${sold.sql}
           ) WHERE newest <= ?`,
      binds: [...sold.binds, RECENT_ORDERS_PER_VENUE],
    },
  };
}

/**
 * The writes on the control database, one batch: each table's rows of the scope are upserted (a row computed
 * later is never overwritten by one computed earlier) and those not recomputed are deleted; each venue keeps its
 * RECENT_ORDERS_PER_VENUE newest orders. `computedAt` is when the shard was read.
 */
export function rollupWrites(scope: RollupScope, rollups: Rollups, computedAt: string): RollupStatement[] {
  const venues = controlRows(scope);
  const days = all(during(scope, 'day'), venues);
  const span = spanOf(scopeDays(scope), scope);
  const created = all(between('created_at', span.start, span.end), venues);
  const column = (i: number) => `json_extract(r.value, '$[${i}]')`;
  return [
    {
      sql: `INSERT INTO venue_day_rollups (venue_id, day, shard, orders, revenue_cents, ai_orders, drinks, ai_interactions, ai_ordered, computed_at)
            SELECT ${column(0)}, ${column(1)}, ?, ${column(2)}, ${column(3)}, ${column(4)}, ${column(5)}, ${column(6)}, ${column(7)}, ? FROM json_each(?) r WHERE true
            ON CONFLICT (venue_id, day) DO UPDATE SET shard = excluded.shard, orders = excluded.orders, revenue_cents = excluded.revenue_cents,
              ai_orders = excluded.ai_orders, drinks = excluded.drinks, ai_interactions = excluded.ai_interactions, ai_ordered = excluded.ai_ordered,
              computed_at = excluded.computed_at
            WHERE excluded.computed_at >= venue_day_rollups.computed_at`,
      binds: [scope.shard, computedAt, JSON.stringify(rollups.days.map((r) => [r.venue_id, r.day, r.orders, r.revenue_cents, r.ai_orders, r.drinks, r.ai_interactions, r.ai_ordered]))],
    },
    { sql: `DELETE FROM venue_day_rollups WHERE ${days.sql} AND computed_at < ?`, binds: [...days.binds, computedAt] },
    {
      sql: `INSERT INTO venue_day_drinks (venue_id, day, shard, name_key, name, qty, computed_at)
            SELECT ${column(0)}, ${column(1)}, ?, ${column(2)}, ${column(3)}, ${column(4)}, ? FROM json_each(?) r WHERE true
            ON CONFLICT (venue_id, day, name_key) DO UPDATE SET shard = excluded.shard, name = excluded.name, qty = excluded.qty, computed_at = excluded.computed_at
            WHERE excluded.computed_at >= venue_day_drinks.computed_at`,
      binds: [scope.shard, computedAt, JSON.stringify(rollups.drinks.map((r) => [r.venue_id, r.day, r.name_key, r.name, r.qty]))],
    },
    { sql: `DELETE FROM venue_day_drinks WHERE ${days.sql} AND computed_at < ?`, binds: [...days.binds, computedAt] },
    {
      sql: `INSERT INTO venue_recent_orders (id, venue_id, shard, created_at, status, total_cents, computed_at)
            SELECT ${column(0)}, ${column(1)}, ?, ${column(2)}, ${column(3)}, ${column(4)}, ? FROM json_each(?) r WHERE true
            ON CONFLICT (id) DO UPDATE SET venue_id = excluded.venue_id, shard = excluded.shard, created_at = excluded.created_at, status = excluded.status,
              total_cents = excluded.total_cents, computed_at = excluded.computed_at
            WHERE excluded.computed_at >= venue_recent_orders.computed_at`,
      binds: [scope.shard, computedAt, JSON.stringify(rollups.recent.map((r) => [r.id, r.venue_id, r.created_at, r.status, r.total_cents]))],
    },
    // An order of the scope's days not among its venue's newest there is not among its newest overall either.
    { sql: `DELETE FROM venue_recent_orders WHERE ${created.sql} AND computed_at < ?`, binds: [...created.binds, computedAt] },
    {
      sql: `DELETE FROM venue_recent_orders WHERE id IN (
              SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY venue_id ORDER BY created_at DESC, id DESC) AS newest
                              FROM venue_recent_orders WHERE ${venues.sql})
              WHERE newest > ?)`,
      binds: [...venues.binds, RECENT_ORDERS_PER_VENUE],
    },
  ];
}
