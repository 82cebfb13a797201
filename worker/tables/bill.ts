// The bill and its shares (docs/product.md §12.4, §12.5): asking for the bill, claiming lines, taking a share,
// and a bartender recording a share paid. The money is shared/tab-split.ts; this file decides who may and stores it.
import type { BarPaymentMethod } from '../../shared/payment-methods';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { formatCents } from '../../shared/money';
import { nextShare, sharePaid, type ShareRefusal } from '../../shared/tab-split';
import { orders, tabClaims, tabShares, tableCartLines, tableSessions } from '../db/schema';
import { tableRefusal, type TableRefusal } from './commands';
import { hostName, isHost, isStaff, requireLive, requireMember, unchanged, type Change, type Decision, type Scope } from './change';
import type { TakeShareInput } from '../../shared/schemas/tables';
import type { z } from 'zod';
import { lineClaims, liveShares, unservedRound, shareMoney, tableBill } from './serialize';

/** Host (or staff) asks for the bill: the tab stops taking rounds and its shares can be taken. */
export function billDecision(scope: Scope): Decision {
  const { rows } = scope;
  if (!isStaff(scope)) {
    const member = requireMember(scope);
    if ('ok' in member) return member;
    if (!isHost(scope)) return tableRefusal(403, 'host_only.bill', { host: hostName(scope) });
  }
  const live = requireLive(scope);
  if (live) return live;
  if (rows.session.status === 'billing') return unchanged();
  if (rows.cart.length > 0) return tableRefusal(409, 'cart_not_empty');
  if (unservedRound(rows)) return tableRefusal(409, 'round_active.bill', { table: rows.session.tableNumber });
  if (tableBill(rows).totalCents === 0) return tableRefusal(409, 'nothing_owed.nothing_ordered', { table: rows.session.tableNumber });
  return { writes: [scope.db.update(tableSessions).set({ status: 'billing' }).where(eq(tableSessions.id, rows.session.id))] };
}

/** A line of a round that is still on the tab. */
function tabLine(scope: Scope, orderItemId: number): TableRefusal | (typeof scope.rows.roundLines)[number] {
  const line = scope.rows.roundLines.find((l) => l.id === orderItemId);
  const round = line && scope.rows.rounds.find((r) => r.id === line.orderId);
  if (!line || !round || round.status === 'cancelled') return tableRefusal(404, 'line_not_on_tab', { table: scope.rows.session.tableNumber });
  if (line.voidedAt) return tableRefusal(409, 'line_voided', { name: line.name, reason: line.voidReason ?? 'voided by staff' });
  return line;
}

const nameOf = (scope: Scope, memberId: string) => scope.rows.members.find((m) => m.id === memberId)?.name ?? 'Someone';

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
const namesOf = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * Claims `units` of a line for the caller's share by item (without a count: every unit nobody else claimed). A line
 * of quantity n is shared by units until all n are claimed (docs/decisions/239); more than are left is refused,
 * never reduced. Claiming again changes the caller's count, until it is part of their share.
 */
export function claimDecision(scope: Scope, orderItemId: number, units: number | undefined): Decision {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const live = requireLive(scope);
  if (live) return live;
  const line = tabLine(scope, orderItemId);
  if ('ok' in line) return line;
  const claims = scope.rows.claims.filter((c) => c.orderItemId === orderItemId);
  const mine = claims.find((c) => c.memberId === member.id);
  const others = claims.filter((c) => c.memberId !== member.id);
  const left = line.quantity - others.reduce((sum, c) => sum + c.units, 0);
  if (left <= 0) {
    const holders = namesOf(others.map((c) => nameOf(scope, c.memberId)));
    return tableRefusal(409, 'line_claimed', { claimed_by: holders, claimed_by_member_id: others[0]!.memberId });
  }
  const wanted = units ?? left;
  if (wanted > left) {
    return tableRefusal(409, left === 1 ? 'units_taken.one' : 'units_taken', { units_left: left, quantity: line.quantity, drink: line.name });
  }
  if (mine?.units === wanted) return unchanged();
  if (mine?.shareId) return tableRefusal(409, 'claim_in_share');
  const { db, rows, now } = scope;
  if (mine) {
    return { writes: [db.update(tabClaims).set({ units: wanted }).where(and(eq(tabClaims.orderItemId, orderItemId), eq(tabClaims.memberId, member.id)))] };
  }
  return { writes: [db.insert(tabClaims).values({ orderItemId, sessionId: rows.session.id, memberId: member.id, units: wanted, createdAt: now })] };
}

