// A venue's tables as staff and admins read and edit them (docs/product.md §12.6): the staff Tables screen's one
// read, the admin's list of tables and the tab settings.
import { and, asc, eq, exists, inArray, notInArray, or, sql } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import type { StaffTablesResponse, StaffTableSummary, VenueTablesResponse } from '../../shared/schemas/tables';
import { LIVE_SESSION_STATUSES, tableQrPath } from '../../shared/tables';
import { tabShares, tableSessions, venues, venueTables } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { tableToken } from './table-token';
import { ApiError, refusal } from '../lib/errors';
import { inChunks } from '../lib/in-chunks';
import type { VenueDatabase } from '../shards';
import { parseTableRows, TABLE_READ_COUNT, tableReads, type TableRows } from './queries';
import { toTableState } from './serialize';

const tokenOf = (env: WorkerEnv, t: typeof venueTables.$inferSelect) => tableToken(env, { venueId: t.restaurantId, number: t.number, tokenVersion: t.tokenVersion });

/**
 * POST /api/admin/tables/:number/token: a new QR code for the table (docs/decisions/237); its printed codes stop
 * working. Answers the version before and after, or null when the venue has no such table.
 */
export async function renewTableToken(db: Db, venueId: string, number: string) {
  const [row] = await db.update(venueTables).set({ tokenVersion: sql`${venueTables.tokenVersion} + 1` })
    .where(and(eq(venueTables.restaurantId, venueId), eq(venueTables.number, number))).returning({ version: venueTables.tokenVersion });
  return row ? { before: row.version - 1, after: row.version } : null;
}

const tablesQuery = (db: Db, venueId: string) =>
  db.select().from(venueTables).where(eq(venueTables.restaurantId, venueId)).orderBy(asc(venueTables.position), asc(venueTables.number));

/** A tab over without being settled: an unpaid share is left (the balance of an idle or ended tab). */
export const needsAttention = (rows: Pick<TableRows, 'session' | 'shares'>) =>
  ((rows.session.status === 'closed' || rows.session.status === 'ended') && rows.shares.some((s) => s.paymentStatus === 'unpaid'))
  || cardProblems(rows).length > 0;

/** A card payment that went through for a share no longer payable: refunded, and shown with who, how much and why. */
const latePayment = (problem: string | null) => problem === 'late_payment' || problem === 'late_payment_refunded';

/**
 * Card payments that failed, were cancelled (and are still unpaid) or were disputed (docs/product.md §12.9), and
 * those refunded because they arrived for a share no longer payable (docs/payments.md).
 */
const cardProblems = (rows: Pick<TableRows, 'shares'>) =>
  rows.shares.filter((s) => latePayment(s.paymentProblem)
    || (s.paymentStatus !== 'void' && (s.paymentProblem === 'disputed' || (s.paymentProblem !== null && s.paymentStatus === 'unpaid'))));

function summary(rows: TableRows): StaffTableSummary {
  const state = toTableState(rows);
  return {
    session_id: state.session_id,
    table: state.table,
    status: state.status,
    member_names: state.members.map((m) => m.name),
    rounds: state.rounds.filter((r) => r.status !== 'cancelled').length,
    total_cents: state.tab.total_cents,
    paid_cents: state.tab.paid_cents,
    owed_cents: state.tab.owed_cents,
    unpaid_shares: state.shares.filter((s) => s.payment_status === 'unpaid').length,
    last_activity_at: state.last_activity_at,
    needs_attention: needsAttention(rows),
    card_problems: cardProblems(rows).map((s) => ({
      share_id: s.id, payer_name: rows.members.find((m) => m.id === s.payerMemberId)?.name ?? 'Guest', problem: s.paymentProblem!, note: s.paymentProblemNote, due_cents: s.amountCents + s.tipCents,
    })),
  };
}

/** How many sessions' reads go in one batch (TABLE_READ_COUNT statements each). */
const SESSIONS_PER_BATCH = 10;

/** GET /api/staff/tables: the venue's tables, its live tabs, and the tabs over with a balance still unpaid. */
export async function staffTables(env: WorkerEnv, db: Db, venueId: string): Promise<StaffTablesResponse> {
  const [tables, venueRows, sessions] = await db.batch([
    tablesQuery(db, venueId),
    db.select({ slug: venues.slug }).from(venues).where(eq(venues.id, venueId)).limit(1),
    db.select({ id: tableSessions.id }).from(tableSessions).where(and(eq(tableSessions.restaurantId, venueId), or(
      inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]),
      and(inArray(tableSessions.status, ['closed', 'ended']), exists(db.select({ id: tabShares.id }).from(tabShares)
        .where(and(eq(tabShares.sessionId, tableSessions.id), or(eq(tabShares.paymentStatus, 'unpaid'), inArray(tabShares.paymentProblem, ['disputed', 'late_payment', 'late_payment_refunded'])))))),
    ))).orderBy(asc(tableSessions.tableNumber)),
  ]);
  const summaries: StaffTableSummary[] = [];
  for (const chunk of inChunks(sessions.map((s) => s.id), SESSIONS_PER_BATCH)) {
    const [first, ...rest] = chunk.flatMap((id) => tableReads(db, id));
    const results = await db.batch([first!, ...rest]);
    for (let i = 0; i < chunk.length; i++) {
      const rows = await parseTableRows(db, results.slice(i * TABLE_READ_COUNT, (i + 1) * TABLE_READ_COUNT));
      if (rows) summaries.push(summary(rows));
    }
  }
  const slug = venueRows[0]?.slug ?? '';
  return {
    tables: await Promise.all(tables.map(async (t) => {
      const token = await tokenOf(env, t);
      return { number: t.number, name: t.name, token, join_path: tableQrPath(slug, t.number, token) };
    })),
    sessions: summaries,
  };
}

