// The tables of one venue, inside its hub (worker/live/venue-hub.ts, docs/decisions/231): every change of a table
// runs here, one after another per table session (a promise chain, as placement runs one guest's orders one after
// another), as one D1 batch that also reads the table back; then a `table_updated` frame goes to the table's
// members and to staff. D1 is the only truth: a restarted hub holds nothing it cannot read again.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { newId } from '../../shared/ids';
import type { LiveMessage } from '../../shared/schemas/live';
import type { LiveTableCart, TableState } from '../../shared/schemas/tables';
import { cartOrderAfter, LIVE_SESSION_STATUSES } from '../../shared/tables';
import { tableSessions, venues } from '../db/schema';
import type { Db } from '../env';
import { isUniqueViolation, type PlacementOutcome, type PlacementRequest } from '../orders';
import { billDecision, claimDecision, dropShareDecision, recordPaymentDecision, takeShareDecision, unclaimDecision } from './bill';
import { addLinesDecision, deleteLineDecision, sendRoundDecision, updateLineDecision } from './cart-lines';
import { isRefusal, sessionNotFound, type Change, type Decision, type Scope } from './change';
import { tableRefusal, type TableActor, type TableCommand, type TableOutcome, type TableRefusal } from './commands';
import { answerJoinDecision, joinDecision, memberInsert, newJoinCode, removeDecision, settingsDecision } from './membership';
import {
  liveMembersOfVenue, liveSessionAtQuery, memberByKeys, parseTableRows, presentMembers, readTable, TABLE_READ_COUNT, tableReads, venueTableQuery, withCartWrites,
  type CartLineRow, type DrinkRow, type SessionRow, type TableRows,
} from './queries';
import { toTableState } from './serialize';
import { autoCloseDecision, endDecision, mergeDecision, moveDecision, voidLineDecision } from './staff-actions';
import { addHoldDecision, attachCardDecision, cardEventDecision, planCaptureDecision, planRefundDecision } from './card';
import { captureHolds, makePendingRefunds, releaseSpareHolds, stopOpenPayments, type SettlementTurn } from './settlement';
import { liveShares } from './serialize';
import { tabHolds } from '../db/schema';
import type { Tip } from '../../shared/tab-split';
import { STRIPE_ACTOR, type PaymentGateway } from '../payments';
import { KeyedQueue } from '../lib/keyed-queue';

/** What the desk needs of its hub. */
export type DeskHost = {
  database(): Promise<Db>;
  venueId(): string;
  /** The venue's last live number: an unnumbered frame carries it, as `menu_changed` does (docs/decisions/154). */
  latestSeq(): number;
  /** Placement through the hub (one-active-order index, idempotency, the order's own live event). */
  placeRound(req: PlacementRequest): Promise<PlacementOutcome>;
  /** Sends a frame to staff sockets and to the guest sockets of any of these owner keys. */
  tell(ownerKeys: ReadonlySet<string>, text: string): void;
  touchRollupDays(days: readonly string[]): Promise<void>;
  /** The hub's alarm fires by then at the latest (idle tabs, docs/product.md §12.7). */
  wakeBy(at: number): Promise<void>;
  /** The venue's drinks the hub holds for placement (docs/decisions/157), read when it holds none. */
  heldDrinks(): Promise<Map<string, DrinkRow>>;
  /** Stripe, when the platform takes cards (docs/decisions/222): capturing a tab's holds. */
  payments(): PaymentGateway | null;
};

type GuestActor = Extract<TableActor, { kind: 'guest' }>;
/** A table's cart as last sent: its version, each line as JSON by id, the lines' order. */
type SentCart = { version: number; lines: Map<string, string>; order: string[] };

