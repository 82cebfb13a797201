// Card payments on a tab (docs/product.md §12.9, docs/decisions/222): a share paid by card in the app, Stripe's
// events about it, an admin's refund, and a tab opened on a card hold. Each runs in the table's turn at the venue's
// hub like every change of a table. A share is captured only when Stripe says so: its webhook event, or its answer
// to the hub's own capture of a hold, never the guest's browser.
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { formatCents } from '../../shared/money';
import { CARD_MINIMUM_CENTS, VENUE_CURRENCY, cardCanPay } from '../../shared/payment-methods';
import { billOf, nextShare, sharePaid, type Tip } from '../../shared/tab-split';
import { paymentEvents, paymentRefunds, tabHolds, tabShares, tableCartLines, tableSessions, venues } from '../db/schema';
import { applicationFeeCents, type CardEvent } from '../payments';
import { settlesTab, settleWrites } from './bill';
import { isStaff, requireLive, requireMember, unchanged, type Change, type Decision, type Scope } from './change';
import { refuseTable, tableRefusal, type TableRefusal } from './commands';
import { liveShares, roundsMoney, shareMoney, tableBill, toTableState } from './serialize';

export type HoldRow = typeof tabHolds.$inferSelect;
type ShareRow = Scope['rows']['shares'][number];

/** Who the records name for a card payment. */
export const CARD_RECORDER = 'Card in the app';

export const cardMessages = {
  refundOverPaid: (left: string) => `That is more than the ${left} paid by card and not yet refunded`,
} as const;

export const sessionHolds = (scope: Pick<Scope, 'db' | 'rows'>) =>
  scope.db.select().from(tabHolds).where(eq(tabHolds.sessionId, scope.rows.session.id));

/**
 * The venue's connected account, or null: the venue takes payment at the bar only. The one read of it for tabs: the card
 * routes also ask `chargesEnabled` before a new payment (worker/tables/card.routes.ts, docs/decisions/244).
 */
export async function venueAccount(scope: Pick<Scope, 'db' | 'venueId'>): Promise<{ account: string; feeBp: number; holdCents: number; chargesEnabled: boolean } | null> {
  const [venue] = await scope.db.select({ account: venues.stripeAccountId, feeBp: venues.applicationFeeBp, holdCents: venues.tabHoldCents, chargesEnabled: venues.stripeChargesEnabled })
    .from(venues).where(eq(venues.id, scope.venueId)).limit(1);
  return venue?.account ? { account: venue.account, feeBp: venue.feeBp, holdCents: venue.holdCents, chargesEnabled: venue.chargesEnabled } : null;
}

