import { z } from 'zod';
import { Order, OrderStatusSchema } from './order';
import { LiveTableCart, LiveTableUpdated } from './tables';

// The live channel of a venue (docs/decisions/154): GET /api/live/venues/:venueId?token=&since=N
// upgrades to a WebSocket. Every event has the venue's sequence number `seq`; a client keeps the
// last one it saw and reconnects with `since` to get what it missed.

/** First message on every connection: where the venue's sequence is now. */
export const LiveHello = z.object({
  type: z.literal('hello'),
  venue_id: z.string(),
  seq: z.number().int(),
  audience: z.enum(['staff', 'guest']),
});

export const LiveOrderCreated = z.object({
  type: z.literal('order_created'),
  seq: z.number().int(),
  at: z.string(),
  order: Order,
});

export const LiveOrderUpdated = z.object({
  type: z.literal('order_updated'),
  seq: z.number().int(),
  at: z.string(),
  from: OrderStatusSchema,
  to: OrderStatusSchema,
  order: Order,
});

/**
 * Sent to guests when someone else's order leaves the queue: their own ETA moved, without telling
 * them whose order it was. The status screen refetches its ETA.
 */
export const LiveQueueChanged = z.object({
  type: z.literal('queue_changed'),
  seq: z.number().int(),
  at: z.string(),
});

/**
 * Sent to every socket of the venue when what guests read of its menu changed: a drink sold out or
 * back in stock, switched off or on, repriced (docs/decisions/154). Not kept in the log: `seq` is
 * the venue's latest; a client refetches the menu, the open drink and the cart.
 */
export const LiveMenuChanged = z.object({
  type: z.literal('menu_changed'),
  seq: z.number().int(),
  at: z.string(),
});

/**
 * Sent instead of the missed events when `since` is older than the venue keeps: the orders the
 * socket may see that are still active, as of `seq`.
 */
export const LiveSnapshot = z.object({
  type: z.literal('snapshot'),
  seq: z.number().int(),
  orders: z.array(Order),
});

/**
 * `table_updated` (docs/decisions/231): a table's whole state after a committed change, to the sockets of its members
 * and to staff. Like `menu_changed` it is not kept for `since`: `seq` is the venue's latest, and a client that
 * reconnects refetches the table.
 */
export { LiveTableCart, LiveTableUpdated };

export const LiveMessage = z.discriminatedUnion('type', [LiveHello, LiveOrderCreated, LiveOrderUpdated, LiveQueueChanged, LiveMenuChanged, LiveSnapshot, LiveTableUpdated, LiveTableCart]);
export type LiveMessage = z.infer<typeof LiveMessage>;
/** Events that are kept in the venue's log and carry a sequence number. */
export type LiveEvent = z.infer<typeof LiveOrderCreated> | z.infer<typeof LiveOrderUpdated>;

export const LiveQuery = z.object({
  token: z.string().min(1).max(4000),
  since: z.coerce.number().int().min(0).optional(),
});
