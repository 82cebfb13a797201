// The venue's orders inside its hub (worker/live/venue-hub.ts), as worker/tables/desk.ts is its tables: placement
// (serialised per guest, with the partial unique index as the atomic check and Idempotency-Key handling,
// docs/decisions/157) and status changes (each in its order's own turn); the hub numbers and sends what they
// publish.
import { eq } from 'drizzle-orm';
import { isActiveStatus } from '../../shared/orders';
import type { Order } from '../../shared/schemas/order';
import { menuDrinks } from '../db/schema';
import type { Db } from '../env';
import { KeyedQueue } from '../lib/keyed-queue';
import { inChunks } from '../lib/in-chunks';
import { utcDay } from '../analytics';
import type { UnsequencedEvent } from '../live';
import { FirstOrderCeiling } from './first-orders';
import { OrderCodes, OrderCodesExhausted, readOrderCodes } from './order-codes';
import { ORDER_CODE_TAKEN, placeOrder, refuseWith, type HeldDrinks, type PlacementOutcome, type PlacementRequest } from './placement';
import {
  changeOrderStatus, recallOrderStatus, recordOrderPayment, type PaymentRequest, type RecallRequest, type StatusChangeOutcome, type StatusChangeRequest,
} from './transition';
import { isUnclaimed } from './unclaimed';
import { changeWithOrderPayment } from './order-capture';
import { planRelease, settleOrderCard, type OrderCardRequest } from './order-card';
import type { PaymentGateway } from '../payments';

/** What the desk needs of its hub. */
export type OrderDeskHost = {
  database(): Promise<{ db: Db; d1: D1Database }>;
  venueId(): string;
  /** The venue's last live number: a new event is numbered after it (worker/live/live-log.ts). */
  latestSeq(): number;
  /** An event its write batch numbered `seq`, to the venue's sockets. */
  publish(seq: number, event: UnsequencedEvent, ownerKey: string): void;
  touchRollupDays(days: readonly string[]): Promise<void>;
  /** The table a guest is at, if any (worker/tables/desk.ts). */
  tableOf(ownerKeys: readonly string[]): Promise<string | null>;
  /** A table's round changed status: its tab is read again and sent to its members. */
  roundChanged(tableSessionId: string): void;
  /** A status change that changed the menu (stock ran out): open menus read it again. */
  menuChanged(): void;
  /** An order newly ready: its pushes and texts, never awaited by the answer (worker/push/send.ts). */
  orderReady(order: Order): void;
  /** Stripe, where the platform takes cards: an order paid first is captured, released or refunded with its change. */
  payments(): PaymentGateway | null;
};

/**
 * How long the hub places on the drinks it holds without reading them again (docs/decisions/270). The write batch
 * checks each held drink it orders in its own transaction (available, not sold out, price and edit time unchanged),
 * a drink the held copy lacks or calls unavailable is placed the full way, and a menu change drops the copy: its age
 * decides nothing, so it is read once a minute per venue rather than every two seconds.
 */
const HELD_DRINKS_TTL_MS = 60_000;

/** When a guest refused by a full queue (every order code held) is told to order again: a bar hands out orders within minutes. */
const QUEUE_FULL_RETRY_SECONDS = 120;

/** Status changes "Clear unclaimed" makes side by side. */
const CANCEL_AT_ONCE = 8;

type Drink = typeof menuDrinks.$inferSelect;

export class OrderDesk {
  /** Idempotency keys whose first request is still being placed → its request hash. */
  private readonly inFlight = new Map<string, string>();
  /** A guest's placements one after another; an order's status changes one after another. */
  private readonly turns = new KeyedQueue();
  /** The first-order ceiling's count for this venue, kept in memory and read back from its orders after a restart. */
  private firstOrders: FirstOrderCeiling | null = null;
  /** The codes of the venue's open orders, read from its orders on first use (worker/orders/order-codes.ts). */
  private codes: Promise<OrderCodes> | null = null;
  /**
   * The venue's drinks between placements (docs/decisions/157), read once per venue for up to HELD_DRINKS_TTL_MS;
   * dropped when the menu changes and whenever the write batch finds one changed.
   */
  private heldDrinks: { at: number; drinks: Map<string, Drink> } | null = null;

  readonly held: HeldDrinks = {
    get: () => (this.heldDrinks && Date.now() - this.heldDrinks.at < HELD_DRINKS_TTL_MS ? this.heldDrinks.drinks : null),
    set: (drinks) => { this.heldDrinks = { at: Date.now(), drinks }; },
    drop: () => { this.heldDrinks = null; },
  };

  constructor(private readonly host: OrderDeskHost) {}