/** The payer's share, payable by card now. */
export function payableShare(scope: Scope, shareId: string): TableRefusal | Scope['rows']['shares'][number] {
  const member = requireMember(scope);
  if ('ok' in member) return member;
  const share = scope.rows.shares.find((s) => s.id === shareId && s.paymentStatus !== 'void');
  if (!share) return tableRefusal(404, 'share_not_found');
  if (share.payerMemberId !== member.id) return tableRefusal(403, 'not_your_share');
  if (share.paymentStatus !== 'unpaid') return tableRefusal(409, 'share_already_paid.card', { recorded_by: share.recordedByName ?? CARD_RECORDER });
  // Below the card minimum the provider would refuse the charge: the guest pays at the bar, told before a card is tried.
  const due = share.amountCents + share.tipCents;
  if (!cardCanPay(due)) {
    const minimum = CARD_MINIMUM_CENTS[VENUE_CURRENCY]!;
    return tableRefusal(409, 'below_card_minimum', { due_cents: due, minimum_cents: minimum });
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
  // A share that still counts is the one an intent pays; a void one only when no other has the intent.
  const share = rows.shares.find((s) => s.providerRef === event.intentId && s.paymentStatus !== 'void') ?? rows.shares.find((s) => s.providerRef === event.intentId);
  const [hold] = await db.select().from(tabHolds).where(eq(tabHolds.paymentIntentId, event.intentId)).limit(1);
  const writes: Change['writes'] = [record];
  if (hold) writes.push(...holdEventWrites(scope, hold, event));
  // A hold's intent pays a share only once captured (its capture share): its other events are the hold's.
  if (share && (!hold || event.kind === 'succeeded' || event.kind === 'refunded' || event.kind === 'disputed')) writes.push(...shareEventWrites(scope, share, event));
  return { writes };
}

/** A capture ends a failed or cancelled attempt's problem; a dispute stays until staff deal with it. */
const clearedProblem = (share: Scope['rows']['shares'][number]) =>
  (share.paymentProblem === 'disputed' ? {} : { paymentProblem: null, paymentProblemNote: null });

/**
 * The share can no longer be paid by its card payment: it is void (its payer left, the tab closed on its hold) or
 * was paid another way. A success that still arrives for it is refunded (docs/payments.md).
 */
export const closedToCard = (share: Pick<ShareRow, 'paymentStatus' | 'method'>) =>
  share.paymentStatus === 'void' || (sharePaid(share.paymentStatus) && share.method !== 'card_app');

export const lateRefundReason = (amount: string, share: Pick<ShareRow, 'paymentStatus'>) =>
  `Paid ${amount} by card after the share was ${share.paymentStatus === 'void' ? 'void' : 'paid another way'}: refunded automatically`;

function shareEventWrites(scope: Scope, share: ShareRow, event: CardEvent): Change['writes'] {
  const { db, now } = scope;
  const due = share.amountCents + share.tipCents;
  const unpaid = share.paymentStatus === 'unpaid' || share.paymentStatus === 'authorized';
  const byId = eq(tabShares.id, share.id);
  const capture = { paymentStatus: 'captured' as const, method: 'card_app' as const, recordedByName: CARD_RECORDER, capturedAt: now };
  if (closedToCard(share)) {
    // Never kept silently: the money goes back, planned here (a pending refund row) and made after the change.
    if (event.kind !== 'succeeded' || share.paymentProblem === 'late_payment' || share.paymentProblem === 'late_payment_refunded' || event.amountCents <= 0) return [];
    const reason = lateRefundReason(formatCents(event.amountCents), share);
    return [
      db.update(tabShares).set({ paymentProblem: 'late_payment', paymentProblemNote: reason }).where(byId),
      db.insert(paymentRefunds).values({
        id: newId(), shareId: share.id, sessionId: scope.rows.session.id, restaurantId: scope.venueId, stripeRefundId: `planned:${event.intentId}`,
        amountCents: event.amountCents, status: 'pending', reason, byUserId: 'stripe', createdAt: now,
      }),
    ];
  }
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

export type PlannedRefund = { id: string; shareId: string; intentId: string; amountCents: number };

/**
 * An admin's refund, planned before Stripe is asked (docs/payments.md): a pending row of what is refunded, checked
 * against what was paid by card less what is refunded or already planned. Two refunds at once run one after the
 * other in the table's turn, so the second sees the first.
 */
export async function planRefundDecision(scope: Scope, input: { refundId: string; shareId: string; amountCents: number | null; reason: string }): Promise<Decision> {
  const { db, rows, now, actor } = scope;
  if (actor.kind !== 'staff') return tableRefusal(403, 'forbidden.admin_refunds');
  const share = rows.shares.find((s) => s.id === input.shareId);
  if (!share) return tableRefusal(404, 'share_not_found.gone');
  if (share.method !== 'card_app' || !share.providerRef || !sharePaid(share.paymentStatus)) {
    return tableRefusal(409, 'not_refundable');
  }
  const earlier = await db.select().from(paymentRefunds).where(eq(paymentRefunds.shareId, share.id));
  const made = Math.max(share.refundedCents, earlier.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0));
  const planned = earlier.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amountCents, 0);
  const left = share.amountCents + share.tipCents - made - planned;
  if (left <= 0) return tableRefusal(409, planned > 0 ? 'already_refunded.under_way' : 'already_refunded');
  const amount = input.amountCents ?? left;
  if (amount > left) {
    return refuseTable(400, 'invalid_request', cardMessages.refundOverPaid(formatCents(left)), [{ path: 'amount_cents', message: `at most ${left}` }]);
  }
  return {
    writes: [db.insert(paymentRefunds).values({
      id: input.refundId, shareId: share.id, sessionId: rows.session.id, restaurantId: scope.venueId, stripeRefundId: `planned:${input.refundId}`,
      amountCents: amount, status: 'pending', reason: input.reason, byUserId: actor.userId, createdAt: now,
    })],
  };
}

