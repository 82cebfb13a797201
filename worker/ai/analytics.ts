// Reads over ai_interactions and AI-referred orders: the venue's AI analytics panel and the super
// admin's KPIs and interactions list. 'log' rows are client telemetry, not conversations: excluded.
// Interactions and orders are on their venue's shard (docs/decisions/150): the platform reads take every
// database that holds venues, or the one of the venue filtered on, and add or merge their answers.
import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AiInteraction, AiKpis } from '../../shared/schemas/ai';
import { aiInteractions, orders, venues } from '../db/schema';
import type { Db } from '../env';

const DAY_MS = 86_400_000;
const isoDaysAgo = (days: number, now: number) => new Date(now - days * DAY_MS).toISOString();
const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);
/** Percent change against the previous period; from nothing to something counts as +100%. */
const change = (current: number, previous: number) => (previous > 0 ? round1(((current - previous) / previous) * 100) : current > 0 ? 100 : 0);

async function interactionCountsOn(db: Db, where: SQL | undefined) {
  const [row] = await db.select({
    total: count(),
    liked: sql<number>`coalesce(sum(${aiInteractions.feedback} = 'like'), 0)`,
    disliked: sql<number>`coalesce(sum(${aiInteractions.feedback} = 'dislike'), 0)`,
    ordered: sql<number>`coalesce(sum(${aiInteractions.wasOrdered}), 0)`,
  }).from(aiInteractions).where(and(ne(aiInteractions.kind, 'log'), where));
  return { total: row?.total ?? 0, liked: Number(row?.liked ?? 0), disliked: Number(row?.disliked ?? 0), ordered: Number(row?.ordered ?? 0) };
}

async function aiOrderCountOn(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(orders).where(and(eq(orders.referredByAi, true), where));
  return row?.n ?? 0;
}

async function interactionCounts(dbs: readonly Db[], where: SQL | undefined) {
  const counts = await Promise.all(dbs.map((db) => interactionCountsOn(db, where)));
  return counts.reduce((sum, n) => ({ total: sum.total + n.total, liked: sum.liked + n.liked, disliked: sum.disliked + n.disliked, ordered: sum.ordered + n.ordered }),
    { total: 0, liked: 0, disliked: 0, ordered: 0 });
}

async function aiOrderCount(dbs: readonly Db[], where: SQL | undefined) {
  return (await Promise.all(dbs.map((db) => aiOrderCountOn(db, where)))).reduce((sum, n) => sum + n, 0);
}

export async function venueAnalytics(db: Db, venueId: string, now = Date.now()) {
  const since = isoDaysAgo(30, now);
  const [counts, aiOrders] = await Promise.all([
    interactionCounts([db], and(eq(aiInteractions.restaurantId, venueId), gte(aiInteractions.createdAt, since))),
    aiOrderCount([db], and(eq(orders.restaurantId, venueId), gte(orders.createdAt, since))),
  ]);
  const rated = counts.liked + counts.disliked;
  return {
    total_interactions_30_days: counts.total,
    satisfaction_rate_percent: rated > 0 ? percent(counts.liked, rated) : null,
    liked_interactions: counts.liked,
    disliked_interactions: counts.disliked,
    ai_orders_30_days: aiOrders,
    ordered_interactions_30_days: counts.ordered,
    conversion_rate_percent: percent(counts.ordered, counts.total),
  };
}

export const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

export async function platformKpis(dbs: readonly Db[], venueId: string | null, range: keyof typeof RANGE_DAYS, now = Date.now()): Promise<AiKpis> {
  const days = RANGE_DAYS[range];
  const start = isoDaysAgo(days, now);
  const previousStart = isoDaysAgo(days * 2, now);
  const iVenue = venueId ? eq(aiInteractions.restaurantId, venueId) : undefined;
  const oVenue = venueId ? eq(orders.restaurantId, venueId) : undefined;
  const [current, previous, ordersNow, ordersBefore] = await Promise.all([
    interactionCounts(dbs, and(iVenue, gte(aiInteractions.createdAt, start))),
    interactionCounts(dbs, and(iVenue, gte(aiInteractions.createdAt, previousStart), lt(aiInteractions.createdAt, start))),
    aiOrderCount(dbs, and(oVenue, gte(orders.createdAt, start))),
    aiOrderCount(dbs, and(oVenue, gte(orders.createdAt, previousStart), lt(orders.createdAt, start))),
  ]);
  const conversion = percent(current.ordered, current.total);
  return {
    interactions: current.total,
    interactionsChange: change(current.total, previous.total),
    aiOrders: ordersNow,
    aiOrdersChange: change(ordersNow, ordersBefore),
    conversion,
    conversionChange: round1(conversion - percent(previous.ordered, previous.total)),
  };
}

/** The newest interactions, newest first; each database answers its newest `limit` and the merge keeps `limit`. */
export async function listInteractions(dbs: readonly Db[], venueId: string | null, range: keyof typeof RANGE_DAYS, limit: number, now = Date.now()): Promise<AiInteraction[]> {
  const found = await Promise.all(dbs.map((db) => db.select({ i: aiInteractions, venueName: venues.name, venueSlug: venues.slug })
    .from(aiInteractions)
    .innerJoin(venues, eq(venues.id, aiInteractions.restaurantId))
    .where(and(ne(aiInteractions.kind, 'log'), gte(aiInteractions.createdAt, isoDaysAgo(RANGE_DAYS[range], now)), venueId ? eq(aiInteractions.restaurantId, venueId) : undefined))
    .orderBy(desc(aiInteractions.createdAt), desc(aiInteractions.id))
    .limit(limit)));
  // The order SQLite gives one database (binary string comparison, newest first), over all of them.
  const newestFirst = (a: { i: { createdAt: string; id: string } }, b: { i: { createdAt: string; id: string } }) =>
    a.i.createdAt !== b.i.createdAt ? (a.i.createdAt < b.i.createdAt ? 1 : -1) : a.i.id < b.i.id ? 1 : a.i.id > b.i.id ? -1 : 0;
  const rows = found.length === 1 ? found[0]! : found.flat().sort(newestFirst).slice(0, limit);
  return rows.map(({ i, venueName, venueSlug }) => ({
    id: i.id, venue_name: venueName, venue_slug: venueSlug, kind: i.kind, query: i.query, selected_drink_name: i.selectedDrinkName,
    was_ordered: i.wasOrdered, feedback: i.feedback, backend: i.backend, model: i.model, created_at: i.createdAt,
  }));
}
