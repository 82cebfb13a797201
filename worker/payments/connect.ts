// A venue connects its own Stripe account from the back office (docs/decisions/244, docs/payments.md "A venue's
// account"). As every Stripe call of the repo (docs/decisions/222), each write at Stripe follows a plan the venue's row
// holds first: the account creation's idempotency key is written before the call, so a retry, a second click or a
// second tab gets the same account back; its answer is stored on the row. The account's state (charges, payouts, what
// Stripe still needs) is stored as Stripe last said it, from a read or an `account.updated` event, never older over newer.
import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import type { StripeConnection, StripeConnectionState } from '../../shared/schemas/stripe-connection';
import { stripeConnectionState } from '../../shared/stripe-connection';
import { venues } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { ApiError, notFound } from '../lib/errors';
import { everyVenueDatabase } from '../shards';
import { cardPaymentsConfigured, stripeGateway, StripeRefusal, type AccountState, type StripeEnv } from './stripe';

const CONNECTION = {
  name: venues.name, accountId: venues.stripeAccountId, plan: venues.stripeAccountPlan, chargesEnabled: venues.stripeChargesEnabled,
  payoutsEnabled: venues.stripePayoutsEnabled, currentlyDue: venues.stripeCurrentlyDue, disabledReason: venues.stripeDisabledReason, statusAt: venues.stripeStatusAt,
};
export type ConnectionRow = { name: string; accountId: string | null; plan: string | null; chargesEnabled: boolean; payoutsEnabled: boolean; currentlyDue: string[]; disabledReason: string | null; statusAt: number | null };

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function readConnection(db: Db, venueId: string): Promise<ConnectionRow> {
  const [row] = await db.select(CONNECTION).from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!row) throw notFound('Venue not found');
  return row;
}

export function connectionAnswer(env: StripeEnv, row: ConnectionRow): StripeConnection {
  return {
    state: stripeConnectionState(row.accountId, row.chargesEnabled), account_id: row.accountId, charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled, currently_due: row.currentlyDue, disabled_reason: row.disabledReason,
    checked_at: row.statusAt === null ? null : new Date(row.statusAt * 1000).toISOString(), cards_configured: cardPaymentsConfigured(env),
  };
}

/** The account's state as Stripe said it at `at` (epoch seconds); false when the venue already holds a newer word or another account. */
export async function storeAccountState(db: Db, venueId: string, state: AccountState, at: number): Promise<boolean> {
  const stored = await db.update(venues).set({
    stripeChargesEnabled: state.chargesEnabled, stripePayoutsEnabled: state.payoutsEnabled, stripeCurrentlyDue: state.currentlyDue,
    stripeDisabledReason: state.disabledReason, stripeStatusAt: at,
  }).where(and(eq(venues.id, venueId), eq(venues.stripeAccountId, state.id), or(isNull(venues.stripeStatusAt), lte(venues.stripeStatusAt, at))))
    .returning({ id: venues.id });
  return stored.length > 0;
}

/**
 * The venue disconnected Barhop from its account in Stripe (`account.application.deauthorized`): Barhop can no longer
 * charge on it, so the venue is as before it connected, and its guests pay at the bar until it connects again.
 * False when the venue holds another account, or none.
 */
export async function forgetAccount(db: Db, venueId: string, accountId: string): Promise<boolean> {
  const forgotten = await db.update(venues).set({
    stripeAccountId: null, stripeAccountPlan: null, stripeChargesEnabled: false, stripePayoutsEnabled: false, stripeCurrentlyDue: [],
    stripeDisabledReason: null, stripeStatusAt: null,
  }).where(and(eq(venues.id, venueId), eq(venues.stripeAccountId, accountId))).returning({ id: venues.id });
  return forgotten.length > 0;
}

