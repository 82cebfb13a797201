import { DurableObject } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LIVE_SOCKETS_PER_ADDRESS, LIVE_SOCKETS_PER_SESSION, SESSION_ENDED_CLOSE, TOO_MANY_SOCKETS_CLOSE } from '../../shared/constants';
import { ACTIVE_ORDER_STATUSES } from '../../shared/orders';
import type { LiveEvent, LiveMessage } from '../../shared/schemas/live';
import * as schema from '../db/schema';
import {
  changeOrderStatus, recallOrderStatus, recordOrderPayment, type PaymentRequest, type RecallRequest, type StatusChangeOutcome, type StatusChangeRequest,
} from '../orders/transition';
import { ORDER_CODE_TAKEN, placeOrder, refuse, type HeldDrinks, type PlacementOutcome, type PlacementRequest } from '../orders/placement';
import { FirstOrderCeiling } from '../orders/first-orders';
import { OrderCodes, readOrderCodes } from '../orders/order-codes';
import { isActiveStatus } from '../../shared/orders';
import { isUnclaimed } from '../orders/unclaimed';
import { inChunks } from '../lib/in-chunks';
import { READ_CACHE_TTL_MS } from '../menu/read-cache';
import { toOrders } from '../orders/serialize';
import { forgetSessionChecks, guestSessionLive, staffSessionState } from '../auth/live-sessions';
import type { WorkerEnv } from '../env';
import { venueDatabase, type VenueDatabase } from '../shards/directory';
import type { ShardBinding } from '../shards/bindings';
import { businessDaysAround, rollUp, venueClocks } from '../shards/rollups';
import { addDays, utcDay } from '../analytics/sales-figures';
import { latestStoredSeq, LiveLog, pruneLiveEvents, storedEvents, type StoredEvent } from './live-log';
import { TableDesk } from '../tables/desk';
import { dueIdleCheck, wakeBy } from '../tables/idle-alarm';
import { tableMessages } from '../../shared/tables';
import type { TableActor, TableCommand, TableOutcome } from '../tables/commands';
import { cardPaymentsConfigured, stripeGateway } from '../payments/stripe';
import { changeWithOrderPayment } from '../payments/order-capture';
import { sendOrderReady } from '../push/send';

export { EVENT_LOG_LIMIT } from './live-log';

/** An outcome with the bookmark of the D1 write it made (docs/decisions/150). */
export type Bookmarked<T> = T & { shard: ShardBinding | null; bookmark: string | null };

/**
 * Who a socket belongs to and which session it rides on; kept on the socket (serializeAttachment)
 * so it survives hibernation. `userId` is the real user (the super admin when impersonating).
 */
export type Subscriber =
  | { audience: 'staff'; venueId: string; userId: string; sessionId: string; claimsVersion: number; impersonating: boolean }
  | { audience: 'guest'; venueId: string; ownerKeys: string[]; sessionId: string; guestId: string | null; signedInAt: string | null };

/**
 * A subscriber as its socket keeps it: `through` is the last number its catch-up sent (later ones are delivered);
 * `opened` orders the sockets of a session or address, oldest first, for the caps (docs/decisions/166).
 */
type SocketState = Subscriber & { through?: number; opened?: [at: number, serial: number] };

/** Sessions that ended (any field given matches): their sockets are closed. */
export type EndedSessions = { userId?: string; sessionId?: string };

export { SESSION_ENDED_CLOSE };

/** Header the Worker uses to hand the verified subscriber to the hub (never forwarded from a client). */
export const SUBSCRIBER_HEADER = 'X-Barhop-Subscriber';
/** Header the Worker uses to hand the client's address to the hub, for the per-address cap. */
export const ADDRESS_HEADER = 'X-Barhop-Client-Address';

/**
 * How long after a change to the venue's orders the hub recomputes their rollups (docs/decisions/203). Changes
 * within it share one recompute, so the control database takes at most one rollup batch per venue per 5 s, and
 * never more batches than changes; the platform views are that much behind at most.
 */
export const ROLLUP_DELAY_MS = 5_000;
/** After a recompute failed (a database unreachable), the next try. */
const ROLLUP_RETRY_MS = 60_000;

/** An event before the hub numbers it. */
export type UnsequencedEvent = LiveEvent extends infer E ? (E extends LiveEvent ? Omit<E, 'seq'> : never) : never;