/** The refunds of this tab planned and not yet answered by Stripe, with the intent each refunds. */
export async function pendingRefunds(scope: Pick<Scope, 'db' | 'rows'>): Promise<PlannedRefund[]> {
  const pending = await scope.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.sessionId, scope.rows.session.id), eq(paymentRefunds.status, 'pending')));
  return pending.flatMap((r) => {
    const intentId = r.stripeRefundId.startsWith('planned:pi_') ? r.stripeRefundId.slice('planned:'.length) : scope.rows.shares.find((s) => s.id === r.shareId)?.providerRef;
    return intentId ? [{ id: r.id, shareId: r.shareId, intentId, amountCents: r.amountCents }] : [];
  });
}

/** Stripe's answer to a planned refund: made (its refund id recorded once) or refused (the plan stays as failed). */
export async function recordRefundDecision(scope: Scope, refundId: string, answer: { stripeRefundId: string } | null): Promise<Decision> {
  const { db, rows, actor } = scope;
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).limit(1);
  if (!row || row.status !== 'pending') return unchanged();
  const byId = eq(paymentRefunds.id, refundId);
  if (!answer) return { writes: [db.update(paymentRefunds).set({ status: 'failed' }).where(byId)] };
  const share = rows.shares.find((s) => s.id === row.shareId);
  const writes: Change['writes'] = [db.update(paymentRefunds).set({ status: 'succeeded', stripeRefundId: answer.stripeRefundId }).where(byId)];
  if (!share) return { writes };
  if (closedToCard(share)) {
    writes.push(db.update(tabShares).set({ paymentProblem: 'late_payment_refunded', paymentProblemNote: row.reason }).where(eq(tabShares.id, share.id)));
    return { writes };
  }
  const earlier = await db.select({ cents: paymentRefunds.amountCents }).from(paymentRefunds).where(and(eq(paymentRefunds.shareId, share.id), eq(paymentRefunds.status, 'succeeded')));
  const refunded = Math.max(share.refundedCents, earlier.reduce((sum, r) => sum + r.cents, 0) + row.amountCents);
  const whole = refunded >= share.amountCents + share.tipCents;
  const payer = rows.members.find((m) => m.id === share.payerMemberId)?.name ?? 'Guest';
  writes.push(db.update(tabShares).set({ refundedCents: refunded, ...(whole ? { paymentStatus: 'refunded' as const } : {}) }).where(eq(tabShares.id, share.id)));
  return {
    writes,
    ...(actor.kind === 'staff' && row.byUserId === actor.userId ? {
      audit: {
        action: 'tab_share.refund', targetType: 'tab_share', targetId: share.id,
        summary: `Refunded ${formatCents(row.amountCents)} of ${payer}'s card payment at table ${rows.session.tableNumber}: ${row.reason}`,
        before: { payment_status: share.paymentStatus, refunded_cents: share.refundedCents },
        after: { payment_status: whole ? 'refunded' : share.paymentStatus, refunded_cents: refunded, reason: row.reason },
      },
    } : {}),
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
 * Stripe's authorisation on (docs/decisions/222). A pending hold (a card put down and not yet confirmed, or
 * abandoned on the hold screen) neither covers a round nor limits one (docs/decisions/222).
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
  return tableRefusal(409, 'hold_exceeded', { tab_after_round_cents: after, held_cents: held });
}

/** The least a card is charged in the venue's currency (shared/payment-methods.ts). */
const cardMinimumCents = CARD_MINIMUM_CENTS[VENUE_CURRENCY]!;

/** One hold's part of a capture: how much of the tab's amount and of the tip it takes. */
export type HoldTake = { holdId: string; intentId: string; amountCents: number; subtotalCents: number; tipCents: number };

