// Guest identity (docs/product.md §5.3): a device session issued by the server as a signed token, and
// phone sign-in linking that session to a guest account. What the device collected before
// signing in (cart, favourites, ratings, orders) moves to the account.
import { eq } from 'drizzle-orm';
import type { GuestProfile, GuestSession } from '../../shared/schemas/auth';
import { newId } from '../../shared/ids';
import { guests, guestSessions } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { everyVenueDatabase } from '../shards';
import { signGuestToken } from './tokens';

type GuestRow = typeof guests.$inferSelect;

export function toGuestProfile(row: GuestRow): GuestProfile {
  return { id: row.id, display_name: row.displayName, phone_number: row.phoneNumber, updated_at: row.updatedAt };
}

async function sessionAnswer(env: WorkerEnv, sessionId: string, guestId: string | null, signedInAt: string | null = null): Promise<GuestSession> {
  const token = await signGuestToken(env, { sub: sessionId, guest_id: guestId, signed_in_at: guestId ? signedInAt : null });
  return { token, session_id: sessionId, guest_id: guestId, signed_in: guestId !== null };
}

export async function createDeviceSession(db: Db, env: WorkerEnv, venueSlug: string | undefined) {
  const id = newId(24);
  await db.insert(guestSessions).values({ id, firstVenueSlug: venueSlug ?? null });
  return sessionAnswer(env, id, null);
}

/** The device's existing session, re-signed, or null when the row is gone. */
export async function resumeDeviceSession(db: Db, env: WorkerEnv, sessionId: string) {
  const row = await db.query.guestSessions.findFirst({ where: eq(guestSessions.id, sessionId) });
  if (!row) return null;
  await db.update(guestSessions).set({ lastSeenAt: new Date().toISOString() }).where(eq(guestSessions.id, sessionId));
  return sessionAnswer(env, row.id, row.guestId, row.signedInAt);
}

/** The guest account of `phone`, created on first sign-in. */
async function guestForPhone(db: Db, phone: string): Promise<GuestRow> {
  await db.insert(guests).values({ id: newId(), phoneNumber: phone }).onConflictDoNothing({ target: guests.phoneNumber });
  const row = await db.query.guests.findFirst({ where: eq(guests.phoneNumber, phone) });
  if (!row) throw new Error('guest row missing after upsert');
  return row;
}

/**
 * Moves everything owned by the device ('s:<session>') to the account ('g:<guest>') in one database. Where the
 * account already has the same thing (a cart at that venue, the same favourite, an active order at that venue)
 * the account's copy wins; cart lines join the account's cart.
 */
function carryOverStatements(d1: D1Database, sessionId: string, guestId: string) {
  const from = `s:${sessionId}`;
  const to = `g:${guestId}`;
  const run = (sql: string, ...params: unknown[]) => d1.prepare(sql).bind(...params);
  return [
    run('UPDATE OR IGNORE carts SET owner_key = ?2, updated_at = strftime(\'%Y-%m-%dT%H:%M:%fZ\', \'now\') WHERE owner_key = ?1', from, to),
    run(`UPDATE OR IGNORE cart_items SET cart_id = (
           SELECT mine.id FROM carts mine JOIN carts theirs ON theirs.restaurant_id = mine.restaurant_id
           WHERE theirs.id = cart_items.cart_id AND mine.owner_key = ?2)
         WHERE cart_id IN (SELECT id FROM carts WHERE owner_key = ?1)`, from, to),
    run('DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE owner_key = ?1)', from),
    run('DELETE FROM carts WHERE owner_key = ?1', from),
    run('UPDATE OR IGNORE favorites SET owner_key = ?2 WHERE owner_key = ?1', from, to),
    run('DELETE FROM favorites WHERE owner_key = ?1', from),
    run('UPDATE OR IGNORE ratings SET owner_key = ?2 WHERE owner_key = ?1', from, to),
    run('DELETE FROM ratings WHERE owner_key = ?1', from),
    run('UPDATE OR IGNORE orders SET owner_key = ?2, guest_id = ?3 WHERE owner_key = ?1', from, to, guestId),
    run('UPDATE ai_interactions SET owner_key = ?2 WHERE owner_key = ?1', from, to),
  ];
}

/** The device session now belongs to the account (control database). */
const linkSessionStatement = (control: D1Database, sessionId: string, guestId: string, signedInAt: string) => control
  .prepare('UPDATE guest_sessions SET guest_id = ?2, signed_in_at = ?3, last_seen_at = strftime(\'%Y-%m-%dT%H:%M:%fZ\', \'now\') WHERE id = ?1')
  .bind(sessionId, guestId, signedInAt);

/**
 * Links the device session to the phone's guest account and returns the signed-in token. The device's carts,
 * favourites, ratings and orders are on the shards of their venues (docs/decisions/150): each database that
 * holds venues moves its own, the other shards first, then the control database in one batch with the session
 * link, so a failure on a shard leaves the device signed out and the code can be asked for again.
 */
export async function signInDevice(db: Db, env: WorkerEnv, sessionId: string, phone: string) {
  const guest = await guestForPhone(db, phone);
  const session = await db.query.guestSessions.findFirst({ where: eq(guestSessions.id, sessionId) });
  if (!session) await db.insert(guestSessions).values({ id: sessionId, guestId: null });
  // A sign-in of its own: tokens of an earlier sign-in of this device never come back to life.
  const signedInAt = `${new Date().toISOString()}#${newId(8)}`;
  const shards = (await everyVenueDatabase(env)).filter(({ shard }) => shard !== 'DB');
  await Promise.all(shards.map(({ d1 }) => d1.batch(carryOverStatements(d1, sessionId, guest.id))));
  await env.DB.batch([...carryOverStatements(env.DB, sessionId, guest.id), linkSessionStatement(env.DB, sessionId, guest.id, signedInAt)]);
  return { ...(await sessionAnswer(env, sessionId, guest.id, signedInAt)), profile: toGuestProfile(guest) };
}

/** Sign out: the device session forgets the account, so its signed-in tokens stop working. */
export async function signOutDevice(db: Db, sessionId: string) {
  await db.update(guestSessions).set({ guestId: null, signedInAt: null }).where(eq(guestSessions.id, sessionId));
}
