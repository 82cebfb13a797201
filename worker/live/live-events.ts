// The live log's rows as the orders domain writes them (docs/decisions/154): each order event is inserted in the same
// D1 batch as the change it announces and numbered there, per venue, in commit order. The hub's side of the log —
// reading the rows back, ordering and sending them — is worker/live/live-log.ts.
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/orders';
import type { LiveEvent } from '../../shared/schemas/live';
import { d1Statement } from '../db/handles';
import { liveEvents, orders } from '../db/schema';
import type { Db } from '../env';

/** An event before the venue's database numbers it. */
export type UnsequencedEvent = LiveEvent extends infer E ? (E extends LiveEvent ? Omit<E, 'seq'> : never) : never;

/** A change to announce, as the write batch records it. `from` is null for an order's creation. */
export type LiveChange = { venueId: string; orderId: string; from: OrderStatus | null; to: OrderStatus; at: string };

/**
 * The venue's next number, in SQL: one more than its last stored event. `base` is the last number the hub knows:
 * the venue continues from it when its database holds no event yet.
 */
const nextSeq = (venueId: string, base: number) =>
  sql<number>`(select coalesce(max(seq), ${base}) + 1 from ${liveEvents} where restaurant_id = ${venueId})`;

/** The insert of an order's creation event, for the placement's own write batch; it answers the number. */
export const liveCreationInsert = (db: Db, change: LiveChange, base: number) => db.insert(liveEvents).values({
  restaurantId: change.venueId, seq: nextSeq(change.venueId, base), orderId: change.orderId,
  fromStatus: null, toStatus: change.to, createdAt: change.at,
}).returning({ seq: liveEvents.seq });

/**
 * The insert of a status change's event, for its plain D1 batch (worker/orders/transition.ts); it answers the
 * number. It writes only while the order is still in `from`, like the order's own event row, so a change that
 * loses a race records nothing.
 */
export function liveChangeStatement(d1: D1Database, change: LiveChange, base: number): D1PreparedStatement {
  return d1Statement(d1, sql`
    insert into ${liveEvents} (restaurant_id, seq, order_id, from_status, to_status, created_at)
    select ${change.venueId}, ${nextSeq(change.venueId, base)}, ${change.orderId}, ${change.from}, ${change.to}, ${change.at}
    where exists (select 1 from ${orders} where id = ${change.orderId} and status = ${change.from})
    returning seq`);
}

/** The number the statement answered, or null when it recorded nothing. */
export const recordedSeq = (result: unknown): number | null => (result as { seq: number }[] | undefined)?.[0]?.seq ?? null;
