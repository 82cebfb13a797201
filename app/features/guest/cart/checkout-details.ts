// The checkout's details (order name, instructions) carried from the cart to the pay screen of a pay-first venue
// (docs/decisions/241): the pay screen is a document of its own (its policy allows Stripe.js, docs/decisions/222), so
// they travel in this tab's session storage, never in the address.
import type { CheckoutInput } from '../../../../shared/schemas/order';

export type CheckoutDetails = Pick<CheckoutInput, 'display_name' | 'special_instructions'>;

const keyOf = (slug: string) => `barhop.checkout-details.${slug}`;

export function keepCheckoutDetails(slug: string, details: CheckoutDetails) {
  try { sessionStorage.setItem(keyOf(slug), JSON.stringify(details)); } catch { /* private mode: the order goes without them */ }
}

export function checkoutDetails(slug: string): CheckoutDetails {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyOf(slug)) ?? '{}') as CheckoutDetails;
    return { display_name: kept.display_name || undefined, special_instructions: kept.special_instructions || undefined };
  } catch {
    return {};
  }
}

export function forgetCheckoutDetails(slug: string) {
  try { sessionStorage.removeItem(keyOf(slug)); } catch { /* nothing kept */ }
}
