import { DurableObject } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES } from '../../shared/orders';
import type { LiveMessage } from '../../shared/schemas/live';
import * as schema from '../db/schema';
import { OrderDesk, type OrderCardRequest, type PaymentRequest, type PlacementAnswer, type PlacementOutcome, type PlacementRequest, type RecallRequest, type StatusChangeOutcome, type StatusChangeRequest, toOrders } from '../orders';
import { forgetSessionChecks } from '../auth';
import type { WorkerEnv } from '../env';
import { venueDatabase, type VenueDatabase } from '../shards';
import type { UnsequencedEvent } from './live-events';
import { latestStoredSeq, legacyLatestSeq, LiveLog, storedEvents } from './live-log';
import { closeIdleTabsWhenDue, type TableActor, type TableCommand, TableDesk, type TableOutcome, wakeBy } from '../tables';
import { cardPayments } from '../payments';
import { sendOrderReadyLater } from '../push';
import { BackgroundWork } from '../lib/background-work';
import { AlarmSchedule } from './alarm-schedule';
import { ALARM_RETRY_MS, RollupDays } from './rollup-days';
import { LiveFanOut } from './fan-out';
import type { Bookmarked } from './hub-client';
import { LiveSockets, onSocketClose, onSocketMessage, openingOf, viewFor, type EndedSessions, type Subscriber } from './sockets';

export { EVENT_LOG_LIMIT } from './live-log';
export { ROLLUP_DELAY_MS } from './rollup-days';
export { SESSION_ENDED_CLOSE } from '../../shared/constants';
export { type EndedSessions } from './sockets';

/**
 * One per venue (named by the venue id). It routes the Worker's calls to the venue's desks — its orders
 * (worker/orders/order-desk.ts) and its tables (worker/tables/desk.ts) — and holds what they share: the venue's
 * shard and D1 session, its live log numbering every order event in the venue's database (worker/live/live-log.ts),
 * its sockets (worker/live/sockets.ts, fan-out.ts) and its one alarm (worker/live/alarm-schedule.ts).
 * Only the Worker's entry (worker/index.ts) imports it; callers reach it through worker/live/hub-client.ts, so they
 * never load the desks it composes (docs/decisions/259). Decisions: docs/decisions/157, 154 and 247.
 */
export class VenueHub extends DurableObject<Env> {
  /** The venue whose hub this is, from its first request (the hub is named by it). */
  private venueId: string | null = null;

  /**
   * The shard holding this venue's orders, from the directory on first use: the hub holds it for its lifetime
   * (docs/decisions/150). Its writes go through one D1 session, whose bookmark each answer carries so the
   * caller's next read sees the write (docs/decisions/150).
   */
  private venueShard: (VenueDatabase & { session: D1DatabaseSession }) | null = null;

  private readonly sockets = new LiveSockets(this.ctx);
  private readonly fanOut = new LiveFanOut(this.sockets, this.env.DB);

  /** The numbered events: their order, and the last ones for reconnecting clients (worker/live/live-log.ts). */
  private readonly log = new LiveLog({
    latestStored: async () => latestStoredSeq((await this.db()).db, this.venue()),
    stored: async (since, through) => storedEvents((await this.db()).db, this.venue(), since, through),
    deliver: (event) => this.fanOut.deliver(event),
  }, () => legacyLatestSeq(this.ctx.storage.sql));

  private readonly rollups = new RollupDays(this.ctx.storage.sql, {
    shard: async (venueId) => {
      await this.open(venueId);
      return { ...(await this.db()), latestSeq: this.log.latest() };
    },
    control: this.env.DB,
    wakeBy: (at) => this.schedule.wakeBy(at),
  });

  private readonly schedule: AlarmSchedule = new AlarmSchedule(this.ctx.storage, [
    { name: 'idle tabs', run: () => closeIdleTabsWhenDue({
      storage: this.ctx.storage,
      wake: (at) => this.schedule.wakeBy(at),
      closeIdle: async (venueId) => {
        await this.open(venueId);
        return this.tables.closeIdle();
      },
    }, ALARM_RETRY_MS) },
    { name: 'rollups', run: () => this.rollups.run() },
  ]);

  /** Pushes and texts sent after the answer, kept alive and countable (worker/lib/background-work.ts). */
  readonly background = new BackgroundWork((work) => this.ctx.waitUntil(work));

