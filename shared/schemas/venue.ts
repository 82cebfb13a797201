import { z } from 'zod';
import { DEFAULT_PICKUP_POINT } from '../constants';
import { ContentLanguage } from './language';

export const ThemeColors = z.object({
  primary: z.string(),
  secondary: z.string(),
  background: z.string(),
  text: z.string(),
});
export type ThemeColors = z.infer<typeof ThemeColors>;

const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM, 00:00 to 23:59');

/**
 * A happy hour (docs/decisions/197): `discount_bp` off the menu price (2500 = 25 %) on `days` (0 = Sunday) from
 * `start` to `end` in the venue's time zone; an end not after the start runs past midnight. No categories: every drink.
 */
export const HappyHourRule = z.object({
  days: z.array(z.number().int().min(0, 'Days are 0 (Sunday) to 6').max(6, 'Days are 0 (Sunday) to 6')).min(1, 'Choose at least one day').max(7),
  start: Clock,
  end: Clock,
  discount_bp: z.number({ error: 'Discount must be a number' }).int('Discount has at most two decimals')
    .min(1, 'Discount must be more than 0%').max(10_000, 'Discount is at most 100%'),
  categories: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
}).refine((r) => r.start !== r.end, { message: 'A happy hour needs a start and an end that differ', path: ['end'] });
export type HappyHourRule = z.output<typeof HappyHourRule>;

/** One tax limit for every venue, wherever it is set (docs/product.md §3.2). */
export const MAX_TAX_RATE_BP = 3000;
export const TAX_RATE_RANGE_MESSAGE = 'Tax rate is between 0 and 30%';
/** Basis points: 875 = 8.75 %. The super admin's venue editor and the admin's venue profile both check this one. */
export const TaxRateBp = z.number({ error: TAX_RATE_RANGE_MESSAGE }).int('Tax rate has at most two decimals')
  .min(0, TAX_RATE_RANGE_MESSAGE).max(MAX_TAX_RATE_BP, TAX_RATE_RANGE_MESSAGE);

/** '8.75' → 875 basis points; a third decimal stays a fraction, which TaxRateBp refuses rather than rounds. */
export const taxPercentToBp = (percent: string) => (percent.trim() === '' ? Number.NaN : Math.round(Number(percent) * 1e6) / 1e4);
/**
 * How a ready order reaches its guest (docs/product.md §4.12): collected at the venue's pickup point, or, with table
 * service, brought to the table an order came from.
 */
export const VENUE_HANDOFFS = ['pickup', 'table'] as const;
export const VenueHandoff = z.enum(VENUE_HANDOFFS);
export type VenueHandoff = z.infer<typeof VenueHandoff>;

/**
 * The venue's own texts in one language other than its default (docs/decisions/265): what a guest reading that
 * language reads instead of `description`. Saved by the admin in the back office's Translations.
 */
export const VenueTexts = z.object({ description: z.string() });
export type VenueTexts = z.infer<typeof VenueTexts>;
/** By language; a language without an entry reads the venue's own words. */
export const VenueTranslations = z.partialRecord(ContentLanguage, VenueTexts);
export type VenueTranslations = z.infer<typeof VenueTranslations>;

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
  /** The business day starts this many minutes after local midnight (docs/product.md §11.9). */
  day_cutoff_minutes: z.number().int(),
  /** Scheduled prices; guests see the running one (shared/happy-hour.ts). */
  happy_hours: z.array(HappyHourRule),
  /** The admin's order of the menu's categories (docs/decisions/184); others follow by name. */
  category_order: z.array(z.string()),
  /** Defaults for a venue read before these existed (a cached copy): pickup at the bar. */
  handoff: VenueHandoff.default('pickup'),
  /** "at the bar", "at the pass": where guests collect, read after "Ready for pickup". */
  pickup_point: z.string().default(DEFAULT_PICKUP_POINT),
  /**
   * The language the venue writes its menu in (docs/decisions/217): a guest reading another language sees a drink
   * translated only where the venue approved a translation, and this one otherwise. A cached copy from before: 'en'.
   */
  default_language: ContentLanguage.default('en'),
  /** Its description in other languages (docs/decisions/265); a cached copy from before: none. */
  translations: VenueTranslations.default({}),
  /** The venue has a connected account and takes cards in the app (docs/decisions/222). */
  takes_cards: z.boolean().default(false),
  /** The venue's choice: a solo order is paid before it reaches the bar (docs/decisions/241). */
  pay_first: z.boolean().default(false),
  created_at: z.string(),
});
export type Venue = z.infer<typeof Venue>;

export const VenueList = z.object({ venues: z.array(Venue) });
export const VenueResponse = z.object({ venue: Venue });