/**
 * One per venue (named by the venue id). It places orders (serialised per guest, with the partial
 * unique index as the atomic check and Idempotency-Key handling), performs status changes, and
 * pushes every order event, numbered by a per-venue sequence in the venue's database (worker/live/live-log.ts),
 * to staff and guest WebSockets (hibernation API). Decisions: docs/decisions/157 and 154.
 */
export class VenueHub extends DurableObject<Env> {
  /** Idempotency keys whose first request is still being placed → its request hash. */
  private readonly inFlight = new Map<string, string>();
  /** Per-guest chain of placements, so one guest's requests run one after another. */
  private readonly ownerQueues = new Map<string, Promise<unknown>>();

  /** The first-order ceiling's count for this venue, kept in memory and read back from its orders after a restart. */
  private firstOrders: FirstOrderCeiling | null = null;

  /** The codes of the venue's open orders, read from its orders on first use (worker/orders/order-codes.ts). */
  private codes: Promise<OrderCodes> | null = null;

  /** The venue whose hub this is, from its first request (the hub is named by it). */
  private venueId: string | null = null;

  /** The venue's tables and tabs: every change of a table runs there (docs/decisions/231). */
  private readonly tables = new TableDesk({
    database: async () => (await this.db(this.venue())).db,
    venueId: () => this.venue(),
    latestSeq: () => this.log.latest(),
    placeRound: async (req) => this.placeOrder(req),
    tell: (ownerKeys, text) => this.tell(ownerKeys, text),
    touchRollupDays: (days) => this.touchRollupDays(this.venue(), days),
    wakeBy: (at) => wakeBy(this.ctx.storage, this.venue(), at),
    payments: () => this.payments(),
    heldDrinks: async () => {
      // Read once when the hub holds none, as placement does (docs/decisions/157).
      const held = this.held.get();
      if (held) return held;
      const { db } = await this.db(this.venue());
      const drinks = new Map((await db.select().from(schema.menuDrinks).where(eq(schema.menuDrinks.restaurantId, this.venue()))).map((d) => [d.id, d]));
      this.held.set(drinks);
      return drinks;
    },
  });

