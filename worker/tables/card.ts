// Card payments on a tab (docs/product.md §12.9, docs/decisions/209): a share paid by card in the app, Stripe's
// events about it, an admin's refund, and a tab opened on a card hold. Each runs in the table's turn at the venue's
// hub like every change of a table. A share is captured only when Stripe says so: its webhook event, or its answer
// to the hub's own capture of a hold, never the guest's browser.
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { formatCents } from '../../shared/money';
import { CARD_MINIMUM_CENTS, VENUE_CURRENCY, cardCanPay } from '../../shared/payment-methods';
import { billOf, nextShare, type Tip } from '../../shared/tab-split';
import { paymentEvents, paymentRefunds, tabHolds, tabShares, tableCartLines, tableSessions, venues } from '../db/schema';
import type { CardEvent } from '../payments/events';
import { applicationFeeCents, type PaymentGateway } from '../payments/stripe';
import { settlesTab, settleWrites } from './bill';
import { isStaff, requireLive, requireMember, unchanged, type Change, type Decision, type Scope } from './change';
import { refuseTable, type TableRefusal } from './commands';
import { liveShares, roundsMoney, shareMoney, tableBill, toTableState } from './serialize';

export type HoldRow = typeof tabHolds.$inferSelect;

/** Who the records name for a card payment. */
export const CARD_RECORDER = 'Card in the app';

export const cardMessages = {
  holdExceeded: (after: string, held: string) => `This round would bring the tab to ${after}, past its card hold of ${held}: put down a new hold to send it`,
  captureOverHold: (owed: string, held: string) => `The tab's ${owed} is more than its card hold of ${held}: settle the rest another way first`,
  refundOverPaid: (left: string) => `That is more than the ${left} paid by card and not yet refunded`,
  belowCardMinimum: (minimum: string) => `Pay this at the bar: a card pays ${minimum} or more`,
} as const;

export const sessionHolds = (scope: Pick<Scope, 'db' | 'rows'>) =>
  scope.db.select().from(tabHolds).where(eq(tabHolds.sessionId, scope.rows.session.id));

/** The venue's connected account, or null: the venue takes payment at the bar only. */
export async function venueAccount(scope: Pick<Scope, 'db' | 'venueId'>): Promise<{ account: string; feeBp: number; holdCents: number } | null> {
  const [venue] = await scope.db.select({ account: venues.stripeAccountId, feeBp: venues.applicationFeeBp, holdCents: venues.tabHoldCents })
    .from(venues).where(eq(venues.id, scope.venueId)).limit(1);
  return venue?.account ? { account: venue.account, feeBp: venue.feeBp, holdCents: venue.holdCents } : null;
}

/** The payer's share, payable by card now. */
export function payableShare(scope: Scope, shareId: string): TableRefusal | Scope['rows']['shares'][number] {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const share = scope.rows.shares.find((s) => s.id === shareId && s.paymentStatus !== 'void');
  if (!share) return refuseTable(404, 'share_not_found', 'That share is not on this tab');
  if (share.payerMemberId !== member.id) return refuseTable(403, 'not_your_share', 'Only its payer can pay this share');
  if (share.paymentStatus !== 'unpaid') return refuseTable(409, 'share_already_paid', `This share is already paid (${share.recordedByName ?? CARD_RECORDER})`);
  // Below the card minimum the provider would refuse the charge: the guest pays at the bar, told before a card is tried.
  const due = share.amountCents + share.tipCents;
  if (!cardCanPay(due)) {
    const minimum = CARD_MINIMUM_CENTS[VENUE_CURRENCY]!;
    return refuseTable(409, 'below_card_minimum', cardMessages.belowCardMinimum(formatCents(minimum)), { due_cents: due, minimum_cents: minimum });
  }
  return share;
}

/** The share's card payment started: the PaymentIntent that will settle it. */
export function attachCardDecision(scope: Scope, shareId: string, intentId: string, feeCents: number): Decision {
  const share = payableShare(scope, shareId);
  if ('ok' in share) return share;
  if (share.providerRef === intentId && share.paymentProblem === null) return unchanged();
  return {
    writes: [scope.db.update(tabShares).set({ providerRef: intentId, method: 'card_app', feeCents, paymentProblem: null, paymentProblemNote: null })
      .where(and(eq(tabShares.id, shareId), eq(tabShares.paymentStatus, 'unpaid')))],
  };
}

