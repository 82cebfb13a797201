// The number a ready text goes to (docs/decisions/227, amended): the one the guest typed, read as sign-in reads it,
// else a signed-in guest's verified number; a device with neither is asked for one.
import { eq } from 'drizzle-orm';
import { normalizePhone } from '../auth';
import { guests } from '../db/schema';
import type { Db } from '../env';
import { refusal } from '../lib/errors';

export async function readyTextPhone(controlDb: Db, guestId: string | null | undefined, typed: string | undefined): Promise<string> {
  if (typed) return normalizePhone(typed);
  const verified = guestId ? (await controlDb.query.guests.findFirst({ where: eq(guests.id, guestId) }))?.phoneNumber : undefined;
  if (!verified) throw refusal(400, 'phone_invalid');
  return verified;
}