/** GET /api/admin/tables. */
export async function venueTablesAnswer(env: WorkerEnv, db: Db, venueId: string): Promise<VenueTablesResponse> {
  const [tables, settings] = await db.batch([
    tablesQuery(db, venueId),
    db.select({ serviceChargeBp: venues.serviceChargeBp, tipPresetsBp: venues.tipPresetsBp, tabAutoCloseHours: venues.tabAutoCloseHours })
      .from(venues).where(eq(venues.id, venueId)).limit(1),
  ]);
  const venue = settings[0];
  if (!venue) throw new ApiError(404, 'not_found', 'Venue not found');
  return {
    tables: await Promise.all(tables.map(async (t) => ({ number: t.number, name: t.name, position: t.position, token: await tokenOf(env, t) }))),
    settings: { service_charge_bp: venue.serviceChargeBp, tip_presets_bp: venue.tipPresetsBp, tab_auto_close_hours: venue.tabAutoCloseHours },
  };
}

/**
 * PUT /api/admin/tables: the venue's tables become exactly this list, in this order. A table whose tab is open
 * cannot be removed (409 table_in_use, nothing changed); numbers are unique.
 */
export async function replaceVenueTables(db: Db, venueId: string, input: { number: string; name?: string | null }[]) {
  const seen = new Set<string>();
  const issues = input.flatMap((t, i) => {
    const key = t.number.toLowerCase();
    if (seen.has(key)) return [{ path: `tables.${i}.number`, message: `Table ${t.number} is listed twice` }];
    seen.add(key);
    return [];
  });
  if (issues.length) throw new ApiError(400, 'invalid_request', issues[0]!.message, issues);
  const [current, live] = await db.batch([
    tablesQuery(db, venueId),
    db.select({ table: tableSessions.tableNumber }).from(tableSessions).where(and(eq(tableSessions.restaurantId, venueId), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]))),
  ]);
  const keep = new Set(input.map((t) => t.number));
  const busy = live.map((l) => l.table).filter((table) => !keep.has(table));
  if (busy.length) {
    throw refusal(409, 'table_in_use', { table: busy[0]!, tables: busy });
  }
  const before = current.map((t) => t.number);
  const removed = before.filter((n) => !keep.has(n));
  const statements = [
    ...(removed.length ? [db.delete(venueTables).where(and(eq(venueTables.restaurantId, venueId), inArray(venueTables.number, removed),
      // A tab opened at it meanwhile keeps its table.
      notInArray(venueTables.number, db.select({ n: tableSessions.tableNumber }).from(tableSessions)
        .where(and(eq(tableSessions.restaurantId, venueId), inArray(tableSessions.status, [...LIVE_SESSION_STATUSES]))))))] : []),
    ...input.map((t, position) => db.insert(venueTables).values({ id: newId(), restaurantId: venueId, number: t.number, name: t.name ?? null, position })
      .onConflictDoUpdate({ target: [venueTables.restaurantId, venueTables.number], set: { name: t.name ?? null, position } })),
  ];
  if (statements.length) await db.batch(statements as [typeof statements[number], ...typeof statements]);
  return { before, after: input.map((t) => t.number) };
}

/** PUT /api/admin/tables/settings: only the fields named change; the venue row's platform copy too (docs/decisions/150). */
export async function updateTabSettings(venue: VenueDatabase, control: Db, venueId: string, input: { service_charge_bp?: number; tip_presets_bp?: number[]; tab_auto_close_hours?: number }) {
  const set = {
    ...(input.service_charge_bp !== undefined ? { serviceChargeBp: input.service_charge_bp } : {}),
    ...(input.tip_presets_bp !== undefined ? { tipPresetsBp: input.tip_presets_bp } : {}),
    ...(input.tab_auto_close_hours !== undefined ? { tabAutoCloseHours: input.tab_auto_close_hours } : {}),
  };
  const [was] = await venue.db.select({ service_charge_bp: venues.serviceChargeBp, tip_presets_bp: venues.tipPresetsBp, tab_auto_close_hours: venues.tabAutoCloseHours })
    .from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!was) throw new ApiError(404, 'not_found', 'Venue not found');
  if (Object.keys(set).length) {
    await venue.db.update(venues).set(set).where(eq(venues.id, venueId));
    if (venue.shard !== 'DB') await control.update(venues).set(set).where(eq(venues.id, venueId));
  }
  return { before: was, after: { ...was, ...input } };
}