/** What changed in the cart since `last`: the lines new or different, the ones gone, the order when not implied. */
function cartFrame(table: TableState, last: SentCart, lines: Map<string, string>, order: string[], seq: number, at: string): LiveTableCart {
  const changed = table.cart.lines.filter((line) => last.lines.get(line.id) !== lines.get(line.id));
  const removed = last.order.filter((id) => !lines.has(id));
  const implied = cartOrderAfter(last.order, { lines: changed, removed });
  const sameOrder = implied.length === order.length && implied.every((id, i) => id === order[i]);
  return {
    type: 'table_cart', seq, at, session_id: table.session_id, base_version: last.version, version: table.version,
    last_activity_at: table.last_activity_at, lines: changed, removed, ...(sameOrder ? {} : { order }),
    subtotal_cents: table.cart.subtotal_cents, tax_cents: table.cart.tax_cents, total_cents: table.cart.total_cents,
  };
}
const HOUR_MS = 3_600_000;
/** How long a table's rows read back by its last change are decided on without reading D1 again. */
export const TABLE_ROWS_TTL_MS = 60_000;
/** Tables kept at once (a venue's live tabs are far fewer). */
const TABLE_ROWS_KEPT = 500;

export class TableDesk {
  /** Each table session's changes, one after another (worker/lib/keyed-queue.ts). */
  private readonly turns = new KeyedQueue();
  /**
   * The venue's live sessions and who is present at each (session id → table and owner keys), read once from D1
   * and kept current by every change here: placement asks it whether a guest may order on their own.
   */
  private present: Map<string, { table: string; ownerKeys: string[] }> | null = null;
  /** Whether this instance has set the hub's alarm for the venue's oldest live tab (once per instance). */
  private idleCheckSet = false;
  /**
   * Each table as its last change read it back (docs/decisions/231): the next change of that table decides on it
   * without reading D1 first. Every write to a table runs here; what changes a table from outside (a round's status
   * at the bar, the menu) drops it (forget), and an entry older than TABLE_ROWS_TTL_MS is read again anyway.
   */
  private readonly known = new Map<string, { rows: TableRows; at: number }>();
  /**
   * Each table's cart as this instance last sent it (its version, each line as JSON, in order): a change of the
   * cart alone goes out as what changed since then (`table_cart`, docs/decisions/231). A table this instance has
   * not sent (a restarted hub) goes out whole.
   */
  private readonly sent = new Map<string, SentCart>();

  constructor(private readonly host: DeskHost) {}

  async run(command: TableCommand, actor: TableActor): Promise<TableOutcome> {
    switch (command.type) {
      case 'open': return this.open(command, actor);
      case 'join': return this.joinByCode(command, actor);
      case 'settings': return this.change(command.sessionId, actor, (s) => settingsDecision(s, command));
      case 'answer_join': return this.change(command.sessionId, actor, (s) => answerJoinDecision(s, command.memberId, command.letIn));
      // A change that makes a share unpayable stops its card payment at Stripe first (docs/payments.md).
      case 'remove_member': return this.change(command.sessionId, actor, (s) => removeDecision(s, command.memberId),
        (rows) => rows.shares.filter((s) => s.payerMemberId === command.memberId));
      case 'add_lines': return this.change(command.sessionId, actor, (s) => addLinesDecision(s, command.lines));
      case 'update_line': return this.change(command.sessionId, actor, (s) => updateLineDecision(s, command.lineId, command.change));
      case 'delete_line': return this.change(command.sessionId, actor, (s) => deleteLineDecision(s, command.lineId));
      case 'send_round': return this.change(command.sessionId, actor, (s) => sendRoundDecision(s, command, (req) => this.host.placeRound(req)));
      case 'bill': return this.change(command.sessionId, actor, (s) => billDecision(s));
      case 'claim': return this.change(command.sessionId, actor, (s) => claimDecision(s, command.orderItemId, command.units));
      case 'unclaim': return this.change(command.sessionId, actor, (s) => unclaimDecision(s, command.orderItemId));
      case 'take_share': return this.change(command.sessionId, actor, (s) => takeShareDecision(s, command.share));
      // A payment under way is refused by the decision; one that failed may still be confirmed again, so it is stopped.
      case 'drop_share': return this.change(command.sessionId, actor, (s) => dropShareDecision(s, command.shareId),
        (rows) => rows.shares.filter((s) => s.id === command.shareId && s.paymentProblem !== null));
      case 'record_payment': return this.change(command.sessionId, actor, (s) => recordPaymentDecision(s, command.shareId, command.method),
        (rows) => rows.shares.filter((s) => s.id === command.shareId && s.paymentProblem !== null));
      case 'move': return this.move(command.sessionId, command.table, actor);
      case 'merge': return this.merge(command.sessionId, command.intoSessionId, actor);
      case 'void_line': return this.change(command.sessionId, actor, (s) => voidLineDecision(s, command.orderItemId, command.reason));
      case 'end': return this.change(command.sessionId, actor, (s) => endDecision(s, command.reason));
      case 'attach_card': return this.change(command.sessionId, actor, (s) => attachCardDecision(s, command.shareId, command.intentId, command.feeCents));
      case 'card_event': return this.change(command.sessionId, actor, (s) => cardEventDecision(s, command.event));
      case 'refund_share': return this.refund(command, actor);
      case 'add_hold': return this.change(command.sessionId, actor, (s) => addHoldDecision(s, { id: command.holdId, intentId: command.intentId, amountCents: command.amountCents }));
      case 'capture_holds': return this.capture(command.sessionId, actor, command.tip, 'paid');
    }
  }

