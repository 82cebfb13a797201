// The payments domain's entry for other domains (docs/decisions/259): Stripe's gateway and its card events. The tables
// (a tab's card money) and the orders (an order paid first) call it; payments never imports the tables, and only its
// webhook reaches the orders, to apply a checkout's intent.
export { cardEventOfIntent, STRIPE_ACTOR, type CardEvent } from './events';
export { applicationFeeCents, cardPayments, refusedByStripe, cardPaymentsConfigured, type IntentState, type PaymentGateway, stripeGateway, usesLocalStripe, venuePaysFirst } from './stripe';
export { paymentAnalytics } from './analytics';
export { connectionStates } from './connect';
