// A venue's setup checklist (docs/product.md §11.6): each step is ticked from what the venue's data holds now,
// never from a box someone clicked, so a step undone later (the last drink removed) shows as open again.
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { SetupChecklist, SetupStep } from '../../shared/schemas/setup';
import { archivedOrderDays, inventoryItems, menuDrinks, orders, users, venues, venueTables } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `control` holds the venue row and accounts; `venueDb` (its shard) holds menu, stock, tables and orders. */
export async function setupChecklist(control: Db, venueDb: Db, venueId: string): Promise<SetupChecklist> {
  const venue = await venueDb.query.venues.findFirst({ where: eq(venues.id, venueId) })
    ?? await control.query.venues.findFirst({ where: eq(venues.id, venueId) });
  if (!venue) throw notFound('Venue not found');
  const [[drinks], [stock], [tables], [placed], [archived], [team]] = await Promise.all([
    venueDb.select({ n: count() }).from(menuDrinks).where(eq(menuDrinks.restaurantId, venueId)),
    venueDb.select({ n: count() }).from(inventoryItems).where(and(eq(inventoryItems.restaurantId, venueId), isNull(inventoryItems.deletedAt))),
    venueDb.select({ n: count() }).from(venueTables).where(eq(venueTables.restaurantId, venueId)),
    venueDb.select({ n: count() }).from(orders).where(eq(orders.restaurantId, venueId)),
    venueDb.select({ n: count() }).from(archivedOrderDays).where(eq(archivedOrderDays.venueId, venueId)),
    control.select({ n: count() }).from(users).where(and(eq(users.restaurantId, venueId), ne(users.role, 'superadmin'), isNull(users.disabledAt))),
  ]);
  const missing = [
    !venue.description.trim() && 'description',
    !venue.address.trim() && 'address',
    !venue.openingHours.trim() && 'opening hours',
  ].filter((m): m is string => Boolean(m));
  const others = Math.max(0, (team?.n ?? 0) - 1);
  const hasOrders = (placed?.n ?? 0) > 0 || (archived?.n ?? 0) > 0;
  const steps: SetupStep[] = [
    { id: 'profile', done: missing.length === 0, detail: missing.length === 0 ? 'Description, address and opening hours are set' : `Missing: ${missing.join(', ')}` },
    { id: 'menu', done: (drinks?.n ?? 0) > 0, detail: plural(drinks?.n ?? 0, 'drink') + ' on the menu' },
    { id: 'inventory', done: (stock?.n ?? 0) > 0, detail: plural(stock?.n ?? 0, 'item') + ' in stock' },
    { id: 'team', done: others > 0, detail: others > 0 ? `${plural(others, 'person', 'people')} besides you` : 'Only you so far' },
    { id: 'tables', done: (tables?.n ?? 0) > 0, detail: plural(tables?.n ?? 0, 'table') + ' with QR codes' },
    { id: 'live', done: venue.active && hasOrders, detail: !venue.active ? 'The venue is inactive: guests cannot order' : hasOrders ? 'Guests are ordering' : 'Open to guests; no order yet' },
  ];
  return { steps, complete: steps.every((s) => s.done) };
}
