// VAPID (RFC 8292): each push request carries an ES256 JWT for the push service's origin, signed with the
// application server's key, and that key's public half. The browser subscribed with the same public key.
import { importJWK, SignJWT, type JWK } from 'jose';
import { b64urlDecode, b64urlEncode } from './crypto';

/** Who runs the application server, for the push service to write to (RFC 8292 §2.1). */
export const VAPID_SUBJECT = 'mailto:push@barhop.app';
/** Lifetime of a signature: well under the 24 hours RFC 8292 §2 allows. */
export const VAPID_TTL_SECONDS = 12 * 60 * 60;

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The private key as a JWK: VAPID_PRIVATE_KEY is either a JWK (JSON) or the base64url scalar `d`, whose point is
 * the public key's.
 */
export function vapidJwk(keys: VapidKeys): JWK {
  if (keys.privateKey.trim().startsWith('{')) return JSON.parse(keys.privateKey) as JWK;
  const point = b64urlDecode(keys.publicKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID_PUBLIC_KEY is not an uncompressed P-256 point');
  return { kty: 'EC', crv: 'P-256', x: b64urlEncode(point.slice(1, 33)), y: b64urlEncode(point.slice(33)), d: keys.privateKey };
}

/** The `Authorization` header of a push request to `endpoint` (RFC 8292 §3). */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, now = Date.now()): Promise<string> {
  const key = await importJWK(vapidJwk(keys), 'ES256');
  const jwt = await new SignJWT({ sub: VAPID_SUBJECT })
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(Math.floor(now / 1000) + VAPID_TTL_SECONDS)
    .sign(key);
  return `vapid t=${jwt}, k=${keys.publicKey}`;
}
