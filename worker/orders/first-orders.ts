// The ceiling on orders from anonymous devices new to a venue (docs/decisions/167). A device token costs nothing,
// so without it one client could fill a bar's queue with orders nobody will collect. The venue's hub keeps the
// count: every placement at the venue passes through it one owner at a time, so the count is exact under
// concurrency and costs no request; a hub that starts afresh reads it back from the venue's orders.
import { sql } from 'drizzle-orm';
import { inChunks } from '../lib/in-chunks';
import type { Db } from '../env';
import { refuseWith, type PlacementOutcome, type PlacementOwner, type Refusal } from './placement';

/**
 * Orders a venue takes per window from anonymous devices that have never ordered there: a new guest every 10 s for
 * 10 minutes straight, more first orders than a busy bar pours in that time. Signed-in guests and returning devices
 * are never counted.
 */
export const FIRST_ORDERS_PER_VENUE = 60;
export const FIRST_ORDERS_WINDOW_MS = 10 * 60_000;
/** Past this many remembered regulars the hub starts over (it asks the database again): a hint, never a store. */
const MAX_REGULARS = 20_000;

/**
 * SQL over an `orders` row aliased `o`: the order is the first one its anonymous device placed at the venue (none
 * earlier, none archived). The one definition the ceiling and "Clear unclaimed" share.
 */
export const isFirstAnonymousOrder = sql`(o.guest_id is null
  and not exists (select 1 from orders p where p.owner_key = o.owner_key and p.restaurant_id = o.restaurant_id
    and (p.created_at < o.created_at or (p.created_at = o.created_at and p.id < o.id)))
  and not exists (select 1 from archived_orders a where a.owner_key = o.owner_key and a.restaurant_id = o.restaurant_id))`;

/** Whether the owner has an order at the venue, kept or archived, other than `exceptOrderId`. */
async function hasOrderedAt(db: Db, venueId: string, ownerKey: string, exceptOrderId = ''): Promise<boolean> {
  const row = await db.get<{ found: number }>(sql`select (
    exists (select 1 from orders where owner_key = ${ownerKey} and restaurant_id = ${venueId} and id <> ${exceptOrderId})
    or exists (select 1 from archived_orders where owner_key = ${ownerKey} and restaurant_id = ${venueId})) as found`);
  return Boolean(row?.found);
}

async function firstOrdersSince(db: Db, venueId: string, since: string): Promise<number[]> {
  const rows = await db.all<{ created_at: string }>(sql`
    select o.created_at as created_at from orders o where o.restaurant_id = ${venueId} and o.created_at > ${since} and ${isFirstAnonymousOrder}`);
  return rows.map((r) => Date.parse(r.created_at));
}

/** Owners whose orders are looked up at once when the ceiling is reached (a query's bound values stay under 100). */
const OWNERS_PER_LOOKUP = 40;

/** Of these placed orders, the ones that were not their owner's first at the venue (another order, kept or archived). */
async function notFirst(db: Db, venueId: string, placed: readonly Unverified[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of inChunks([...new Set(placed.map((p) => p.ownerKey))], OWNERS_PER_LOOKUP)) {
    const keys = sql.join(chunk.map((key) => sql`${key}`), sql`, `);
    const rows = await db.all<{ owner_key: string; id: string }>(sql`
      select owner_key, id from orders where restaurant_id = ${venueId} and owner_key in (${keys})
      union all select owner_key, '' as id from archived_orders where restaurant_id = ${venueId} and owner_key in (${keys})`);
    for (const p of placed) {
      if (rows.some((row) => row.owner_key === p.ownerKey && row.id !== p.orderId)) found.add(p.orderId);
    }
  }
  return found;
}

/** What an admitted placement reports back once placed. */
export type FirstOrderTicket = { settle(outcome: PlacementOutcome): void };
const UNCOUNTED: FirstOrderTicket = { settle: () => undefined };

/** A placed order counted as a first one until looked up (only when the count reaches the ceiling). */
type Unverified = { ownerKey: string; orderId: string; at: number };

