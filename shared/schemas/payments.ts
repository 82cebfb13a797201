import { z } from 'zod';
import { PaymentProblem } from './order';
import { TipInput } from './tables';

// Card payments (docs/decisions/222, docs/product.md §12.9): paying a share in the app, a tab on a card hold, an
// admin's refund, and Stripe's webhook. Money is integer cents on the wire; no secret key ever crosses it.

/** What the pay screen needs to load Stripe's Payment Element for one PaymentIntent on the venue's account. */
export const CardPaymentResponse = z.object({
  payment_intent_id: z.string(),
  client_secret: z.string(),
  /**
   * Stripe's publishable key (public) and the venue's connected account (direct charges). Null: the Worker pays
   * through its local stand-in for Stripe, and the pay screen shows its test card form (docs/decisions/242).
   */
  publishable_key: z.string().nullable(),
  stripe_account: z.string(),
  amount_cents: z.number().int(),
});
export type CardPaymentResponse = z.infer<typeof CardPaymentResponse>;

/**
 * POST /api/tables/sessions/:id/shares/:shareId/card/check — the share as Stripe's answer about its intent left it
 * (the payer's browser said it confirmed; the Worker asked Stripe).
 */
export const CardCheckResponse = z.object({
  share: z.object({
    id: z.string(),
    payment_status: z.string(),
    payment_problem: PaymentProblem.nullable(),
    payment_problem_note: z.string().nullable(),
  }),
});
export type CardCheckResponse = z.infer<typeof CardCheckResponse>;

export const HOLD_STATUSES = ['pending', 'authorized', 'captured', 'released', 'failed'] as const;
export const TabHold = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(HOLD_STATUSES),
  captured_cents: z.number().int(),
});

/**
 * POST /api/tables/sessions/:id/holds — a new card hold on the tab: what Stripe.js needs, and the hold's id for its
 * check (docs/decisions/222).
 */
export const HoldPaymentResponse = CardPaymentResponse.extend({ hold_id: z.string() });
export type HoldPaymentResponse = z.infer<typeof HoldPaymentResponse>;

/** POST /api/tables/sessions/:id/holds/check — the hold the member's browser says Stripe.js confirmed. */
export const HoldCheckInput = z.object({ hold_id: z.string({ error: 'hold_id is required' }).min(1, 'hold_id is required').max(100) });

/** The hold as Stripe's answer about its intent left it (the Worker asked Stripe, docs/decisions/222). */
export const HoldCheckResponse = z.object({ hold: TabHold });
export type HoldCheckResponse = z.infer<typeof HoldCheckResponse>;

/** GET /api/tables/sessions/:id/card — whether the venue takes cards in the app, and the tab's holds. */
export const CardStatusResponse = z.object({
  /** False: the venue has no connected account (or the platform takes no cards): "Pay at the bar". */
  available: z.boolean(),
  hold_cents: z.number().int(),
  holds: z.array(TabHold),
});
export type CardStatusResponse = z.infer<typeof CardStatusResponse>;

/** POST /api/staff/tables/sessions/:id/holds/capture — close the tab on its card holds, with an optional tip. */
export const CaptureHoldsInput = z.object({ tip: TipInput.optional() });

/** POST /api/admin/payments/shares/:shareId/refunds — whole (no amount) or partial, always with a reason. */
export const RefundInput = z.object({
  amount_cents: z.number().int().min(1, 'A refund of at least $0.01').max(100_000_000).optional(),
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(200),
});

export const RefundResponse = z.object({
  refund: z.object({ id: z.string(), amount_cents: z.number().int(), status: z.string() }),
  share: z.object({ id: z.string(), payment_status: z.string(), refunded_cents: z.number().int(), due_cents: z.number().int() }),
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** POST /api/payments/webhook's answer to Stripe. */
export const WebhookResponse = z.object({ received: z.literal(true), applied: z.boolean() });
export type WebhookResponse = z.infer<typeof WebhookResponse>;

// ---- a solo order paid first (docs/decisions/241) ---------------------------------------------------

export const ORDER_PAYMENT_STATUSES = ['planned', 'authorized', 'placed', 'captured', 'released', 'failed', 'refunded', 'releasing', 'refunding'] as const;

/** POST /api/cart/checkout/card — the checkout's payment: what the card form needs, and the payment's id. */
export const CheckoutPaymentResponse = CardPaymentResponse.extend({ payment_id: z.string() });
export type CheckoutPaymentResponse = z.infer<typeof CheckoutPaymentResponse>;

/**
 * POST /api/cart/checkout/card/:paymentId/check — the payment as Stripe's answer left it: `placed` with the order
 * once authorised, `failed` or `released` with what the guest reads, `planned` while Stripe has no card for it yet.
 */
export const CheckoutPaymentCheckResponse = z.object({
  status: z.enum(ORDER_PAYMENT_STATUSES),
  order_id: z.string().nullable(),
  /** Why nothing was placed or charged, when something went wrong: a refusal of the registry (docs/decisions/256), its English message for API clients, code and details for the app to say in the guest's language. */
  message: z.string().nullable(),
  code: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type CheckoutPaymentCheckResponse = z.infer<typeof CheckoutPaymentCheckResponse>;

/** The test cards of the local stand-in's card form (docs/decisions/242). */
export const LOCAL_TEST_CARD = '4242 4242 4242 4242';
export const LOCAL_DECLINED_CARD = '4000 0000 0000 0002';

/** POST /api/payments/local/confirm — the local test card form confirms an intent at the stand-in. */
export const LocalCardConfirmInput = z.object({
  payment_intent_id: z.string({ error: 'payment_intent_id is required' }).min(1, 'payment_intent_id is required').max(200),
  card_number: z.string({ error: 'Enter a card number' }).trim()
    .regex(/^[0-9](?: ?[0-9]){11,18}$/, 'A card number is 12 to 19 digits (spaces between them allowed)'),
});
export const LocalCardConfirmResponse = z.object({ status: z.string() });
export type LocalCardConfirmResponse = z.infer<typeof LocalCardConfirmResponse>;
