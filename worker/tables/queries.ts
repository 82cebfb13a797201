// Reading a table (docs/decisions/231): everything its state is built from, as queries that run in one D1 batch,
// either alone or after a change's writes in the same batch, so a change and its read-back are one round trip.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { LIVE_SESSION_STATUSES, tableOwnerKey } from '../../shared/tables';
import {
  menuDrinks, orderItems, orders, tabClaims, tabShares, tableCartLines, tableMembers, tableSessions, venues, venueTables,
} from '../db/schema';
import type { Db } from '../env';
import { creationRecipeFacts } from '../orders';

export type SessionRow = typeof tableSessions.$inferSelect;
export type MemberRow = typeof tableMembers.$inferSelect;
export type CartLineRow = typeof tableCartLines.$inferSelect;
export type ShareRow = typeof tabShares.$inferSelect;
export type ClaimRow = typeof tabClaims.$inferSelect;
export type RoundRow = typeof orders.$inferSelect;
export type RoundLineRow = typeof orderItems.$inferSelect;
export type DrinkRow = typeof menuDrinks.$inferSelect;

import type { HappyHourRule } from '../../shared/schemas/venue';
export type TableVenue = {
  id: string; slug: string; name: string; active: boolean; taxRateBp: number;
  serviceChargeBp: number; tipPresetsBp: number[]; tabAutoCloseHours: number;
  timezone: string; happyHours: HappyHourRule[];
};

export const venueSettingsColumns = {
  id: venues.id, slug: venues.slug, name: venues.name, active: venues.active, taxRateBp: venues.taxRateBp,
  serviceChargeBp: venues.serviceChargeBp, tipPresetsBp: venues.tipPresetsBp, tabAutoCloseHours: venues.tabAutoCloseHours,
  timezone: venues.timezone, happyHours: venues.happyHours,
};

/** Everything a table's state is read from. */
export type TableRows = {
  session: SessionRow;
  venue: TableVenue;
  /** Every member the session ever had (their names stay on lines and shares), oldest first. */
  members: MemberRow[];
  cart: { line: CartLineRow; drink: DrinkRow | null }[];
  rounds: RoundRow[];
  roundLines: RoundLineRow[];
  claims: ClaimRow[];
  shares: ShareRow[];
  /** What each AI creation line of the cart holds, from its recipe's canonical ingredients (docs/decisions/238). */
  creationFacts: Map<string, { allergens: string[]; containsAlcohol: boolean }>;
};

/** The table's reads, in the order parseTableRows takes their results. */
export function tableReads(db: Db, sessionId: string) {
  return [
    db.select().from(tableSessions).where(eq(tableSessions.id, sessionId)).limit(1),
    db.select(venueSettingsColumns).from(venues).innerJoin(tableSessions, eq(tableSessions.restaurantId, venues.id)).where(eq(tableSessions.id, sessionId)).limit(1),
    db.select().from(tableMembers).where(eq(tableMembers.sessionId, sessionId)).orderBy(asc(tableMembers.joinedAt), asc(tableMembers.id)),
    db.select().from(tableCartLines).where(eq(tableCartLines.sessionId, sessionId)).orderBy(asc(tableCartLines.createdAt), asc(tableCartLines.id)),
    // The cart's drinks apart, not joined: a batch's rows are keyed by column name, which two tables would share.
    db.select().from(menuDrinks).where(inArray(menuDrinks.id, db.select({ id: tableCartLines.menuDrinkId }).from(tableCartLines).where(eq(tableCartLines.sessionId, sessionId)))),
    db.select().from(orders).where(eq(orders.tableSessionId, sessionId)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db.select({ line: orderItems }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.tableSessionId, sessionId)).orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db.select().from(tabClaims).where(eq(tabClaims.sessionId, sessionId)).orderBy(asc(tabClaims.createdAt), asc(tabClaims.memberId)),
    db.select().from(tabShares).where(eq(tabShares.sessionId, sessionId)).orderBy(asc(tabShares.position)),
  ] as const;
}

export const TABLE_READ_COUNT = 9;

type ReadResults = { [K in keyof ReturnType<typeof tableReads>]: Awaited<ReturnType<typeof tableReads>[K]> };

/** The rows from the reads' results, or null when the session does not exist. */
export async function parseTableRows(db: Db, results: readonly unknown[]): Promise<TableRows | null> {
  const [sessions, venueRows, members, lines, drinks, rounds, roundLines, claims, shares] = results as unknown as ReadResults;
  const session = sessions[0];
  const venue = venueRows[0];
  if (!session || !venue) return null;
  const drinkById = new Map(drinks.map((d) => [d.id, d]));
  const cart = lines.map((line) => ({ line, drink: line.menuDrinkId ? drinkById.get(line.menuDrinkId) ?? null : null }));
  const creations = cart.filter(({ line }) => line.isAiCreation);
  const facts = await creationRecipeFacts(db, creations.map(({ line }) => line.recipe ?? []));
  return {
    session,
    // The tab keeps the service charge it opened with: a later change of the venue's rate is for new tabs (docs/payments.md).
    venue: { ...venue, serviceChargeBp: session.serviceChargeBp ?? venue.serviceChargeBp },
    members,
    cart,
    rounds,
    roundLines: roundLines.map((r) => r.line),
    claims,
    shares,
    creationFacts: new Map(creations.map(({ line }, i) => [line.id, { allergens: facts[i]!.allergens, containsAlcohol: facts[i]!.containsAlcohol }])),
  };
}

