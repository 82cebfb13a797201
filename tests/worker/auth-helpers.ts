// Sign-in helpers for worker tests: real logins through the API, or tokens minted from the
// database's current claims (fast, and never outdated).
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { newId } from '../../shared/ids';
import { DEMO_PASSWORD } from '../../worker/db/seed/demo-content';
import { signGuestToken, signStaffToken } from '../../worker/auth/tokens';
import { call } from './helpers';

export const DEMO_EMAILS = {
  superadmin: 'superadmin@barhop.dev',
  admin: 'admin@barhop.dev',
  staff: 'staff@barhop.dev',
  admin2: 'admin2@barhop.dev',
  staff2: 'staff2@barhop.dev',
} as const;

/** The refresh cookie's value from a response's Set-Cookie, or null. */
export function refreshCookieOf(res: { headers: Headers }): string | null {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='));
  const value = raw?.split(';')[0]!.slice('barhop_refresh='.length);
  return value ? value : null;
}

export async function login(email: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) {
  const res = await call('POST', '/api/auth/login', { body: { email, password }, headers });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token: res.json.access_token as string, cookie: refreshCookieOf(res)!, user: res.json.user, res };
}

export async function userRow(email: string) {
  const row = await env.DB.prepare('SELECT id, role, restaurant_id, claims_version FROM users WHERE email = ?').bind(email)
    .first<{ id: string; role: 'superadmin' | 'admin' | 'staff'; restaurant_id: string | null; claims_version: number }>();
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A new live session (refresh family) of the user, as a login opens one; returns its id. */
export async function openTestSession(userId: string) {
  const familyId = newId();
  await env.DB.prepare('INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(newId(), userId, familyId, newId(40), new Date(Date.now() + 86_400_000).toISOString()).run();
  return familyId;
}

/** An access token with the user's current claims in a new live session, without a login round trip. */
export async function mintToken(email: string) {
  const u = await userRow(email);
  return signStaffToken(env, { sub: u.id, role: u.role, restaurant_id: u.restaurant_id, claims_version: u.claims_version, sid: await openTestSession(u.id) });
}

export async function venueId(slug: string) {
  const row = await env.DB.prepare('SELECT id FROM venues WHERE slug = ?').bind(slug).first<{ id: string }>();
  if (!row) throw new Error(`no venue ${slug}`);
  return row.id;
}

/** A fresh anonymous device session. */
export async function deviceSession(headers: Record<string, string> = {}) {
  const res = await call('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' }, headers });
  expect(res.status).toBe(201);
  return res.json as { token: string; session_id: string };
}

/** A device session signed in by phone with the demo code. */
export async function signedInGuest(phone: string, headers: Record<string, string> = {}) {
  const device = await deviceSession(headers);
  const sent = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const verified = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return { ...device, token: verified.json.token as string, guestId: verified.json.guest_id as string, deviceToken: device.token };
}

/** Impersonation as `role` of `slug`, by the demo super admin. */
export async function impersonationToken(slug: string, role: 'admin' | 'staff') {
  const res = await call('POST', '/api/super/impersonate', { token: await mintToken(DEMO_EMAILS.superadmin), body: { venueId: slug, role } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access_token as string;
}

let phoneSerial = 0;

/**
 * A phone number no other guest of this test file has (storage is per test file): a serial, not a random draw. A
 * file asks for hundreds of guests, and seven random digits drawn that often collided on `guests.phone_number` (a
 * flaky UNIQUE failure); a guest met again would also bring their active order with them. The +1555 8xxxxxx block is
 * clear of the numbers tests write by hand.
 */
export function unusedPhone(): string {
  phoneSerial += 1;
  return `+1555${8_000_000 + phoneSerial}`;
}

/** Guest tokens written straight to the database: a device session and a guest signed in on another. */
export async function insertGuestCallers(): Promise<{ device: string; guest: string; guestId: string }> {
  const device = newId(24);
  const guestSession = newId(24);
  const guestId = newId();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO guest_sessions (id) VALUES (?)').bind(device),
    env.DB.prepare('INSERT INTO guests (id, phone_number) VALUES (?, ?)').bind(guestId, unusedPhone()),
    env.DB.prepare('INSERT INTO guest_sessions (id, guest_id) VALUES (?, ?)').bind(guestSession, guestId),
  ]);
  return {
    device: await signGuestToken(env, { sub: device, guest_id: null }),
    guest: await signGuestToken(env, { sub: guestSession, guest_id: guestId }),
    guestId,
  };
}
