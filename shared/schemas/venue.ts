import { z } from 'zod';

export const ThemeColors = z.object({
  primary: z.string(),
  secondary: z.string(),
  background: z.string(),
  text: z.string(),
});
export type ThemeColors = z.infer<typeof ThemeColors>;

/**
 * How a ready order reaches its guest (docs/product.md §4.12): collected at the venue's pickup point, or, with table
 * service, brought to the table an order came from.
 */
export const VENUE_HANDOFFS = ['pickup', 'table'] as const;
export const VenueHandoff = z.enum(VENUE_HANDOFFS);
export type VenueHandoff = z.infer<typeof VenueHandoff>;

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
  /** Defaults for a venue read before these existed (a cached copy): pickup at the bar. */
  handoff: VenueHandoff.default('pickup'),
  /** "at the bar", "at the pass": where guests collect, read after "Ready for pickup". */
  pickup_point: z.string().default('at the bar'),
  created_at: z.string(),
});
export type Venue = z.infer<typeof Venue>;

export const VenueList = z.object({ venues: z.array(Venue) });
export const VenueResponse = z.object({ venue: Venue });