  /** The venue's drinks the desk holds, read once when it holds none, as placement does (docs/decisions/157). */
  async drinks(): Promise<Map<string, Drink>> {
    const held = this.held.get();
    if (held) return held;
    const { db } = await this.host.database();
    const drinks = new Map((await db.select().from(menuDrinks).where(eq(menuDrinks.restaurantId, this.host.venueId()))).map((d) => [d.id, d]));
    this.held.set(drinks);
    return drinks;
  }

  async place(req: PlacementRequest): Promise<PlacementOutcome> {
    const key = req.idempotencyKey;
    if (key && this.inFlight.has(key)) {
      return this.inFlight.get(key) === req.requestHash
        ? refuseWith(409, 'idempotency_in_flight')
        : refuseWith(422, 'idempotency_key_reused');
    }
    if (key) this.inFlight.set(key, req.requestHash);
    try {
      // A guest at one of the venue's tables orders through its tab (docs/product.md §12.3); a round is the table's.
      if (!req.tableSessionId) {
        const table = await this.host.tableOf([req.owner.ownerKey, `s:${req.owner.sessionId}`, ...(req.owner.guestId ? [`g:${req.owner.guestId}`] : [])]);
        if (table !== null) return refuseWith(409, 'at_table', { table });
      }
      // A round is placed the full way: its idempotency record is read first, so a retry is answered even once the cart is gone.
      const held = req.tableSessionId ? undefined : this.held;
      const outcome = await this.turns.run(req.owner.ownerKey, async (): Promise<PlacementOutcome> => {
        const { db } = await this.host.database();
        // Orders from anonymous devices new to the venue stop at a ceiling (docs/decisions/167).
        this.firstOrders ??= new FirstOrderCeiling(req.venueId);
        const admitted = await this.firstOrders.admit(db, req.owner);
        if ('ok' in admitted) return admitted;
        const placed = await this.placeWithCode(db, req, held);
        admitted.settle(placed);
        return placed;
      });
      if (outcome.ok && outcome.seq !== null) {
        this.host.publish(outcome.seq, { type: 'order_created', at: outcome.order.created_at, order: outcome.order }, outcome.ownerKey);
        await this.host.touchRollupDays([utcDay(outcome.order.created_at), ...outcome.linkedDays]);
      }
      return outcome;
    } finally {
      if (key) this.inFlight.delete(key);
    }
  }

  /**
   * Places with a code no open order of the venue holds (docs/decisions/234). The code is taken before the write's
   * first await, so placements running side by side take different ones; a placement that did not happen gives its
   * code back. Should the database find the code held all the same, the codes are read again and the order placed
   * once more.
   */
  private async placeWithCode(db: Db, req: PlacementRequest, held: HeldDrinks | undefined): Promise<PlacementOutcome> {
    for (let attempt = 0; ; attempt += 1) {
      const read = this.orderCodes();
      const codes = await read;
      // Placements side by side that find the codes stale share one read of them again.
      const readAgain = () => { if (this.codes === read) this.codes = null; };
      let code: string;
      try {
        code = codes.claim();
      } catch (err) {
        // Every code seems held: orders may have left the queue without passing through the hub (a cleanup, an
        // import). The codes are read again once, as when the database finds a code taken; a queue truly full is
        // refused until the bar hands some orders out.
        if (!(err instanceof OrderCodesExhausted)) throw err;
        if (attempt > 0) return { ...refuseWith(503, 'queue_full', { retry_after: QUEUE_FULL_RETRY_SECONDS }), retryAfterSeconds: QUEUE_FULL_RETRY_SECONDS };
        readAgain();
        continue;
      }
      let placed: PlacementOutcome;
      try {
        placed = await placeOrder(db, req, this.host.latestSeq(), code, held);
      } catch (err) {
        codes.returnUnused(code);
        throw err;
      }
      if (placed.ok && !placed.replayed) return placed;
      codes.returnUnused(code);
      if (placed.ok || placed.code !== ORDER_CODE_TAKEN || attempt > 0) return placed;
      readAgain();
    }
  }

  private orderCodes(): Promise<OrderCodes> {
    this.codes ??= this.host.database().then(({ db }) => readOrderCodes(db, this.host.venueId())).then((start) => new OrderCodes(start));
    // A failed read is tried again by the next placement.
    this.codes.catch(() => { this.codes = null; });
    return this.codes;
  }

  changeStatus(req: StatusChangeRequest): Promise<StatusChangeOutcome> {
    return this.publishChange(req.orderId, async ({ db, d1 }) =>
      changeWithOrderPayment(db, this.host.payments(), req.orderId, req.to, () => changeOrderStatus(db, d1, req, this.host.latestSeq())));
  }