  private readonly orders: OrderDesk = new OrderDesk({
    database: () => this.db(),
    venueId: () => this.venue(),
    latestSeq: () => this.log.latest(),
    publish: (seq, event, ownerKey) => this.publish(seq, event, ownerKey),
    touchRollupDays: (days) => this.rollups.touch(this.venue(), days),
    tableOf: (ownerKeys) => this.tables.tableOf(ownerKeys),
    roundChanged: (sessionId) => {
      this.tables.forget(sessionId);
      this.tables.roundChanged(sessionId).catch((err: unknown) => {
        console.error(JSON.stringify({ level: 'error', message: 'table frame after a round change failed', error: String(err) }));
      });
    },
    menuChanged: () => this.announceMenuNow(),
    payments: () => cardPayments(this.env as WorkerEnv),
    orderReady: (order) => sendOrderReadyLater(this.env as WorkerEnv, this.background.add, this.db().then(({ db }) => db), order),
  });

  /** The venue's tables and tabs: every change of a table runs there (docs/decisions/231). */
  private readonly tables: TableDesk = new TableDesk({
    database: async () => (await this.db()).db,
    venueId: () => this.venue(),
    latestSeq: () => this.log.latest(),
    placeRound: async (req) => this.placeOrder(req),
    tell: (ownerKeys, text) => this.sockets.tell(ownerKeys, text),
    touchRollupDays: (days) => this.rollups.touch(this.venue(), days),
    wakeBy: (at) => wakeBy(this.ctx.storage, this.venue(), at, (due) => this.schedule.wakeBy(due)),
    payments: () => cardPayments(this.env as WorkerEnv),
    heldDrinks: () => this.orders.drinks(),
  });

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  private venue(): string {
    if (!this.venueId) throw new Error('venue hub used before any request named its venue');
    return this.venueId;
  }

  /** Names the venue and loads the live log's last number, before the hub's first write or socket. */
  private async open(venueId: string): Promise<void> {
    this.venueId ??= venueId;
    await this.log.ready();
  }

  private async db() {
    if (!this.venueShard) {
      const shard = await venueDatabase(this.env as WorkerEnv, this.venue());
      const session = shard.d1.withSession('first-primary');
      this.venueShard = { shard: shard.shard, session, d1: session as unknown as D1Database, db: drizzle(session as unknown as D1Database, { schema }) };
    }
    return this.venueShard;
  }

  /** The outcome with the bookmark of the write it made. */
  private bookmarked<T>(outcome: T): Bookmarked<T> {
    return { ...outcome, shard: this.venueShard?.shard ?? null, bookmark: this.venueShard?.session.getBookmark() ?? null };
  }

  // ---- orders and tables (RPC from the Worker's routes) -------------------------------------------

  async placeOrder(req: PlacementRequest): Promise<Bookmarked<PlacementOutcome>> {
    await this.open(req.venueId);
    return this.bookmarked(await this.orders.place(req));
  }

  /**
   * A guest's placement over HTTP (worker/orders/submit.ts): the answer's body already encoded as JSON, so the order
   * crosses the RPC boundary once, as one string, and the Worker sends it as is (docs/decisions/270).
   */
  async placeOrderForAnswer(req: PlacementRequest): Promise<Bookmarked<PlacementAnswer>> {
    await this.open(req.venueId);
    const outcome = await this.orders.place(req);
    return this.bookmarked(outcome.ok ? { ok: true, json: JSON.stringify(outcome.body) } : outcome);
  }

  async changeStatus(req: StatusChangeRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    await this.open(req.venueId);
    return this.bookmarked(await this.orders.changeStatus(req));
  }

  async recallStatus(req: RecallRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    await this.open(req.venueId);
    return this.bookmarked(await this.orders.recallStatus(req));
  }

  async recordPayment(req: PaymentRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    await this.open(req.venueId);
    return this.bookmarked(await this.orders.recordPayment(req));
  }

  /** Stripe's later word on an order paid first's card, or its plan asked again (worker/orders/order-card.ts). */
  async settleOrderCard(req: OrderCardRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    await this.open(req.venueId);
    return this.bookmarked(await this.orders.settleCard(req));
  }

  async cancelUnclaimed(req: Parameters<OrderDesk['cancelUnclaimed']>[0]): Promise<Bookmarked<{ cancelled: string[]; skipped: string[] }>> {
    await this.open(req.venueId);
    return this.bookmarked(await this.orders.cancelUnclaimed(req));
  }