/**
 * One Stripe event, applied once (its id is kept in payment_events in the same batch) and as a merge that only
 * moves forward: a share once captured is never unpaid again, refunded cents only grow, a problem never hides a
 * capture. So events in any order and any number of times end the same.
 */
export async function cardEventDecision(scope: Scope, event: CardEvent): Promise<Decision> {
  const { db, rows, now } = scope;
  const [seen] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.eventId)).limit(1);
  if (seen) return unchanged();
  const record = db.insert(paymentEvents).values({ eventId: event.eventId, type: event.type, paymentIntentId: event.intentId, sessionId: rows.session.id, receivedAt: now });
  const share = rows.shares.find((s) => s.providerRef === event.intentId);
  if (share) return { writes: [record, ...shareEventWrites(scope, share, event)] };
  const [hold] = await db.select().from(tabHolds).where(eq(tabHolds.paymentIntentId, event.intentId)).limit(1);
  if (hold) return { writes: [record, ...holdEventWrites(scope, hold, event)] };
  return { writes: [record] };
}

/** A capture ends a failed or cancelled attempt's problem; a dispute stays until staff deal with it. */
const clearedProblem = (share: Scope['rows']['shares'][number]) =>
  (share.paymentProblem === 'disputed' ? {} : { paymentProblem: null, paymentProblemNote: null });

function shareEventWrites(scope: Scope, share: Scope['rows']['shares'][number], event: CardEvent): Change['writes'] {
  const { db, now } = scope;
  const due = share.amountCents + share.tipCents;
  const unpaid = share.paymentStatus === 'unpaid' || share.paymentStatus === 'authorized';
  const byId = eq(tabShares.id, share.id);
  const capture = { paymentStatus: 'captured' as const, method: 'card_app' as const, recordedByName: CARD_RECORDER, capturedAt: now };
  switch (event.kind) {
    case 'succeeded': {
      if (!unpaid) return [];
      const writes: Change['writes'] = [db.update(tabShares).set({ ...capture, ...clearedProblem(share) }).where(byId)];
      if (settlesTab(scope, share.id)) writes.push(...settleWrites(scope));
      return writes;
    }
    case 'authorized':
      return [];
    case 'failed':
    case 'canceled':
      // A problem only while nothing was taken: a late failure of an earlier attempt never hides a capture.
      return unpaid ? [db.update(tabShares).set({ paymentProblem: event.kind, paymentProblemNote: event.note }).where(byId)] : [];
    case 'refunded': {
      const refunded = Math.max(share.refundedCents, event.amountCents);
      const whole = event.full === true || refunded >= due;
      // A refund says the charge succeeded, whichever event came first.
      const writes: Change['writes'] = [db.update(tabShares).set({
        ...(unpaid ? { ...capture, ...clearedProblem(share) } : {}), refundedCents: refunded, ...(whole ? { paymentStatus: 'refunded' as const } : {}),
      }).where(byId)];
      if (unpaid && settlesTab(scope, share.id)) writes.push(...settleWrites(scope));
      return writes;
    }
    case 'disputed':
      return [db.update(tabShares).set({ paymentProblem: 'disputed', paymentProblemNote: event.note }).where(byId)];
  }
}

function holdEventWrites(scope: Scope, hold: HoldRow, event: CardEvent): Change['writes'] {
  const { db, now } = scope;
  const byId = eq(tabHolds.id, hold.id);
  switch (event.kind) {
    case 'authorized':
      return hold.status === 'pending' || hold.status === 'failed' ? [db.update(tabHolds).set({ status: 'authorized', updatedAt: now }).where(byId)] : [];
    case 'succeeded':
      return hold.status === 'captured' ? [] : [db.update(tabHolds).set({ status: 'captured', capturedCents: event.amountCents, updatedAt: now }).where(byId)];
    case 'failed':
      return hold.status === 'pending' ? [db.update(tabHolds).set({ status: 'failed', updatedAt: now }).where(byId)] : [];
    case 'canceled':
      return hold.status === 'captured' ? [] : [db.update(tabHolds).set({ status: 'released', updatedAt: now }).where(byId)];
    default:
      return [];
  }
}

