import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { StaffRole } from '../../shared/constants';
import type { WorkerEnv } from '../env';

export const ISSUER = 'barhop';
export const STAFF_AUDIENCE = 'barhop-staff';
export const GUEST_AUDIENCE = 'barhop-guest';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const IMPERSONATION_TTL_SECONDS = 30 * 60;
export const GUEST_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;

export type StaffClaims = {
  sub: string;
  role: StaffRole;
  restaurant_id: string | null;
  claims_version: number;
  /** The session (refresh family) the token belongs to: it stops working when that session ends (docs/decisions/192). */
  sid: string;
  /** The super admin really acting, when this token impersonates a venue role. */
  act?: string;
};

/** `signed_in_at`: the device's sign-in this token belongs to (null for devices that are not signed in). */
export type GuestClaims = { sub: string; guest_id: string | null; signed_in_at?: string | null };

/** JWT_SECRET's HMAC key by secret: imported once per isolate, not on every token check (docs/decisions/157). */
const secretKeys = new Map<string, CryptoKey>();

/** The HMAC-SHA-256 key of JWT_SECRET, for tokens and for every value the server keys with its secret. */
export async function secretKey(env: WorkerEnv): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  let key = secretKeys.get(secret);
  if (!key) {
    // The key, not the pending import, is kept: a promise must not outlive the request that made it.
    key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    secretKeys.set(secret, key);
  }
  return key;
}

export async function signStaffToken(env: WorkerEnv, claims: StaffClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(STAFF_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await secretKey(env));
}

export async function signGuestToken(env: WorkerEnv, claims: GuestClaims) {
  return new SignJWT(claims.signed_in_at ? { guest_id: claims.guest_id, sia: claims.signed_in_at } : { guest_id: claims.guest_id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(GUEST_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${GUEST_TOKEN_TTL_SECONDS}s`)
    .sign(await secretKey(env));
}

export type VerifiedToken =
  | { audience: 'staff'; claims: StaffClaims }
  | { audience: 'guest'; claims: GuestClaims; issuedAtMs: number };

/** HS256 only (alg pinned), issuer, audience and expiry checked; anything else is null. */
export async function verifyToken(env: WorkerEnv, token: string): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: [STAFF_AUDIENCE, GUEST_AUDIENCE],
    });
    if (typeof payload.sub !== 'string') return null;
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (aud === GUEST_AUDIENCE) {
      return {
        audience: 'guest', issuedAtMs: (Number(payload.iat) || 0) * 1000,
        claims: {
          sub: payload.sub, guest_id: typeof payload.guest_id === 'string' ? payload.guest_id : null,
          signed_in_at: typeof payload.sia === 'string' ? payload.sia : null,
        },
      };
    }
    const role = payload.role;
    if (role !== 'superadmin' && role !== 'admin' && role !== 'staff') return null;
    // A staff token without a session cannot be ended, so it is not accepted.
    if (typeof payload.sid !== 'string' || !payload.sid) return null;
    return {
      audience: 'staff',
      claims: {
        sub: payload.sub,
        role,
        restaurant_id: typeof payload.restaurant_id === 'string' ? payload.restaurant_id : null,
        claims_version: Number(payload.claims_version) || 0,
        sid: payload.sid,
        act: typeof payload.act === 'string' ? payload.act : undefined,
      },
    };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

/** SHA-256 hex of a secret (refresh tokens, one-time codes): only hashes are stored. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
