// Card payments' routes (the API reference at /api/reference; docs/decisions/222): a guest pays their share or puts a card
// hold on the tab, staff close a tab on its hold, an admin refunds, and Stripe's webhook says what happened. Every
// change of a tab still runs in its table's turn at the venue's hub (worker/tables/card.ts).
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { newId } from '../../shared/ids';
import {
  CaptureHoldsInput, HoldCheckInput, RefundInput,
  type CardCheckResponse, type CardPaymentResponse, type CardStatusResponse, type HoldCheckResponse, type HoldPaymentResponse, type RefundResponse,
} from '../../shared/schemas/payments';
import type { TableStateResponse } from '../../shared/schemas/tables';
import { formatCents } from '../../shared/money';
import { requireAdmin, requireGuest, requireStaff, scopedVenueId } from '../auth';
import { tabHolds, tabShares, tableSessions } from '../db/schema';
import type { AppContext, Db } from '../env';
import { ApiError, refusal, unauthorized } from '../lib/errors';
import { validate } from '../lib/validate';
import { keepsGuestReads } from '../menu';
import { scopedVenueDatabase, type VenueDatabase } from '../shards';
import { payableShare, venueAccount } from './card';
import { memberByKeys, readTable } from './queries';
import { anyActor, guestActor, locateSession, runTableCommand, staffActor } from './requests';
import { applicationFeeCents, cardEventOfIntent, cardPaymentsConfigured, STRIPE_ACTOR, stripeGateway, usesLocalStripe } from '../payments';

const SessionParam = z.object({ id: z.string().min(1).max(100) });
const ShareParam = SessionParam.extend({ shareId: z.string().min(1).max(100) });
const RefundParam = z.object({ shareId: z.string().min(1).max(100) });

const notTakingCards = () => refusal(409, 'payments_unavailable.bar');

type VenueCard = { account: string; feeBp: number; holdCents: number };

/**
 * The venue's connected account, or null: "Pay at the bar" (docs/product.md §12.9). A new payment or hold also needs
 * the account able to charge (`forNewPayment`, docs/decisions/244); checking and refunding the ones made need only the account.
 */
async function venueCard(c: Context<AppContext>, db: Db, venueId: string, use: 'forNewPayment' | 'forPaymentsMade'): Promise<VenueCard | null> {
  if (!cardPaymentsConfigured(c.env)) return null;
  const venue = await venueAccount({ db, venueId });
  if (!venue || (use === 'forNewPayment' && !venue.chargesEnabled)) return null;
  return { account: venue.account, feeBp: venue.feeBp, holdCents: venue.holdCents };
}

function answerIntent(c: Context<AppContext>, card: VenueCard, intent: { id: string; clientSecret: string }, amountCents: number): CardPaymentResponse {
  // The local stand-in has no Stripe.js: the pay screens show its test card form instead (docs/decisions/242).
  const publishable = usesLocalStripe(c.env) ? null : c.env.STRIPE_PUBLISHABLE_KEY || undefined;
  if (publishable === undefined) throw refusal(503, 'payments_unavailable');
  return { payment_intent_id: intent.id, client_secret: intent.clientSecret, publishable_key: publishable, stripe_account: card.account, amount_cents: amountCents };
}

/** A guest's view of one table of theirs: they must be at it. */
async function memberTable(database: VenueDatabase, sessionId: string) {
  const rows = await readTable(database.db, sessionId);
  if (!rows) throw refusal(404, 'table_session_not_found');
  return rows;
}

const holdAnswer = (h: typeof tabHolds.$inferSelect) => ({ id: h.id, amount_cents: h.amountCents, status: h.status, captured_cents: h.capturedCents });


