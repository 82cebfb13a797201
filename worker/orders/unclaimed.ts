// "Clear unclaimed" (docs/decisions/167): after a flood, staff cancel in one confirmed step the orders nobody is
// likely to collect. Unclaimed = pending, the first order its anonymous device placed at the venue, and never
// touched by the bar (no status change by staff, which a recall to pending also leaves).
import { sql } from 'drizzle-orm';
import { UNCLAIMED_CANCEL_MAX } from '../../shared/schemas/order';
import type { Db } from '../env';
import { isFirstAnonymousOrder } from './first-orders';

/** Kept on each cancelled order's order_events row. */
export const UNCLAIMED_REASON = 'Unclaimed order cleared by staff';

const unclaimedAt = (venueId: string) => sql`o.restaurant_id = ${venueId} and o.status = 'pending' and ${isFirstAnonymousOrder}
  and not exists (select 1 from order_events e where e.order_id = o.id and e.actor_type <> 'guest')`;

/** The venue's unclaimed orders, oldest first: at most as many as one request may clear. */
export async function unclaimedOrderIds(db: Db, venueId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    select o.id as id from orders o where ${unclaimedAt(venueId)} order by o.created_at, o.id limit ${UNCLAIMED_CANCEL_MAX}`);
  return rows.map((r) => r.id);
}

/** Whether this order of the venue is unclaimed now. */
export async function isUnclaimed(db: Db, venueId: string, orderId: string): Promise<boolean> {
  const row = await db.get<{ id: string }>(sql`select o.id as id from orders o where o.id = ${orderId} and ${unclaimedAt(venueId)}`);
  return row !== undefined;
}
