// The venue's own profile (admin /profile and /settings): texts, hours, time zone, theme, photos, tax.
import { eq } from 'drizzle-orm';
import type { VenueProfileData } from '../../shared/schemas/admin';
import { venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { Db, WorkerEnv } from '../env';
import { notFound } from '../lib/errors';
import { deleteOwnedImage } from './images';

type ParsedProfile = VenueProfileData;

async function findVenue(db: Db, venueId: string) {
  const row = await db.query.venues.findFirst({ where: eq(venues.id, venueId) });
  if (!row) throw notFound('Venue not found');
  return row;
}

export async function getVenueProfile(db: Db, venueId: string) {
  return toVenue(await findVenue(db, venueId));
}

/** Saves the profile; a logo or cover that was replaced or cleared is removed from R2. */
export async function updateVenueProfile(db: Db, env: WorkerEnv, venueId: string, input: ParsedProfile) {
  const before = await findVenue(db, venueId);
  const logoUrl = input.logo_url === undefined ? before.logoUrl : input.logo_url;
  const coverUrl = input.cover_image_url === undefined ? before.coverImageUrl : input.cover_image_url;
  await db.update(venues).set({
    name: input.name,
    description: input.description ?? '',
    address: input.address ?? '',
    phone: input.phone ? input.phone : null,
    openingHours: input.opening_hours ?? '',
    timezone: input.timezone,
    themePrimary: input.theme_colors.primary,
    themeSecondary: input.theme_colors.secondary,
    themeBackground: input.theme_colors.background,
    themeText: input.theme_colors.text,
    logoUrl,
    coverImageUrl: coverUrl,
    taxRateBp: input.tax_rate_bp,
    updatedAt: new Date().toISOString(),
  }).where(eq(venues.id, venueId));
  if (before.logoUrl && before.logoUrl !== logoUrl) await deleteOwnedImage(env, venueId, before.logoUrl);
  if (before.coverImageUrl && before.coverImageUrl !== coverUrl) await deleteOwnedImage(env, venueId, before.coverImageUrl);
  return getVenueProfile(db, venueId);
}
