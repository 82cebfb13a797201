// Wire shapes of the super admin console (/api/super/*). The console checks every reply against
// these ('Schema mismatch for superApi').
import { DAY_WINDOWS as ANALYTICS_WINDOWS } from './common';
import { z } from 'zod';
import { typedName } from './typed-name';
import { INVENTORY_UNITS } from '../back-office-constants';
import { StripeConnectionState } from './stripe-connection';
import { TaxRateBp, ThemeColors, Venue } from './venue';

export const SUPER_API_LABEL = 'superApi';

// ---- Platform metrics ----

export const OVERVIEW_WINDOWS = ['7d', '30d'] as const;
export { DAY_WINDOWS as ANALYTICS_WINDOWS } from './common';
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number];
export type { DayWindow as AnalyticsWindow } from './common';

export const TOP_LIST_DEFAULT_LIMIT = 10;
export const RECENT_ORDERS_DEFAULT_LIMIT = 20;
/** The control database keeps each venue's newest 20 orders, so the feed over all venues is exact up to 20 (docs/decisions/203). */
export const RECENT_ORDERS_MAX = 20;
export const ANALYTICS_TOP_VENUES_LIMIT = 5;
const TOP_LIST_MAX = 50;

const Limit = (fallback: number, max = TOP_LIST_MAX) => z.coerce.number().int().min(1).max(max).default(fallback);

export const OverviewQuery = z.object({ window: z.enum(OVERVIEW_WINDOWS).default('7d') });

/** POST /api/super/rollups: recompute the per-shard sales rollups of the business days from `days` before today (docs/decisions/203). */
export const RollupRunBody = z.object({ days: z.number().int().min(1).max(400).default(2) }).strict();
export const RollupRunResult = z.object({ shards: z.number().int(), rows: z.number().int(), since: z.string() });
export type RollupRunResult = z.infer<typeof RollupRunResult>;
export const TopListQuery = z.object({ window: z.enum(OVERVIEW_WINDOWS).default('7d'), limit: Limit(TOP_LIST_DEFAULT_LIMIT) });
export const RecentOrdersQuery = z.object({ limit: Limit(RECENT_ORDERS_DEFAULT_LIMIT, RECENT_ORDERS_MAX) });
export const AnalyticsQuery = z.object({
  window: z.enum(ANALYTICS_WINDOWS).default('30d'),
  limit: Limit(ANALYTICS_TOP_VENUES_LIMIT),
});

export const TopVenue = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  revenue: z.number(),
  revenue_cents: z.number().int(),
  orders: z.number().int(),
});
export type TopVenue = z.infer<typeof TopVenue>;

export const TopDrink = z.object({ id: z.string(), name: z.string(), qty: z.number().int() });
export type TopDrink = z.infer<typeof TopDrink>;

export const RecentOrder = z.object({
  id: z.string(),
  created_at: z.string(),
  venue_name: z.string(),
  venue_slug: z.string(),
  status: z.string(),
  total: z.number(),
  total_cents: z.number().int(),
});
export type RecentOrder = z.infer<typeof RecentOrder>;

/**
 * How fresh platform figures are (docs/decisions/203): an ISO instant up to which every change is counted (the
 * oldest rollup computation today's figures rely on), or null before anything was rolled up.
 */
export const FiguresAsOf = z.string().nullable();

export const PlatformOverview = z.object({
  window: z.enum(OVERVIEW_WINDOWS),
  revenue_7d: z.number(),
  revenue_30d: z.number(),
  revenue_7d_cents: z.number().int(),
  revenue_30d_cents: z.number().int(),
  orders_7d: z.number().int(),
  orders_30d: z.number().int(),
  top_venues: z.array(TopVenue),
  top_drinks: z.array(TopDrink),
  recent_orders: z.array(RecentOrder),
  as_of: FiguresAsOf,
});
export type PlatformOverview = z.infer<typeof PlatformOverview>;

