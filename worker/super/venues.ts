// Venue management by super admins: create, edit (every field), activate and deactivate.
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_THEME } from '../../shared/constants';
import { newId } from '../../shared/ids';
import type { Venue } from '../../shared/schemas/venue';
import type { VenueCreateBody, VenueUpdateBody } from '../../shared/schemas/super';
import { aiSettings, venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { Db } from '../env';
import { conflict, notFound } from '../lib/errors';

type CreateInput = z.output<typeof VenueCreateBody>;
type UpdateInput = z.output<typeof VenueUpdateBody>;

const SLUG_TAKEN = 'A venue with this slug already exists';

async function assertSlugFree(db: Db, slug: string, exceptId?: string) {
  const clash = await db.query.venues.findFirst({
    columns: { id: true },
    where: exceptId ? and(eq(venues.slug, slug), ne(venues.id, exceptId)) : eq(venues.slug, slug),
  });
  if (clash) throw conflict(SLUG_TAKEN, 'slug_taken');
}

/** Two requests racing for one slug: the unique index decides, and the loser still gets a 409. */
function rethrowSlugClash(err: unknown): never {
  if (err instanceof Error && /UNIQUE constraint failed: venues\.slug/i.test(`${err.message} ${String(err.cause ?? '')}`)) {
    throw conflict(SLUG_TAKEN, 'slug_taken');
  }
  throw err;
}

function columnsOf(input: UpdateInput) {
  const theme = input.theme_colors;
  const row: Partial<typeof venues.$inferInsert> = {
    name: input.name,
    slug: input.slug,
    description: input.description,
    address: input.address,
    phone: input.phone,
    imageUrl: input.image_url,
    logoUrl: input.logo_url,
    coverImageUrl: input.cover_image_url,
    openingHours: input.opening_hours,
    timezone: input.timezone,
    active: input.active,
    taxRateBp: input.tax_rate_bp,
    ...(theme ? { themePrimary: theme.primary, themeSecondary: theme.secondary, themeBackground: theme.background, themeText: theme.text } : {}),
  };
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as Partial<typeof venues.$inferInsert>;
}

export async function createVenue(db: Db, input: CreateInput): Promise<Venue> {
  await assertSlugFree(db, input.slug);
  const id = newId();
  const values = { ...columnsOf({ ...input, theme_colors: input.theme_colors ?? { ...DEFAULT_THEME } }), id, name: input.name, slug: input.slug };
  try {
    // A venue starts with the default AI settings, like the seeded ones.
    await db.batch([db.insert(venues).values(values), db.insert(aiSettings).values({ restaurantId: id })]);
  } catch (err) {
    rethrowSlugClash(err);
  }
  return getVenue(db, id);
}

export async function getVenue(db: Db, id: string): Promise<Venue> {
  const row = await db.query.venues.findFirst({ where: eq(venues.id, id) });
  if (!row) throw notFound('Venue not found');
  return toVenue(row);
}

export async function updateVenue(db: Db, id: string, input: UpdateInput): Promise<Venue> {
  await getVenue(db, id);
  if (input.slug) await assertSlugFree(db, input.slug, id);
  try {
    await db.update(venues).set({ ...columnsOf(input), updatedAt: new Date().toISOString() }).where(eq(venues.id, id));
  } catch (err) {
    rethrowSlugClash(err);
  }
  return getVenue(db, id);
}