/**
 * What is owed and its tip, taken from the holds in the order they were put down (docs/payments.md): each hold
 * takes what it can; the tip and the pre-tax part go with each take in proportion, and the last hold taking
 * anything takes what remains of each, so the takes sum exactly to what is owed plus the tip. Null when the holds
 * do not cover it.
 */
export function splitOverHolds(holds: readonly Pick<HoldRow, 'id' | 'paymentIntentId' | 'amountCents'>[], owed: { amountCents: number; subtotalCents: number; tipCents: number }): HoldTake[] | null {
  const total = owed.amountCents + owed.tipCents;
  if (holds.reduce((sum, h) => sum + h.amountCents, 0) < total) return null;
  const takes: HoldTake[] = [];
  let remaining = total;
  let tipSoFar = 0;
  let amountSoFar = 0;
  let subtotalSoFar = 0;
  for (const hold of holds) {
    if (remaining === 0) break;
    let take = Math.min(remaining, hold.amountCents);
    // No hold is left a take below the card minimum (Stripe refuses such a capture): this one leaves it enough.
    const after = remaining - take;
    if (after > 0 && after < cardMinimumCents && take - (cardMinimumCents - after) >= cardMinimumCents) take -= cardMinimumCents - after;
    remaining -= take;
    const last = remaining === 0;
    const tip = last ? owed.tipCents - tipSoFar : Math.min(take, Math.floor((owed.tipCents * take) / total));
    const amount = last ? owed.amountCents - amountSoFar : take - tip;
    const subtotal = last ? owed.subtotalCents - subtotalSoFar : Math.min(owed.subtotalCents - subtotalSoFar, Math.floor((amount * owed.subtotalCents) / Math.max(1, owed.amountCents)));
    tipSoFar += tip;
    amountSoFar += amount;
    subtotalSoFar += subtotal;
    takes.push({ holdId: hold.id, intentId: hold.paymentIntentId, amountCents: amount, subtotalCents: subtotal, tipCents: tip });
  }
  return takes;
}

/** Who the records name for a share taken from a hold. */
export const HOLD_RECORDER = 'Card hold';

/** A tab that is over may still be charged to its holds: a walk-out is what holds are for (docs/payments.md). */
const capturable = (scope: Scope) => (scope.rows.session.status === 'merged' ? tableRefusal(409, 'tab_closed.merged', { table: scope.rows.session.tableNumber }) : null);

/**
 * The tab closes on its card holds, planned before Stripe is asked: what is still owed (plus a tip) becomes one
 * unpaid share per hold it is taken from (splitOverHolds), shares nobody paid are void (their card payments were
 * stopped first, worker/tables/settlement.ts), and each share is captured by its hold after this change.
 * More than the holds cover is refused, never captured in part.
 */
export async function planCaptureDecision(scope: Scope, options: { tip: Tip }): Promise<Decision> {
  const { db, rows, now } = scope;
  if (!isStaff(scope)) {
    const member = requireMember(scope);
    if ('ok' in member) return member;
  }
  const over = capturable(scope);
  if (over) return over;
  const venue = await venueAccount(scope);
  if (!venue) return tableRefusal(409, 'payments_unavailable');
  const holds = (await sessionHolds(scope)).filter((h) => h.status === 'authorized');
  const held = holds.reduce((sum, h) => sum + h.amountCents, 0);
  if (holds.length === 0) return tableRefusal(409, 'no_hold');
  const paid = liveShares(rows).filter((s) => sharePaid(s.paymentStatus));
  const rest = nextShare(tableBill(rows), paid.map(shareMoney), { kind: 'rest', tip: options.tip }, newId());
  if (!rest.ok) return tableRefusal(409, 'nothing_owed', { table: rows.session.tableNumber });
  const total = rest.share.amountCents + rest.share.tipCents;
  const takes = splitOverHolds(holds, rest.share);
  if (!takes) return tableRefusal(409, 'capture_over_hold', { owed_cents: total, held_cents: held });
  let position = rows.shares.reduce((max, s) => Math.max(max, s.position), -1) + 1;
  const payer = rows.session.hostMemberId ?? rows.members.at(-1)?.id ?? 'host';
  const writes: Change['writes'] = [];
  const unpaidIds = liveShares(rows).filter((s) => s.paymentStatus === 'unpaid').map((s) => s.id);
  if (unpaidIds.length) writes.push(db.update(tabShares).set({ paymentStatus: 'void' }).where(inArray(tabShares.id, unpaidIds)));
  for (const take of takes) {
    writes.push(db.insert(tabShares).values({
      id: newId(), sessionId: rows.session.id, payerMemberId: payer, kind: 'rest', amountCents: take.amountCents, subtotalCents: take.subtotalCents,
      tipCents: take.tipCents, method: 'card_app', recordedByName: HOLD_RECORDER, providerRef: take.intentId,
      feeCents: applicationFeeCents(take.amountCents + take.tipCents, venue.feeBp), position: position++, createdAt: now,
    }));
  }
  writes.push(db.delete(tableCartLines).where(eq(tableCartLines.sessionId, rows.session.id)));
  return { writes };
}

