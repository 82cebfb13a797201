// Reading venues and their guest menus: the one place guests' venue lookups go through.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { menuOrder } from '../../shared/categories';
import { menuDrinks, venues } from '../db/schema';
import { drinkColumns, toDrink, toVenue } from '../db/serializers';
import type { Db } from '../env';
import { notFound } from '../lib/errors';
import { jsonEntity } from '../lib/http-cache';
import { cachedRead } from '../menu/read-cache';

const activeVenueIs = (idOrSlug: string | ReturnType<typeof sql.placeholder>) => and(or(eq(venues.id, idOrSlug), eq(venues.slug, idOrSlug)), eq(venues.active, true));

/**
 * A prepared statement built once per database handle (one per binding and isolate,
 * worker/lib/middleware.ts) instead of per request: these are the hottest reads (docs/decisions/082).
 */
function perHandle<S>(build: (db: Db) => S) {
  const cache = new WeakMap<Db, S>();
  return (db: Db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

const venueStatement = perHandle((db) => db.select().from(venues).where(activeVenueIs(sql.placeholder('idOrSlug'))).limit(1).prepare());

/** An active venue by id or slug; guests never see inactive venues. Every guest read and placement starts here. */
export async function findActiveVenue(db: Db, idOrSlug: string) {
  const [venue] = await venueStatement(db).all({ idOrSlug });
  if (!venue) throw notFound('Venue not found');
  return venue;
}

const menuStatement = perHandle((db) => db.select({ venueId: venues.id, categoryOrder: venues.categoryOrder, drink: drinkColumns }).from(venues)
  .leftJoin(menuDrinks, and(eq(menuDrinks.restaurantId, venues.id), eq(menuDrinks.isAvailable, true), isNull(menuDrinks.soldOutReason)))
  .where(activeVenueIs(sql.placeholder('idOrSlug')))
  .prepare());

/**
 * The guest menu of an active venue (available, not sold out; featured first, then the admin's category order,
 * shared/categories.ts menuOrder) in ONE statement: the venue left-joined to its drinks, so an unknown or inactive
 * venue is no row at all and a venue without drinks is one row without a drink.
 */
export async function activeVenueMenu(db: Db, idOrSlug: string) {
  const rows = await menuStatement(db).all({ idOrSlug });
  if (!rows.length) throw notFound('Venue not found');
  const drinks = rows.flatMap((row) => (row.drink ? [row.drink] : []));
  return menuOrder(drinks, rows[0]!.categoryOrder).map(toDrink);
}

/** The menu's answer (body and ETag) from the isolate's read cache, kept per D1 binding (docs/decisions/085). */
export const cachedMenuEntity = (db: Db, binding: D1Database, idOrSlug: string) =>
  cachedRead(binding, `menu:${idOrSlug}`, async () => jsonEntity({ drinks: await activeVenueMenu(db, idOrSlug) }));

/** The venue's answer (body and ETag) from the same read cache. */
export const cachedVenueEntity = (db: Db, binding: D1Database, idOrSlug: string) =>
  cachedRead(binding, `venue:${idOrSlug}`, async () => jsonEntity({ venue: toVenue(await findActiveVenue(db, idOrSlug)) }));

