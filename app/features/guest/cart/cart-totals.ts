import { orderTotals } from '../../../../shared/money';

/** The cart summary (spec: subtotal, tax at the venue's rate — 8.75% by default — and total), in cents. */
export function cartTotals(items: { price_cents: number; qty: number }[], taxRateBp: number) {
  return orderTotals(items.map((i) => ({ unitPriceCents: i.price_cents, quantity: i.qty })), taxRateBp);
}

/** '8.75%' from 875 basis points. */
export const taxRateLabel = (taxRateBp: number) => `${(taxRateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