  // ---- one change -----------------------------------------------------------------------------

  /**
   * Runs `decide` over the table as it is, in the session's turn, and commits what it decided; the card payments
   * of the shares `stopping` picks are stopped at Stripe first, and what the change left to Stripe is done after
   * it, in the same turn (worker/tables/settlement.ts).
   */
  private change(sessionId: string, actor: TableActor, decide: (scope: Scope) => Decision | Promise<Decision>, stopping?: (rows: TableRows) => TableRows['shares']): Promise<TableOutcome> {
    return this.turns.run(`session:${sessionId}`, async () => {
      const turn = this.turn(sessionId);
      if (stopping) {
        const first = await this.decideNow(await this.host.database(), sessionId, actor, decide);
        if (isRefusal(first)) return first;
        const refused = await stopOpenPayments(turn, stopping);
        if (refused) return refused;
      }
      const outcome = await this.changeNow(sessionId, actor, decide);
      if (outcome.ok) await this.settleAfter(turn);
      return outcome;
    });
  }

  /** The table's turn lent to the settlement module: it reads the table and applies changes within the turn. */
  private turn(sessionId: string): SettlementTurn {
    const scope = async () => {
      const db = await this.host.database();
      const rows = await this.current(db, sessionId);
      return rows ? { db, venueId: this.host.venueId(), rows } : null;
    };
    return {
      gateway: this.host.payments(),
      scope,
      rows: async () => (await scope())?.rows ?? null,
      apply: (actor, decide) => this.changeNow(sessionId, actor, decide),
    };
  }

  /** What a change leaves to Stripe: a late payment refunded, the holds of a tab that is over released. */
  private async settleAfter(turn: SettlementTurn) {
    const rows = await turn.rows();
    if (!rows) return;
    if (rows.shares.some((s) => s.paymentProblem === 'late_payment')) await makePendingRefunds(turn, STRIPE_ACTOR);
    if (rows.session.status !== 'open' && rows.session.status !== 'billing') await releaseSpareHolds(turn);
  }

  /** The tab closes on its holds: open card payments stopped, the capture planned, then made hold by hold. */
  private capture(sessionId: string, actor: TableActor, tip: Tip, reason: 'paid' | 'auto_closed'): Promise<TableOutcome> {
    return this.turns.run(`session:${sessionId}`, async () => {
      const turn = this.turn(sessionId);
      const first = await this.decideNow(await this.host.database(), sessionId, actor, (s) => planCaptureDecision(s, { tip }));
      if (isRefusal(first)) return first;
      const refused = await stopOpenPayments(turn, (rows) => liveShares(rows).filter((s) => s.paymentStatus === 'unpaid'));
      if (refused) return refused;
      const planned = await this.changeNow(sessionId, actor, (s) => planCaptureDecision(s, { tip }));
      if (!planned.ok) return planned;
      const outcome = await captureHolds(turn, actor, reason);
      await this.settleAfter(turn);
      return outcome;
    });
  }

