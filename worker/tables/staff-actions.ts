// What staff do to a tab (docs/product.md §12.6): move it to another table, merge it into another tab, take a
// round's line off it, end it; and what the venue's hub does to an idle one (§12.7). Each is audited by its route.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { formatCents, taxCents } from '../../shared/money';
import { isActiveStatus } from '../../shared/orders';
import { nextShare } from '../../shared/tab-split';
import { tableDisplayName } from '../../shared/tables';
import { utcDay } from '../analytics';
import { orderItems, orders, tabClaims, tabShares, tableCartLines, tableMembers, tableSessions } from '../db/schema';
import { refuseTable, tableRefusal } from './commands';
import { requireLive, type Change, type Decision, type Scope } from './change';
import { presentMembers, type TableRows } from './queries';
import { liveShares, shareMoney, tableBill } from './serialize';

const staffOnly = (scope: Scope) => (scope.actor.kind === 'staff' ? null : tableRefusal(403, 'forbidden.bar_only'));

/** The tab moves to another table of the venue that has no live tab; an active round's ticket follows it. */
export function moveDecision(scope: Scope, target: { number: string; exists: boolean; busy: boolean }): Decision {
  const refused = staffOnly(scope) ?? requireLive(scope);
  if (refused) return refused;
  const { rows, db, now } = scope;
  if (!target.exists) return tableRefusal(404, 'table_not_found', { table: target.number });
  if (target.number === rows.session.tableNumber) return refuseTable(400, 'invalid_request', `The tab is already at table ${target.number}`, [{ path: 'table', message: 'the tab is already there' }]);
  if (target.busy) return tableRefusal(409, 'table_busy', { table: target.number });
  const active = rows.rounds.filter((r) => isActiveStatus(r.status)).map((r) => r.id);
  return {
    writes: [
      db.update(tableSessions).set({ tableNumber: target.number }).where(eq(tableSessions.id, rows.session.id)),
      ...(active.length ? [db.update(orders).set({ tableNumber: target.number, displayName: tableDisplayName(target.number), updatedAt: now }).where(inArray(orders.id, active))] : []),
    ],
    audit: {
      action: 'table_session.move', targetType: 'table_session', targetId: rows.session.id,
      summary: `Moved the tab of table ${rows.session.tableNumber} to table ${target.number}`,
      before: { table: rows.session.tableNumber }, after: { table: target.number },
    },
  };
}

/**
 * This tab joins `into` (both live, this one with no shares taken): its members, cart lines, claims and rounds
 * become the other tab's. A guest at both keeps their place at the other; their lines follow them there.
 */
export function mergeDecision(scope: Scope, into: TableRows | null): Decision {
  const refused = staffOnly(scope) ?? requireLive(scope);
  if (refused) return refused;
  const { rows, db, now } = scope;
  const from = rows.session;
  if (!into || into.session.restaurantId !== from.restaurantId) return tableRefusal(404, 'table_session_not_found.merge_target');
  if (into.session.id === from.id) return refuseTable(400, 'invalid_request', 'A tab cannot be merged into itself', [{ path: 'into_session_id', message: 'another tab is required' }]);
  if (into.session.status !== 'open' && into.session.status !== 'billing') return tableRefusal(409, 'tab_closed', { table: into.session.tableNumber });
  if (from.status !== 'open' || liveShares(rows).length > 0) {
    return tableRefusal(409, 'tab_billing.merge', { table: from.tableNumber });
  }
  const staying = new Map(into.members.filter((m) => m.leftAt === null).map((m) => [m.ownerKey, m.id]));
  const writes: Change['writes'] = [];
  for (const member of rows.members.filter((m) => m.leftAt === null)) {
    const already = staying.get(member.ownerKey);
    if (already) {
      writes.push(
        db.update(tableMembers).set({ leftAt: now, removedBy: 'merged' }).where(and(eq(tableMembers.id, member.id), isNull(tableMembers.leftAt))),
        db.update(tableCartLines).set({ memberId: already }).where(and(eq(tableCartLines.sessionId, from.id), eq(tableCartLines.memberId, member.id))),
        db.update(tabClaims).set({ memberId: already }).where(and(eq(tabClaims.sessionId, from.id), eq(tabClaims.memberId, member.id))),
      );
    } else {
      writes.push(db.update(tableMembers).set({ sessionId: into.session.id }).where(eq(tableMembers.id, member.id)));
    }
  }
  writes.push(
    db.update(tableCartLines).set({ sessionId: into.session.id }).where(eq(tableCartLines.sessionId, from.id)),
    db.update(tabClaims).set({ sessionId: into.session.id }).where(eq(tabClaims.sessionId, from.id)),
    db.update(orders).set({ tableSessionId: into.session.id }).where(eq(orders.tableSessionId, from.id)),
    db.update(tableSessions).set({ status: 'merged', mergedInto: into.session.id, hostMemberId: null, closedAt: now, closedReason: 'merged' }).where(eq(tableSessions.id, from.id)),
    db.update(tableSessions).set({ lastActivityAt: now }).where(eq(tableSessions.id, into.session.id)),
  );
  return {
    writes,
    alsoTell: presentMembers(rows).map((m) => m.ownerKey),
    audit: {
      action: 'table_session.merge', targetType: 'table_session', targetId: into.session.id,
      summary: `Merged the tab of table ${from.tableNumber} into table ${into.session.tableNumber}'s`,
      before: { session: from.id, table: from.tableNumber, rounds: rows.rounds.length, members: rows.members.filter((m) => m.leftAt === null).length },
      after: { session: into.session.id, table: into.session.tableNumber },
    },
  };
}