export const TopDrinksResponse = z.object({ top_drinks: z.array(TopDrink) });
export const TopVenuesResponse = z.object({ top_venues: z.array(TopVenue) });
export const RecentOrdersResponse = z.object({ recent_orders: z.array(RecentOrder) });

export const DailyPoint = z.object({
  date: z.string(),
  orders: z.number().int(),
  revenue: z.number(),
  revenue_cents: z.number().int(),
  ai_orders: z.number().int(),
});
export type DailyPoint = z.infer<typeof DailyPoint>;

export const PlatformAnalytics = z.object({
  window: z.enum(ANALYTICS_WINDOWS),
  total_orders: z.number().int(),
  revenue: z.number(),
  revenue_cents: z.number().int(),
  average_order_value: z.number(),
  average_order_value_cents: z.number().int(),
  ai_orders: z.number().int(),
  /** Share of AI interactions that ended in an order, in percent. */
  ai_conversion_percent: z.number(),
  ai_interactions: z.number().int(),
  /** Share of all orders that came from an AI suggestion, in percent. */
  ai_order_share_percent: z.number(),
  daily: z.array(DailyPoint),
  top_venues: z.array(TopVenue),
  as_of: FiguresAsOf,
});
export type PlatformAnalytics = z.infer<typeof PlatformAnalytics>;

// ---- Venues ----

/** Lower-case letters, digits and single hyphens: safe in /venue/{slug} without encoding. */
export const VENUE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const OptionalUrl = z.string().trim().max(500)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), 'Must be a web address (https://…) or a path starting with /')
  .transform((v) => (v === '' ? null : v))
  .nullable();

const venueFields = {
  name: typedName(z.string().trim()).min(1, 'Name is required').max(120),
  slug: z.string().trim().toLowerCase().min(2, 'Slug must be at least 2 characters').max(60)
    .regex(VENUE_SLUG_PATTERN, 'Slug may only contain lowercase letters, digits and single hyphens'),
  description: z.string().trim().max(1000),
  address: z.string().trim().max(300),
  phone: z.string().trim().max(40).transform((v) => (v === '' ? null : v)).nullable(),
  image_url: OptionalUrl,
  logo_url: OptionalUrl,
  cover_image_url: OptionalUrl,
  theme_colors: ThemeColors.extend({
    primary: z.string().regex(HEX_COLOR, 'Use a #rrggbb colour'),
    secondary: z.string().regex(HEX_COLOR, 'Use a #rrggbb colour'),
    background: z.string().regex(HEX_COLOR, 'Use a #rrggbb colour'),
    text: z.string().regex(HEX_COLOR, 'Use a #rrggbb colour'),
  }),
  opening_hours: z.string().trim().max(300),
  timezone: z.string().trim().min(1).max(60).refine(isTimeZone, 'Unknown time zone'),
  active: z.boolean(),
  tax_rate_bp: TaxRateBp,
};

/** POST /api/super/venues: a name and a slug are required; everything else has the venue defaults. */
export const VenueCreateBody = z.object({
  ...venueFields,
  description: venueFields.description.default(''),
  address: venueFields.address.default(''),
  phone: venueFields.phone.default(null),
  image_url: venueFields.image_url.default(null),
  logo_url: venueFields.logo_url.default(null),
  cover_image_url: venueFields.cover_image_url.default(null),
  theme_colors: venueFields.theme_colors.optional(),
  opening_hours: venueFields.opening_hours.default(''),
  timezone: venueFields.timezone.default('UTC'),
  active: venueFields.active.default(true),
  tax_rate_bp: venueFields.tax_rate_bp.default(875),
});
export type VenueCreateBody = z.input<typeof VenueCreateBody>;

/** PUT /api/super/venues/{id}: any subset of the fields (activate/deactivate = `{ active }`). */
export const VenueUpdateBody = z.object(venueFields).partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type VenueUpdateBody = z.input<typeof VenueUpdateBody>;

