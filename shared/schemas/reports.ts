import { z } from 'zod';

// The close-of-night report (docs/product.md §11.11, docs/decisions/198): one business day of a venue.

/** A business day (docs/product.md §11.9) as a query names it: a real calendar date, yyyy-mm-dd, 2000 to 2099. */
export const BusinessDay = z.string().regex(/^20\d{2}-\d{2}-\d{2}$/, 'A day is yyyy-mm-dd, from 2000 to 2099')
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00.000Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
  }, 'That day is not in the calendar');

/** GET /api/admin/reports/night and night.csv: the business day, the last finished one when absent. */
export const NightReportQuery = z.object({ day: BusinessDay.optional() });

const Line = z.object({ name: z.string(), qty: z.number().int(), sales_cents: z.number().int() });

export const NightReport = z.object({
  day: z.string(),
  timezone: z.string(),
  /** The day's first and last instant: from the cut-off to the next day's (docs/product.md §11.9). */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Orders that count as sales (docs/decisions/114). */
  orders: z.number().int(),
  /** Pre-tax sales of every order not cancelled, refunds included. */
  gross_sales_cents: z.number().int(),
  refunds: z.object({ orders: z.number().int(), cents: z.number().int() }),
  /** Gross less refunds: the pre-tax sales that count; by drink, category and staff each sum to it. */
  net_sales_cents: z.number().int(),
  tax_cents: z.number().int(),
  /** Net sales with tax: the day's revenue as analytics counts it. */
  total_cents: z.number().int(),
  average_ticket_cents: z.number().int(),
  /** The local hour ("23" for 11 pm) with the most counted orders; null on a day without any. */
  busiest_hour: z.number().int().nullable(),
  by_drink: z.array(Line),
  by_category: z.array(Line),
  /** Who handed the orders over (the staff member of the last status change); "Not handled" for none. */
  by_staff: z.array(z.object({ name: z.string(), orders: z.number().int(), sales_cents: z.number().int() })),
  cancels: z.array(z.object({ order_id: z.string(), code: z.string(), display_name: z.string(), total_cents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })),
  voids: z.array(z.object({ order_id: z.string(), name: z.string(), qty: z.number().int(), amount_cents: z.number().int(), reason: z.string(), by: z.string(), at: z.string() })),
  tips_cents: z.number().int(),
  /** Money taken by method: tab shares by how they were paid (tips included), solo orders paid at the bar. */
  payment_methods: z.array(z.object({ method: z.string(), payments: z.number().int(), amount_cents: z.number().int(), tips_cents: z.number().int() })),
  /**
   * Card payments in the app (docs/decisions/209): what admins refunded that day, and the platform's application
   * fees on the card shares taken that day (Stripe's own fee is on the venue's Stripe account).
   */
  card: z.object({ refunds: z.number().int(), refunds_cents: z.number().int(), fees_cents: z.number().int() }).optional(),
});
export type NightReport = z.infer<typeof NightReport>;