/**
 * A round's line leaves the tab, with a reason: its order's totals are those of its other lines from then on.
 * Refused once shares are taken (their amounts were computed from the bill as it was).
 */
export function voidLineDecision(scope: Scope, orderItemId: number, reason: string): Decision {
  const refused = staffOnly(scope);
  if (refused) return refused;
  const { rows, db, now, actor } = scope;
  if (rows.session.status === 'merged') return tableRefusal(409, 'tab_closed.merged', { table: rows.session.tableNumber });
  const line = rows.roundLines.find((l) => l.id === orderItemId);
  const round = line && rows.rounds.find((r) => r.id === line.orderId);
  if (!line || !round) return tableRefusal(404, 'line_not_on_tab', { table: rows.session.tableNumber });
  if (line.voidedAt) return tableRefusal(409, 'line_voided.already', { name: line.name, reason: line.voidReason ?? '' });
  if (liveShares(rows).length > 0) {
    return tableRefusal(409, 'shares_taken');
  }
  const remaining = rows.roundLines.filter((l) => l.orderId === round.id && !l.voidedAt && l.id !== orderItemId).reduce((sum, l) => sum + l.lineTotalCents, 0);
  const tax = taxCents(remaining, round.taxRateBp);
  const by = actor.kind === 'staff' ? actor.userId : null;
  return {
    writes: [
      db.update(orderItems).set({ voidedAt: now, voidReason: reason, voidedBy: by }).where(and(eq(orderItems.id, orderItemId), isNull(orderItems.voidedAt))),
      db.delete(tabClaims).where(eq(tabClaims.orderItemId, orderItemId)),
      db.update(orders).set({ subtotalCents: remaining, taxCents: tax, totalCents: remaining + tax, updatedAt: now }).where(eq(orders.id, round.id)),
    ],
    touchedDays: [utcDay(round.createdAt)],
    audit: {
      action: 'order_item.void', targetType: 'order_item', targetId: String(orderItemId),
      summary: `Took ${line.quantity} × ${line.name}${line.memberName ? ` (${line.memberName})` : ''} off table ${rows.session.tableNumber}'s tab: ${reason}`,
      before: { voided: false, order_total_cents: round.totalCents }, after: { voided: true, reason, order_total_cents: remaining + tax },
    },
  };
}

/**
 * The tab is over without being paid in full (staff end it, or it sat idle): its cart goes, and what is still owed
 * becomes one unpaid share of the host's, which the bar records when it is settled (docs/product.md §12.7).
 */
function closeWithBalance(scope: Scope, status: 'ended' | 'closed', reason: string): Change['writes'] {
  const { rows, db, now } = scope;
  const writes: Change['writes'] = [
    db.update(tableSessions).set({ status, closedAt: now, closedReason: reason }).where(eq(tableSessions.id, rows.session.id)),
    db.delete(tableCartLines).where(eq(tableCartLines.sessionId, rows.session.id)),
  ];
  const payer = rows.session.hostMemberId ?? rows.members.at(-1)?.id ?? null;
  const id = newId();
  const rest = nextShare(tableBill(rows), liveShares(rows).map(shareMoney), { kind: 'rest', tip: { cents: 0 } }, id);
  if (rest.ok && payer) {
    writes.push(db.insert(tabShares).values({
      id, sessionId: rows.session.id, payerMemberId: payer, kind: 'rest', amountCents: rest.share.amountCents, subtotalCents: rest.share.subtotalCents,
      tipCents: 0, position: rows.shares.reduce((max, s) => Math.max(max, s.position), -1) + 1, createdAt: now,
    }));
  }
  return writes;
}

export function endDecision(scope: Scope, reason: string | undefined): Decision {
  const refused = staffOnly(scope) ?? requireLive(scope);
  if (refused) return refused;
  const { rows } = scope;
  const owed = tableBill(rows).totalCents - liveShares(rows).reduce((sum, s) => sum + s.amountCents, 0);
  return {
    writes: closeWithBalance(scope, 'ended', reason ?? 'Ended by staff'),
    audit: {
      action: 'table_session.end', targetType: 'table_session', targetId: rows.session.id,
      summary: `Ended the tab of table ${rows.session.tableNumber}${owed > 0 ? ` with ${formatCents(owed)} still owed` : ''}${reason ? `: ${reason}` : ''}`,
      before: { status: rows.session.status }, after: { status: 'ended', owed_cents: owed },
    },
  };
}

/**
 * An idle tab closes with its balance as one unpaid share; staff see it under "Needs attention". `idleSince` null:
 * it was found idle already (the capture of its holds, just tried, touched it).
 */
export function autoCloseDecision(scope: Scope, idleSince: string | null): Decision {
  const { rows } = scope;
  if (requireLive(scope) || (idleSince !== null && rows.session.lastActivityAt >= idleSince)) return { writes: [], unchanged: true };
  return { writes: closeWithBalance(scope, 'closed', 'auto_closed') };
}