export class FirstOrderCeiling {
  /** Anonymous owners known to have ordered at the venue: neither checked nor counted again. */
  private readonly regulars = new Set<string>();
  /** When each counted first order in the window was admitted; null until read from the venue's orders. */
  private admitted: number[] | null = null;
  private loading: Promise<number[]> | null = null;
  /** Admitted, not yet known to be placed: counted too, so parallel placements cannot pass the ceiling. */
  private placing = 0;
  /**
   * Placed by devices the hub had not seen order, counted as first orders without asking the database: most are
   * looked up never, since the count stays under the ceiling. When it reaches it, they are looked up at once, and
   * only the true first orders stay counted (docs/decisions/270).
   */
  private unverified: Unverified[] = [];

  constructor(private readonly venueId: string) {}

  /** Before a placement: a ticket to settle with its outcome, or the refusal to answer instead. */
  async admit(db: Db, owner: PlacementOwner, now = Date.now()): Promise<FirstOrderTicket | Refusal> {
    if (owner.guestId || this.regulars.has(owner.ownerKey)) return UNCOUNTED;
    const windowStart = now - FIRST_ORDERS_WINDOW_MS;
    let admitted = await this.inWindow(db, windowStart);
    if (admitted.length + this.unverified.length + this.placing >= FIRST_ORDERS_PER_VENUE && this.unverified.length) {
      await this.verify(db);
      admitted = await this.inWindow(db, windowStart);
    }
    // Nothing awaited from here to the ticket: the count and the decision are one step.
    if (admitted.length + this.unverified.length + this.placing < FIRST_ORDERS_PER_VENUE) return this.ticket(owner.ownerKey, now);
    // At the ceiling only, a device the hub has not seen order is looked up: a regular still orders.
    if (await hasOrderedAt(db, this.venueId, owner.ownerKey)) {
      this.remember(owner.ownerKey);
      return UNCOUNTED;
    }
    const oldest = Math.min(now, ...admitted, ...this.unverified.map((u) => u.at));
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + FIRST_ORDERS_WINDOW_MS - now) / 1000));
    return {
      ...refuseWith(429, 'rate_limited.first_orders', { retry_after: retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60) }),
      retryAfterSeconds,
    };
  }

  /** The counted first orders still in the window (the unverified ones too are dropped once out of it). */
  private async inWindow(db: Db, windowStart: number): Promise<number[]> {
    this.unverified = this.unverified.filter((u) => u.at > windowStart);
    return (this.admitted = (await this.counted(db, windowStart)).filter((at) => at > windowStart));
  }

  /** A lookup under way: admissions meanwhile wait for it rather than look the same orders up again. */
  private verifying: Promise<void> | null = null;

  /**
   * Looks the unverified orders up in one go: the true first ones are counted, the others' owners remembered. They
   * stay counted while the lookup runs, so placements side by side never see the count drop.
   */
  private verify(db: Db): Promise<void> {
    this.verifying ??= (async () => {
      const checking = [...this.unverified];
      const before = await notFirst(db, this.venueId, checking);
      const checked = new Set(checking);
      this.unverified = this.unverified.filter((u) => !checked.has(u));
      for (const placed of checking) {
        if (!before.has(placed.orderId)) this.admitted?.push(placed.at);
      }
    })().finally(() => { this.verifying = null; });
    return this.verifying;
  }

  private async counted(db: Db, windowStart: number): Promise<number[]> {
    if (!this.admitted) {
      this.loading ??= firstOrdersSince(db, this.venueId, new Date(windowStart).toISOString()).finally(() => { this.loading = null; });
      const loaded = await this.loading;
      this.admitted ??= loaded;
    }
    return this.admitted;
  }

  private ticket(ownerKey: string, admittedAt: number): FirstOrderTicket {
    this.placing += 1;
    return {
      settle: (outcome) => {
        this.placing -= 1;
        if (!outcome.ok || outcome.replayed) return;
        this.remember(ownerKey);
        // Counted as a first order until the count reaches the ceiling, when it is looked up: the answer never waits.
        this.unverified.push({ ownerKey, orderId: outcome.order.id, at: admittedAt });
      },
    };
  }

  private remember(ownerKey: string) {
    if (this.regulars.size >= MAX_REGULARS) this.regulars.clear();
    this.regulars.add(ownerKey);
  }
}