/** Lets go of one's own claim on a line, before it is part of a share. */
export function unclaimDecision(scope: Scope, orderItemId: number): Decision {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const claims = scope.rows.claims.filter((c) => c.orderItemId === orderItemId);
  if (claims.length === 0) return tableRefusal(404, 'claim_not_found');
  const claim = claims.find((c) => c.memberId === member.id);
  if (!claim) return tableRefusal(403, 'not_your_claim', { name: namesOf(claims.map((c) => nameOf(scope, c.memberId))) });
  if (claim.shareId) return tableRefusal(409, 'claim_in_share');
  return { writes: [scope.db.delete(tabClaims).where(and(eq(tabClaims.orderItemId, orderItemId), eq(tabClaims.memberId, member.id)))] };
}

function shareRefusal(scope: Scope, refusal: ShareRefusal): TableRefusal {
  switch (refusal.code) {
    case 'nothing_owed': return tableRefusal(409, 'nothing_owed', { table: scope.rows.session.tableNumber });
    case 'amount_over_owed': return tableRefusal(400, 'amount_over_owed', { owed_cents: refusal.owedCents });
    case 'tip_over_share': return tableRefusal(400, 'tip_over_share', { share_cents: refusal.shareCents ?? 0 });
    case 'nothing_claimed': return tableRefusal(409, 'nothing_claimed');
    case 'split_in_progress': return tableRefusal(409, 'split_in_progress', { count: refusal.splitCount ?? null });
  }
}

/** Takes a share of the bill (by item, evenly, a custom amount or the rest), with its tip. */
export function takeShareDecision(scope: Scope, input: z.output<typeof TakeShareInput>): Decision {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const { rows, db, now } = scope;
  if (rows.session.status === 'open') return tableRefusal(409, 'bill_not_asked', { host: hostName(scope) });
  const live = requireLive(scope);
  if (live) return live;
  // What the caller's claims not yet in a share cost: each line's claimed units (docs/decisions/239).
  const unshared = rows.roundLines.filter((line) => !line.voidedAt)
    .flatMap((line) => lineClaims(rows, line)).filter((c) => c.memberId === member.id && c.shareId === null);
  const claimedCents = unshared.reduce((sum, c) => sum + c.cents, 0);
  const id = newId();
  const request = input.kind === 'items' ? { kind: 'items' as const, claimedCents, tip: input.tip }
    : input.kind === 'even' ? { kind: 'even' as const, count: input.count, tip: input.tip }
    : input.kind === 'custom' ? { kind: 'custom' as const, amountCents: input.amount_cents, tip: input.tip }
    : { kind: 'rest' as const, tip: input.tip };
  const next = nextShare(tableBill(rows), liveShares(rows).map(shareMoney), request, id);
  if (!next.ok) return shareRefusal(scope, next);
  const { share } = next;
  const writes: Change['writes'] = [db.insert(tabShares).values({
    id, sessionId: rows.session.id, payerMemberId: member.id, kind: share.kind, amountCents: share.amountCents,
    subtotalCents: share.subtotalCents, tipCents: share.tipCents, splitPlan: share.split?.plan ?? null, splitCount: share.split?.count ?? null,
    splitBaseCents: share.split?.baseCents ?? null, splitIndex: share.split?.index ?? null,
    position: rows.shares.reduce((max, s) => Math.max(max, s.position), -1) + 1, createdAt: now,
  })];
  if (share.kind === 'items') {
    writes.push(db.update(tabClaims).set({ shareId: id })
      .where(and(eq(tabClaims.memberId, member.id), inArray(tabClaims.orderItemId, unshared.map((c) => c.orderItemId)))));
  }
  return { writes };
}

