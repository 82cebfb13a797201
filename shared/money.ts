import { DEFAULT_TAX_RATE_BP } from './constants';

/** '$12.50' from 1250 cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** Tax in cents: round(subtotal × rate) with the rate in basis points (875 = 8.75%). */
export const taxCents = (subtotalCents: number, rateBp = DEFAULT_TAX_RATE_BP) => Math.round((subtotalCents * rateBp) / 10_000);

export function orderTotals(lines: { unitPriceCents: number; quantity: number }[], rateBp = DEFAULT_TAX_RATE_BP) {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const tax = taxCents(subtotal, rateBp);
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
}