/** An admin's refund that Stripe accepted: recorded once (by Stripe's refund id), audited by the route. */
export async function refundDecision(scope: Scope, shareId: string, refund: { id: string; amountCents: number; reason: string }): Promise<Decision> {
  const { db, rows, now, actor } = scope;
  if (actor.kind !== 'staff') return refuseTable(403, 'forbidden', 'Only an admin refunds');
  const share = rows.shares.find((s) => s.id === shareId);
  if (!share) return refuseTable(404, 'share_not_found', 'That share is not on this tab');
  const earlier = await db.select({ id: paymentRefunds.stripeRefundId, cents: paymentRefunds.amountCents }).from(paymentRefunds).where(eq(paymentRefunds.shareId, shareId));
  if (earlier.some((r) => r.id === refund.id)) return unchanged();
  const ours = earlier.reduce((sum, r) => sum + r.cents, 0) + refund.amountCents;
  const refunded = Math.max(share.refundedCents, ours);
  const whole = refunded >= share.amountCents + share.tipCents;
  const payer = rows.members.find((m) => m.id === share.payerMemberId)?.name ?? 'Guest';
  return {
    writes: [
      db.insert(paymentRefunds).values({
        id: newId(), shareId, sessionId: rows.session.id, restaurantId: scope.venueId, stripeRefundId: refund.id, amountCents: refund.amountCents,
        reason: refund.reason, byUserId: actor.userId, createdAt: now,
      }),
      db.update(tabShares).set({ refundedCents: refunded, ...(whole ? { paymentStatus: 'refunded' as const } : {}) }).where(eq(tabShares.id, shareId)),
    ],
    audit: {
      action: 'tab_share.refund', targetType: 'tab_share', targetId: shareId,
      summary: `Refunded ${formatCents(refund.amountCents)} of ${payer}'s card payment at table ${rows.session.tableNumber}: ${refund.reason}`,
      before: { payment_status: share.paymentStatus, refunded_cents: share.refundedCents },
      after: { payment_status: whole ? 'refunded' : share.paymentStatus, refunded_cents: refunded, reason: refund.reason },
    },
  };
}

// ---- a tab on a card hold --------------------------------------------------------------------------

/** A member puts a card hold on the tab (the venue's tab_hold_cents). */
export function addHoldDecision(scope: Scope, hold: { id: string; intentId: string; amountCents: number }): Decision {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const live = requireLive(scope);
  if (live) return live;
  return { writes: [scope.db.insert(tabHolds).values({ id: hold.id, sessionId: scope.rows.session.id, paymentIntentId: hold.intentId, amountCents: hold.amountCents, createdAt: scope.now, updatedAt: scope.now })] };
}

/**
 * What the tab's authorised holds cover, or null when no hold of the tab is authorised: the tab is on a card from
 * Stripe's authorisation on (docs/decisions/209). A pending hold (a card put down and not yet confirmed, or
 * abandoned on the hold screen) neither covers a round nor limits one (docs/decisions/213).
 */
export async function heldCents(scope: Pick<Scope, 'db' | 'rows'>): Promise<number | null> {
  const authorized = (await sessionHolds(scope)).filter((h) => h.status === 'authorized');
  if (authorized.length === 0) return null;
  return authorized.reduce((sum, h) => sum + h.amountCents, 0);
}

/** A round that would take a tab opened on a card past what its holds cover is refused: a new hold is asked for. */
export async function holdLimitRefusal(scope: Scope): Promise<TableRefusal | null> {
  const held = await heldCents(scope);
  if (held === null) return null;
  const { rows } = scope;
  const cart = toTableState(rows).cart;
  const after = billOf([...roundsMoney(rows), { cancelled: false, taxRateBp: rows.venue.taxRateBp, lines: [{ lineTotalCents: cart.subtotal_cents, voided: false }] }], rows.venue.serviceChargeBp).totalCents;
  if (after <= held) return null;
  return refuseTable(409, 'hold_exceeded', cardMessages.holdExceeded(formatCents(after), formatCents(held)), { tab_after_round_cents: after, held_cents: held });
}

/**
 * The tab closes on its card holds: what is still owed (plus a tip) is captured from the authorised holds in the
 * order they were put down, the rest of each is released by Stripe, holds not needed are cancelled, shares nobody
 * paid are void, and the tab closes as paid. More than the holds cover is refused, never captured in part.
 */
