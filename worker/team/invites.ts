// One-time links that let a team member choose their own password (docs/decisions/191). The link holds 32
// random bytes; the database keeps their SHA-256 only, so a read of the table signs nobody in.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { INVITE_TTL_DAYS, type InviteInfo } from '../../shared/schemas/team';
import { hashPassword, sha256Hex, toB64url } from '../auth';
import { refreshTokens, staffInvites, users, venues } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';

export const INVITE_PATH_PREFIX = '/invite/';
const INVITE_GONE = 'This link was already used or has expired. Ask your venue admin for a new one.';

/** A new link for the account; earlier unused links of it stop working. Returns the path to hand over. */
export async function issueInvite(db: Db, userId: string, createdBy: string): Promise<string> {
  const token = toB64url(crypto.getRandomValues(new Uint8Array(32)));
  const nowIso = new Date().toISOString();
  await db.batch([
    db.update(staffInvites).set({ usedAt: nowIso }).where(and(eq(staffInvites.userId, userId), isNull(staffInvites.usedAt))),
    db.insert(staffInvites).values({
      id: newId(), userId, tokenHash: await sha256Hex(token), createdBy,
      expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000).toISOString(),
    }),
  ]);
  return `${INVITE_PATH_PREFIX}${token}`;
}

/** Ids of the accounts among `userIds` holding a usable link (listed as "Invite pending"). */
export async function pendingInviteUserIds(db: Db, venueUserIds: string[]): Promise<Set<string>> {
  if (venueUserIds.length === 0) return new Set();
  const rows = await db.select({ userId: staffInvites.userId }).from(staffInvites)
    .where(and(isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, new Date().toISOString())));
  const wanted = new Set(venueUserIds);
  return new Set(rows.map((r) => r.userId).filter((id) => wanted.has(id)));
}

async function usableInvite(db: Db, token: string) {
  const row = await db.select({ invite: staffInvites, user: users, venueName: venues.name }).from(staffInvites)
    .innerJoin(users, eq(users.id, staffInvites.userId))
    .leftJoin(venues, eq(venues.id, users.restaurantId))
    .where(eq(staffInvites.tokenHash, await sha256Hex(token))).get();
  if (!row || row.invite.usedAt || row.invite.expiresAt <= new Date().toISOString() || row.user.disabledAt || row.user.role === 'superadmin') {
    throw notFound(INVITE_GONE);
  }
  return row;
}

export async function inviteInfo(db: Db, token: string): Promise<InviteInfo> {
  const { user, venueName } = await usableInvite(db, token);
  return { email: user.email, display_name: user.displayName, venue_name: venueName, role: user.role === 'admin' ? 'admin' : 'staff' };
}

/** Sets the chosen password and spends the link (once: a second use of the same link is refused). */
export async function acceptInvite(db: Db, token: string, password: string) {
  const { invite, user } = await usableInvite(db, token);
  const nowIso = new Date().toISOString();
  const spent = await db.update(staffInvites).set({ usedAt: nowIso })
    .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt))).returning({ id: staffInvites.id });
  if (spent.length === 0) throw notFound(INVITE_GONE);
  await db.batch([
    db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: nowIso }).where(eq(users.id, user.id)),
    db.update(refreshTokens).set({ revokedAt: nowIso }).where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt))),
  ]);
  return (await db.query.users.findFirst({ where: eq(users.id, user.id) }))!;
}