/** Paying by card and card holds, for the table's members (mounted under /api/tables). */
export const tableCardRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .get('/sessions/:id/card', validate('param', SessionParam), async (c) => {
    if (!c.get('caller')) throw unauthorized('No session');
    const { id } = c.req.valid('param');
    const { venueId, database } = await locateSession(c, id);
    const actor = await anyActor(c, venueId);
    const rows = await memberTable(database, id);
    if (actor.kind === 'guest' && !memberByKeys(rows, actor.ownerKeys)) throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
    const card = await venueCard(c, database.db, venueId, 'forNewPayment');
    const holds = await database.db.select().from(tabHolds).where(eq(tabHolds.sessionId, id));
    return c.json({ available: card !== null, hold_cents: card?.holdCents ?? 0, holds: holds.map(holdAnswer) } satisfies CardStatusResponse);
  })
  .post('/sessions/:id/shares/:shareId/card', requireGuest, validate('param', ShareParam), async (c) => {
    const { id, shareId } = c.req.valid('param');
    const { venueId, database } = await locateSession(c, id);
    const actor = guestActor(c);
    const card = await venueCard(c, database.db, venueId, 'forNewPayment');
    if (!card) throw notTakingCards();
    const rows = await memberTable(database, id);
    const share = payableShare({ db: database.db, venueId, now: new Date().toISOString(), rows, actor, member: memberByKeys(rows, actor.ownerKeys) }, shareId);
    if ('ok' in share) throw new ApiError(share.status, share.code, share.message, share.details);
    const gateway = stripeGateway(c.env);
    const due = share.amountCents + share.tipCents;
    // A payer who reloads the pay screen goes on with the same payment; after a cancelled one, a new one.
    if (share.providerRef && share.paymentProblem !== 'canceled') {
      return c.json(answerIntent(c, card, await gateway.clientSecret(card.account, share.providerRef), due));
    }
    const feeCents = applicationFeeCents(due, card.feeBp);
    const intent = await gateway.payShare(card.account, {
      amountCents: due, feeCents, description: `Table ${rows.session.tableNumber}: a share of the tab (${formatCents(due)})`,
      metadata: { venue_id: venueId, session_id: id, share_id: shareId },
      idempotencyKey: `share:${shareId}:${due}:${share.providerRef ?? 'first'}`,
    });
    try {
      await runTableCommand(c, venueId, { type: 'attach_card', sessionId: id, shareId, intentId: intent.id, feeCents }, actor);
    } catch (err) {
      await gateway.cancel(card.account, intent.id, `abandon:${intent.id}`).catch(() => undefined);
      throw err;
    }
    return c.json(answerIntent(c, card, intent, due));
  })
  // The payer's browser says Stripe.js confirmed: the Worker asks Stripe how the intent stands and applies only
  // what Stripe answers (docs/decisions/222). The share is captured by Stripe's word, never by this request's.
  .post('/sessions/:id/shares/:shareId/card/check', requireGuest, validate('param', ShareParam), async (c) => {
    const { id, shareId } = c.req.valid('param');
    const { venueId, database } = await locateSession(c, id);
    const actor = guestActor(c);
    const rows = await memberTable(database, id);
    const member = memberByKeys(rows, actor.ownerKeys);
    if (!member) throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
    const share = rows.shares.find((s) => s.id === shareId && s.paymentStatus !== 'void');
    if (!share) throw refusal(404, 'share_not_found');
    if (share.payerMemberId !== member.id) throw refusal(403, 'not_your_share');
    const card = await venueCard(c, database.db, venueId, 'forPaymentsMade');
    if (!card) throw notTakingCards();
    let answer: CardCheckResponse['share'] = {
      id: shareId, payment_status: share.paymentStatus, payment_problem: share.paymentProblem, payment_problem_note: share.paymentProblemNote,
    };
    if (share.providerRef && share.paymentStatus === 'unpaid') {
      const event = cardEventOfIntent(card.account, await stripeGateway(c.env).intentState(card.account, share.providerRef));
      if (event) {
        const outcome = await runTableCommand(c, venueId, { type: 'card_event', sessionId: id, event }, STRIPE_ACTOR);
        const after = outcome.table.shares.find((s) => s.id === shareId);
        if (after) answer = { id: shareId, payment_status: after.payment_status, payment_problem: after.payment_problem, payment_problem_note: after.payment_problem_note };
      }
    }
    return c.json({ share: answer } satisfies CardCheckResponse);
  })
  .post('/sessions/:id/holds', requireGuest, validate('param', SessionParam), async (c) => {
    const { id } = c.req.valid('param');
    const { venueId, database } = await locateSession(c, id);
    const actor = guestActor(c);
    const card = await venueCard(c, database.db, venueId, 'forNewPayment');
    if (!card) throw notTakingCards();
    const rows = await memberTable(database, id);
    if (!memberByKeys(rows, actor.ownerKeys)) throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
    const holdId = newId();
    const gateway = stripeGateway(c.env);
    const intent = await gateway.hold(card.account, {
      amountCents: card.holdCents, description: `Table ${rows.session.tableNumber}: a card hold for the tab (${formatCents(card.holdCents)})`,
      metadata: { venue_id: venueId, session_id: id, hold_id: holdId }, idempotencyKey: `hold:${holdId}`,
    });
    try {
      await runTableCommand(c, venueId, { type: 'add_hold', sessionId: id, holdId, intentId: intent.id, amountCents: card.holdCents }, actor);
    } catch (err) {
      await gateway.cancel(card.account, intent.id, `abandon:${intent.id}`).catch(() => undefined);
      throw err;
    }
    return c.json({ ...answerIntent(c, card, intent, card.holdCents), hold_id: holdId } satisfies HoldPaymentResponse);
  })
  // The member's browser says Stripe.js confirmed the hold: as for a share (…/card/check), the Worker asks Stripe and
  // applies only Stripe's answer, through the webhook's own path (docs/decisions/222). A hold covers rounds only once
  // Stripe authorised it; the browser's word never makes it so.
  .post('/sessions/:id/holds/check', requireGuest, validate('param', SessionParam), validate('json', HoldCheckInput), async (c) => {
    const { id } = c.req.valid('param');
    const { hold_id: holdId } = c.req.valid('json');
    const { venueId, database } = await locateSession(c, id);
    const actor = guestActor(c);
    const rows = await memberTable(database, id);
    if (!memberByKeys(rows, actor.ownerKeys)) throw refusal(403, 'not_a_member', { table: rows.session.tableNumber });
    const holdOf = async () => (await database.db.select().from(tabHolds).where(and(eq(tabHolds.id, holdId), eq(tabHolds.sessionId, id))).limit(1))[0];
    let hold = await holdOf();
    if (!hold) throw refusal(404, 'hold_not_found');
    const card = await venueCard(c, database.db, venueId, 'forPaymentsMade');
    if (!card) throw notTakingCards();
    // Only a hold still waiting (or one that failed and may have been confirmed again) has anything to learn.
    if (hold.status === 'pending' || hold.status === 'failed') {
      const event = cardEventOfIntent(card.account, await stripeGateway(c.env).intentState(card.account, hold.paymentIntentId));
      if (event) {
        await runTableCommand(c, venueId, { type: 'card_event', sessionId: id, event }, STRIPE_ACTOR);
        hold = (await holdOf()) ?? hold;
      }
    }
    return c.json({ hold: holdAnswer(hold) } satisfies HoldCheckResponse);
  });