const notConfigured = () => new ApiError(409, 'payments_unavailable', 'Card payments are not set up on this Barhop: there is no Stripe account to connect');
const stripeDidNotAnswer = (err: unknown) => (err instanceof ApiError && err.code === 'payment_provider_error'
  ? new ApiError(502, 'payment_provider_error', 'Stripe did not answer as expected: try again in a moment', err.details)
  : err);

/** The venue's connected account: the one it has, or one made now on the plan its row holds. */
async function accountOf(env: StripeEnv, db: Db, venueId: string): Promise<string> {
  const before = await readConnection(db, venueId);
  if (before.accountId) return before.accountId;
  // The plan first: one key per venue until Stripe answers, whoever asks (docs/decisions/222).
  await db.update(venues).set({ stripeAccountPlan: `account:${venueId}:${newId()}` })
    .where(and(eq(venues.id, venueId), isNull(venues.stripeAccountId), isNull(venues.stripeAccountPlan)));
  const planned = await readConnection(db, venueId);
  if (planned.accountId) return planned.accountId;
  const plan = planned.plan!;
  let state: AccountState;
  try {
    state = await stripeGateway(env).createAccount({ venueId, venueName: planned.name, idempotencyKey: plan });
  } catch (err) {
    // Stripe keeps a refusal under its key: the next try needs a new plan. A lost answer keeps the plan, to be asked again.
    if (err instanceof StripeRefusal) {
      await db.update(venues).set({ stripeAccountPlan: null }).where(and(eq(venues.id, venueId), eq(venues.stripeAccountPlan, plan), isNull(venues.stripeAccountId)));
    }
    throw stripeDidNotAnswer(err);
  }
  await db.update(venues).set({ stripeAccountId: state.id }).where(and(eq(venues.id, venueId), isNull(venues.stripeAccountId)));
  await storeAccountState(db, venueId, state, nowSeconds());
  return (await readConnection(db, venueId)).accountId!;
}

/**
 * "Connect Stripe" and "Continue setup": the venue's account (made the first time), and a one-time link to Stripe's
 * onboarding that comes back to `returnUrl` (or `refreshUrl` once expired). A link is short-lived and moves no money:
 * its key names the account and this request.
 */
export async function startOnboarding(env: StripeEnv, db: Db, venueId: string, urls: { returnUrl: string; refreshUrl: string }) {
  if (!cardPaymentsConfigured(env)) throw notConfigured();
  const account = await accountOf(env, db, venueId);
  const url = await stripeGateway(env).onboardingLink(account, { ...urls, idempotencyKey: `account_link:${account}:${newId()}` }).catch((err: unknown) => {
    throw stripeDidNotAnswer(err);
  });
  return { url, row: await readConnection(db, venueId) };
}

/** The account as Stripe holds it now, stored: what the owner sees on coming back from Stripe's onboarding. */
export async function checkConnection(env: StripeEnv, db: Db, venueId: string): Promise<ConnectionRow> {
  const row = await readConnection(db, venueId);
  if (!row.accountId || !cardPaymentsConfigured(env)) return row;
  const state = await stripeGateway(env).account(row.accountId).catch((err: unknown) => {
    throw stripeDidNotAnswer(err);
  });
  await storeAccountState(db, venueId, state, nowSeconds());
  return readConnection(db, venueId);
}

/**
 * Each connected venue's state, read from the database holding it (the super admin's venue list reads the control
 * database, where a venue on another shard has only its platform record); a venue not listed is not connected.
 */
export async function connectionStates(env: WorkerEnv): Promise<Map<string, StripeConnectionState>> {
  const found = await Promise.all((await everyVenueDatabase(env)).map(({ db }) =>
    db.select({ id: venues.id, accountId: venues.stripeAccountId, chargesEnabled: venues.stripeChargesEnabled }).from(venues).where(isNotNull(venues.stripeAccountId))));
  return new Map(found.flat().map((v) => [v.id, stripeConnectionState(v.accountId, v.chargesEnabled)]));
}
