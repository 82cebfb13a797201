import { z } from 'zod';

export const ThemeColors = z.object({
  primary: z.string(),
  secondary: z.string(),
  background: z.string(),
  text: z.string(),
});
export type ThemeColors = z.infer<typeof ThemeColors>;

/** One tax limit for every venue, wherever it is set (docs/product.md §3.2). */
export const MAX_TAX_RATE_BP = 3000;
export const TAX_RATE_RANGE_MESSAGE = 'Tax rate is between 0 and 30%';
/** Basis points: 875 = 8.75 %. The super admin's venue editor and the admin's venue profile both check this one. */
export const TaxRateBp = z.number({ error: TAX_RATE_RANGE_MESSAGE }).int('Tax rate has at most two decimals')
  .min(0, TAX_RATE_RANGE_MESSAGE).max(MAX_TAX_RATE_BP, TAX_RATE_RANGE_MESSAGE);

/** '8.75' → 875 basis points; a third decimal stays a fraction, which TaxRateBp refuses rather than rounds. */
export const taxPercentToBp = (percent: string) => (percent.trim() === '' ? Number.NaN : Math.round(Number(percent) * 1e6) / 1e4);

/** A venue as guests and staff read it. */
export const Venue = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  image_url: z.string().nullable(),
  phone: z.string().nullable(),
  logo_url: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  theme_colors: ThemeColors,
  opening_hours: z.string(),
  timezone: z.string(),
  active: z.boolean(),
  tax_rate_bp: z.number().int(),
  created_at: z.string(),
});
export type Venue = z.infer<typeof Venue>;

export const VenueList = z.object({ venues: z.array(Venue) });
export const VenueResponse = z.object({ venue: Venue });