/** Staff close a tab on its card holds (mounted under /api/staff/tables). */
export const staffCardRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .post('/sessions/:id/holds/capture', requireStaff, validate('param', SessionParam), validate('json', CaptureHoldsInput), async (c) => {
    const { id } = c.req.valid('param');
    const venueId = scopedVenueId(c);
    const outcome = await runTableCommand(c, venueId, { type: 'capture_holds', sessionId: id, tip: c.req.valid('json').tip ?? { cents: 0 } }, await staffActor(c, venueId));
    return c.json({ table: outcome.table, you: outcome.you } satisfies TableStateResponse);
  });

/** An admin's refunds of card payments (mounted under /api/admin/payments). */
export const adminPaymentRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .use(keepsGuestReads)
  .post('/shares/:shareId/refunds', validate('param', RefundParam), validate('json', RefundInput), async (c) => {
    const { shareId } = c.req.valid('param');
    const body = c.req.valid('json');
    const venueId = scopedVenueId(c);
    const { db } = await scopedVenueDatabase(c);
    const [share] = await db.select({ share: tabShares, venue: tableSessions.restaurantId }).from(tabShares)
      .innerJoin(tableSessions, eq(tableSessions.id, tabShares.sessionId))
      .where(and(eq(tabShares.id, shareId), eq(tableSessions.restaurantId, venueId))).limit(1);
    if (!share) throw refusal(404, 'share_not_found.gone');
    const row = share.share;
    if (!(await venueCard(c, db, venueId, 'forPaymentsMade'))) throw notTakingCards();
    // Planned, checked and made in the table's turn (worker/tables/settlement.ts): two refunds at once cannot both pass.
    const outcome = await runTableCommand(c, venueId, { type: 'refund_share', sessionId: row.sessionId, refundId: newId(), shareId, amountCents: body.amount_cents ?? null, reason: body.reason }, await staffActor(c, venueId));
    const refund = outcome.refund!;
    const after = outcome.table.shares.find((s) => s.id === shareId)!;
    return c.json({
      refund: { id: refund.id, amount_cents: refund.amountCents, status: 'succeeded' },
      share: { id: shareId, payment_status: after.payment_status, refunded_cents: after.refunded_cents, due_cents: after.due_cents },
    } satisfies RefundResponse);
  });
