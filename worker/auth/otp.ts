// Phone one-time codes (docs/product.md §5.4): 6 digits from crypto.getRandomValues, stored as an HMAC,
// 10 minutes, single use, at most 5 tries per code. A code belongs to the phone AND the device
// session that asked for it: only that device can use it, and a new code replaces only that
// device's older ones, so nobody else's request can spoil the owner's code (docs/decisions/165).
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { OTP_CODE_LENGTH } from '../../shared/constants';
import { newId } from '../../shared/ids';
import { otpCodes } from '../db/schema';
import type { Db, WorkerEnv } from '../env';
import { refusal } from '../lib/errors';
import { hitRateLimit, refundRateLimit } from '../lib/rate-limit';
import { OTP_WRONG_GUESSES_PER_PHONE } from './limits';
import { constantTimeEqual } from './password';
import { secretKey } from './tokens';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

/**
 * E.164 form of a phone number, read with each country's numbering plan (libphonenumber-js): written with its
 * country code (`+44 20 7946 0958`), or without one as a North American number (`(555) 201-0001`), where the
 * product started (docs/product.md §5.4). A number must be of a length its country's plan allows; whether it is
 * assigned is for the code sent to it to prove.
 */
export function normalizePhone(input: string): string {
  const parsed = parsePhoneNumberFromString(input.trim(), { defaultCountry: 'US' });
  if (parsed?.isPossible()) return parsed.number;
  throw refusal(400, 'phone_invalid');
}

/** Uniform over 000000..999999 (rejection sampling avoids the modulo bias). */
export function generateCode(): string {
  const space = 10 ** OTP_CODE_LENGTH;
  const limit = Math.floor(0x1_0000_0000 / space) * space;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return String(buf[0]! % space).padStart(OTP_CODE_LENGTH, '0');
  }
}

/** Keyed with JWT_SECRET, so a leaked table cannot be brute-forced over the 10^6 codes. */
async function hashCode(env: WorkerEnv, phone: string, code: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await secretKey(env), new TextEncoder().encode(`otp:${phone}:${code}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Stores a fresh code for `phone` asked by device `sessionId` (its older unused codes stop working) and returns it. */
export async function issueCode(db: Db, env: WorkerEnv, phone: string, sessionId: string, nowMs = Date.now()): Promise<string> {
  const code = generateCode();
  const now = new Date(nowMs).toISOString();
  await db.batch([
    db.update(otpCodes).set({ consumedAt: now }).where(and(eq(otpCodes.phone, phone), eq(otpCodes.sessionId, sessionId), isNull(otpCodes.consumedAt))),
    db.insert(otpCodes).values({
      id: newId(), phone, sessionId, codeHash: await hashCode(env, phone, code),
      expiresAt: new Date(nowMs + OTP_TTL_SECONDS * 1000).toISOString(), createdAt: now,
    }),
  ]);
  return code;
}

export const invalidCode = () => refusal(400, 'invalid_code');
const codeLocked = () => refusal(400, 'code_locked');

/**
 * Checks `code` against the live code device `sessionId` asked for `phone` (a device that asked
 * for none has none). Each try is counted atomically before the comparison, for the code (after 5
 * tries it is dead) and for the phone over every device (OTP_WRONG_GUESSES_PER_PHONE: a right code
 * gives its hit back). A try refused for the phone leaves the code unspent. A right code is
 * consumed exactly once.
 */
export async function verifyCode(db: Db, env: WorkerEnv, phone: string, sessionId: string, code: string, nowMs = Date.now()): Promise<void> {
  const now = new Date(nowMs).toISOString();
  const live = await db.query.otpCodes.findFirst({
    where: and(eq(otpCodes.phone, phone), eq(otpCodes.sessionId, sessionId), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)),
    orderBy: desc(otpCodes.createdAt),
  });
  if (!live) throw invalidCode();
  const byPhone = await hitRateLimit(env.DB, OTP_WRONG_GUESSES_PER_PHONE, phone, nowMs);
  if (!byPhone.allowed) throw refusal(429, 'rate_limited.otp', { retry_after: byPhone.retryAfterSeconds });
  const counted = await env.DB.prepare(
    'UPDATE otp_codes SET attempts = attempts + 1 WHERE id = ?1 AND attempts < ?2 AND consumed_at IS NULL RETURNING attempts',
  ).bind(live.id, OTP_MAX_ATTEMPTS).first<{ attempts: number }>();
  if (!counted) {
    await refundRateLimit(env.DB, OTP_WRONG_GUESSES_PER_PHONE, phone, byPhone);
    throw codeLocked();
  }
  // The last allowed wrong try already says the code is locked, so the guest asks for a new one at once.
  if (!constantTimeEqual(await hashCode(env, phone, code), live.codeHash)) throw counted.attempts >= OTP_MAX_ATTEMPTS ? codeLocked() : invalidCode();
  await refundRateLimit(env.DB, OTP_WRONG_GUESSES_PER_PHONE, phone, byPhone);
  const consumed = await env.DB.prepare(
    'UPDATE otp_codes SET consumed_at = ?2 WHERE id = ?1 AND consumed_at IS NULL RETURNING id',
  ).bind(live.id, now).first();
  if (!consumed) throw invalidCode();
}
