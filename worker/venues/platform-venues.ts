// Venue management by super admins: create, edit (every field), activate and deactivate.
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_THEME } from '../../shared/constants';
import { newId } from '../../shared/ids';
import type { Venue } from '../../shared/schemas/venue';
import type { VenueCreateBody, VenueUpdateBody } from '../../shared/schemas/super';
import { drizzleFor } from '../db/handles';
import { aiSettings, venueDirectory, venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { Db, WorkerEnv } from '../env';
import { copyCatalogueTo } from '../ingredients';
import { conflict, notFound } from '../lib/errors';
import { forgetVenueShard, pickShardForNewVenue, resolveVenueShard, shardDatabase } from '../shards';

type CreateInput = z.output<typeof VenueCreateBody>;
type UpdateInput = z.output<typeof VenueUpdateBody>;

const SLUG_TAKEN = 'A venue with this slug already exists';

/** Slugs are unique across shards: the directory (control database) is where they are checked. */
async function assertSlugFree(control: Db, slug: string, exceptId?: string) {
  const clash = await control.query.venueDirectory.findFirst({
    columns: { venueId: true },
    where: exceptId ? and(eq(venueDirectory.slug, slug), ne(venueDirectory.venueId, exceptId)) : eq(venueDirectory.slug, slug),
  });
  if (clash) throw conflict(SLUG_TAKEN, 'slug_taken');
}

/** Two requests racing for one slug: the unique index decides, and the loser still gets a 409. */
function rethrowSlugClash(err: unknown): never {
  if (err instanceof Error && /UNIQUE constraint failed: (venues|venue_directory)\.slug/i.test(`${err.message} ${String(err.cause ?? '')}`)) {
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

/**
 * A new venue goes to the least-loaded placement shard (docs/decisions/150): its row and AI settings there, its
 * directory entry in the control database. On another shard than the control database the venue's platform
 * record (the row accounts point to) is written to the control database too, and the shard is given any
 * ingredient catalogue rows it lacks (every catalogue write goes to every database; worker/ingredients/catalogue.ts).
 */
export async function createVenue(env: WorkerEnv, input: CreateInput): Promise<Venue> {
  const control = drizzleFor(env.DB);
  await assertSlugFree(control, input.slug);
  const shard = await pickShardForNewVenue(env);
  const shardDb = drizzleFor(shardDatabase(env, shard));
  const id = newId();
  const values = { ...columnsOf({ ...input, theme_colors: input.theme_colors ?? { ...DEFAULT_THEME } }), id, name: input.name, slug: input.slug };
  // A venue starts with the default AI settings, like the seeded ones.
  const venueRows = [shardDb.insert(venues).values(values), shardDb.insert(aiSettings).values({ restaurantId: id })] as const;
  try {
    if (shard === 'DB') {
      await control.batch([control.insert(venueDirectory).values({ venueId: id, slug: input.slug, shard }), ...venueRows]);
    } else {
      // The directory entry first: its unique slug is the platform-wide check when two creations race.
      await control.batch([control.insert(venueDirectory).values({ venueId: id, slug: input.slug, shard }), control.insert(venues).values(values)]);
      try {
        // The shard joins the ingredient catalogue in menu and stock queries: its first venue needs the copy.
        await copyCatalogueTo(control, shardDb);
        await shardDb.batch(venueRows);
      } catch (err) {
        await control.batch([control.delete(venueDirectory).where(eq(venueDirectory.venueId, id)), control.delete(venues).where(eq(venues.id, id))]);
        throw err;
      }
    }
  } catch (err) {
    rethrowSlugClash(err);
  }
  forgetVenueShard(env, id, input.slug);
  return getVenue(env, id);
}

/** The venue's full row, read from its shard. */
export async function getVenue(env: WorkerEnv, id: string): Promise<Venue> {
  const located = await resolveVenueShard(env, id);
  const row = located ? await located.db.query.venues.findFirst({ where: eq(venues.id, located.venueId) }) : undefined;
  if (!row) throw notFound('Venue not found');
  return toVenue(row);
}

export async function updateVenue(env: WorkerEnv, id: string, input: UpdateInput): Promise<Venue> {
  const control = drizzleFor(env.DB);
  const before = await getVenue(env, id);
  if (input.slug) await assertSlugFree(control, input.slug, id);
  const located = (await resolveVenueShard(env, id))!;
  const set = { ...columnsOf(input), updatedAt: new Date().toISOString() };
  try {
    if (input.slug && input.slug !== before.slug) await control.update(venueDirectory).set({ slug: input.slug }).where(eq(venueDirectory.venueId, id));
    await located.db.update(venues).set(set).where(eq(venues.id, id));
    if (located.shard !== 'DB') await control.update(venues).set(set).where(eq(venues.id, id));
  } catch (err) {
    rethrowSlugClash(err);
  }
  forgetVenueShard(env, id, before.slug, ...(input.slug ? [input.slug] : []));
  return getVenue(env, id);
}
