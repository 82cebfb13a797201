// Where a tab's money meets Stripe (docs/payments.md): every call that takes, stops, releases or gives back card
// money. Each follows a plan the table already wrote in its own turn (worker/tables/card.ts: a planned capture
// share, a pending refund row, a void share), is made with an idempotency key named after that plan, and its answer
// is recorded in the table's turn again; Stripe's webhook reconciles whatever comes later. No table rule calls Stripe.
import type { TableActor, TableOutcome, TableRefusal } from './commands';
import { tableRefusal } from './commands';
import type { Decision, Scope } from './change';
import {
  captureAudit, captureFailedDecision, cardEventDecision, HOLD_RECORDER, holdsToRelease, pendingRefunds, plannedCaptures, recordCaptureDecision, recordRefundDecision,
  venueAccount, type HoldRow,
} from './card';
import type { TableRows } from './queries';
import { applicationFeeCents, cardEventOfIntent, STRIPE_ACTOR, type CardEvent, type PaymentGateway } from '../payments';

/** The table's turn, as the desk lends it: the table as it is, and one change applied in that same turn. */
export type SettlementTurn = {
  gateway: PaymentGateway | null;
  rows(): Promise<TableRows | null>;
  scope(): Promise<Pick<Scope, 'db' | 'venueId' | 'rows'> | null>;
  apply(actor: TableActor, decide: (scope: Scope) => Decision | Promise<Decision>): Promise<TableOutcome>;
};

/** A card payment that has started and may still take money: not yet paid and not cancelled at Stripe. */
export const openPayment = (share: TableRows['shares'][number]) =>
  share.paymentStatus === 'unpaid' && share.providerRef !== null && share.paymentProblem !== 'canceled' && share.recordedByName !== HOLD_RECORDER;

const stopRefusal = (name: string) =>
  tableRefusal(502, 'payment_provider_error.not_stopped', { name });

/**
 * Before a change makes these shares unpayable (a member leaving or removed, a capture of the holds, a share
 * recorded paid another way, a share taken back), their open card payments are cancelled at Stripe. One that
 * went through already is applied first, so the change sees the share paid (docs/payments.md).
 */
export async function stopOpenPayments(turn: SettlementTurn, pick: (rows: TableRows) => TableRows['shares']): Promise<TableRefusal | null> {
  const scope = await turn.scope();
  if (!scope) return null;
  const open = pick(scope.rows).filter(openPayment);
  if (open.length === 0) return null;
  const venue = await venueAccount(scope);
  if (!venue || !turn.gateway) return null;
  for (const share of open) {
    const intentId = share.providerRef!;
    let event: CardEvent | null;
    try {
      await turn.gateway.cancel(venue.account, intentId, `cancel:${intentId}`);
      event = { eventId: `cancel:${intentId}`, type: 'payment_intent.canceled', account: venue.account, intentId, kind: 'canceled', amountCents: 0, note: 'The card payment was cancelled' };
    } catch {
      // Stripe would not cancel it: ask how it stands (a payment that went through, or one already cancelled).
      const state = await turn.gateway.intentState(venue.account, intentId).catch(() => null);
      event = state && (state.status === 'succeeded' || state.status === 'canceled') ? cardEventOfIntent(venue.account, state) : null;
    }
    const name = scope.rows.members.find((m) => m.id === share.payerMemberId)?.name ?? 'Guest';
    if (!event) return stopRefusal(name);
    await turn.apply(STRIPE_ACTOR, (s) => cardEventDecision(s, event));
  }
  return null;
}

/**
 * The planned capture shares, each captured from its hold (key `capture:<hold>`), each answer recorded at once.
 * A refusal part way keeps what was captured and says what is left; the shares still planned go void.
 */
export async function captureHolds(turn: SettlementTurn, actor: TableActor, reason: 'paid' | 'auto_closed'): Promise<TableOutcome> {
  const scope = await turn.scope();
  if (!scope) return tableRefusal(404, 'table_session_not_found');
  const venue = await venueAccount(scope);
  const planned = await plannedCaptures(scope);
  const held = planned.reduce((sum, p) => sum + p.hold.amountCents, 0);
  const status = scope.rows.session.status;
  let outcome: TableOutcome | null = null;
  let captured = 0;
  for (const [index, { share, hold }] of planned.entries()) {
    const due = share.amountCents + share.tipCents;
    const answer = venue && turn.gateway
      ? await turn.gateway.capture(venue.account, hold.paymentIntentId, due, applicationFeeCents(due, venue.feeBp), `capture:${hold.id}:${due}`).catch(() => null)
      : null;
    if (!answer || answer.status !== 'succeeded') {
      const left = planned.slice(index);
      await turn.apply(actor, (s) => captureFailedDecision(s, left.map((p) => p.share.id)));
      const owed = left.reduce((sum, p) => sum + p.share.amountCents + p.share.tipCents, 0);
      return tableRefusal(502, 'payment_provider_error.capture',
        { captured_cents: captured, left_cents: owed });
    }
    captured += answer.receivedCents;
    outcome = await turn.apply(actor, (s) => recordCaptureDecision(s, share.id, answer.receivedCents, reason));
  }
  if (!outcome || !outcome.ok) return outcome ?? tableRefusal(409, 'nothing_owed', { table: scope.rows.session.tableNumber });
  const after = await turn.rows();
  return actor.kind === 'staff' && after ? { ...outcome, audit: captureAudit(after, captured, held, status) } : outcome;
}

/** Stripe's answer to each refund the tab planned (key `refund:<plan>`), recorded; a refusal leaves it failed. */
export async function makePendingRefunds(turn: SettlementTurn, actor: TableActor): Promise<{ outcome: TableOutcome | null; made: { id: string; stripeRefundId: string; amountCents: number }[] }> {
  const scope = await turn.scope();
  if (!scope) return { outcome: null, made: [] };
  const pending = await pendingRefunds(scope);
  if (pending.length === 0) return { outcome: null, made: [] };
  const venue = await venueAccount(scope);
  let outcome: TableOutcome | null = null;
  const made: { id: string; stripeRefundId: string; amountCents: number }[] = [];
  for (const plan of pending) {
    const refund = venue && turn.gateway
      ? await turn.gateway.refund(venue.account, plan.intentId, plan.amountCents, { share_id: plan.shareId }, `refund:${plan.id}`).catch(() => null)
      : null;
    if (refund) made.push({ id: plan.id, stripeRefundId: refund.id, amountCents: plan.amountCents });
    outcome = await turn.apply(actor, (s) => recordRefundDecision(s, plan.id, refund ? { stripeRefundId: refund.id } : null));
  }
  return { outcome, made };
}

/** Holds nothing will be captured from any more are released at Stripe (key `release:<hold>`), and recorded so. */
export async function releaseSpareHolds(turn: SettlementTurn): Promise<void> {
  const scope = await turn.scope();
  if (!scope) return;
  const spare: HoldRow[] = await holdsToRelease(scope);
  if (spare.length === 0) return;
  const venue = await venueAccount(scope);
  if (!venue || !turn.gateway) return;
  for (const hold of spare) {
    const released = await turn.gateway.cancel(venue.account, hold.paymentIntentId, `release:${hold.id}`).then(() => true, () => false);
    if (!released) continue;
    const event: CardEvent = { eventId: `release:${hold.id}`, type: 'payment_intent.canceled', account: venue.account, intentId: hold.paymentIntentId, kind: 'canceled', amountCents: 0, note: 'Released' };
    await turn.apply(STRIPE_ACTOR, (s) => cardEventDecision(s, event));
  }
}
