import { z } from 'zod';

export const ThemeColors = z.object({
  primary: z.string(),
  secondary: z.string(),
  background: z.string(),
  text: z.string(),
});
export type ThemeColors = z.infer<typeof ThemeColors>;

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
  /** The admin's order of the menu's categories (docs/decisions/184); others follow by name. */
  category_order: z.array(z.string()),
  created_at: z.string(),
});
export type Venue = z.infer<typeof Venue>;

export const VenueList = z.object({ venues: z.array(Venue) });
export const VenueResponse = z.object({ venue: Venue });
