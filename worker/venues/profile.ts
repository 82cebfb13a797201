// The venue's own profile (admin /profile and /settings): texts, hours, time zone, theme, photos, tax.
import { eq } from 'drizzle-orm';
import type { VenueProfileData } from '../../shared/schemas/admin';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { Db, WorkerEnv } from '../env';
import { notFound } from '../lib/errors';
import { deleteImageIfUnused, redrawnVenueArt } from '../images';
import type { VenueDatabase } from '../shards';

type ParsedProfile = VenueProfileData;

async function findVenue(db: Db, venueId: string) {
  const row = await db.query.venues.findFirst({ where: eq(venues.id, venueId) });
  if (!row) throw notFound('Venue not found');
  return row;
}

export async function getVenueProfile(db: Db, venueId: string) {
  return toVenue(await findVenue(db, venueId));
}

/** Generated cover and logo follow a new name or theme (docs/decisions/185); uploaded ones stay, and an edit naming neither leaves both as they are. */
function redrawnArt(row: typeof venues.$inferSelect) {
  const art = { name: row.name, primary: row.themePrimary, secondary: row.themeSecondary };
  return { imageUrl: redrawnVenueArt('cover', row.imageUrl, art), logoUrl: redrawnVenueArt('logo', row.logoUrl, art) };
}

/**
 * Saves the fields the request names and nothing else (a partial update never blanks the rest);
 * a logo or cover that was replaced or cleared is removed from R2 unless a drink or the venue still shows it.
 * The venue's row is on its shard; a venue on a shard other than the control database has a copy there too (the
 * platform record, docs/decisions/150), which gets the same fields so reads on either agree.
 */
export async function updateVenueProfile(venue: VenueDatabase, control: Db, env: WorkerEnv, venueId: string, input: ParsedProfile) {
  const { db } = venue;
  const before = await findVenue(db, venueId);
  const theme = input.theme_colors;
  const named: Partial<typeof venues.$inferInsert> = {
    name: input.name,
    description: input.description,
    address: input.address,
    phone: input.phone === undefined ? undefined : input.phone || null,
    openingHours: input.opening_hours,
    timezone: input.timezone,
    logoUrl: input.logo_url,
    coverImageUrl: input.cover_image_url,
    taxRateBp: input.tax_rate_bp,
    dayCutoffMinutes: input.day_cutoff_minutes,
    happyHours: input.happy_hours,
    categoryOrder: input.category_order,
    handoff: input.handoff,
    pickupPoint: input.pickup_point,
    defaultLanguage: input.default_language,
    payFirst: input.pay_first,
    ...(theme ? { themePrimary: theme.primary, themeSecondary: theme.secondary, themeBackground: theme.background, themeText: theme.text } : {}),
  };
  const changes = Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined));
  const set = { ...changes, ...(changes.name !== undefined || theme ? redrawnArt({ ...before, ...changes }) : {}), updatedAt: new Date().toISOString() };
  await db.update(venues).set(set).where(eq(venues.id, venueId));
  if (venue.shard !== 'DB') await control.update(venues).set(set).where(eq(venues.id, venueId));
  const after = await findVenue(db, venueId);
  if (before.logoUrl !== after.logoUrl) await deleteImageIfUnused(db, env, venueId, before.logoUrl);
  if (before.coverImageUrl !== after.coverImageUrl) await deleteImageIfUnused(db, env, venueId, before.coverImageUrl);
  return { before: toVenue(before), venue: toVenue(after) };
}