export async function captureHoldsDecision(scope: Scope, gateway: PaymentGateway | null, options: { tip: Tip; reason: 'paid' | 'auto_closed' }): Promise<Decision> {
  const { db, rows, now } = scope;
  if (!isStaff(scope)) {
    const member = requireMember(scope);
    if ('ok' in member) return member;
  }
  const live = requireLive(scope);
  if (live) return live;
  const venue = await venueAccount(scope);
  if (!venue || !gateway) return refuseTable(409, 'payments_unavailable', 'Card payments are not set up here: pay at the bar');
  const holds = (await sessionHolds(scope)).filter((h) => h.status === 'authorized');
  const held = holds.reduce((sum, h) => sum + h.amountCents, 0);
  if (holds.length === 0) return refuseTable(409, 'no_hold', "This tab has no card hold to close on");
  const paid = liveShares(rows).filter((s) => s.paymentStatus === 'captured' || s.paymentStatus === 'refunded');
  const bill = tableBill(rows);
  const firstId = newId();
  const rest = nextShare(bill, paid.map(shareMoney), { kind: 'rest', tip: options.tip }, firstId);
  if (!rest.ok) return refuseTable(409, 'nothing_owed', `Nothing is owed on table ${rows.session.tableNumber}'s tab`);
  const total = rest.share.amountCents + rest.share.tipCents;
  if (total > held) return refuseTable(409, 'capture_over_hold', cardMessages.captureOverHold(formatCents(total), formatCents(held)), { owed_cents: total, held_cents: held });

  const writes: Change['writes'] = [];
  let remaining = total;
  let position = rows.shares.reduce((max, s) => Math.max(max, s.position), -1) + 1;
  const payer = rows.session.hostMemberId ?? rows.members.at(-1)?.id ?? 'host';
  let shareSoFar = { amount: 0, subtotal: 0, tip: 0 };
  for (const [index, hold] of holds.entries()) {
    const take = Math.min(remaining, hold.amountCents);
    const account = venue.account;
    if (take === 0) {
      await gateway.cancel(account, hold.paymentIntentId, `release:${hold.id}`);
      writes.push(db.update(tabHolds).set({ status: 'released', updatedAt: now }).where(eq(tabHolds.id, hold.id)));
      continue;
    }
    const fee = applicationFeeCents(take, venue.feeBp);
    const captured = await gateway.capture(account, hold.paymentIntentId, take, fee, `capture:${hold.id}:${take}`);
    if (captured.status !== 'succeeded') return refuseTable(502, 'payment_provider_error', 'The card hold could not be captured: settle the tab another way');
    remaining -= take;
    // The captured amount as a share of the bill: the last share takes exactly what remains (shared/tab-split.ts).
    const last = remaining === 0;
    const tip = index === 0 ? Math.min(rest.share.tipCents, take) : 0;
    const amount = last ? rest.share.amountCents - shareSoFar.amount : take - tip;
    const subtotal = last ? rest.share.subtotalCents - shareSoFar.subtotal : Math.round((amount * rest.share.subtotalCents) / Math.max(1, rest.share.amountCents));
    shareSoFar = { amount: shareSoFar.amount + amount, subtotal: shareSoFar.subtotal + subtotal, tip: shareSoFar.tip + tip };
    writes.push(
      db.insert(tabShares).values({
        id: index === 0 ? firstId : newId(), sessionId: rows.session.id, payerMemberId: payer, kind: 'rest', amountCents: amount, subtotalCents: subtotal,
        tipCents: tip, paymentStatus: 'captured', method: 'card_app', recordedByName: 'Card hold', capturedAt: now, providerRef: hold.paymentIntentId,
        feeCents: fee, position: position++, createdAt: now,
      }),
      db.update(tabHolds).set({ status: 'captured', capturedCents: take, updatedAt: now }).where(eq(tabHolds.id, hold.id)),
    );
  }
  const unpaidIds = liveShares(rows).filter((s) => s.paymentStatus === 'unpaid').map((s) => s.id);
  if (unpaidIds.length) writes.push(db.update(tabShares).set({ paymentStatus: 'void' }).where(inArray(tabShares.id, unpaidIds)));
  writes.push(...settleWrites(scope));
  if (options.reason === 'auto_closed') {
    writes.push(db.update(tableSessions).set({ closedReason: 'auto_closed' }).where(eq(tableSessions.id, rows.session.id)));
  }
  writes.push(db.delete(tableCartLines).where(eq(tableCartLines.sessionId, rows.session.id)));
  return {
    writes,
    ...(isStaff(scope) ? {
      audit: {
        action: 'table_session.capture_hold', targetType: 'table_session', targetId: rows.session.id,
        summary: `Closed table ${rows.session.tableNumber}'s tab on its card hold: captured ${formatCents(total)} of ${formatCents(held)}`,
        before: { status: rows.session.status, held_cents: held }, after: { status: 'closed', captured_cents: total },
      },
    } : {}),
  };
}
