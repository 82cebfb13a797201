// Reading orders: a guest's own, and a venue's for staff and admins (always scoped by the caller).
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES } from '../../shared/orders';
import type { AiOrder, StaffOrderFilter } from '../../shared/schemas/order';
import type { Caller, WorkerEnv } from '../env';
import { everyVenueDatabase, type VenueDatabase } from '../shards';
import { drinkIngredients, orders, venues } from '../db/schema';
import type { Db } from '../env';
import { itemsByOrder, toOrder, toOrders, type OrderRow } from './serialize';
import { liveEta, withQueueEtas } from './queue';
import { inChunks } from '../lib/in-chunks';
import { archivedGuestOrders, archivedVenueOrders, mergeNewestFirst } from './archive-reads';
import type { OrderCursor } from './order-cursor';

type GuestCaller = Extract<Caller, { kind: 'guest' }>;

/** A guest reads the orders of their account and of this device (placed before signing in). */
export function guestOwnerKeys(guest: GuestCaller): string[] {
  const keys = [`s:${guest.sessionId}`];
  if (guest.guestId) keys.unshift(`g:${guest.guestId}`);
  return keys;
}

/** The spec's status readings as a condition (docs/product.md §4.8: open = not paid and not cancelled). */
export function statusCondition(filter: StaffOrderFilter): SQL | undefined {
  switch (filter) {
    case 'all': return undefined;
    case 'active': return inArray(orders.status, [...ACTIVE_ORDER_STATUSES]);
    case 'open': return and(notInArray(orders.paymentStatus, ['captured', 'refunded']), ne(orders.status, 'cancelled'));
    case 'paid': return eq(orders.paymentStatus, 'captured');
    case 'void': return eq(orders.status, 'cancelled');
    default: return eq(orders.status, filter);
  }
}

