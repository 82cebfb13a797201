// How a payment was taken (docs/decisions/222): one notion for a tab's share and a solo order alike, read by the
// database schema, the wire schemas, the staff and guest screens and the owner's figures. No zod here: the schema
// file and screens import it without pulling in the wire schemas.

/** Every method: cash and the card terminal are recorded by the bar, `card_app` only by the card provider. */
export const PAYMENT_METHODS = ['cash', 'card_terminal', 'card_app'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

/** What a bartender may record (RecordPaymentInput): a card paid in the app is marked paid by the provider only. */
export const BAR_PAYMENT_METHODS = ['cash', 'card_terminal'] as const;
export type BarPaymentMethod = (typeof BAR_PAYMENT_METHODS)[number];

/** Each method's name in the owner's figures and on the staff and guest screens. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodName, string> = {
  cash: /*i18n*/ 'Cash', card_terminal: 'Card terminal', card_app: /*i18n*/ 'Card in the app',
};

/** How a toast or audit line says it: "recorded paid in cash". */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethodName, string> = {
  cash: 'in cash', card_terminal: 'on the card terminal', card_app: 'by card in the app',
};

/**
 * The least a card payment can be, per currency, in its smallest unit (Stripe's minimum charge amounts). A share
 * below it is paid at the bar: the Worker refuses a card for it and the pay screen offers "Pay at the bar" only.
 */
export const CARD_MINIMUM_CENTS: Readonly<Record<string, number>> = {
  usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, nzd: 50, chf: 50, sgd: 50, jpy: 50, dkk: 250, nok: 300, sek: 300, mxn: 1000,
};

/** The currency venues charge in (prices are US dollars, shared/money.ts; worker/payments/stripe.ts). */
export const VENUE_CURRENCY = 'usd';

/** Whether a card can pay `dueCents`; false below the currency's card minimum. */
export const cardCanPay = (dueCents: number, currency = VENUE_CURRENCY) => dueCents >= (CARD_MINIMUM_CENTS[currency] ?? 0);