  /** An admin's refund: planned in the table's turn (so two at once cannot both pass), then made at Stripe. */
  private refund(command: Extract<TableCommand, { type: 'refund_share' }>, actor: TableActor): Promise<TableOutcome> {
    return this.turns.run(`session:${command.sessionId}`, async () => {
      const planned = await this.changeNow(command.sessionId, actor, (s) => planRefundDecision(s, command));
      if (!planned.ok) return planned;
      const { outcome, made } = await makePendingRefunds(this.turn(command.sessionId), actor);
      const mine = made.find((m) => m.id === command.refundId);
      if (!outcome?.ok || !mine) return tableRefusal(502, 'payment_provider_error');
      return { ...outcome, refund: { id: mine.stripeRefundId, amountCents: mine.amountCents } };
    });
  }

  private async changeNow(sessionId: string, actor: TableActor, decide: (scope: Scope) => Decision | Promise<Decision>): Promise<TableOutcome> {
    const db = await this.host.database();
    const decided = await this.decideNow(db, sessionId, actor, decide);
    if (isRefusal(decided)) return decided;
    const { rows, scope } = decided;
    try {
      return await this.commit(db, rows, decided.change, actor, scope.now);
    } catch (err) {
      // A write the database refused (a constraint): the table is read afresh next time.
      this.known.delete(sessionId);
      throw err;
    }
  }

  /**
   * `decide` over the table as it is, nothing written: a change that stops card payments first is refused before
   * it stops any (a guest who may not remove someone cancels nobody's payment).
   */
  private async decideNow(db: Db, sessionId: string, actor: TableActor, decide: (scope: Scope) => Decision | Promise<Decision>) {
    const rows = await this.current(db, sessionId);
    if (!rows || rows.session.restaurantId !== this.host.venueId()) return sessionNotFound();
    const scope: Scope = {
      db, venueId: this.host.venueId(), now: new Date().toISOString(), rows, actor,
      member: actor.kind === 'guest' ? memberByKeys(rows, actor.ownerKeys) : null,
      heldDrinks: () => this.host.heldDrinks(),
    };
    const change = await decide(scope);
    return isRefusal(change) ? change : { rows, scope, change };
  }

  /** The table as its last change left it, or read from D1. */
  private async current(db: Db, sessionId: string): Promise<TableRows | null> {
    const hit = this.known.get(sessionId);
    if (hit && Date.now() - hit.at < TABLE_ROWS_TTL_MS) return hit.rows;
    const rows = await readTable(db, sessionId);
    if (rows) this.remember(rows);
    return rows;
  }

  private remember(rows: TableRows) {
    if (this.known.size >= TABLE_ROWS_KEPT) this.known.clear();
    this.known.set(rows.session.id, { rows, at: Date.now() });
  }

  /** Something outside this desk changed a table (a round at the bar), or every table (the menu): read again. */
  forget(sessionId?: string) {
    if (sessionId === undefined) this.known.clear();
    else this.known.delete(sessionId);
  }

  /** One batch: the decision's writes, the session's version and last activity, and the table read back. */
  private async commit(db: Db, before: TableRows, change: Change, actor: TableActor, now: string): Promise<TableOutcome> {
    const sessionId = before.session.id;
    let after = before;
    let state: TableState | null = null;
    if (!change.unchanged) {
      const bump = db.update(tableSessions).set({ version: sql`${tableSessions.version} + 1`, lastActivityAt: now }).where(eq(tableSessions.id, sessionId));
      if (change.cartOnly) {
        // The cart's writes and the bump return their rows: nothing is read back (docs/decisions/231).
        const statements: BatchItem<'sqlite'>[] = [...change.writes, bump.returning()];
        const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
        const written = results.slice(0, -1).flatMap((result) => (Array.isArray(result) ? result as CartLineRow[] : []));
        const [session] = results.at(-1) as SessionRow[];
        after = session ? await withCartWrites(db, before, session, written, change) : (await readTable(db, sessionId))!;
      } else {
        const statements: BatchItem<'sqlite'>[] = [...change.writes, bump, ...tableReads(db, sessionId)];
        const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
        after = (await parseTableRows(db, results.slice(-TABLE_READ_COUNT)))!;
      }
      this.remember(after);
      state = this.publish(after, change.alsoTell ?? [], change.cartOnly === true);
      if (change.touchedDays?.length) await this.host.touchRollupDays(change.touchedDays);
      if (!this.idleCheckSet) await this.scheduleIdleCheck(db);
    }
    return {
      ok: true,
      table: state ?? toTableState(after),
      you: actor.kind === 'guest' ? memberByKeys(after, actor.ownerKeys)?.id ?? null : null,
      ...(change.order ? { order: change.order } : {}),
      ...(change.audit ? { audit: change.audit } : {}),
    };
  }

