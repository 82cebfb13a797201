// The venue's live log (docs/decisions/154). Every order event is a row of the venue's database, written in the
// same D1 batch as the change it announces and numbered there, per venue, in commit order: a committed change
// always has its event, a rolled-back one never takes a number, and the hub adds no storage commit of its own.
//
// The hub learns each number from its write's answer. Answers of overlapping writes can come back out of commit
// order, so the hub holds an event until every smaller number has been sent (the reorder below), and an event
// whose answer never reached it (its request failed after the commit) is read back from the database after
// HOLE_WAIT_MS. Reconnecting clients are answered from the events the hub sent last (in memory) or, after the hub
// restarted, from the database, where the order is read as it is now.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/orders';
import type { LiveEvent } from '../../shared/schemas/live';
import { liveEvents, orders } from '../db/schema';
import type { Db } from '../env';
import { inChunks } from '../lib/in-chunks';
import { toOrders } from '../orders';

/** How many events a venue's database keeps for reconnecting clients; older `since` values get a snapshot. */
export const EVENT_LOG_LIMIT = 500;
/** How many of the events it sent last a hub keeps in memory, so a reconnect within them reads nothing. */
export const RECENT_EVENTS = 200;
/** How long the hub waits for the answer of a smaller number before reading that event from the database. */
export const HOLE_WAIT_MS = 1_000;

/** An event as the hub sends it: its number, whose order it is, and the message as staff receive it. */
export type StoredEvent = { seq: number; owner_key: string; body: string };

/** The venue's last number in its database (0 when it holds none). */
export async function latestStoredSeq(db: Db, venueId: string): Promise<number> {
  const [row] = await db.select({ seq: sql<number | null>`max(${liveEvents.seq})` }).from(liveEvents).where(eq(liveEvents.restaurantId, venueId));
  return row?.seq ?? 0;
}

/** Keeps the venue's last EVENT_LOG_LIMIT events (the hub runs it with its rollups, a few seconds after changes). */
export async function pruneLiveEvents(db: Db, venueId: string, latest: number): Promise<void> {
  await db.delete(liveEvents).where(and(eq(liveEvents.restaurantId, venueId), lte(liveEvents.seq, latest - EVENT_LOG_LIMIT)));
}

/**
 * The venue's events after `since` up to `through`, as they are sent, with each order as it is now. Stops before
 * the first event whose order is gone (archived): the caller then answers with a snapshot.
 */
export async function storedEvents(db: Db, venueId: string, since: number, through: number): Promise<StoredEvent[]> {
  const rows = await db.select().from(liveEvents)
    .where(and(eq(liveEvents.restaurantId, venueId), gt(liveEvents.seq, since), lte(liveEvents.seq, through)))
    .orderBy(asc(liveEvents.seq));
  const ids = [...new Set(rows.map((r) => r.orderId))];
  const orderRows = (await Promise.all(inChunks(ids).map((chunk) => db.select().from(orders).where(inArray(orders.id, chunk))))).flat();
  const ownerOf = new Map(orderRows.map((o) => [o.id, o.ownerKey]));
  const byId = new Map((await toOrders(db, orderRows)).map((o) => [o.id, o]));
  const events: StoredEvent[] = [];
  for (const row of rows) {
    const order = byId.get(row.orderId);
    if (!order) break;
    const event: LiveEvent = row.fromStatus === null
      ? { type: 'order_created', at: row.createdAt, order, seq: row.seq }
      : { type: 'order_updated', at: row.createdAt, from: row.fromStatus as OrderStatus, to: row.toStatus as OrderStatus, order, seq: row.seq };
    events.push({ seq: row.seq, owner_key: ownerOf.get(row.orderId)!, body: JSON.stringify(event) });
  }
  return events;
}

/**
 * The last number a hub of the version before kept in its own storage (docs/decisions/154): a venue continues from
 * it. Read once per hub instance (LiveLog.ready); nothing is written there any more.
 */
export function legacyLatestSeq(sql: SqlStorage): number {
  const tables = new Set(sql.exec<{ name: string }>(`select name from sqlite_master where type = 'table' and name in ('live_meta', 'live_events')`).toArray().map((r) => r.name));
  const meta = tables.has('live_meta') ? sql.exec<{ n: number | null }>(`select max(value) as n from live_meta where key in ('seq', 'reserved')`).toArray()[0]?.n ?? 0 : 0;
  const logged = tables.has('live_events') ? sql.exec<{ n: number | null }>('select max(seq) as n from live_events').toArray()[0]?.n ?? 0 : 0;
  return Math.max(meta, logged);
}

