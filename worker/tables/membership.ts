// Who sits at a table (docs/product.md §12.1, §12.2): joining, the host's settings, leaving and removals.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, SCAN_JOIN_WINDOW_MS } from '../../shared/tables';
import { tabClaims, tabShares, tableCartLines, tableMembers, tableSessions } from '../db/schema';
import { tableRefusal, type TableActor } from './commands';
import { hostName, isHost, isStaff, requireLive, requireMember, unchanged, type Change, type Decision, type Scope } from './change';
import { pendingMembers, presentMembers, type TableRows } from './queries';

/** A new join code: 4 characters without look-alikes. */
export function newJoinCode(): string {
  const bytes = new Uint8Array(JOIN_CODE_LENGTH);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => JOIN_CODE_ALPHABET[b % JOIN_CODE_ALPHABET.length]).join('');
}

/**
 * May a scan (no code) join this tab? Within 20 minutes of its last activity (as `lastActivityAt`, read with the
 * scan), unless the host removed you.
 */
export function scanMayJoin(rows: Pick<TableRows, 'members'>, lastActivityAt: string, ownerKeys: readonly string[], now: number): boolean {
  const removed = rows.members.some((m) => ownerKeys.includes(m.ownerKey) && m.removedBy !== null && m.leftAt !== null);
  return !removed && now - Date.parse(lastActivityAt) < SCAN_JOIN_WINDOW_MS;
}

/**
 * The guest joins (or is already at) the tab. `code`: what they typed, checked when the scan window has passed;
 * `lastActivityAt`: the tab's, as the scan read it.
 */
export function joinDecision(scope: Scope, name: string, code: string | null, lastActivityAt = scope.rows.session.lastActivityAt): Decision {
  const { actor, rows } = scope;
  if (actor.kind !== 'guest') return tableRefusal(403, 'forbidden.staff_join');
  if (scope.member || pendingMembers(rows).some((m) => actor.ownerKeys.includes(m.ownerKey))) return unchanged();
  const live = requireLive(scope);
  if (live) return live;
  if (code === null ? !scanMayJoin(rows, lastActivityAt, actor.ownerKeys, Date.parse(scope.now)) : code !== rows.session.joinCode) {
    return code === null
      ? tableRefusal(403, 'join_code_required')
      : tableRefusal(403, 'join_code_wrong', { table: rows.session.tableNumber });
  }
  // While the host approves who joins, even a right token or code only asks (docs/decisions/237).
  return { writes: [memberInsert(scope.db, rows.session.id, actor, name, scope.now, newId(), rows.session.approveJoins)] };
}

export const memberInsert = (db: Scope['db'], sessionId: string, actor: Extract<TableActor, { kind: 'guest' }>, name: string, now: string, id = newId(), pending = false) =>
  db.insert(tableMembers).values({ id, sessionId, ownerKey: actor.ownerKey, name, joinedAt: now, pending });

/**
 * The host's settings (PATCH /api/tables/sessions/:id). Turning "approve who joins" off lets everyone waiting in:
 * they came with the table's token or code, which is all a join takes without it (docs/decisions/237).
 */
export function settingsDecision(scope: Scope, change: { membersCanSend?: boolean; approveJoins?: boolean }): Decision {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  if (!isHost(scope)) return tableRefusal(403, 'host_only.settings', { host: hostName(scope) });
  const live = requireLive(scope);
  if (live) return live;
  const { session } = scope.rows;
  const set: Partial<typeof tableSessions.$inferInsert> = {};
  if (change.membersCanSend !== undefined && change.membersCanSend !== session.membersCanSend) set.membersCanSend = change.membersCanSend;
  if (change.approveJoins !== undefined && change.approveJoins !== session.approveJoins) set.approveJoins = change.approveJoins;
  if (Object.keys(set).length === 0) return unchanged();
  const waiting = set.approveJoins === false ? pendingMembers(scope.rows).map((m) => m.id) : [];
  return {
    writes: [
      scope.db.update(tableSessions).set(set).where(eq(tableSessions.id, session.id)),
      ...(waiting.length ? [scope.db.update(tableMembers).set({ pending: false }).where(inArray(tableMembers.id, waiting))] : []),
    ],
  };
}

/**
 * The host (or staff) lets a waiting joiner in, or declines them (docs/decisions/237). Declined, they leave as
 * removed by whoever declined, so the table's QR code alone does not ask again; a code from a member still can.
 */