  /**
   * The table's new state to its members' sockets (and anyone who just left) and to staff; answers the state. A
   * change of the cart alone, right after the version this instance last sent, goes out as what changed.
   */
  private publish(rows: TableRows, alsoTell: readonly string[], cartOnly = false): TableState {
    this.notePresent(rows);
    // Not those waiting to be let in: they see nothing of the tab (docs/decisions/237).
    const keys = new Set([...presentMembers(rows).map((m) => m.ownerKey), ...alsoTell]);
    const table = toTableState(rows);
    const lines = new Map(table.cart.lines.map((line) => [line.id, JSON.stringify(line)]));
    const order = table.cart.lines.map((line) => line.id);
    const last = this.sent.get(table.session_id);
    const seq = this.host.latestSeq();
    const at = new Date().toISOString();
    const frame: LiveMessage = cartOnly && last && last.version === table.version - 1
      ? cartFrame(table, last, lines, order, seq, at)
      : { type: 'table_updated', seq, at, table };
    if (this.sent.size >= TABLE_ROWS_KEPT) this.sent.clear();
    this.sent.set(table.session_id, { version: table.version, lines, order });
    this.host.tell(keys, JSON.stringify(frame));
    return table;
  }

  /**
   * A round of this table changed status at the bar (worker/live/venue-hub.ts publishChange): its members and staff
   * get the table as it is now. Not a change of the table: its version stays.
   */
  async roundChanged(sessionId: string): Promise<void> {
    this.forget(sessionId);
    await this.turns.run(`session:${sessionId}`, async () => {
      const rows = await this.current(await this.host.database(), sessionId);
      if (rows) this.publish(rows, []);
    });
  }

  // ---- opening and joining --------------------------------------------------------------------

  /**
   * A scan of table N's QR code: joins its live tab (within the scan window, or with its code), or opens one with
   * the caller as host. Scans of one table run one after another, so two friends scanning at once share one tab.
   */
  private open(command: Extract<TableCommand, { type: 'open' }>, actor: TableActor): Promise<TableOutcome> {
    if (actor.kind !== 'guest') return Promise.resolve(tableRefusal(403, 'forbidden.staff_join'));
    return this.turns.run(`table:${command.table}`, async () => {
      const db = await this.host.database();
      const venueId = this.host.venueId();
      const [tables, live] = await db.batch([venueTableQuery(db, venueId, command.table), liveSessionAtQuery(db, venueId, command.table)]);
      if (!tables[0]) return tableRefusal(404, 'table_not_found', { table: command.table });
      const elsewhere = await this.elsewhere(actor, live[0]?.id ?? null);
      if (elsewhere) return elsewhere;
      const open = live[0];
      if (open) return this.change(open.id, actor, (scope) => joinDecision(scope, command.name, command.code ?? null, open.lastActivityAt));
      return this.create(db, command.table, command.name, actor);
    });
  }

