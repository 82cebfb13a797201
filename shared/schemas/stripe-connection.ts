import { z } from 'zod';

// A venue's Stripe connection (docs/decisions/244, docs/payments.md "A venue's account"): what the owner's Payments
// panel shows and the super admin's venue list summarises. No key crosses the wire; the account id is the venue's own.

/** Not connected / Setup incomplete / Charges enabled: the one summary both screens show. */
export const STRIPE_CONNECTION_STATES = ['not_connected', 'incomplete', 'charges_enabled'] as const;
export const StripeConnectionState = z.enum(STRIPE_CONNECTION_STATES);
export type StripeConnectionState = z.infer<typeof StripeConnectionState>;

/** GET /api/admin/payments/stripe, POST …/stripe/check: the venue's account as Stripe last said. */
export const StripeConnection = z.object({
  state: StripeConnectionState,
  account_id: z.string().nullable(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  /** Stripe's `requirements.currently_due` codes (shared/stripe-connection.ts reads them as words). */
  currently_due: z.array(z.string()),
  disabled_reason: z.string().nullable(),
  /** When Stripe last said so (ISO-8601), null when it never has. */
  checked_at: z.string().nullable(),
  /** The platform has Stripe keys here: without them there is nothing to connect ("Pay at the bar"). */
  cards_configured: z.boolean(),
});
export type StripeConnection = z.infer<typeof StripeConnection>;
export const StripeConnectionResponse = z.object({ connection: StripeConnection });
export type StripeConnectionResponse = z.infer<typeof StripeConnectionResponse>;

/** POST /api/admin/payments/stripe/connect: where the owner goes next (Stripe's onboarding), and the connection. */
export const StripeOnboardingResponse = z.object({ url: z.string().url(), connection: StripeConnection });
export type StripeOnboardingResponse = z.infer<typeof StripeOnboardingResponse>;