  /** The numbered events: their order, and the last ones for reconnecting clients (worker/live/live-log.ts). */
  private readonly log = new LiveLog({
    latestStored: async () => latestStoredSeq((await this.db(this.venue())).db, this.venue()),
    stored: async (since, through) => storedEvents((await this.db(this.venue())).db, this.venue(), since, through),
    deliver: (event) => this.deliver(event),
  }, () => this.legacyLatestSeq());

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`create table if not exists rollup_days (day text primary key, venue_id text not null, mark integer not null);`);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /**
   * The shard holding this venue's orders, from the directory on first use: the hub holds it for its lifetime
   * (docs/decisions/150). Its writes go through one D1 session, whose bookmark each answer carries so the
   * caller's next read sees the write (docs/decisions/150).
   */
  private venueShard: (VenueDatabase & { session: D1DatabaseSession }) | null = null;

  private venue(): string {
    if (!this.venueId) throw new Error('venue hub used before any request named its venue');
    return this.venueId;
  }

  /** Names the venue and loads the live log's last number, before the hub's first write or socket. */
  private async open(venueId: string): Promise<void> {
    this.venueId ??= venueId;
    await this.log.ready();
  }

  /**
   * The last number a hub of the version before kept in its own storage (docs/decisions/154): a venue continues
   * from it. Read once per instance; nothing is written there any more.
   */
  private legacyLatestSeq(): number {
    const sql = this.ctx.storage.sql;
    const tables = new Set(sql.exec<{ name: string }>(`select name from sqlite_master where type = 'table' and name in ('live_meta', 'live_events')`).toArray().map((r) => r.name));
    const meta = tables.has('live_meta') ? sql.exec<{ n: number | null }>(`select max(value) as n from live_meta where key in ('seq', 'reserved')`).toArray()[0]?.n ?? 0 : 0;
    const logged = tables.has('live_events') ? sql.exec<{ n: number | null }>('select max(seq) as n from live_events').toArray()[0]?.n ?? 0 : 0;
    return Math.max(meta, logged);
  }

  private async db(venueId: string) {
    if (!this.venueShard) {
      const shard = await venueDatabase(this.env as WorkerEnv, venueId);
      const session = shard.d1.withSession('first-primary');
      this.venueShard = { shard: shard.shard, session, d1: session as unknown as D1Database, db: drizzle(session as unknown as D1Database, { schema }) };
    }
    return this.venueShard;
  }

  /**
   * The venue's drinks between placements (docs/decisions/157), for at most the guest read cache's lifetime
   * (decision 085); dropped when the menu changes and whenever the write batch finds one changed.
   */
  private heldDrinks: { at: number; drinks: Map<string, typeof schema.menuDrinks.$inferSelect> } | null = null;

  private readonly held: HeldDrinks = {
    get: () => (this.heldDrinks && Date.now() - this.heldDrinks.at < READ_CACHE_TTL_MS ? this.heldDrinks.drinks : null),
    set: (drinks) => { this.heldDrinks = { at: Date.now(), drinks }; },
    drop: () => { this.heldDrinks = null; },
  };

  /** The outcome with the bookmark of the write it made. */
  private bookmarked<T>(outcome: T): Bookmarked<T> {
    return { ...outcome, shard: this.venueShard?.shard ?? null, bookmark: this.venueShard?.session.getBookmark() ?? null };
  }

  // ---- placement and status changes (RPC from the Worker's routes) ----------------------------

  async placeOrder(req: PlacementRequest): Promise<Bookmarked<PlacementOutcome>> {
    const key = req.idempotencyKey;
    if (key && this.inFlight.has(key)) {
      return this.bookmarked(this.inFlight.get(key) === req.requestHash
        ? refuse(409, 'idempotency_in_flight', 'A request with this Idempotency-Key is still being processed')
        : refuse(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request'));
    }
    if (key) this.inFlight.set(key, req.requestHash);
    try {
      await this.open(req.venueId);
      // A guest at one of the venue's tables orders through its tab (docs/product.md §12.3); a round is the table's.
      if (!req.tableSessionId) {
        const table = await this.tables.tableOf([req.owner.ownerKey, `s:${req.owner.sessionId}`, ...(req.owner.guestId ? [`g:${req.owner.guestId}`] : [])]);
        if (table !== null) return this.bookmarked(refuse(409, 'at_table', tableMessages.soloWhileAtTable(table), { table }));
      }
      // A round is placed the full way: its idempotency record is read first, so a retry is answered even once the cart is gone.
      const held = req.tableSessionId ? undefined : this.held;
      const outcome = await this.oneAtATime(req.owner.ownerKey, async (): Promise<PlacementOutcome> => {
        const { db } = await this.db(req.venueId);
        // Orders from anonymous devices new to the venue stop at a ceiling (docs/decisions/167).
        this.firstOrders ??= new FirstOrderCeiling(req.venueId);
        const admitted = await this.firstOrders.admit(db, req.owner);
        if ('ok' in admitted) return admitted;
        const placed = await this.placeWithCode(req, held);
        admitted.settle(placed);
        return placed;
      });
      if (outcome.ok && outcome.seq !== null) {
        this.publish(outcome.seq, { type: 'order_created', at: outcome.order.created_at, order: outcome.order }, outcome.ownerKey);
        await this.touchRollupDays(req.venueId, [utcDay(outcome.order.created_at), ...outcome.linkedDays]);
      }
      return this.bookmarked(outcome);
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
  private async placeWithCode(req: PlacementRequest, held: HeldDrinks | undefined): Promise<PlacementOutcome> {
    const { db } = await this.db(req.venueId);
    for (let attempt = 0; ; attempt += 1) {
      const codes = await this.orderCodes(req.venueId);
      const code = codes.claim();
      let placed: PlacementOutcome;
      try {
        placed = await placeOrder(db, req, this.log.latest(), code, held);
      } catch (err) {
        codes.returnUnused(code);
        throw err;
      }
      if (placed.ok && !placed.replayed) return placed;
      codes.returnUnused(code);
      if (placed.ok || placed.code !== ORDER_CODE_TAKEN || attempt > 0) return placed;
      this.codes = null;
    }
  }

  private orderCodes(venueId: string): Promise<OrderCodes> {
    this.codes ??= this.db(venueId).then(({ db }) => readOrderCodes(db, venueId)).then((start) => new OrderCodes(start));
    // A failed read is tried again by the next placement.
    this.codes.catch(() => { this.codes = null; });
    return this.codes;
  }

  /** Stripe, where the platform takes cards (docs/decisions/222). */
  private payments() {
    return cardPaymentsConfigured(this.env as WorkerEnv) ? stripeGateway(this.env as WorkerEnv) : null;
  }

  /** An order paid first has its card captured, released or refunded with the change (docs/decisions/241). */
  async changeStatus(req: StatusChangeRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    return this.publishChange(req.venueId, req.orderId, async () => {
      const shard = await this.db(req.venueId);
      return changeWithOrderPayment(shard.db, this.payments(), req.orderId, req.to, () => changeOrderStatus(shard.db, shard.d1, req, this.log.latest()));
    });
  }

  /** "Undo" of a bump, within its window (docs/decisions/234). */
  async recallStatus(req: RecallRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    return this.publishChange(req.venueId, req.orderId, async () => {
      const shard = await this.db(req.venueId);
      return changeWithOrderPayment(shard.db, this.payments(), req.orderId, 'recall', () => recallOrderStatus(shard.db, shard.d1, req, this.log.latest()));
    });
  }

  /** A delivered solo order recorded paid at the bar (docs/decisions/222), in the order's own turn. */
  async recordPayment(req: PaymentRequest): Promise<Bookmarked<StatusChangeOutcome>> {
    return this.publishChange(req.venueId, req.orderId, async () => {
      const shard = await this.db(req.venueId);
      return recordOrderPayment(shard.db, shard.d1, req, this.log.latest());
    });
  }

  /**
   * "Clear unclaimed" (docs/decisions/167): each order named is cancelled with `reason` if it is still unclaimed,
   * checked in the order's own turn, so a bartender starting it meanwhile keeps it. A few at a time.
   */
  async cancelUnclaimed(req: { venueId: string; orderIds: string[]; reason: string; actor: StatusChangeRequest['actor'] }): Promise<Bookmarked<{ cancelled: string[]; skipped: string[] }>> {
    await this.open(req.venueId);
    const cancelled: string[] = [];
    const skipped: string[] = [];
    for (const ids of inChunks(req.orderIds, CANCEL_AT_ONCE)) {
      const outcomes = await Promise.all(ids.map((orderId) => this.publishChange(req.venueId, orderId, async () => {
        const shard = await this.db(req.venueId);
        if (!(await isUnclaimed(shard.db, req.venueId, orderId))) return refuse(409, 'not_unclaimed', 'This order is no longer unclaimed');
        return changeWithOrderPayment(shard.db, this.payments(), orderId, 'cancelled',
          () => changeOrderStatus(shard.db, shard.d1, { venueId: req.venueId, orderId, to: 'cancelled', reason: req.reason, actor: req.actor }, this.log.latest()));
      })));
      ids.forEach((id, i) => (outcomes[i]!.ok ? cancelled : skipped).push(id));
    }
    return this.bookmarked({ cancelled, skipped });
  }

  private async publishChange(venueId: string, orderId: string, change: () => Promise<StatusChangeOutcome>): Promise<Bookmarked<StatusChangeOutcome>> {
    await this.open(venueId);
    const outcome = await this.oneAtATime(`order:${orderId}`, change);
    if (outcome.ok) {
      // An order leaving the open states frees its code; an Undo back to ready holds it again.
      const codes = this.codes && await this.codes.catch(() => null);
      if (codes && isActiveStatus(outcome.to)) codes.hold(outcome.order.code);
      else if (codes) codes.release(outcome.order.code);
      // Before the event: the nudge carries the last number sent, so a client never skips past this event.
      if (outcome.menuChanged) this.announceMenuNow();
      this.publish(outcome.seq, { type: 'order_updated', at: outcome.at, from: outcome.from, to: outcome.to, order: outcome.order }, outcome.ownerKey);
      // A table's round: its members and staff see the tab as it is now.
      if (outcome.order.table_session_id) {
        this.tables.forget(outcome.order.table_session_id);
        this.tables.roundChanged(outcome.order.table_session_id).catch((err: unknown) => {
          console.error(JSON.stringify({ level: 'error', message: 'table frame after a round change failed', error: String(err) }));
        });
      }
      // "Tell me when it's ready" (docs/decisions/227, amended): every path to ready passes here (the bar's and an
      // admin's status change, an Undo back to ready, a table's round), so each pushes; the send takes the order's
      // requests off it first, so an order is told once however often it comes back to ready.
      if (outcome.to === 'ready' && outcome.from !== 'ready') this.tellReady(venueId, outcome.order);
      // A cancellation stops the order counting; any change shows in the platform's recent-orders feed.
      await this.touchRollupDays(venueId, [utcDay(outcome.order.created_at)]);
    }
    return this.bookmarked(outcome);
  }

  /** The pushes and text of a ready order, after its change is published: the bar's answer never waits on them. */
  private tellReady(venueId: string, order: { id: string; table_number?: string | null; table_session_id?: string | null }) {
    const ready = { id: order.id, restaurantId: venueId, tableNumber: order.table_number ?? null, tableSessionId: order.table_session_id ?? null };
    this.ctx.waitUntil(this.db(venueId).then(({ db }) => sendOrderReady(this.env as WorkerEnv, db, ready)).catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'ready push failed', order_id: ready.id, error: String(err) }));
    }));
  }

  // ---- tables and tabs (docs/decisions/231) -----------------------------------------------------

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

  /** A table frame: to every staff socket, and to the guest sockets of any of these owner keys. Not numbered, not kept. */
  /**
   * Staff sockets and the guest sockets of these owner keys, found by their tags rather than by walking every socket
   * of the venue for each frame (docs/decisions/231).
   */
  private tell(ownerKeys: ReadonlySet<string>, text: string) {
    const told = new Set<WebSocket>();
    const once = (ws: WebSocket) => {
      if (told.has(ws)) return;
      told.add(ws);
      sendText(ws, text);
    };
    for (const ws of this.ctx.getWebSockets('staff')) once(ws);
    for (const key of ownerKeys) for (const ws of this.ctx.getWebSockets(ownerKeyTag(key))) once(ws);
    for (const ws of this.ctx.getWebSockets(MANY_KEYS_TAG)) {
      const subscriber = subscriberOf(ws);
      if (subscriber?.audience === 'guest' && subscriber.ownerKeys.some((key) => ownerKeys.has(key))) once(ws);
    }
  }

  /** Closes idle tabs when their check is due (worker/tables/idle-alarm.ts); the rollups follow in the same alarm. */
  private async tableAlarm() {
    const venueId = await dueIdleCheck(this.ctx.storage);
    if (!venueId) return;
    try {
      await this.open(venueId);
      await this.tables.closeIdle();
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', message: 'closing idle tabs failed', error: String(err) }));
      await wakeBy(this.ctx.storage, venueId, Date.now() + ROLLUP_RETRY_MS);
    }
  }

  /** Open menus, drink pages and carts of the venue refetch (docs/decisions/154). */
  async announceMenuChange(venueId: string): Promise<void> {
    await this.open(venueId);
    this.announceMenuNow();
  }

  private announceMenuNow() {
    this.held.drop();
    // What a table's cart shows of the menu (names, prices, availability) is read again.
    this.tables.forget();
    const text = JSON.stringify({ type: 'menu_changed', seq: this.log.latest(), at: new Date().toISOString() } satisfies LiveMessage);
    for (const ws of this.ctx.getWebSockets()) sendText(ws, text);
  }

  private async oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.ownerQueues.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    this.ownerQueues.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.ownerQueues.get(key) === tail) this.ownerQueues.delete(key);
    }
  }

  // ---- rollups (docs/decisions/203) ------------------------------------------------------------

  /**
   * The days recorded in `rollup_days`, mirrored in memory once read: every write to the table goes through
   * recordRollupDays or the alarm, so a placement whose day is recorded already reads no storage at all.
   */
  private rollupDays: Set<string> | null = null;

  private recordedRollupDays(): Set<string> {
    this.rollupDays ??= new Set(this.ctx.storage.sql.exec<{ day: string }>('select day from rollup_days').toArray().map((r) => r.day));
    return this.rollupDays;
  }

  private recordRollupDays(venueId: string, days: readonly string[]) {
    const recorded = this.recordedRollupDays();
    for (const day of days) {
      this.ctx.storage.sql.exec('insert into rollup_days (day, venue_id, mark) values (?, ?, 0) on conflict (day) do nothing', day, venueId);
      recorded.add(day);
    }
  }

  /**
   * Records the UTC days a change to the venue's orders or AI interactions touched; their rollups are recomputed
   * ROLLUP_DELAY_MS later by the alarm. One alarm is pending at most: the first day recorded sets it. A day already
   * recorded is not written again, so the changes of a busy evening add no storage commit of their own to the
   * hub's (docs/decisions/154). Placement and status changes call it here; a change made elsewhere (an AI
   * suggestion stored, a refund) calls it by RPC.
   */
  async touchRollupDays(venueId: string, days: readonly string[]): Promise<void> {
    const recorded = this.recordedRollupDays();
    const fresh = [...new Set(days)].filter((day) => !recorded.has(day));
    if (fresh.length === 0) return;
    const idle = recorded.size === 0;
    this.recordRollupDays(venueId, fresh);
    if (idle) await this.ctx.storage.setAlarm(Date.now() + ROLLUP_DELAY_MS);
  }

  /** Recomputes the recorded days' rollups on the venue's shard, with one batch of reads and one of writes per run of days. */
  async alarm(): Promise<void> {
    await this.tableAlarm();
    const sql = this.ctx.storage.sql;
    const days = sql.exec<{ day: string; venue_id: string }>('select day, venue_id from rollup_days order by day').toArray();
    if (days.length === 0) return;
    // Taken off before the recompute reads: a change meanwhile records its day again and sets the next alarm.
    sql.exec('delete from rollup_days');
    this.rollupDays = new Set();
    const venueId = days[0]!.venue_id;
    try {
      const shard = await this.db(venueId);
      // The live log keeps its last EVENT_LOG_LIMIT events: trimmed here, off the write path.
      await this.open(venueId);
      await pruneLiveEvents(shard.db, venueId, this.log.latest());
      // The UTC days recorded become the venue's business days they can fall in (docs/decisions/203).
      const venues = await venueClocks(this.env.DB, { venueId });
      for (const run of consecutiveDays(businessDaysAround(days.map((d) => d.day)))) {
        await rollUp(shard.d1, this.env.DB, { shard: shard.shard, venueId, ...run, venues });
      }
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', message: 'rollup recompute failed', error: String(err) }));
      // Recorded again, all of them, for a later try.
      const waiting = this.recordedRollupDays().size > 0;
      this.recordRollupDays(venueId, days.map((d) => d.day));
      if (!waiting) await this.ctx.storage.setAlarm(Date.now() + ROLLUP_RETRY_MS);
    }
  }

  // ---- the event log and fan-out -------------------------------------------------------------

  /** An event its write batch numbered `seq`: sent to every socket allowed to see it, in number order. */
  private publish(seq: number, event: UnsequencedEvent, ownerKey: string) {
    this.log.receive({ seq, owner_key: ownerKey, body: JSON.stringify({ ...event, seq }) });
  }

  /** Deliveries run one after another, so events reach each socket in order. */
  private deliveries: Promise<void> = Promise.resolve();

  /**
   * Sends a stored event to every socket whose session is still live and whose role still allows
   * this venue; the others are closed instead (docs/decisions/166). The check is cached per
   * isolate for a few seconds, so it rarely reads D1, and made once per session per event however many sockets
   * share it; it never delays the placement that published.
   */
  private deliver(row: StoredEvent) {
    this.deliveries = this.deliveries.then(async () => {
      const sockets = this.ctx.getWebSockets();
      const subscribers = sockets.map(subscriberOf);
      const checks = new Map<string, Promise<Allowed>>();
      const allowed = await Promise.all(subscribers.map((subscriber) => {
        const key = sessionCheckKey(subscriber);
        let check = checks.get(key);
        if (!check) checks.set(key, check = this.stillAllowed(subscriber));
        return check;
      }));
      sockets.forEach((ws, i) => {
        if (allowed[i] === 'ended') return closeSocket(ws, SESSION_ENDED_CLOSE, 'Session ended');
        if (allowed[i] === 'unknown') return closeSocket(ws, 1013, 'Try again later');
        const subscriber = subscribers[i]!;
        // Its catch-up already sent this one.
        if (subscriber.through !== undefined && row.seq <= subscriber.through) return;
        // Staff see every event as stored: the body serialised once goes to each staff socket as is.
        if (subscriber.audience === 'staff') return sendText(ws, row.body);
        const message = viewFor(subscriber, row);
        if (message) send(ws, message);
      });
    }).catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'live delivery failed', error: String(err) }));
    });
  }

  /** 'live', 'ended', or 'unknown' when the check itself failed (the socket is closed and reconnects). */
  private async stillAllowed(subscriber: SocketState | null): Promise<Allowed> {
    // A socket accepted before sessions were named cannot be checked: it reconnects with its token.
    if (!subscriber?.sessionId) return 'ended';
    try {
      if (subscriber.audience === 'guest') {
        if (!subscriber.guestId) return 'live';
        const ref = { sessionId: subscriber.sessionId, guestId: subscriber.guestId, signedInAt: subscriber.signedInAt ?? null };
        return (await guestSessionLive(this.env.DB, ref)) ? 'live' : 'ended';
      }
      const state = await staffSessionState(this.env.DB, { userId: subscriber.userId, sessionId: subscriber.sessionId });
      if (!state || state.claimsVersion !== subscriber.claimsVersion) return 'ended';
      const venueAllowed = subscriber.impersonating ? state.role === 'superadmin' : state.role === 'superadmin' || state.restaurantId === subscriber.venueId;
      return venueAllowed ? 'live' : 'ended';
    } catch {
      return 'unknown';
    }
  }

  /** Pushed by the place that ended the sessions (logout, reset, disable, role change): closes their sockets now. */
  closeEndedSessions(ended: EndedSessions): number {
    forgetSessionChecks();
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const subscriber = subscriberOf(ws);
      if (!subscriber) continue;
      const byUser = ended.userId !== undefined && subscriber.audience === 'staff' && subscriber.userId === ended.userId;
      const bySession = ended.sessionId !== undefined && subscriber.sessionId === ended.sessionId;
      if (byUser || bySession) {
        closeSocket(ws, SESSION_ENDED_CLOSE, 'Session ended');
        closed += 1;
      }
    }
    return closed;
  }

  /** The last number sent to the venue's sockets. */
  async latestSeq(venueId: string): Promise<number> {
    await this.open(venueId);
    return this.log.latest();
  }

  // ---- WebSockets ----------------------------------------------------------------------------

  /** The Worker has checked the token and tenancy; it passes the subscriber and `since`. */
  async fetch(request: Request): Promise<Response> {
    const raw = request.headers.get(SUBSCRIBER_HEADER);
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !raw) {
      return Response.json({ error: { code: 'not_found', message: 'No live channel here' } }, { status: 404 });
    }
    const subscriber = JSON.parse(raw) as Subscriber;
    const sinceParam = new URL(request.url).searchParams.get('since');
    const since = sinceParam === null ? null : Number(sinceParam);

    await this.open(subscriber.venueId);
    // What a reconnecting client missed, up to the last number sent when it is accepted (no await in between):
    // events sent later reach it as deliveries, and deliveries of numbers its catch-up sent skip it.
    const catchUp = since === null ? { messages: [], through: this.log.latest() } : await this.catchUp(subscriber, since);

    const { 0: client, 1: server } = new WebSocketPair();
    const sessionTag = `session:${subscriber.sessionId}`;
    const addressTag = `address:${(request.headers.get(ADDRESS_HEADER) ?? 'unknown').slice(0, 100)}`;
    this.ctx.acceptWebSocket(server, [subscriber.audience, sessionTag, addressTag, ...ownerKeyTags(subscriber)]);
    const state: SocketState = { ...subscriber, through: catchUp.through, opened: [Date.now(), this.socketsOpened++] };
    server.serializeAttachment(state);
    subscribers.set(server, state);
    for (const message of catchUp.messages) send(server, message);
    send(server, { type: 'hello', venue_id: subscriber.venueId, seq: catchUp.through, audience: subscriber.audience });
    // Accepted first, then the oldest over a cap closed: a new tab or a reloaded screen always gets its socket.
    this.closeOldestBeyond(sessionTag, LIVE_SOCKETS_PER_SESSION);
    this.closeOldestBeyond(addressTag, LIVE_SOCKETS_PER_ADDRESS);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sockets accepted by this instance, to order those accepted within the same millisecond. */
  private socketsOpened = 0;

  /** Closes the oldest open sockets carrying `tag` until at most `cap` are left (docs/decisions/166). */
  private closeOldestBeyond(tag: string, cap: number) {
    const open = this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
    if (open.length <= cap) return;
    const openedOf = (ws: WebSocket) => subscriberOf(ws)?.opened ?? [0, 0];
    open.sort((a, b) => openedOf(a)[0] - openedOf(b)[0] || openedOf(a)[1] - openedOf(b)[1]);
    for (const ws of open.slice(0, open.length - cap)) closeSocket(ws, TOO_MANY_SOCKETS_CLOSE, 'Too many live connections');
  }

  /** Missed events after `since`, or a snapshot of active orders when the log no longer has them. */
  private async catchUp(subscriber: Subscriber, since: number): Promise<{ messages: LiveMessage[]; through: number }> {
    const missed = await this.log.after(since);
    if (missed) return { messages: missed.events.map((row) => viewFor(subscriber, row)).filter((m): m is LiveMessage => m !== null), through: missed.through };
    // Too old, ahead of this venue's log (e.g. local storage was reset), or an order archived since: start over.
    const orders = await this.activeOrders(subscriber);
    const through = this.log.latest();
    return { messages: [{ type: 'snapshot', seq: through, orders }], through };
  }

  private async activeOrders(subscriber: Subscriber) {
    const { db } = await this.db(subscriber.venueId);
    const { orders } = schema;
    const rows = await db.select().from(orders).where(and(
      eq(orders.restaurantId, subscriber.venueId),
      inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
      subscriber.audience === 'guest' ? inArray(orders.ownerKey, subscriber.ownerKeys) : undefined,
    )).orderBy(asc(orders.createdAt)).limit(200);
    return toOrders(db, rows);
  }

  webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // Clients only ping (answered by the auto-response without waking the hub); anything else is ignored.
    if (typeof message === 'string' && message.length > 1024) ws.close(1009, 'Message too big');
  }

  webSocketClose(ws: WebSocket, code: number, reason: string) {
    // 1005 (no code) and 1006 (abnormal) may not be sent back; answer those with a normal close.
    const echo = code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000;
    try {
      ws.close(echo, reason);
    } catch {
      // Already closed.
    }
  }
}

