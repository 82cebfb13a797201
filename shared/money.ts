import { DEFAULT_TAX_RATE_BP } from './constants';

const currencyFormats = new Map<string, Intl.NumberFormat>();
/**
 * The guest app's active language (app/i18n, docs/decisions/217) formats its amounts: '13,00 US$' in Spanish.
 * Unset (the Worker, the back office), the runtime's own locale does.
 */
let pageLocale: string | undefined;
export const setMoneyLocale = (locale: string | undefined) => { pageLocale = locale; };

/** '$12.50' from 1250 cents, '$7,358.49' with the reader's grouping (prices are US dollars, in every language). */
export function formatCents(cents: number, locale: string | undefined = pageLocale): string {
  const key = locale ?? '';
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    currencyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** '1,092' with the reader's grouping. */
export const formatCount = (n: number, locale: string | undefined = pageLocale) => new Intl.NumberFormat(locale).format(n);

/**
 * A rate in basis points as the reader writes a percentage: '8.75%' in English, '8,75 %' in Spanish and French
 * (docs/decisions/265). Never rounded: a rate has at most two decimals (shared/schemas/venue.ts TaxRateBp).
 */
export const formatPercentBp = (bp: number, locale: string | undefined = pageLocale) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** Tax in cents: round(subtotal × rate) with the rate in basis points (875 = 8.75%). */
export const taxCents = (subtotalCents: number, rateBp = DEFAULT_TAX_RATE_BP) => Math.round((subtotalCents * rateBp) / 10_000);

export function orderTotals(lines: { unitPriceCents: number; quantity: number }[], rateBp = DEFAULT_TAX_RATE_BP) {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const tax = taxCents(subtotal, rateBp);
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
}
