// Staff sessions (docs/decisions/010-token-storage.md, 011-refresh-cookie.md): a 15-minute JWT
// access token plus a random refresh token, stored hashed, rotated on every use. Presenting a
// refresh token that was already rotated means it leaked: the whole family is revoked.
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AuthSession, AuthUser } from '../../shared/schemas/auth';
import { newId } from '../../shared/ids';
import { refreshTokens, users } from '../db/schema';
import type { AppContext, Db } from '../env';
import { unauthorized } from '../lib/errors';
import { toB64url } from './password';
import { ACCESS_TOKEN_TTL_SECONDS, sha256Hex, signStaffToken } from './tokens';

export const REFRESH_COOKIE = 'barhop_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

type UserRow = typeof users.$inferSelect;

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id, email: user.email, display_name: user.displayName, role: user.role,
    restaurant_id: user.restaurantId, claims_version: user.claimsVersion,
  };
}

/** An access token carrying the user's current role, venue and claims version. */
export async function accessSessionFor(c: Context<AppContext>, user: UserRow): Promise<AuthSession> {
  const access_token = await signStaffToken(c.env, {
    sub: user.id, role: user.role, restaurant_id: user.restaurantId, claims_version: user.claimsVersion,
  });
  return { access_token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, user: toAuthUser(user) };
}

function setRefreshCookie(c: Context<AppContext>, token: string) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH, maxAge: REFRESH_TTL_SECONDS,
    secure: c.env.APP_ENV === 'production',
  });
}

export function clearRefreshCookie(c: Context<AppContext>) {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: c.env.APP_ENV === 'production' });
}

/** A new refresh token in `familyId` (a new family at login), set as the cookie. */
export async function issueRefreshToken(c: Context<AppContext>, userId: string, familyId = newId()) {
  const token = toB64url(crypto.getRandomValues(new Uint8Array(32)));
  await c.get('db').insert(refreshTokens).values({
    id: newId(), userId, familyId, tokenHash: await sha256Hex(token),
    expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000).toISOString(),
  });
  setRefreshCookie(c, token);
}

export async function revokeFamily(db: Db, familyId: string) {
  await db.update(refreshTokens).set({ revokedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

const sessionExpired = () => unauthorized('Session expired. Please sign in again.');

/**
 * Spends the cookie's refresh token and issues its successor. The spend is one conditional
 * UPDATE, so two requests racing with the same token cannot both succeed.
 */
export async function rotateRefreshToken(c: Context<AppContext>): Promise<UserRow> {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) throw unauthorized('No session');
  const db = c.get('db');
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(token)) });
  if (!row) { clearRefreshCookie(c); throw sessionExpired(); }
  const now = new Date().toISOString();
  if (row.revokedAt || row.expiresAt <= now) { clearRefreshCookie(c); throw sessionExpired(); }
  const spent = await c.env.DB.prepare(
    'UPDATE refresh_tokens SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND revoked_at IS NULL RETURNING id',
  ).bind(row.id, now).first();
  if (!spent) {
    // Reuse of a rotated token: whoever holds the family (maybe a thief) loses it.
    await revokeFamily(db, row.familyId);
    clearRefreshCookie(c);
    console.warn(JSON.stringify({ request_id: c.get('requestId'), level: 'warn', message: 'refresh token reuse; family revoked', user_id: row.userId }));
    throw sessionExpired();
  }
  const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user || user.disabledAt) { await revokeFamily(db, row.familyId); clearRefreshCookie(c); throw sessionExpired(); }
  await issueRefreshToken(c, user.id, row.familyId);
  return user;
}

/** Logout: the cookie's family stops working, and the cookie is cleared. */
export async function endSession(c: Context<AppContext>) {
  const token = getCookie(c, REFRESH_COOKIE);
  if (token) {
    const db = c.get('db');
    const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(token)) });
    if (row) await revokeFamily(db, row.familyId);
  }
  clearRefreshCookie(c);
}