export function answerJoinDecision(scope: Scope, memberId: string, letIn: boolean): Decision {
  const { rows, db, now } = scope;
  if (!isHost(scope) && !isStaff(scope)) {
    if (!scope.member) return tableRefusal(403, 'not_a_member', { table: rows.session.tableNumber });
    return tableRefusal(403, 'host_only.let_in', { host: hostName(scope) });
  }
  const live = requireLive(scope);
  if (live) return live;
  const request = pendingMembers(rows).find((m) => m.id === memberId);
  if (!request) return tableRefusal(404, 'join_request_not_found');
  if (letIn) return { writes: [db.update(tableMembers).set({ pending: false }).where(eq(tableMembers.id, memberId))] };
  const declinedBy = scope.actor.kind === 'staff' ? `staff:${scope.actor.userId}` : scope.member!.id;
  return { writes: [db.update(tableMembers).set({ leftAt: now, removedBy: declinedBy }).where(and(eq(tableMembers.id, memberId), isNull(tableMembers.leftAt)))] };
}

/**
 * A member leaves (themselves) or is removed (by the host or staff). Their cart lines go, their claims and unpaid
 * shares are released; lines already in a round stay on the tab. A leaving host hands over to the longest-standing
 * member; the last member leaving a tab with nothing ordered closes it.
 */
export function removeDecision(scope: Scope, memberId: string): Decision {
  const { rows, db, now } = scope;
  const target = presentMembers(rows).find((m) => m.id === memberId);
  if (!target) return tableRefusal(404, 'member_not_found', { table: rows.session.tableNumber });
  const self = scope.member?.id === memberId;
  if (!self && !isHost(scope) && !isStaff(scope)) {
    if (!scope.member) return tableRefusal(403, 'not_a_member', { table: rows.session.tableNumber });
    return tableRefusal(403, 'host_only.remove', { host: hostName(scope) });
  }
  const removedBy = self ? null : scope.actor.kind === 'staff' ? `staff:${scope.actor.userId}` : scope.member!.id;
  const others = presentMembers(rows).filter((m) => m.id !== memberId);
  const unpaid = rows.shares.filter((s) => s.payerMemberId === memberId && s.paymentStatus === 'unpaid');
  const unpaidShares = unpaid.map((s) => s.id);
  // A share a card payment was started on stays, void: a payment that still arrives for it is found and refunded
  // (docs/payments.md). The others go.
  const carded = unpaid.filter((s) => s.providerRef !== null).map((s) => s.id);
  const plain = unpaid.filter((s) => s.providerRef === null).map((s) => s.id);
  const statements: Change['writes'] = [
    db.update(tableMembers).set({ leftAt: now, removedBy }).where(and(eq(tableMembers.id, memberId), isNull(tableMembers.leftAt))),
    db.delete(tableCartLines).where(and(eq(tableCartLines.sessionId, rows.session.id), eq(tableCartLines.memberId, memberId))),
    db.delete(tabClaims).where(and(eq(tabClaims.sessionId, rows.session.id), eq(tabClaims.memberId, memberId))),
    ...(plain.length ? [db.delete(tabShares).where(inArray(tabShares.id, plain))] : []),
    ...(carded.length ? [db.update(tabShares).set({ paymentStatus: 'void' }).where(inArray(tabShares.id, carded))] : []),
  ];
  const session: Partial<typeof tableSessions.$inferInsert> = {};
  if (rows.session.hostMemberId === memberId) session.hostMemberId = others[0]?.id ?? null;
  if (others.length === 0 && rows.session.status === 'open' && rows.rounds.length === 0) {
    Object.assign(session, { status: 'closed', closedAt: now, closedReason: 'empty' });
  }
  if (Object.keys(session).length) statements.push(db.update(tableSessions).set(session).where(eq(tableSessions.id, rows.session.id)));
  const audit = self ? undefined : {
    action: 'table_member.remove', targetType: 'table_session', targetId: rows.session.id,
    summary: `Removed ${target.name} from table ${rows.session.tableNumber}`,
    before: { member: target.name, cart_lines: rows.cart.filter((l) => l.line.memberId === memberId).length, unpaid_shares: unpaidShares.length },
    after: { member: null },
  };
  return { writes: statements, alsoTell: [target.ownerKey], audit };
}