/** The planned capture shares of a tab, each with its hold, still to be captured. */
export async function plannedCaptures(scope: Pick<Scope, 'db' | 'rows'>) {
  const holds = await sessionHolds(scope);
  return scope.rows.shares.flatMap((share) => {
    const hold = share.paymentStatus === 'unpaid' && share.recordedByName === HOLD_RECORDER ? holds.find((h) => h.paymentIntentId === share.providerRef && h.status === 'authorized') : undefined;
    return hold ? [{ share, hold }] : [];
  });
}

/** Stripe captured a planned share from its hold: the share is paid, and the tab closes once settled. */
export function recordCaptureDecision(scope: Scope, shareId: string, receivedCents: number, reason: 'paid' | 'auto_closed'): Decision {
  const { db, rows, now } = scope;
  const share = rows.shares.find((s) => s.id === shareId);
  if (!share || share.paymentStatus !== 'unpaid') return unchanged();
  const writes: Change['writes'] = [
    db.update(tabShares).set({ paymentStatus: 'captured', capturedAt: now }).where(eq(tabShares.id, shareId)),
    db.update(tabHolds).set({ status: 'captured', capturedCents: receivedCents, updatedAt: now }).where(eq(tabHolds.paymentIntentId, share.providerRef!)),
  ];
  if (settlesTab(scope, shareId)) {
    writes.push(...settleWrites(scope));
    if (reason === 'auto_closed') writes.push(db.update(tableSessions).set({ closedReason: 'auto_closed' }).where(eq(tableSessions.id, rows.session.id)));
  }
  return { writes };
}

/**
 * A capture Stripe refused part way: what was captured stays recorded, the shares still planned are void, and the
 * answer says what is left to settle another way.
 */
export function captureFailedDecision(scope: Scope, shareIds: readonly string[]): Decision {
  if (shareIds.length === 0) return unchanged();
  return { writes: [scope.db.update(tabShares).set({ paymentStatus: 'void' }).where(and(inArray(tabShares.id, [...shareIds]), eq(tabShares.paymentStatus, 'unpaid')))] };
}

/** The capture as the audit log tells it. */
export function captureAudit(rows: Scope['rows'], capturedCents: number, heldCentsBefore: number, status: string) {
  return {
    action: 'table_session.capture_hold', targetType: 'table_session', targetId: rows.session.id,
    summary: `Closed table ${rows.session.tableNumber}'s tab on its card hold: captured ${formatCents(capturedCents)} of ${formatCents(heldCentsBefore)}`,
    before: { status, held_cents: heldCentsBefore }, after: { status: rows.session.status, captured_cents: capturedCents },
  };
}

/**
 * The tab's authorised holds that nothing will be captured from any more: the tab is over and nothing on it is
 * left unpaid (settled another way, or left empty). An ended or idle tab with a balance keeps its holds.
 */
export async function holdsToRelease(scope: Pick<Scope, 'db' | 'rows'>): Promise<HoldRow[]> {
  const { rows } = scope;
  if (rows.session.status === 'open' || rows.session.status === 'billing' || rows.session.status === 'merged') return [];
  if (liveShares(rows).some((s) => s.paymentStatus === 'unpaid')) return [];
  return (await sessionHolds(scope)).filter((h) => h.status === 'authorized');
}