  /** The host's code (or invite link): joins the live tab it names, at any time. */
  private async joinByCode(command: Extract<TableCommand, { type: 'join' }>, actor: TableActor): Promise<TableOutcome> {
    if (actor.kind !== 'guest') return tableRefusal(403, 'forbidden.staff_join');
    const db = await this.host.database();
    const [session] = await db.select({ id: tableSessions.id }).from(tableSessions)
      .where(and(eq(tableSessions.restaurantId, this.host.venueId()), eq(tableSessions.joinCode, command.code), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]))).limit(1);
    if (!session) return tableRefusal(404, 'table_session_not_found.code');
    const elsewhere = await this.elsewhere(actor, session.id);
    if (elsewhere) return elsewhere;
    return this.change(session.id, actor, (scope) => joinDecision(scope, command.name, command.code));
  }

  /** A guest is at one table of a venue at a time. */
  private async elsewhere(actor: GuestActor, sessionId: string | null): Promise<TableRefusal | null> {
    const present = await this.presentSessions();
    for (const [id, at] of present) {
      if (id !== sessionId && at.ownerKeys.some((key) => actor.ownerKeys.includes(key))) {
        return tableRefusal(409, 'at_another_table', { session_id: id, table: at.table });
      }
    }
    return null;
  }

  /** A new tab at the table, the caller its host; a join code another live tab holds is drawn again. */
  private async create(db: Db, table: string, name: string, actor: GuestActor): Promise<TableOutcome> {
    for (let attempt = 0; ; attempt++) {
      const sessionId = newId();
      const memberId = newId();
      const now = new Date().toISOString();
      try {
        const results = await db.batch([
          db.insert(tableSessions).values({
            id: sessionId, restaurantId: this.host.venueId(), tableNumber: table, joinCode: newJoinCode(), hostMemberId: memberId,
            lastActivityAt: now, openedAt: now,
            serviceChargeBp: sql<number>`(select ${venues.serviceChargeBp} from ${venues} where ${venues.id} = ${this.host.venueId()})`,
          }),
          memberInsert(db, sessionId, actor, name, now, memberId),
          ...tableReads(db, sessionId),
        ]);
        const rows = (await parseTableRows(db, results.slice(-TABLE_READ_COUNT)))!;
        this.remember(rows);
        const state = this.publish(rows, []);
        if (!this.idleCheckSet) await this.scheduleIdleCheck(db);
        return { ok: true, table: state, you: memberId };
      } catch (err) {
        if (attempt < 5 && isUniqueViolation(err, 'table_sessions.restaurant_id, table_sessions.join_code')) continue;
        // A tab was moved to this table meanwhile.
        if (isUniqueViolation(err, 'table_sessions.restaurant_id, table_sessions.table_number')) return tableRefusal(409, 'table_busy.scan', { table });
        throw err;
      }
    }
  }

  // ---- staff actions over two tables ----------------------------------------------------------

  private move(sessionId: string, table: string, actor: TableActor): Promise<TableOutcome> {
    return this.change(sessionId, actor, async (scope) => {
      const [tables, live] = await scope.db.batch([venueTableQuery(scope.db, scope.venueId, table), liveSessionAtQuery(scope.db, scope.venueId, table)]);
      return moveDecision(scope, { number: table, exists: Boolean(tables[0]), busy: Boolean(live[0]) });
    }).catch((err: unknown) => {
      // A tab opened at the target table meanwhile: the live-table index refused the move.
      if (isUniqueViolation(err, 'table_sessions.restaurant_id, table_sessions.table_number')) return tableRefusal(409, 'table_busy', { table });
      throw err;
    });
  }

  /** Both tabs' turns are taken, the smaller id's first, so two merges of the same pair cannot wait on each other. */
  private merge(sessionId: string, intoId: string, actor: TableActor): Promise<TableOutcome> {
    // One turn cannot wait on itself.
    if (sessionId === intoId) return this.change(sessionId, actor, (scope) => mergeDecision(scope, scope.rows));
    const [first, second] = [sessionId, intoId].sort();
    return this.turns.run(`session:${first}`, () => this.turns.run(`session:${second}`, async () => {
      const outcome = await this.changeNow(sessionId, actor, async (scope) => mergeDecision(scope, await readTable(scope.db, intoId)));
      if (!outcome.ok) return outcome;
      // The tab they joined, read after the batch: its members (the merged ones too) and staff are told.
      this.forget(intoId);
      const into = await this.current(await this.host.database(), intoId);
      if (!into) return outcome;
      return { ...outcome, table: this.publish(into, []), you: null };
    }));
  }

  // ---- who may not order on their own (docs/product.md §12.3) -------------------------------

  private async presentSessions() {
    if (!this.present) {
      const rows = await liveMembersOfVenue(await this.host.database(), this.host.venueId());
      const present = new Map<string, { table: string; ownerKeys: string[] }>();
      for (const row of rows) {
        const at = present.get(row.sessionId) ?? { table: row.table, ownerKeys: [] };
        at.ownerKeys.push(row.ownerKey);
        present.set(row.sessionId, at);
      }
      this.present = present;
    }
    return this.present;
  }

  private notePresent(rows: TableRows) {
    if (!this.present) return;
    const live = rows.session.status === 'open' || rows.session.status === 'billing';
    if (live) this.present.set(rows.session.id, { table: rows.session.tableNumber, ownerKeys: presentMembers(rows).map((m) => m.ownerKey) });
    else this.present.delete(rows.session.id);
  }

  /** The table a guest is at, if any: they order through its tab, not on their own. */
  async tableOf(ownerKeys: readonly string[]): Promise<string | null> {
    for (const at of (await this.presentSessions()).values()) {
      if (at.ownerKeys.some((key) => ownerKeys.includes(key))) return at.table;
    }
    return null;
  }

  // ---- idle tabs (docs/product.md §12.7) ------------------------------------------------------

  /** The hub's alarm wakes when the venue's oldest live tab could first be idle (then closeIdle sets the next). */
  private async scheduleIdleCheck(db: Db) {
    this.idleCheckSet = true;
    const venueId = this.host.venueId();
    const [oldest] = await db.select({ at: tableSessions.lastActivityAt, hours: venues.tabAutoCloseHours }).from(tableSessions)
      .innerJoin(venues, eq(venues.id, tableSessions.restaurantId))
      .where(and(eq(tableSessions.restaurantId, venueId), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES])))
      .orderBy(asc(tableSessions.lastActivityAt)).limit(1);
    if (oldest) await this.host.wakeBy(Date.parse(oldest.at) + oldest.hours * HOUR_MS);
  }

  /**
   * Closes the venue's tabs idle for longer than its tab_auto_close_hours (run by the hub's alarm and the daily
   * housekeeping); answers how many it closed, and asks to be woken for the next one that could become idle.
   */
  async closeIdle(now = Date.now()): Promise<number> {
    const db = await this.host.database();
    const venueId = this.host.venueId();
    const [venue] = await db.select({ hours: venues.tabAutoCloseHours }).from(venues).where(eq(venues.id, venueId)).limit(1);
    if (!venue) return 0;
    const idleSince = new Date(now - venue.hours * HOUR_MS).toISOString();
    const staff: TableActor = { kind: 'staff', userId: 'system', name: 'Barhop', role: 'system' };
    const idle = await db.select({ id: tableSessions.id }).from(tableSessions)
      .where(and(eq(tableSessions.restaurantId, venueId), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]), lt(tableSessions.lastActivityAt, idleSince)));
    let closed = 0;
    for (const { id } of idle) {
      // Decided on the table as D1 has it, the truth its idleness was found in.
      this.forget(id);
      // A tab opened on a card closes on it: what is owed is captured (docs/product.md §12.9); what could not be
      // captured stays the tab's balance, one unpaid share, as any idle tab's.
      const [hold] = await db.select({ id: tabHolds.id }).from(tabHolds).where(and(eq(tabHolds.sessionId, id), eq(tabHolds.status, 'authorized'))).limit(1);
      const captured = hold ? await this.capture(id, staff, { cents: 0 }, 'auto_closed') : null;
      const outcome = captured?.ok && captured.table.status !== 'open' && captured.table.status !== 'billing'
        ? captured
        : await this.change(id, staff, (scope) => autoCloseDecision(scope, captured ? null : idleSince));
      if (outcome.ok && outcome.table.status === 'closed') closed += 1;
    }
    const [oldest] = await db.select({ at: tableSessions.lastActivityAt }).from(tableSessions)
      .where(and(eq(tableSessions.restaurantId, venueId), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]))).orderBy(asc(tableSessions.lastActivityAt)).limit(1);
    if (oldest) await this.host.wakeBy(Date.parse(oldest.at) + venue.hours * HOUR_MS);
    this.idleCheckSet = true;
    return closed;
  }
}