/** What the hub needs around the log: the venue's database and its sockets. */
export type LiveLogIo = {
  /** The venue's last stored number. */
  latestStored(): Promise<number>;
  /** The stored events after `since` up to `through` (storedEvents). */
  stored(since: number, through: number): Promise<StoredEvent[]>;
  /** Sends one event to the venue's sockets; called in number order, once per number. */
  deliver(event: StoredEvent): void;
};

/**
 * The hub's side of the log: the last number sent, the events that arrived before a smaller number, and the
 * events sent last. Sends each number once and in order.
 */
export class LiveLog {
  /** The last number handed to the sockets; every smaller one was handed before it. Null until loaded. */
  private sent: number | null = null;
  private loading: Promise<void> | null = null;
  /** Numbered by a committed write, waiting for a smaller number's answer. */
  private readonly early = new Map<number, StoredEvent>();
  /** The last RECENT_EVENTS events sent, in order. */
  private readonly recent: StoredEvent[] = [];
  private holeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly io: LiveLogIo, private readonly legacyLatest: () => number) {}

  /**
   * Loads the last number once per hub instance, before its first write: max of the database's and of what a hub
   * of the version before kept in its own storage (docs/decisions/154), so numbers never go back.
   */
  ready(): Promise<void> {
    this.loading ??= this.io.latestStored().then((stored) => {
      this.sent = Math.max(this.sent ?? 0, stored, this.legacyLatest());
    }).catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  /** The last number sent (call after ready()). */
  latest(): number {
    if (this.sent === null) throw new Error('live log not loaded');
    return this.sent;
  }

  /** An event a committed write numbered: sent now if every smaller number was, else when they are. */
  receive(event: StoredEvent): void {
    if (event.seq <= this.latest()) return; // Already read back from the database and sent.
    this.early.set(event.seq, event);
    this.drain();
  }

  private drain() {
    for (let next = this.early.get(this.sent! + 1); next; next = this.early.get(this.sent! + 1)) {
      this.early.delete(next.seq);
      this.send(next);
    }
    if (this.early.size === 0) {
      if (this.holeTimer) clearTimeout(this.holeTimer);
      this.holeTimer = null;
    } else {
      this.holeTimer ??= setTimeout(() => void this.fillHole(), HOLE_WAIT_MS);
    }
  }

  private send(event: StoredEvent) {
    this.sent = event.seq;
    this.recent.push(event);
    if (this.recent.length > RECENT_EVENTS) this.recent.shift();
    this.io.deliver(event);
  }

  /** Reads the numbers still missing below the waiting events from the database and sends them. */
  private async fillHole() {
    this.holeTimer = null;
    if (this.early.size === 0) return;
    const through = Math.min(...this.early.keys()) - 1;
    try {
      for (const event of await this.io.stored(this.sent!, through)) {
        if (event.seq === this.sent! + 1) this.send(event);
      }
      // A number the database cannot give (its order archived meanwhile) is skipped: clients see the gap and reload.
      if (this.sent! < through) this.sent = through;
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', message: 'live log: missing events not read', error: String(err) }));
    }
    this.drain();
  }

  /** The sent events after `since` up to `through`, from memory; null when memory does not hold all of them. */
  private fromRecent(since: number, through: number): StoredEvent[] | null {
    if (since === through) return [];
    const first = this.recent[0]?.seq;
    if (first === undefined || first > since + 1) return null;
    return this.recent.slice(since + 1 - first, through + 1 - first);
  }

  /**
   * What a client whose last number is `since` missed, ending at `through` (the last number sent, which its hello
   * says), or null when neither memory nor the database holds all of it (a snapshot answers then).
   */
  async after(since: number): Promise<{ events: StoredEvent[]; through: number } | null> {
    await this.ready();
    const now = this.latest();
    if (since > now || since < 0) return null;
    const inMemory = this.fromRecent(since, now);
    if (inMemory) return { events: inMemory, through: now };
    const stored = await this.io.stored(since, now);
    if (stored.length !== now - since) return null;
    // Events sent while the database was read follow from memory.
    const tail = this.fromRecent(now, this.latest());
    return tail ? { events: [...stored, ...tail], through: this.latest() } : null;
  }
}
