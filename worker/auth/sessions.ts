// Staff sessions (docs/decisions/192-sessions-tokens-and-signing-out.md): a 15-minute JWT
// access token plus a random refresh token, stored hashed, rotated on every use. Presenting a
// refresh token that was already rotated means it leaked: the whole family is revoked, unless it
// comes back within REFRESH_REUSE_GRACE_SECONDS (two tabs refreshing at once), which answers the
// same successor. A family is the session every access token names (`sid`, docs/decisions/192).
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AuthSession, AuthUser } from '../../shared/schemas/auth';
import { newId } from '../../shared/ids';
import { refreshTokens, users } from '../db/schema';
import type { AppContext, Db, WorkerEnv } from '../env';
import { unauthorized } from '../lib/errors';
import { closeEndedSockets } from '../live';
import { forgetSessionChecks } from './live-sessions';
import { toB64url } from './password';
import { ACCESS_TOKEN_TTL_SECONDS, secretKey, sha256Hex, signStaffToken } from './tokens';

export const REFRESH_COOKIE = 'barhop_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A rotated refresh token presented again this soon answers its successor instead of revoking the family. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

type UserRow = typeof users.$inferSelect;

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id, email: user.email, display_name: user.displayName, role: user.role,
    restaurant_id: user.restaurantId, claims_version: user.claimsVersion,
  };
}

/** An access token of session `sessionId` carrying the user's current role, venue and claims version. */
export async function accessSessionFor(c: Context<AppContext>, user: UserRow, sessionId: string): Promise<AuthSession> {
  const access_token = await signStaffToken(c.env, {
    sub: user.id, role: user.role, restaurant_id: user.restaurantId, claims_version: user.claimsVersion, sid: sessionId,
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

/**
 * The token that replaces `token` at rotation: derived from it with the server's secret, so a second
 * request spending the same token within the grace window can answer the very same successor
 * without the server ever storing a refresh token in the clear.
 */
async function successorOf(env: WorkerEnv, token: string): Promise<string> {
  return toB64url(new Uint8Array(await crypto.subtle.sign('HMAC', await secretKey(env), new TextEncoder().encode(`refresh-successor:${token}`))));
}

/** Stores `token` in `familyId` (once: a second store of the same token is a no-op) and sets it as the cookie. */
async function storeRefreshToken(c: Context<AppContext>, userId: string, familyId: string, token: string) {
  await c.env.DB.prepare(
    'INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT(token_hash) DO NOTHING',
  ).bind(newId(), userId, familyId, await sha256Hex(token), new Date(Date.now() + REFRESH_TTL_SECONDS * 1000).toISOString()).run();
  setRefreshCookie(c, token);
}

/** Opens a new session (refresh family) for the user, sets its cookie, and returns the session id. */
export async function openSession(c: Context<AppContext>, userId: string): Promise<string> {
  const familyId = newId();
  await storeRefreshToken(c, userId, familyId, toB64url(crypto.getRandomValues(new Uint8Array(32))));
  return familyId;
}

export async function revokeFamily(db: Db, familyId: string) {
  await db.update(refreshTokens).set({ revokedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  forgetSessionChecks();
}

const sessionExpired = () => unauthorized('Session expired. Please sign in again.');

/**
 * Spends the cookie's refresh token and issues its successor. The spend is one conditional
 * UPDATE, so of two requests racing with the same token only one spends it; the other, within
 * the grace window, gets the same successor (two tabs), and after it revokes the family (a thief).
 */
export async function rotateRefreshToken(c: Context<AppContext>): Promise<{ user: UserRow; sessionId: string }> {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) throw unauthorized('No session');
  const db = c.get('db');
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(token)) });
  if (!row) { clearRefreshCookie(c); throw sessionExpired(); }
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  if (row.revokedAt || row.expiresAt <= now) { clearRefreshCookie(c); throw sessionExpired(); }
  const spent = await c.env.DB.prepare(
    'UPDATE refresh_tokens SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND revoked_at IS NULL RETURNING id',
  ).bind(row.id, now).first();
  if (!spent) {
    // Read again: the racing request may have spent it after our first read.
    const again = await c.env.DB.prepare('SELECT used_at, revoked_at FROM refresh_tokens WHERE id = ?1')
      .bind(row.id).first<{ used_at: string | null; revoked_at: string | null }>();
    const withinGrace = again?.used_at && !again.revoked_at && nowMs - Date.parse(again.used_at) <= REFRESH_REUSE_GRACE_SECONDS * 1000;
    if (!withinGrace) {
      // Reuse of a rotated token: whoever holds the family (maybe a thief) loses it.
      await revokeFamily(db, row.familyId);
      clearRefreshCookie(c);
      console.warn(JSON.stringify({ request_id: c.get('requestId'), level: 'warn', message: 'refresh token reuse; family revoked', user_id: row.userId }));
      throw sessionExpired();
    }
  }
  const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user || user.disabledAt) { await revokeFamily(db, row.familyId); clearRefreshCookie(c); throw sessionExpired(); }
  const next = await successorOf(c.env, token);
  await storeRefreshToken(c, user.id, row.familyId, next);
  // The family may have been revoked between the spend and now (logout, reset): answer nothing then.
  const successor = await c.env.DB.prepare('SELECT revoked_at FROM refresh_tokens WHERE token_hash = ?1')
    .bind(await sha256Hex(next)).first<{ revoked_at: string | null }>();
  if (!successor || successor.revoked_at) { clearRefreshCookie(c); throw sessionExpired(); }
  return { user, sessionId: row.familyId };
}

/** Every session of the account ends: its refresh families are revoked and its live sockets closed. */
export async function endAllSessionsOf(env: WorkerEnv, db: Db, user: Pick<UserRow, 'id' | 'restaurantId'>) {
  await db.update(refreshTokens).set({ revokedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
  forgetSessionChecks();
  await closeEndedSockets(env, user.restaurantId, { userId: user.id });
}

/**
 * Logout: the cookie's family, and the session of the bearer token when one is sent, stop
 * working; the cookie is cleared and the session's sockets at the user's venue are closed.
 */
export async function endSession(c: Context<AppContext>) {
  const db = c.get('db');
  const sessions = new Map<string, string>();
  const token = getCookie(c, REFRESH_COOKIE);
  if (token) {
    const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(token)) });
    if (row) sessions.set(row.familyId, row.userId);
  }
  const caller = c.get('caller');
  if (caller?.kind === 'staff') sessions.set(caller.sessionId, caller.userId);
  for (const [familyId, userId] of sessions) {
    await revokeFamily(db, familyId);
    const user = await db.query.users.findFirst({ columns: { restaurantId: true }, where: eq(users.id, userId) });
    await closeEndedSockets(c.env, user?.restaurantId ?? null, { sessionId: familyId });
  }
  clearRefreshCookie(c);
}
