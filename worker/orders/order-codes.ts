// An order's code, the name the bar calls out and the ticket and the guest's screen show ("Order C89"): a letter and
// two digits, unique among the venue's open orders. The venue's hub hands them out (worker/live/venue-hub.ts), the
// one place every order is placed and every status change runs, so the codes it holds are exactly the open ones;
// the partial unique index orders_open_code_uq is the database's own check behind it (docs/decisions/234).
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES, RECALL_WINDOW_MS } from '../../shared/orders';
import { ORDER_CODE_SPACE, orderCodeAt, orderCodeIndex } from '../../shared/order-codes';
import { orders } from '../db/schema';
import type { Db } from '../env';

/**
 * The step between consecutive codes along the walk. Coprime with ORDER_CODE_SPACE (648 = 2³·3⁴), so the walk
 * passes every code once before any comes back; 43 = 36 + 6 + 1 moves the letter and both digits, so two orders
 * placed one after the other differ in all three ("K47", then "L68").
 */
export const ORDER_CODE_STRIDE = 43;

/** Every code is held by an open order: the venue has 648 orders in its queue. */
export class OrderCodesExhausted extends Error {}

export type OrderCodeStart = { open: string[]; latest: string | null };

/** The venue's open orders' codes and the code given last, the hub's start (one read batch). */
export async function readOrderCodes(db: Db, venueId: string): Promise<OrderCodeStart> {
  const [open, latest] = await db.batch([
    db.select({ code: orders.code }).from(orders)
      .where(and(eq(orders.restaurantId, venueId), inArray(orders.status, [...ACTIVE_ORDER_STATUSES]), isNotNull(orders.code))),
    db.select({ code: orders.code }).from(orders)
      .where(and(eq(orders.restaurantId, venueId), isNotNull(orders.code))).orderBy(desc(orders.createdAt)).limit(1),
  ]);
  return { open: open.map((r) => r.code!), latest: latest[0]?.code ?? null };
}

/**
 * The codes of one venue, held in its hub. `claim` is synchronous: two placements running side by side in the hub
 * never take the same code, whatever their awaits. A code comes back when its order leaves the open states.
 */
export class OrderCodes {
  private readonly open: Set<string>;
  private readonly released = new Map<string, number>();
  private position: number;

  constructor(start: OrderCodeStart) {
    this.open = new Set(start.open);
    const latest = start.latest === null ? null : orderCodeIndex(start.latest);
    this.position = latest ?? ORDER_CODE_SPACE - ORDER_CODE_STRIDE;
  }

  /**
   * The next code along the walk that no open order holds; held from now on. A code released within
   * RECALL_WINDOW_MS is passed over while any other is free, so an Undo finds its code still free; in a rush that
   * frees more codes than that within the window, the one released longest ago is given.
   */
  claim(now = Date.now()): string {
    let fallback: { position: number; releasedAt: number } | null = null;
    for (let tried = 0; tried < ORDER_CODE_SPACE; tried += 1) {
      this.position = (this.position + ORDER_CODE_STRIDE) % ORDER_CODE_SPACE;
      const code = orderCodeAt(this.position);
      if (this.open.has(code)) continue;
      const releasedAt = this.released.get(code);
      if (releasedAt !== undefined && now - releasedAt < RECALL_WINDOW_MS) {
        if (!fallback || releasedAt < fallback.releasedAt) fallback = { position: this.position, releasedAt };
        continue;
      }
      return this.take(code);
    }
    if (!fallback) throw new OrderCodesExhausted('Every order code is held by an open order');
    this.position = fallback.position;
    return this.take(orderCodeAt(fallback.position));
  }

  private take(code: string): string {
    this.released.delete(code);
    this.open.add(code);
    return code;
  }

  /** The code's order left the open states (delivered, cancelled), or its placement was refused. */
  release(code: string, now = Date.now()) {
    if (this.open.delete(code)) this.released.set(code, now);
  }

  /** A placement that did not happen gives its code back at once: nobody heard it. */
  returnUnused(code: string) {
    this.open.delete(code);
  }

  /** The code's order is open (placed, or back to ready by an Undo). */
  hold(code: string) {
    this.open.add(code);
    this.released.delete(code);
  }

  isHeld(code: string) {
    return this.open.has(code);
  }
}
