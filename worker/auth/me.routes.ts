import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { UpdateProfileBody } from '../../shared/schemas/auth';
import { guests } from '../db/schema';
import type { AppContext } from '../env';
import { toGuestProfile } from './guests';
import { guestCaller, requireSignedInGuest } from './middleware';
import { unauthorized } from '../lib/errors';
import { validate } from '../lib/validate';

async function signedInGuest(c: Parameters<typeof guestCaller>[0]) {
  const guestId = guestCaller(c).guestId;
  const row = guestId ? await c.get('db').query.guests.findFirst({ where: eq(guests.id, guestId) }) : undefined;
  if (!row) throw unauthorized('Not authenticated');
  return row;
}

/** The signed-in guest's profile (spec: Guest profile; display_name is editable). */
export const meRoutes = new Hono<AppContext>()
  .get('/', requireSignedInGuest, async (c) => c.json({ profile: toGuestProfile(await signedInGuest(c)) }))
  .patch('/', requireSignedInGuest, validate('json', UpdateProfileBody), async (c) => {
    const guest = await signedInGuest(c);
    const [row] = await c.get('db').update(guests)
      .set({ displayName: c.req.valid('json').display_name, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
      .where(eq(guests.id, guest.id)).returning();
    return c.json({ profile: toGuestProfile(row!) });
  });
