// One change of one table, as the desk runs it (worker/tables/desk.ts): a decision over the table as it is, then
// one D1 batch with the decision's writes, the session's version bump and the table read back.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Order } from '../../shared/schemas/order';
import type { menuDrinks } from '../db/schema';
import type { Db } from '../env';
import { tableRefusal, type TableActor, type TableAudit, type TableRefusal } from './commands';
import type { MemberRow, TableRows } from './queries';

/** What a decision sees: the table as read at the start of its turn, and who asks. */
export type Scope = {
  db: Db;
  venueId: string;
  /** The change's time: every row it writes carries it. */
  now: string;
  rows: TableRows;
  /** The caller's present membership, when a guest. */
  member: MemberRow | null;
  actor: TableActor;
  /** The venue's drinks the hub holds (read once when it holds none): asked only by changes that add lines. */
  heldDrinks?: () => Promise<Map<string, typeof menuDrinks.$inferSelect>>;
};

export type Change = {
  /** Written in one batch, before the session's version is bumped and the table read back. */
  writes: BatchItem<'sqlite'>[];
  /** Nothing changed (an idempotent repeat): the table is answered as it is, no frame is sent. */
  unchanged?: boolean;
  /**
   * Only the cart changed (the busiest changes, docs/decisions/231): its writes return the lines they wrote
   * (RETURNING), applied with `removedLines` to the cart the desk holds instead of reading it back (docs/decisions/231).
   */
  cartOnly?: boolean;
  /** The cart lines a cart change deletes. */
  removedLines?: string[];
  /** The drinks of the lines a cart change writes (the hub's held drinks, or as read for the decision). */
  lineDrinks?: (typeof menuDrinks.$inferSelect)[];
  /** Owner keys told of this change besides the present members (someone who just left or was removed). */
  alsoTell?: string[];
  audit?: TableAudit;
  /** UTC days whose sales rollups the change touched (a voided line changes its order's total). */
  touchedDays?: string[];
  order?: Order;
};

export type Decision = Change | TableRefusal;

export const isRefusal = (decision: unknown): decision is TableRefusal =>
  typeof decision === 'object' && decision !== null && (decision as { ok?: unknown }).ok === false;

export const unchanged = (): Change => ({ writes: [], unchanged: true });

/** A session id that names no session of this venue: a stale link or someone else's venue. */
export const sessionNotFound = () => tableRefusal(404, 'table_session_not_found');

const tableOf = (scope: Pick<Scope, 'rows'>) => scope.rows.session.tableNumber;

/** The caller must be at the table (staff are not members). */
export function requireMember(scope: Scope): TableRefusal | MemberRow {
  return scope.member ?? tableRefusal(403, 'not_a_member', { table: tableOf(scope) });
}

export const isHost = (scope: Scope) => scope.member !== null && scope.member.id === scope.rows.session.hostMemberId;
export const isStaff = (scope: Scope) => scope.actor.kind === 'staff';

export const hostName = (scope: Pick<Scope, 'rows'>) =>
  scope.rows.members.find((m) => m.id === scope.rows.session.hostMemberId)?.name ?? 'the host';

/** The tab still takes orders: not billing, closed, ended or merged. */
export function requireOpen(scope: Scope): TableRefusal | null {
  const { status } = scope.rows.session;
  if (status === 'open') return null;
  if (status === 'billing') return tableRefusal(409, 'tab_billing', { table: tableOf(scope) });
  return tableRefusal(409, 'tab_closed', { table: tableOf(scope) });
}

/** The tab is still running (open or billing). */
export function requireLive(scope: Scope): TableRefusal | null {
  const { status } = scope.rows.session;
  return status === 'open' || status === 'billing' ? null : tableRefusal(409, 'tab_closed', { table: tableOf(scope) });
}

/** Writes of a staff change carry who did it: the real person (the super admin when impersonating). */
export const staffActorOf = (actor: TableActor) => (actor.kind === 'staff' ? actor : null);