  /** "Undo" of a bump, within its window (docs/decisions/234). */
  recallStatus(req: RecallRequest): Promise<StatusChangeOutcome> {
    return this.publishChange(req.orderId, async ({ db, d1 }) =>
      changeWithOrderPayment(db, this.host.payments(), req.orderId, 'recall', () => recallOrderStatus(db, d1, req, this.host.latestSeq())));
  }

  /**
   * A delivered solo order recorded paid at the bar (docs/decisions/222), in the order's own turn. Paid first, a
   * capture Stripe has not answered is asked again before (a card that paid is not paid twice), and the card's
   * authorisation still open is released after, planned in the same turn; neither ever stops the payment being
   * recorded (docs/payments.md §12.9).
   */
  async recordPayment(req: PaymentRequest): Promise<StatusChangeOutcome> {
    const settle = () => this.settleCard({ venueId: req.venueId, orderId: req.orderId, said: null })
      .catch((err: unknown) => console.error(JSON.stringify({ level: 'error', message: 'order card settlement failed', order_id: req.orderId, error: String(err) })));
    await settle();
    const outcome = await this.publishChange(req.orderId, async ({ db, d1 }) => {
      const recorded = await recordOrderPayment(db, d1, req, this.host.latestSeq());
      if (recorded.ok) await planRelease(db, req.orderId);
      return recorded;
    });
    if (outcome.ok) await settle();
    return outcome;
  }

  /** Stripe's later word on an order paid first's card, or its plan asked again (worker/orders/order-card.ts), in the order's own turn. */
  settleCard(req: OrderCardRequest): Promise<StatusChangeOutcome> {
    return this.publishChange(req.orderId, ({ db, d1 }) =>
      settleOrderCard({ db, d1, gateway: this.host.payments(), liveBase: () => this.host.latestSeq() }, req));
  }

  /**
   * "Clear unclaimed" (docs/decisions/167): each order named is cancelled with `reason` if it is still unclaimed,
   * checked in the order's own turn, so a bartender starting it meanwhile keeps it. A few at a time.
   */
  async cancelUnclaimed(req: { venueId: string; orderIds: string[]; reason: string; actor: StatusChangeRequest['actor'] }): Promise<{ cancelled: string[]; skipped: string[] }> {
    const cancelled: string[] = [];
    const skipped: string[] = [];
    for (const ids of inChunks(req.orderIds, CANCEL_AT_ONCE)) {
      const outcomes = await Promise.all(ids.map((orderId) => this.publishChange(orderId, async ({ db, d1 }) => {
        if (!(await isUnclaimed(db, req.venueId, orderId))) return refuseWith(409, 'not_unclaimed');
        return changeWithOrderPayment(db, this.host.payments(), orderId, 'cancelled',
          () => changeOrderStatus(db, d1, { venueId: req.venueId, orderId, to: 'cancelled', reason: req.reason, actor: req.actor }, this.host.latestSeq()));
      })));
      ids.forEach((id, i) => (outcomes[i]!.ok ? cancelled : skipped).push(id));
    }
    return { cancelled, skipped };
  }

  private async publishChange(orderId: string, change: (shard: { db: Db; d1: D1Database }) => Promise<StatusChangeOutcome>): Promise<StatusChangeOutcome> {
    const outcome = await this.turns.run(`order:${orderId}`, async () => change(await this.host.database()));
    if (outcome.ok) {
      // An order leaving the open states frees its code; an Undo back to ready holds it again.
      const codes = this.codes && await this.codes.catch(() => null);
      if (codes && isActiveStatus(outcome.to)) codes.hold(outcome.order.code);
      else if (codes) codes.release(outcome.order.code);
      // Before the event: the nudge carries the last number sent, so a client never skips past this event.
      if (outcome.menuChanged) this.host.menuChanged();
      this.host.publish(outcome.seq, { type: 'order_updated', at: outcome.at, from: outcome.from, to: outcome.to, order: outcome.order }, outcome.ownerKey);
      // A table's round: its members and staff see the tab as it is now.
      if (outcome.order.table_session_id) this.host.roundChanged(outcome.order.table_session_id);
      // "Tell me when it's ready" (docs/decisions/227, amended): every path to ready passes here (the bar's and an
      // admin's status change, an Undo back to ready, a table's round), so each pushes; the send takes the order's
      // requests off it first, so an order is told once however often it comes back to ready.
      if (outcome.to === 'ready' && outcome.from !== 'ready') this.host.orderReady(outcome.order);
      // A cancellation stops the order counting; any change shows in the platform's recent-orders feed.
      await this.host.touchRollupDays([utcDay(outcome.order.created_at)]);
    }
    return outcome;
  }
}