  /** A change of one of the venue's tables, run in that table's turn (worker/tables/desk.ts). */
  async tableCommand(venueId: string, command: TableCommand, actor: TableActor): Promise<Bookmarked<TableOutcome>> {
    await this.open(venueId);
    return this.bookmarked(await this.tables.run(command, actor));
  }

  /** Closes the venue's idle tabs (the daily housekeeping asks; the hub's own alarm does too). */
  async closeIdleTables(venueId: string, now?: number): Promise<number> {
    await this.open(venueId);
    return this.tables.closeIdle(now);
  }

  /**
   * A change made outside the hub (an AI suggestion stored, a refund) touched these UTC days: their rollups are
   * recomputed ROLLUP_DELAY_MS later, as after the hub's own changes (worker/live/rollup-days.ts).
   */
  async touchRollupDays(venueId: string, days: readonly string[]): Promise<void> {
    await this.rollups.touch(venueId, days);
  }

  /** Open menus, drink pages and carts of the venue refetch (docs/decisions/154). */
  async announceMenuChange(venueId: string): Promise<void> {
    await this.open(venueId);
    this.announceMenuNow();
  }

  private announceMenuNow() {
    this.orders.held.drop();
    // What a table's cart shows of the menu (names, prices, availability) is read again.
    this.tables.forget();
    this.sockets.broadcast(JSON.stringify({ type: 'menu_changed', seq: this.log.latest(), at: new Date().toISOString() } satisfies LiveMessage));
  }

  // ---- the alarm (worker/live/alarm-schedule.ts) ------------------------------------------------

  async alarm(): Promise<void> {
    await this.schedule.run();
  }

  // ---- the event log and sockets ------------------------------------------------------------------

  /** An event its write batch numbered `seq`: sent to every socket allowed to see it, in number order. */
  private publish(seq: number, event: UnsequencedEvent, ownerKey: string) {
    this.log.receive({ seq, owner_key: ownerKey, body: JSON.stringify({ ...event, seq }) });
  }

  /** Pushed by the place that ended the sessions (logout, reset, disable, role change): closes their sockets now. */
  closeEndedSessions(ended: EndedSessions): number {
    forgetSessionChecks();
    return this.sockets.closeEnded(ended);
  }

  /** The last number sent to the venue's sockets. */
  async latestSeq(venueId: string): Promise<number> {
    await this.open(venueId);
    return this.log.latest();
  }

  /** The Worker has checked the token and tenancy; it passes the subscriber and `since`. */
  async fetch(request: Request): Promise<Response> {
    const opening = openingOf(request);
    if (!opening) return Response.json({ error: { code: 'not_found', message: 'No live channel here' } }, { status: 404 });
    const { subscriber, since, address } = opening;
    await this.open(subscriber.venueId);
    // What a reconnecting client missed, up to the last number sent when it is accepted (no await in between):
    // events sent later reach it as deliveries, and deliveries of numbers its catch-up sent skip it.
    const catchUp = since === null ? { messages: [], through: this.log.latest() } : await this.catchUp(subscriber, since);
    return this.sockets.accept(subscriber, address, catchUp);
  }

  /** Missed events after `since`, or a snapshot of active orders when the log no longer has them. */
  private async catchUp(subscriber: Subscriber, since: number): Promise<{ messages: LiveMessage[]; through: number }> {
    const missed = await this.log.after(since);
    if (missed) return { messages: missed.events.map((row) => viewFor(subscriber, row)).filter((m): m is LiveMessage => m !== null), through: missed.through };
    // Too old, ahead of this venue's log (e.g. local storage was reset), or an order archived since: start over.
    const { db } = await this.db();
    const { orders } = schema;
    const rows = await db.select().from(orders).where(and(
      eq(orders.restaurantId, subscriber.venueId),
      inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
      subscriber.audience === 'guest' ? inArray(orders.ownerKey, subscriber.ownerKeys) : undefined,
    )).orderBy(asc(orders.createdAt)).limit(200);
    const through = this.log.latest();
    return { messages: [{ type: 'snapshot', seq: through, orders: await toOrders(db, rows) }], through };
  }

  webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    onSocketMessage(ws, message);
  }

  webSocketClose(ws: WebSocket, code: number, reason: string) {
    onSocketClose(ws, code, reason);
  }
}