/** The payer takes back a share nobody has paid yet; its claimed lines go back to being their claims. */
export function dropShareDecision(scope: Scope, shareId: string): Decision {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const share = scope.rows.shares.find((s) => s.id === shareId && s.paymentStatus !== 'void');
  if (!share) return tableRefusal(404, 'share_not_found');
  if (share.payerMemberId !== member.id) return tableRefusal(403, 'not_your_share.take_back', { name: nameOf(scope, share.payerMemberId) });
  if (share.paymentStatus !== 'unpaid') return tableRefusal(409, 'share_already_paid', { recorded_by: share.recordedByName ?? 'the bar' });
  if (share.providerRef && share.paymentProblem === null) return tableRefusal(409, 'card_payment_started');
  const live = requireLive(scope);
  if (live) return live;
  // A share a card payment was started on stays, void: a payment still arriving for it is refunded (docs/payments.md).
  const unpaidShare = and(eq(tabShares.id, shareId), eq(tabShares.paymentStatus, 'unpaid'));
  return {
    writes: [
      scope.db.update(tabClaims).set({ shareId: null }).where(eq(tabClaims.shareId, shareId)),
      share.providerRef ? scope.db.update(tabShares).set({ paymentStatus: 'void' }).where(unpaidShare) : scope.db.delete(tabShares).where(unpaidShare),
    ],
  };
}

/** Whether the tab is settled once this share is paid: nothing left owed and every other share paid. */
export function settlesTab(scope: Scope, shareId: string): boolean {
  const { rows } = scope;
  const others = liveShares(rows).filter((s) => s.id !== shareId);
  const owed = tableBill(rows).totalCents - liveShares(rows).reduce((sum, s) => sum + s.amountCents, 0);
  return owed === 0 && others.every((s) => sharePaid(s.paymentStatus));
}

/** A settled tab closes as paid, and its delivered rounds are paid with it (docs/product.md §12.5). */
export function settleWrites(scope: Scope): Change['writes'] {
  const { rows, db, now } = scope;
  const writes: Change['writes'] = [db.update(orders).set({ paymentStatus: 'captured', updatedAt: now })
    .where(and(eq(orders.tableSessionId, rows.session.id), eq(orders.status, 'delivered'), eq(orders.paymentStatus, 'unpaid')))];
  if (rows.session.status === 'open' || rows.session.status === 'billing') {
    writes.push(
      db.update(tableSessions).set({ status: 'closed', closedAt: now, closedReason: 'paid' }).where(eq(tableSessions.id, rows.session.id)),
      db.delete(tableCartLines).where(eq(tableCartLines.sessionId, rows.session.id)),
    );
  }
  return writes;
}

/**
 * A bartender records a share paid (cash or the card terminal). Twice is refused, naming who recorded it. When
 * every share is paid and nothing is owed, the tab closes as paid, and its rounds are paid with it.
 */
export function recordPaymentDecision(scope: Scope, shareId: string, method: BarPaymentMethod): Decision {
  const { rows, db, now, actor } = scope;
  if (actor.kind !== 'staff') return tableRefusal(403, 'forbidden.bar_records');
  if (rows.session.status === 'merged') return tableRefusal(409, 'tab_closed.merged', { table: rows.session.tableNumber });
  const share = rows.shares.find((s) => s.id === shareId);
  if (!share || share.paymentStatus === 'void') return tableRefusal(404, 'share_not_found');
  if (share.paymentStatus !== 'unpaid') {
    const by = share.recordedByName ?? 'the card payment';
    return tableRefusal(409, 'share_already_paid', { recorded_by: by, payment_status: share.paymentStatus });
  }
  // A card payment under way is the card's to settle (docs/decisions/222): recording it too would take it twice.
  if (share.providerRef && share.paymentProblem === null) {
    return tableRefusal(409, 'card_payment_started.other', { name: nameOf(scope, share.payerMemberId) });
  }
  const writes: Change['writes'] = [db.update(tabShares)
    .set({ paymentStatus: 'captured', method, recordedBy: actor.userId, recordedByName: actor.name, capturedAt: now })
    .where(and(eq(tabShares.id, shareId), eq(tabShares.paymentStatus, 'unpaid')))];
  const settled = settlesTab(scope, shareId);
  if (settled) writes.push(...settleWrites(scope));
  const payer = nameOf(scope, share.payerMemberId);
  return {
    writes,
    audit: {
      action: 'tab_share.record_payment', targetType: 'tab_share', targetId: shareId,
      summary: `Recorded ${payer}'s share of table ${rows.session.tableNumber} paid (${formatCents(share.amountCents + share.tipCents)}, ${method === 'cash' ? 'cash' : 'card terminal'})`,
      before: { payment_status: 'unpaid' }, after: { payment_status: 'captured', method, ...(settled ? { tab: 'paid' } : {}) },
    },
  };
}
