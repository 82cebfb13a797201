import { formatPercentBp, orderTotals } from '../../../../shared/money';

/** The cart summary (spec: subtotal, tax at the venue's rate — 8.75% by default — and total), in cents. */
export function cartTotals(items: { price_cents: number; qty: number }[], taxRateBp: number) {
  return orderTotals(items.map((i) => ({ unitPriceCents: i.price_cents, quantity: i.qty })), taxRateBp);
}

/** '8.75%' from 875 basis points; in the guest's number format, '8,75 %' in Spanish (docs/decisions/265). */
export const taxRateLabel = (taxRateBp: number) => formatPercentBp(taxRateBp);