/** The cart's order, as tableReads reads it: by creation time, then id. */
const byCreation = (a: { line: CartLineRow }, b: { line: CartLineRow }) =>
  a.line.createdAt === b.line.createdAt ? (a.line.id < b.line.id ? -1 : a.line.id > b.line.id ? 1 : 0) : a.line.createdAt < b.line.createdAt ? -1 : 1;

/**
 * The table after a change of its cart alone, from the rows its writes returned (RETURNING) and the session row its
 * version bump returned: the rest of the table cannot have moved in the session's turn (docs/decisions/231).
 */
export async function withCartWrites(
  db: Db, before: TableRows, session: SessionRow, written: readonly CartLineRow[], change: { removedLines?: readonly string[]; lineDrinks?: readonly DrinkRow[] },
): Promise<TableRows> {
  const drinks = new Map<string, DrinkRow>();
  for (const { drink } of before.cart) if (drink) drinks.set(drink.id, drink);
  for (const drink of change.lineDrinks ?? []) drinks.set(drink.id, drink);
  const lines = new Map(before.cart.map((entry) => [entry.line.id, entry]));
  for (const line of written) lines.set(line.id, { line, drink: line.menuDrinkId ? drinks.get(line.menuDrinkId) ?? null : null });
  for (const id of change.removedLines ?? []) lines.delete(id);
  const cart = [...lines.values()].sort(byCreation);
  const creationFacts = new Map([...before.creationFacts].filter(([id]) => lines.has(id)));
  const created = cart.filter(({ line }) => line.isAiCreation && !creationFacts.has(line.id));
  if (created.length) {
    const facts = await creationRecipeFacts(db, created.map(({ line }) => line.recipe ?? []));
    created.forEach(({ line }, i) => creationFacts.set(line.id, { allergens: facts[i]!.allergens, containsAlcohol: facts[i]!.containsAlcohol }));
  }
  return { ...before, session, cart, creationFacts };
}

/** A table as it is now (one round trip, two when its cart holds an AI creation). */
export async function readTable(db: Db, sessionId: string): Promise<TableRows | null> {
  const [first, ...rest] = tableReads(db, sessionId);
  return parseTableRows(db, await db.batch([first, ...rest]));
}

/** Members still at the table, oldest first: not those waiting for the host to let them in (docs/decisions/237). */
export const presentMembers = (rows: Pick<TableRows, 'members'>) => rows.members.filter((m) => m.leftAt === null && !m.pending);

/** Those waiting for the host to let them in, oldest first. */
export const pendingMembers = (rows: Pick<TableRows, 'members'>) => rows.members.filter((m) => m.leftAt === null && m.pending);

/** A caller's latest request to join, when it was never let in: waiting, or declined. */
export const joinRequestOf = (rows: Pick<TableRows, 'members'>, ownerKeys: readonly string[]) =>
  rows.members.filter((m) => m.pending && ownerKeys.includes(m.ownerKey)).at(-1) ?? null;

/** The present member a caller is, by any of their owner keys (a device, and its guest account once signed in). */
export const memberByKeys = (rows: Pick<TableRows, 'members'>, ownerKeys: readonly string[]) =>
  presentMembers(rows).find((m) => ownerKeys.includes(m.ownerKey)) ?? null;

/** The live sessions at a venue in which any of these owner keys is a present member. */
export async function liveMembershipsOf(db: Db, venueId: string, ownerKeys: readonly string[]) {
  if (ownerKeys.length === 0) return [];
  return db.select({ sessionId: tableSessions.id, table: tableSessions.tableNumber, memberId: tableMembers.id, ownerKey: tableMembers.ownerKey })
    .from(tableMembers).innerJoin(tableSessions, eq(tableSessions.id, tableMembers.sessionId))
    .where(and(inArray(tableMembers.ownerKey, [...ownerKeys]), isNull(tableMembers.leftAt), eq(tableMembers.pending, false), eq(tableSessions.restaurantId, venueId),
      inArray(tableSessions.status, [...LIVE_SESSION_STATUSES])));
}

/**
 * The owner keys of the rounds of the tables a guest is at ('t:<session id>'): a guest socket gets them at connect
 * (worker/live/routes.ts), so the rounds' order events reach every member (docs/decisions/231).
 */
export async function tableOwnerKeysOf(db: Db, venueId: string, ownerKeys: readonly string[]) {
  return [...new Set((await liveMembershipsOf(db, venueId, ownerKeys)).map((row) => tableOwnerKey(row.sessionId)))];
}

/** Every present member of the venue's live sessions: who may not order on their own there (docs/product.md §12.3). */
export async function liveMembersOfVenue(db: Db, venueId: string) {
  return db.select({ sessionId: tableSessions.id, table: tableSessions.tableNumber, ownerKey: tableMembers.ownerKey })
    .from(tableMembers).innerJoin(tableSessions, eq(tableSessions.id, tableMembers.sessionId))
    .where(and(isNull(tableMembers.leftAt), eq(tableMembers.pending, false), eq(tableSessions.restaurantId, venueId), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES])));
}

/** The venue's table of that number, if it has one. */
export const venueTableQuery = (db: Db, venueId: string, number: string) =>
  db.select().from(venueTables).where(and(eq(venueTables.restaurantId, venueId), eq(venueTables.number, number))).limit(1);

/** The live session at a table, if any. */
export const liveSessionAtQuery = (db: Db, venueId: string, number: string) =>
  db.select().from(tableSessions)
    .where(and(eq(tableSessions.restaurantId, venueId), eq(tableSessions.tableNumber, number), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]))).limit(1);
