// History beyond the hot window (docs/decisions/149): archived orders are paged by their slim index rows on
// the venue's shard, by the same keys and filters as live orders, and only the day files of the orders a
// page shows are read from R2.
import { and, desc, eq, gte, inArray, lt, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Order, StaffOrderFilter } from '../../shared/schemas/order';
import { archivedOrders, venues } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { readArchiveDay } from '../jobs';
import type { OrderCursor } from './order-cursor';
import { toOrder } from './serialize';

type ArchivedRef = { id: string; restaurantId: string; createdAt: string };

/** The filter of statusCondition (worker/orders/queries.ts) over the index; null: no archived order can match. */
function archivedStatusCondition(filter: StaffOrderFilter): SQL | undefined | null {
  switch (filter) {
    case 'all': return undefined;
    case 'active': case 'pending': case 'preparing': case 'ready': return null;
    case 'open': return and(notInArray(archivedOrders.paymentStatus, ['captured', 'refunded']), ne(archivedOrders.status, 'cancelled'));
    case 'paid': return eq(archivedOrders.paymentStatus, 'captured');
    case 'void': return eq(archivedOrders.status, 'cancelled');
    default: return eq(archivedOrders.status, filter);
  }
}

/** The archived orders named, from their day files, newest first. */
async function loadArchived(env: WorkerEnv, refs: ArchivedRef[]): Promise<Order[]> {
  const days = new Map<string, { venueId: string; day: string }>();
  for (const ref of refs) days.set(`${ref.restaurantId}/${ref.createdAt.slice(0, 10)}`, { venueId: ref.restaurantId, day: ref.createdAt.slice(0, 10) });
  const wanted = new Set(refs.map((ref) => ref.id));
  const files = await Promise.all([...days.values()].map(({ venueId, day }) => readArchiveDay(env, venueId, day)));
  const found = new Map(files.flat().filter((line) => wanted.has(line.order.id)).map((line) => [line.order.id, toOrder(line.order, line.items)]));
  return refs.map((ref) => found.get(ref.id)).filter((order): order is Order => order !== undefined);
}

const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** A newest-first page of live orders completed with archived ones: the newest `limit` of both. */
export function mergeNewestFirst<T extends { created_at: string; id: string }>(live: T[], archived: T[], limit: number): T[] {
  return [...live, ...archived].sort(newestFirst).slice(0, limit);
}

/** A venue's archived orders for staff and admin history, newest first. */
export async function archivedVenueOrders(env: WorkerEnv, db: Db, venueId: string, opts: { filter: StaffOrderFilter; limit: number; since?: string; before?: string; after?: OrderCursor }): Promise<Order[]> {
  const status = archivedStatusCondition(opts.filter);
  if (status === null) return [];
  const refs = await db.select().from(archivedOrders)
    .where(and(
      eq(archivedOrders.restaurantId, venueId), status,
      opts.since ? gte(archivedOrders.createdAt, new Date(opts.since).toISOString()) : undefined,
      opts.before ? lt(archivedOrders.createdAt, new Date(opts.before).toISOString()) : undefined,
      opts.after ? or(lt(archivedOrders.createdAt, opts.after.createdAt), and(eq(archivedOrders.createdAt, opts.after.createdAt), lt(archivedOrders.id, opts.after.id))) : undefined,
    ))
    .orderBy(desc(archivedOrders.createdAt), desc(archivedOrders.id))
    .limit(opts.limit);
  return loadArchived(env, refs);
}

/** A guest's archived orders (at one venue or any on this shard), newest first, with the venue's slug. */
export async function archivedGuestOrders(env: WorkerEnv, db: Db, ownerKeys: string[], venueId: string | null, limit: number) {
  const refs = await db.select({ id: archivedOrders.id, restaurantId: archivedOrders.restaurantId, createdAt: archivedOrders.createdAt, slug: venues.slug })
    .from(archivedOrders).innerJoin(venues, eq(venues.id, archivedOrders.restaurantId))
    .where(and(inArray(archivedOrders.ownerKey, ownerKeys), venueId ? eq(archivedOrders.restaurantId, venueId) : undefined))
    .orderBy(desc(archivedOrders.createdAt), desc(archivedOrders.id)).limit(limit);
  const slugs = new Map(refs.map((ref) => [ref.id, ref.slug]));
  return (await loadArchived(env, refs)).map((order) => ({ ...order, venue_slug: slugs.get(order.id)! }));
}