/** Status changes "Clear unclaimed" makes side by side. */
const CANCEL_AT_ONCE = 8;

/** Sorted days as runs of consecutive days, each [from, to). */
function consecutiveDays(sortedDays: readonly string[]): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  for (const day of sortedDays) {
    const last = runs.at(-1);
    if (last && last.to === day) last.to = addDays(day, 1);
    else runs.push({ from: day, to: addDays(day, 1) });
  }
  return runs;
}

type Allowed = 'live' | 'ended' | 'unknown';

/** What decides stillAllowed's answer for a subscriber: sockets with the same key get the same answer. */
function sessionCheckKey(subscriber: SocketState | null): string {
  if (!subscriber?.sessionId) return '';
  return subscriber.audience === 'guest'
    ? `guest|${subscriber.sessionId}|${subscriber.guestId ?? ''}|${subscriber.signedInAt ?? ''}`
    : `staff|${subscriber.sessionId}|${subscriber.userId}|${subscriber.claimsVersion}|${subscriber.impersonating}|${subscriber.venueId}`;
}

/**
 * Each socket's subscriber as this instance read it: every frame and event looks at every socket, and reading
 * the attachment back each time cost more than the rest of a table change's fan-out. An attachment is written once,
 * when its socket is accepted; a hub woken from hibernation reads it again.
 */
