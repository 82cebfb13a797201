// The payments domain's entry for other domains (docs/decisions/259): Stripe's gateway and its card events. The tables
// call it for a tab's card money; payments never imports the tables.
export { cardEventOfIntent, STRIPE_ACTOR, type CardEvent } from './events';
export { applicationFeeCents, cardPayments, cardPaymentsConfigured, type PaymentGateway, stripeGateway, usesLocalStripe } from './stripe';
export { paymentAnalytics } from './analytics';
export { connectionStates } from './connect';
