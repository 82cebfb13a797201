// Venue staff and admin accounts, managed by super admins. A change of role or venue bumps
// claims_version, so tokens issued before it answer 409 claims_outdated until refreshed (docs/product.md §5.2).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { newId } from '../../shared/ids';
import type { CreateStaffBody, StaffAccount, UpdateUserBody } from '../../shared/schemas/super';
import { hashPassword, toB64url } from '../auth';
import { refreshTokens, users, venues } from '../db/schema';
import type { Db } from '../env';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';

type UserRow = typeof users.$inferSelect;

export function toStaffAccount(row: UserRow): StaffAccount {
  return {
    id: row.id, email: row.email, display_name: row.displayName, role: row.role, restaurant_id: row.restaurantId,
    claims_version: row.claimsVersion, disabled: row.disabledAt !== null, created_at: row.createdAt,
  };
}

/** 16 random bytes, URL-safe: shown once to the super admin, who hands it over. */
const temporaryPassword = () => toB64url(crypto.getRandomValues(new Uint8Array(16)));

async function requireVenue(db: Db, venueId: string) {
  const venue = await db.query.venues.findFirst({ columns: { id: true }, where: eq(venues.id, venueId) });
  if (!venue) throw notFound('Venue not found');
}

async function requireAccount(db: Db, userId: string) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound('User not found');
  // Super admin accounts are not managed from a venue's staff list.
  if (user.role === 'superadmin') throw forbidden('Super admin accounts cannot be changed here');
  return user;
}

/** An account as the console shows it, or null (for the audit entry's before state). */
export async function accountById(db: Db, userId: string): Promise<StaffAccount | null> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId) });
  return row ? toStaffAccount(row) : null;
}

export async function listVenueAccounts(db: Db, venueId: string): Promise<StaffAccount[]> {
  await requireVenue(db, venueId);
  const rows = await db.select().from(users).where(eq(users.restaurantId, venueId)).orderBy(asc(users.role), asc(users.email));
  return rows.map(toStaffAccount);
}

export async function createVenueAccount(db: Db, venueId: string, input: z.output<typeof CreateStaffBody>) {
  await requireVenue(db, venueId);
  const existing = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, input.email) });
  if (existing) throw conflict('An account with this email already exists', 'email_taken');
  const password = input.password ?? temporaryPassword();
  const id = newId();
  try {
    await db.insert(users).values({
      id, email: input.email, displayName: input.display_name || null, role: input.role, restaurantId: venueId,
      passwordHash: await hashPassword(password),
    });
  } catch (err) {
    if (err instanceof Error && /UNIQUE/i.test(`${err.message} ${String(err.cause ?? '')}`)) throw conflict('An account with this email already exists', 'email_taken');
    throw err;
  }
  const row = (await db.query.users.findFirst({ where: eq(users.id, id) }))!;
  return { account: toStaffAccount(row), temporary_password: input.password ? null : password };
}

/** Ends every session of an account (worker/auth/sessions.ts endAllSessionsOf, bound to the request's env). */
export type EndSessions = (user: UserRow) => Promise<void>;

/** Disabling an account or changing its role or venue ends its sessions (docs/decisions/192). */
export async function updateAccount(db: Db, userId: string, input: z.output<typeof UpdateUserBody>, endSessions: EndSessions) {
  const user = await requireAccount(db, userId);
  if (input.restaurant_id) await requireVenue(db, input.restaurant_id);
  const roleChanged = input.role !== undefined && input.role !== user.role;
  const venueChanged = input.restaurant_id !== undefined && input.restaurant_id !== user.restaurantId;
  const disabledChanged = input.disabled !== undefined && input.disabled !== (user.disabledAt !== null);
  if (!roleChanged && !venueChanged && !disabledChanged && input.display_name === undefined) throw badRequest('Nothing to update');
  await db.update(users).set({
    ...(roleChanged ? { role: input.role } : {}),
    ...(venueChanged ? { restaurantId: input.restaurant_id } : {}),
    ...(input.display_name !== undefined ? { displayName: input.display_name || null } : {}),
    ...(disabledChanged ? { disabledAt: input.disabled ? new Date().toISOString() : null } : {}),
    ...(roleChanged || venueChanged ? { claimsVersion: sql`${users.claimsVersion} + 1` } : {}),
    updatedAt: new Date().toISOString(),
  }).where(eq(users.id, userId));
  if ((disabledChanged && input.disabled) || roleChanged || venueChanged) await endSessions(user);
  const row = (await db.query.users.findFirst({ where: eq(users.id, userId) }))!;
  return toStaffAccount(row);
}

/** A new password (given, or generated and shown once); every signed-in session of the account ends. */
export async function resetAccountPassword(db: Db, userId: string, password: string | undefined, endSessions: EndSessions) {
  const user = await requireAccount(db, userId);
  const next = password ?? temporaryPassword();
  const nowIso = new Date().toISOString();
  await db.batch([
    db.update(users).set({ passwordHash: await hashPassword(next), updatedAt: nowIso }).where(eq(users.id, userId)),
    db.update(refreshTokens).set({ revokedAt: nowIso }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))),
  ]);
  await endSessions(user);
  const row = (await db.query.users.findFirst({ where: eq(users.id, userId) }))!;
  return { account: toStaffAccount(row), temporary_password: password ? null : next, sessions_revoked: true };
}