/** A venue's orders, newest first; the active queue oldest first (the order the bar works it). */
/** An order code (the last characters of its id, as cards show it) or a guest's name, case aside. */
export function orderSearchCondition(q: string): SQL {
  const text = `%${q.replace(/^#/, '').toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`(lower(${orders.id}) like ${text} escape '\\' or lower(coalesce(${orders.customerName}, '')) like ${text} escape '\\'
    or lower(coalesce(${orders.displayName}, '')) like ${text} escape '\\')`;
}

export async function venueOrders(db: Db, venueId: string, opts: { filter: StaffOrderFilter; limit: number; since?: string; before?: string; after?: OrderCursor; table?: string; q?: string }) {
  const rows = await db.select().from(orders)
    .where(and(
      eq(orders.restaurantId, venueId), statusCondition(opts.filter),
      opts.table ? eq(orders.tableNumber, opts.table) : undefined,
      opts.q ? orderSearchCondition(opts.q) : undefined,
      opts.since ? gte(orders.createdAt, new Date(opts.since).toISOString()) : undefined,
      opts.before ? lt(orders.createdAt, new Date(opts.before).toISOString()) : undefined,
      opts.after ? or(lt(orders.createdAt, opts.after.createdAt), and(eq(orders.createdAt, opts.after.createdAt), lt(orders.id, opts.after.id))) : undefined,
    ))
    .orderBy(...(opts.filter === 'active' ? [asc(orders.createdAt)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(opts.limit);
  return withQueueEtas(db, venueId, await toOrders(db, rows));
}

/** Staff and admin history: a venue's newest orders, live and archived (docs/decisions/149). */
export async function venueOrderHistory(env: WorkerEnv, db: Db, venueId: string, opts: Parameters<typeof venueOrders>[2]) {
  // The archive keeps an order's status and time only (docs/decisions/149): a table or search reads live orders.
  const searched = Boolean(opts.table || opts.q);
  const [live, archived] = await Promise.all([venueOrders(db, venueId, opts), searched ? [] : archivedVenueOrders(env, db, venueId, opts)]);
  return mergeNewestFirst(live, archived, opts.limit);
}

/** How many orders each part of the bar screen's list holds (the default of GET /staff/orders). */
const STAFF_QUEUE_LIMIT = 100;

/**
 * The bar screen's orders in one answer: every order still to make, however old (oldest first), then
 * the latest ones not among them (newest first).
 */
export async function staffQueue(db: Db, venueId: string) {
  const [active, recent] = await Promise.all([
    venueOrders(db, venueId, { filter: 'active', limit: STAFF_QUEUE_LIMIT }),
    venueOrders(db, venueId, { filter: 'all', limit: STAFF_QUEUE_LIMIT }),
  ]);
  const queued = new Set(active.map((o) => o.id));
  return [...active, ...recent.filter((o) => !queued.has(o.id))];
}

/** One of a guest's orders with its items and the live ETA, or null when it is not theirs. */
export async function guestOrder(db: Db, guest: GuestCaller, orderId: string) {
  const row = await db.query.orders.findFirst({ where: and(eq(orders.id, orderId), inArray(orders.ownerKey, guestOwnerKeys(guest))) });
  return row ? withLiveEta(db, row) : null;
}

async function withLiveEta(db: Db, row: OrderRow) {
  const items = (await itemsByOrder(db, [row.id])).get(row.id) ?? [];
  const eta = await liveEta(db, row, items.reduce((n, i) => n + i.quantity, 0));
  return { row, order: toOrder(row, items, eta.etaMinutes), position: eta.position };
}

/** The guest's newest active order, at one venue or anywhere. */
export async function guestActiveOrder(db: Db, guest: GuestCaller, venueId: string | null) {
  const found = await db.select({ order: orders, slug: venues.slug }).from(orders)
    .innerJoin(venues, eq(venues.id, orders.restaurantId))
    .where(and(
      inArray(orders.ownerKey, guestOwnerKeys(guest)),
      inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
      venueId ? eq(orders.restaurantId, venueId) : undefined,
    ))
    .orderBy(desc(orders.createdAt)).limit(1);
  if (!found[0]) return null;
  const { order } = await withLiveEta(db, found[0].order);
  return { ...order, venue_slug: found[0].slug };
}

/** The guest's newest orders, live and archived (docs/decisions/149), newest first. */
export async function guestHistory(env: WorkerEnv, db: Db, guest: GuestCaller, venueId: string | null, limit: number) {
  const rows = await db.select({ order: orders, slug: venues.slug }).from(orders)
    .innerJoin(venues, eq(venues.id, orders.restaurantId))
    .where(and(inArray(orders.ownerKey, guestOwnerKeys(guest)), venueId ? eq(orders.restaurantId, venueId) : undefined))
    .orderBy(desc(orders.createdAt)).limit(limit);
  const items = await itemsByOrder(db, rows.map((r) => r.order.id));
  const live = rows.map(({ order, slug }) => {
    const wire = toOrder(order, items.get(order.id) ?? []);
    return { ...wire, venue_slug: slug };
  });
  return mergeNewestFirst(live, await archivedGuestOrders(env, db, guestOwnerKeys(guest), venueId, limit), limit);
}

/** 'AI order' tickets (docs/decisions/152): orders from a suggestion or carrying a recipe or custom name, with build sheets. */
export async function aiOrders(db: Db, venueId: string, limit: number): Promise<AiOrder[]> {
  const rows = await db.select().from(orders)
    .where(and(eq(orders.restaurantId, venueId), or(eq(orders.referredByAi, true), isNotNull(orders.aiRecipeName), isNotNull(orders.customName))))
    .orderBy(desc(orders.createdAt)).limit(limit);
  const items = await itemsByOrder(db, rows.map((r) => r.id));
  const drinkIds = [...new Set([...items.values()].flat().map((i) => i.menuDrinkId).filter((id): id is string => Boolean(id)))];
  const steps = new Map<string, { ingredient_name: string; quantity: number; unit: string }[]>();
  for (const part of inChunks(drinkIds)) {
    const lines = await db.select().from(drinkIngredients)
      .where(inArray(drinkIngredients.menuDrinkId, part))
      .orderBy(asc(drinkIngredients.menuDrinkId), asc(drinkIngredients.position));
    for (const line of lines) {
      const list = steps.get(line.menuDrinkId) ?? [];
      list.push({ ingredient_name: line.rawName, quantity: line.quantity, unit: line.unit });
      steps.set(line.menuDrinkId, list);
    }
  }
  return rows.map((row) => {
    const wire = toOrder(row, items.get(row.id) ?? []);
    return {
      id: row.id,
      status: row.status,
      display_name: wire.display_name,
      created_at: row.createdAt,
      delivered_at: row.deliveredAt,
      referred_by_ai: row.referredByAi,
      ai_recipe_name: row.aiRecipeName,
      custom_name: row.customName,
      items: (items.get(row.id) ?? []).sort((a, b) => a.position - b.position).map((item) => ({
        menu_drink_id: item.menuDrinkId,
        name: item.name,
        image_url: item.imageUrl,
        quantity: item.quantity,
        notes: item.notes,
        modifiers: item.modifiers,
        build_steps: item.isAiCreation
          ? (item.recipe ?? []).map((r) => ({ ingredient_name: r.ingredient, quantity: r.quantity, unit: r.unit }))
          : steps.get(item.menuDrinkId ?? '') ?? [],
      })),
    };
  });
}

export const sinceWindow = (window: '1h' | '24h' | 'all', now = Date.now()) =>
  window === 'all' ? undefined : new Date(now - (window === '1h' ? 1 : 24) * 3600_000).toISOString();

// A guest's orders are spread over the shards of the venues they ordered at (docs/decisions/150): reads not
// scoped to one venue ask every database that holds venues, in parallel, and merge.

/** Which handle to read a shard through (its primary, or a session from the caller's bookmark). */
type ShardReads = (shard: VenueDatabase) => Db;

/** One of the guest's orders on whichever shard holds it, with that shard's handle. */
export async function guestOrderOnAnyShard(env: WorkerEnv, guest: GuestCaller, orderId: string, readsOf: ShardReads = (shard) => shard.db) {
  const found = await Promise.all((await everyVenueDatabase(env)).map(async (shard) => {
    const db = readsOf(shard);
    const order = await guestOrder(db, guest, orderId);
    return order ? { ...order, db } : null;
  }));
  return found.find((order) => order !== null) ?? null;
}

/** The guest's newest active order at any venue. */
export async function guestActiveOrderOnAnyShard(env: WorkerEnv, guest: GuestCaller, readsOf: ShardReads = (shard) => shard.db) {
  const found = await Promise.all((await everyVenueDatabase(env)).map((shard) => guestActiveOrder(readsOf(shard), guest, null)));
  return found.filter((order) => order !== null).sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
}

/** The guest's newest orders at any venue. */
export async function guestHistoryOnAnyShard(env: WorkerEnv, guest: GuestCaller, limit: number) {
  const found = await Promise.all((await everyVenueDatabase(env)).map((shard) => guestHistory(env, shard.db, guest, null, limit)));
  return found.flat().sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, limit);
}
