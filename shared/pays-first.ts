/**
 * A solo checkout is paid first where the venue chose it and takes cards; otherwise it is paid at the bar
 * (docs/decisions/241). Not beside the Venue schema, so the cart's download carries no zod, nor with the payment
 * methods' names, so a category page's first download carries none of them (docs/decisions/275).
 */
export const paysFirst = (venue: { takes_cards: boolean; pay_first: boolean }) => venue.takes_cards && venue.pay_first;
