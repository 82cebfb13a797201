import { z } from 'zod';

// The close-of-night report (docs/product.md §11.11, docs/decisions/236): one business day of a venue.

/** A business day (docs/product.md §11.9) as a query names it: a real calendar date, yyyy-mm-dd, 2000 to 2099. */
export const BusinessDay = z.string().regex(/^20\d{2}-\d{2}-\d{2}$/, 'A day is yyyy-mm-dd, from 2000 to 2099')
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00.000Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
  }, 'That day is not in the calendar');

/** GET /api/admin/reports/night and night.csv: the business day, tonight's (the one holding now) when absent. */
export const NightReportQuery = z.object({ day: BusinessDay.optional() });

const Line = z.object({ name: z.string(), qty: z.number().int(), sales_cents: z.number().int() });

/**
 * Money taken, as lines that sum to it (docs/decisions/236): sales (pre-tax) + service charge + tax + tips − refunds
 * = amount, to the cent. Refunds are the money given back that day, whatever the method.
 */
export const CollectedLines = z.object({
  payments: z.number().int(),
  sales_cents: z.number().int(),
  service_charge_cents: z.number().int(),
  tax_cents: z.number().int(),
  tips_cents: z.number().int(),
  refunds_cents: z.number().int(),
  amount_cents: z.number().int(),
});
export type CollectedLines = z.infer<typeof CollectedLines>;

/** A check handed over and not paid: a solo order, or a tab with what it still owes. */
export const OpenCheck = z.object({
  kind: z.enum(['order', 'tab']),
  /** The order's or the tab's id. */
  id: z.string(),
  /** The guest's name, or "Table 12". */
  name: z.string(),
  /** When its first unpaid delivered order was placed. */
  at: z.string(),
  /** With tax (and a tab's service charge): what is still to be collected. */
  amount_cents: z.number().int(),
});

export const NightReport = z.object({
  day: z.string(),
  timezone: z.string(),
  /** The day's first and last instant: from the cut-off to the next day's (docs/product.md §11.9). */
  starts_at: z.string(),
  ends_at: z.string(),
  /** The business day holding now: the report counts up to `until`, the moment it was made. */
  tonight: z.boolean(),
  /** Where the figures stop: now for tonight, else `ends_at`. */
  until: z.string(),
  /** Orders sold: handed over or paid, not cancelled (docs/decisions/236). */
  orders: z.number().int(),
  /** Pre-tax sales of the orders sold, paid or not; by drink, category and staff each sum to it. */
  gross_sales_cents: z.number().int(),
  /** A sold order's average, with tax. */
  average_ticket_cents: z.number().int(),
  /** The local hour ("23" for 11 pm) with the most orders sold; null on a day without any. */
  busiest_hour: z.number().int().nullable(),
  by_drink: z.array(Line),
  by_category: z.array(Line),
  /** Who handed the orders over (the staff member of the last status change); "Not handled" for none. */
  by_staff: z.array(z.object({ name: z.string(), orders: z.number().int(), sales_cents: z.number().int() })),
  /** Delivered and not paid, oldest first. */
  open_checks: z.object({ count: z.number().int(), amount_cents: z.number().int(), checks: z.array(OpenCheck) }),
  /** What was paid that day: the sum of `payment_methods`. */
  collected: CollectedLines,
  /** The same lines per method: cash, the card terminal, the card in the app, "Paid at the bar" (no method recorded). */
  payment_methods: z.array(CollectedLines.extend({ method: z.string() })),
  /** Every refund of the day, whatever the method: solo orders refunded and card refunds (docs/decisions/222). */
  refunds: z.object({ count: z.number().int(), cents: z.number().int() }),
  /** The platform's application fees on the card shares taken that day (Stripe's own fee is on the venue's account). */
  card_fees_cents: z.number().int(),
  cancels: z.array(z.object({ order_id: z.string(), code: z.string(), display_name: z.string(), total_cents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })),
  voids: z.array(z.object({ order_id: z.string(), name: z.string(), qty: z.number().int(), amount_cents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })),
});
export type NightReport = z.infer<typeof NightReport>;