const subscribers = new WeakMap<WebSocket, SocketState | null>();

/**
 * A guest socket is tagged with each of its owner keys, so a table's frame finds its members' sockets (tell). A
 * socket has at most 10 tags and 3 are taken; one with more keys than fit is tagged MANY_KEYS_TAG and looked at.
 */
const OWNER_KEY_TAGS_MAX = 7;
const MANY_KEYS_TAG = 'keys:many';
const ownerKeyTag = (key: string) => `key:${key}`;
function ownerKeyTags(subscriber: Subscriber): string[] {
  if (subscriber.audience !== 'guest') return [];
  return subscriber.ownerKeys.length <= OWNER_KEY_TAGS_MAX ? subscriber.ownerKeys.map(ownerKeyTag) : [MANY_KEYS_TAG];
}

function subscriberOf(ws: WebSocket): SocketState | null {
  let subscriber = subscribers.get(ws);
  if (subscriber === undefined) subscribers.set(ws, subscriber = ws.deserializeAttachment() as SocketState | null);
  return subscriber;
}

/** What one subscriber sees of a stored event: everything for staff; for guests their own orders,
 * and a bare 'queue_changed' when someone else's order leaves the queue (their ETA moved). */
function viewFor(subscriber: Subscriber | null, row: StoredEvent): LiveMessage | null {
  if (!subscriber) return null;
  const event = JSON.parse(row.body) as LiveEvent;
  if (subscriber.audience === 'staff') return event;
  if (subscriber.ownerKeys.includes(row.owner_key)) return event;
  if (event.type === 'order_updated' && inQueue(event.from) && !inQueue(event.to)) {
    return { type: 'queue_changed', seq: event.seq, at: event.at };
  }
  return null;
}

const inQueue = (status: string) => status === 'pending' || status === 'preparing';

function closeSocket(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}

function send(ws: WebSocket, message: LiveMessage) {
  sendText(ws, JSON.stringify(message));
}

function sendText(ws: WebSocket, text: string) {
  try {
    ws.send(text);
  } catch {
    // The socket is closing; the client will reconnect with `since` and catch up.
  }
}