/** A venue in the super admin's list: with its Stripe connection's state (docs/decisions/244). */
export const SuperVenue = Venue.extend({ card_payments: StripeConnectionState });
export type SuperVenue = z.infer<typeof SuperVenue>;
export const SuperVenueList = z.object({ venues: z.array(SuperVenue) });
export type SuperVenueList = z.infer<typeof SuperVenueList>;
export const SuperVenueResponse = z.object({ venue: Venue });

// ---- Accounts (venue staff and admins) ----

export const VENUE_ACCOUNT_ROLES = ['admin', 'staff'] as const;
export const MIN_PASSWORD_LENGTH = 10;

export const StaffAccount = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: z.enum(['superadmin', 'admin', 'staff']),
  restaurant_id: z.string().nullable(),
  claims_version: z.number().int(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

export const StaffAccountList = z.object({ staff: z.array(StaffAccount) });

const Password = z.string().min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`).max(200);

/** POST /api/super/venues/{id}/staff: without a password a temporary one is generated and shown once. */
export const CreateStaffBody = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email').max(254),
  display_name: typedName(z.string().trim()).max(120).optional(),
  role: z.enum(VENUE_ACCOUNT_ROLES),
  password: Password.optional(),
});
export type CreateStaffBody = z.input<typeof CreateStaffBody>;

export const CreatedStaffAccount = z.object({
  account: StaffAccount,
  /** Present only when the server generated the password; shown once. */
  temporary_password: z.string().nullable(),
});

/** PUT /api/super/users/{id}: a role or venue change bumps claims_version. */
export const UpdateUserBody = z.object({
  role: z.enum(VENUE_ACCOUNT_ROLES).optional(),
  restaurant_id: z.string().trim().min(1).max(100).optional(),
  display_name: typedName(z.string().trim()).max(120).nullable().optional(),
  disabled: z.boolean().optional(),
}).refine((b) => Object.keys(b).length > 0, 'Nothing to update');

export const UserResponse = z.object({ account: StaffAccount });

export const ResetPasswordBody = z.object({ password: Password.optional() });
export const ResetPasswordResult = z.object({
  account: StaffAccount,
  temporary_password: z.string().nullable(),
  sessions_revoked: z.boolean(),
});

// ---- Ingredients ----

export const INGREDIENT_CATEGORIES = [
  'spirit', 'liqueur', 'fortified wine', 'wine', 'beer', 'cider', 'bitters', 'syrup', 'juice', 'mixer', 'dairy', 'garnish', 'other',
] as const;
export type IngredientCategory = (typeof INGREDIENT_CATEGORIES)[number];
export const BASE_SPIRITS = [/*i18n*/ 'Gin', /*i18n*/ 'Mezcal', /*i18n*/ 'Rum', /*i18n*/ 'Tequila', /*i18n*/ 'Vodka', /*i18n*/ 'Whiskey'] as const;

export const CanonicalIngredient = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  base_spirit: z.string().nullable(),
  flavors: z.array(z.string()),
  allergens: z.array(z.string()),
  aliases: z.array(z.string()),
  unit: z.string(),
  unit_volume_ml: z.number().nullable(),
  recipe_lines: z.number().int(),
  updated_at: z.string(),
});
export type CanonicalIngredient = z.infer<typeof CanonicalIngredient>;

export const CanonicalIngredientList = z.object({ ingredients: z.array(CanonicalIngredient) });
export const CanonicalIngredientResponse = z.object({ ingredient: CanonicalIngredient });

const TagList = z.array(z.string().trim().min(1).max(60)).max(30)
  .transform((list) => [...new Set(list)]);

/** PUT /api/super/ingredients/{id}. */
export const IngredientUpdateBody = z.object({
  name: typedName(z.string().trim()).min(1, 'Name is required').max(120),
  category: z.enum(INGREDIENT_CATEGORIES),
  base_spirit: z.enum(BASE_SPIRITS).nullable(),
  flavors: TagList,
  allergens: TagList,
  aliases: z.array(z.string().trim().min(1).max(120)).max(50),
  unit: z.enum(INVENTORY_UNITS),
  unit_volume_ml: z.number().positive().max(20_000).nullable(),
}).partial().refine((b) => Object.keys(b).length > 0, 'Nothing to update');

/** `kind`: 'merge' = the same ingredient spelled differently; 'link' = a brand or flavour of it, linked only on purpose. */
export const MergeSuggestion = z.object({ id: z.string(), name: z.string(), score: z.number(), kind: z.enum(['merge', 'link']) });

export const UnmatchedIngredient = z.object({
  id: z.string(),
  raw_string: z.string(),
  norm_string: z.string(),
  venue_id: z.string(),
  venue_name: z.string(),
  venue_slug: z.string(),
  menu_drink_id: z.string().nullable(),
  menu_drink_name: z.string().nullable(),
  created_at: z.string(),
  suggestions: z.array(MergeSuggestion),
});
export type UnmatchedIngredient = z.infer<typeof UnmatchedIngredient>;

export const UnmatchedIngredientList = z.object({ ingredients: z.array(UnmatchedIngredient) });

export const MergeBody = z.object({ target_ingredient_id: z.string().trim().min(1).max(100) });

export const CreateFromStringBody = z.object({
  name: typedName(z.string().trim()).min(1).max(120).optional(),
  category: z.enum(INGREDIENT_CATEGORIES).optional(),
});

export const BulkMergeBody = z.object({
  ingredientIds: z.array(z.string().trim().min(1).max(100)).min(1, 'Select at least one ingredient').max(200),
  target_ingredient_id: z.string().trim().min(1).max(100).optional(),
});

/** What one merge did: the strings resolved, the recipe lines re-pointed, and where they went. */
export const MergeOutcome = z.object({
  target: z.object({ id: z.string(), name: z.string() }),
  resolved: z.array(z.object({ id: z.string(), raw_string: z.string() })),
  recipe_lines_updated: z.number().int(),
  alias_added: z.string().nullable(),
  message: z.string(),
});
export type MergeOutcome = z.infer<typeof MergeOutcome>;

export const CreateOutcome = MergeOutcome.extend({ ingredient: CanonicalIngredient });

export const BulkMergeOutcome = z.object({
  merged: z.array(z.object({
    id: z.string(), raw_string: z.string(), target_id: z.string(), target_name: z.string(), score: z.number().nullable(),
  })),
  skipped: z.array(z.object({ id: z.string(), raw_string: z.string().nullable(), reason: z.string() })),
  recipe_lines_updated: z.number().int(),
  message: z.string(),
});
export type BulkMergeOutcome = z.infer<typeof BulkMergeOutcome>;

// ---- Error logs ----

export const ERROR_LEVELS = ['critical', 'warning', 'info'] as const;
export const ERROR_SOURCES = ['server', 'client'] as const;
export const DEFAULT_ERROR_RETENTION_DAYS = 30;

export const ErrorLogQuery = z.object({
  level: z.enum(ERROR_LEVELS).optional(),
  source: z.enum(ERROR_SOURCES).optional(),
  resolved: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ErrorLogEntry = z.object({
  id: z.string(),
  level: z.enum(ERROR_LEVELS),
  source: z.enum(ERROR_SOURCES),
  request_id: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  venue_id: z.string().nullable(),
  venue_name: z.string().nullable(),
  status: z.number().int().nullable(),
  message: z.string(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type ErrorLogEntry = z.infer<typeof ErrorLogEntry>;

export const ErrorCounters = z.object({
  critical: z.number().int(),
  warnings: z.number().int(),
  resolved: z.number().int(),
});

export const ErrorLogList = z.object({ errors: z.array(ErrorLogEntry), counts: ErrorCounters });
export const ErrorLogResponse = z.object({ error_log: ErrorLogEntry });

export const ErrorSettings = z.object({ retention_days: z.number().int().min(1).max(365) });
export const ErrorSettingsBody = z.object({
  retention_days: z.number({ error: 'Retention must be a whole number of days' }).int('Retention must be a whole number of days')
    .min(1, 'Retention must be between 1 and 365 days').max(365, 'Retention must be between 1 and 365 days'),
});
