// Reading venues and their guest menus: the one place guests' venue lookups go through.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { menuOrder } from '../../shared/categories';
import type { ContentLanguage } from '../../shared/languages';
import { menuDrinks, menuDrinkTranslations, venues } from '../db/schema';
import { drinkColumns, toDrink, toVenue } from '../db/serializers';
import type { Db } from '../env';
import { notFound } from '../lib/errors';
import { jsonEntity } from '../lib/http-cache';
import { cachedRead, localiseDrink } from '../menu';

const activeVenueIs = (idOrSlug: string | ReturnType<typeof sql.placeholder>) => and(or(eq(venues.id, idOrSlug), eq(venues.slug, idOrSlug)), eq(venues.active, true));

/**
 * A prepared statement built once per database handle (one per binding and isolate,
 * worker/lib/middleware.ts) instead of per request: these are the hottest reads (docs/decisions/085).
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

const menuStatement = perHandle((db) => db.select({
  venueId: venues.id, categoryOrder: venues.categoryOrder, defaultLanguage: venues.defaultLanguage, drink: drinkColumns,
  translatedName: menuDrinkTranslations.name, translatedDescription: menuDrinkTranslations.description,
}).from(venues)
  .leftJoin(menuDrinks, and(eq(menuDrinks.restaurantId, venues.id), eq(menuDrinks.isAvailable, true), isNull(menuDrinks.soldOutReason)))
  // Only an approved translation in the guest's language (docs/decisions/217); '' (no language asked) matches none.
  .leftJoin(menuDrinkTranslations, and(eq(menuDrinkTranslations.menuDrinkId, menuDrinks.id),
    eq(menuDrinkTranslations.language, sql.placeholder('lang')), eq(menuDrinkTranslations.status, 'approved')))
  .where(activeVenueIs(sql.placeholder('idOrSlug')))
  .prepare());

/**
 * The guest menu of an active venue (available, not sold out; featured first, then the admin's category order,
 * shared/categories.ts menuOrder) in ONE statement: the venue left-joined to its drinks, so an unknown or inactive
 * venue is no row at all and a venue without drinks is one row without a drink.
 */
export async function activeVenueMenu(db: Db, idOrSlug: string, lang?: ContentLanguage) {
  const rows = await menuStatement(db).all({ idOrSlug, lang: lang ?? '' });
  if (!rows.length) throw notFound('Venue not found');
  const { categoryOrder, defaultLanguage } = rows[0]!;
  const translations = new Map(rows.flatMap((row) => (row.drink && row.translatedName !== null
    ? [[row.drink.id, { name: row.translatedName, description: row.translatedDescription ?? '' }] as const] : [])));
  const drinks = rows.flatMap((row) => (row.drink ? [row.drink] : []));
  // Ordered by the venue's own names, so the menu's order is the same in every language.
  return menuOrder(drinks, categoryOrder).map((row) => localiseDrink(toDrink(row, defaultLanguage), lang, translations.get(row.id)));
}

/**
 * The menu's answer (body and ETag) from the isolate's read cache, kept per D1 binding (docs/decisions/085), one
 * entry per language asked for (docs/decisions/217). A translation's edit is a write like any other: it drops them all.
 */
export const cachedMenuEntity = (db: Db, binding: D1Database, idOrSlug: string, lang?: ContentLanguage) =>
  cachedRead(binding, `menu:${idOrSlug}:${lang ?? ''}`, async () => jsonEntity({ drinks: await activeVenueMenu(db, idOrSlug, lang) }));

/** The venue's answer (body and ETag) from the same read cache. */
export const cachedVenueEntity = (db: Db, binding: D1Database, idOrSlug: string) =>
  cachedRead(binding, `venue:${idOrSlug}`, async () => jsonEntity({ venue: toVenue(await findActiveVenue(db, idOrSlug)) }));

