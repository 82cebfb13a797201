// The D1 write ceiling of order placement (bench/, docs/decisions/176): the very write batch a
// placement commits (worker/orders/placement.ts: the order, its two lines, its first order event, its live-log
// event (docs/decisions/154) and the idempotency record), run back to back inside the Worker, without HTTP, auth, the venue's
// Durable Object or placement's reads; and the HTTP write floor (docs/decisions/176): that one batch
// behind one guest HTTP request, with nothing else. Demo mode only.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { orderTotals } from '../../shared/money';
import type { D1InsertResult, D1WriteOnceResult } from '../../shared/schemas/bench';
import { idempotencyRecords, menuDrinks, orderEvents, orderItems, orders, venues } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';
import { toOrder, type NewOrderItemRow, type OrderRow } from '../orders';
import { liveCreationInsert } from '../live';

const LINES = 2;

type CeilingVenue = { venue: typeof venues.$inferSelect; drinks: (typeof menuDrinks.$inferSelect)[] };

/** The bench venue and the two drinks its placement-shaped batches order. */
async function loadCeilingVenue(db: Db, venueSlug: string): Promise<CeilingVenue> {
  const venue = await db.query.venues.findFirst({ where: eq(venues.slug, venueSlug) });
  if (!venue) throw notFound('Venue not found');
  const drinks = await db.select().from(menuDrinks)
    .where(and(eq(menuDrinks.restaurantId, venue.id), eq(menuDrinks.isAvailable, true), isNull(menuDrinks.soldOutReason)))
    .orderBy(asc(menuDrinks.name)).limit(LINES);
  if (drinks.length < LINES) throw notFound(`The venue needs ${LINES} available drinks`);
  return { venue, drinks };
}

/** One placement-shaped write batch: how many statements it held, and what it wrote. */
async function writePlacementBatch(db: Db, { venue, drinks }: CeilingVenue) {
  const orderId = newId();
  const ownerKey = `s:bench-ceiling-${newId()}`;
  const now = new Date().toISOString();
  const items: NewOrderItemRow[] = drinks.map((drink, position) => ({
    orderId, menuDrinkId: drink.id, name: drink.name, description: drink.description, imageUrl: drink.imageUrl,
    unitPriceCents: drink.priceCents, quantity: position + 1, lineTotalCents: drink.priceCents * (position + 1),
    notes: null, modifiers: null, isAiCreation: false, aiRecipeName: null, recipe: null,
    allergens: drink.allergens, containsAlcohol: drink.containsAlcohol, position,
  }));
  const totals = orderTotals(items.map((i) => ({ unitPriceCents: i.unitPriceCents, quantity: i.quantity })), venue.taxRateBp);
  const orderRow: OrderRow = {
    id: orderId, restaurantId: venue.id, ownerKey, guestSessionId: null, guestId: null, userId: null,
    displayName: null, customerName: null, customerPhone: null, status: 'pending', paymentStatus: 'unpaid', paymentMethod: null, paymentProblem: null,
    subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents, taxRateBp: venue.taxRateBp,
    specialInstructions: null, salesChannel: 'app', tableNumber: null, referredByAi: false, aiRecipeName: null, customName: null,
    aiInteractionId: null, etaMinutes: 5, drinkCount: items.reduce((n, i) => n + i.quantity, 0), stockDeductedAt: null, deliveredAt: null, madeAt: null, tableSessionId: null, code: null, createdAt: now, updatedAt: now,
  };
  const batch = [
    db.insert(orders).values(orderRow),
    ...items.map((row) => db.insert(orderItems).values(row)),
    db.insert(orderEvents).values({ orderId, fromStatus: null, toStatus: 'pending', actorType: 'guest', createdAt: now }),
    liveCreationInsert(db, { venueId: venue.id, orderId, from: null, to: 'pending', at: now }, 0),
    db.insert(idempotencyRecords).values({
      // The request's hash and the order id, as placement keeps them (docs/decisions/157).
      restaurantId: venue.id, key: newId(36), ownerKey, requestHash: newId(64), orderId, createdAt: now,
    }),
  ] as const;
  await db.batch(batch);
  return { statements: batch.length, orderRow, items };
}

export async function runD1InsertLoop(db: Db, venueSlug: string, batches: number, parallel: number): Promise<D1InsertResult> {
  const target = await loadCeilingVenue(db, venueSlug);
  let statements = 0;
  const writeOne = async () => {
    statements = (await writePlacementBatch(db, target)).statements;
  };

  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(parallel, batches) }, async () => {
    while (next < batches) {
      next++;
      await writeOne();
    }
  }));
  const ms = performance.now() - started;
  return {
    batches,
    statements_per_batch: statements,
    parallel,
    ms: Math.round(ms),
    batches_per_s: Math.round((batches / Math.max(ms, 1)) * 1000 * 10) / 10,
  };
}

/** Bench venues only: the floor route is open to any guest token, so it never writes to a real venue. */
export const BENCH_VENUE_PREFIX = 'bench-';

/** Loaded once per isolate and slug: the floor measures the HTTP request and the batch, not these reads. */
const floorVenues = new Map<string, Promise<CeilingVenue>>();

/**
 * The HTTP write floor: one placement-shaped write batch for one HTTP request, nothing else; it answers the order
 * it wrote as placement answers its own (docs/decisions/176).
 */
export async function writeOncePlacementBatch(db: Db, venueSlug: string): Promise<D1WriteOnceResult> {
  if (!venueSlug.startsWith(BENCH_VENUE_PREFIX)) throw notFound('Venue not found');
  let target = floorVenues.get(venueSlug);
  if (!target) {
    target = loadCeilingVenue(db, venueSlug);
    floorVenues.set(venueSlug, target);
    target.catch(() => floorVenues.delete(venueSlug));
  }
  const { orderRow, items } = await writePlacementBatch(db, await target);
  return toOrder(orderRow, items.map((item) => ({ ...item, id: `${orderRow.id}-${item.position}` })));
}
