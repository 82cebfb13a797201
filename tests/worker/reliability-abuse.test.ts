// Abuse limits (docs/reliability.md §6): OTP sends (per phone, per client) and tries (per code, per
// client), failed logins (per account, per client), AI calls per guest session. Each is driven
// to its limit: the next request is 429 with Retry-After (and nothing is done), and after the
// window it works again.
//
// Recovery without waiting an hour: the limits are fixed windows (worker/lib/rate-limit.ts), one
// row per counter holding the start of its window; a hit in a later window resets the count.
// `passWindow` moves the row's window start back by one window, which is exactly the row's state
// once the clock has passed the window's end. The code under test runs unchanged.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_CLIENT } from '../../worker/auth/login';
import type { RateLimit } from '../../worker/lib/rate-limit';
import { AI_SUGGESTION_LIMIT } from '../../worker/ai/routes';
import { OTP_SENDS_PER_CLIENT, OTP_SENDS_PER_DEVICE_PHONE, OTP_VERIFIES_PER_CLIENT } from '../../worker/auth/routes';
import { DEMO_EMAILS, deviceSession } from './auth-helpers';
import { call, expectApiError } from './helpers';

const stats: Record<string, { limit: number; allowed: number; refusedWith429: number; retryAfter: number; recovered: boolean }> = {};

beforeAll(() => { vi.spyOn(console, 'log').mockImplementation(() => undefined); });
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY abuse ${JSON.stringify(stats)}`);
});

let ipCounter = 0;
/** Each scenario comes from its own client address, so counters do not mix. */
const freshClient = () => ({ 'CF-Connecting-IP': `203.0.113.${++ipCounter}` });

async function passWindow(rule: RateLimit, subject: string) {
  const key = `${rule.name}:${subject}`;
  const row = await env.DB.prepare('SELECT window_start FROM rate_limits WHERE key = ?').bind(key).first<{ window_start: string }>();
  expect(row, `no counter ${key}`).not.toBeNull();
  const earlier = new Date(Date.parse(row!.window_start) - rule.windowSeconds * 1000).toISOString();
  await env.DB.prepare('UPDATE rate_limits SET window_start = ? WHERE key = ?').bind(earlier, key).run();
}

/** 429 in the error shape, with a Retry-After no longer than the window, matching details.retry_after. */
function expectLimited(res: Awaited<ReturnType<typeof call>>, rule: RateLimit) {
  const error = expectApiError(res, 429);
  expect(error.code).toBe('rate_limited');
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds);
  expect((error.details as { retry_after: number }).retry_after).toBe(retryAfter);
  return retryAfter;
}

const otpCount = async (phone: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM otp_codes WHERE phone = ?').bind(phone).first<{ n: number }>())!.n;

describe('OTP', () => {
  it(`sends per device and phone: ${OTP_SENDS_PER_DEVICE_PHONE.limit} an hour, then 429 + Retry-After and no code; another device is not refused; sends again after the window`, async () => {
    const client = freshClient();
    const device = await deviceSession(client);
    const phone = '+15552010101';
    for (let i = 0; i < OTP_SENDS_PER_DEVICE_PHONE.limit; i += 1) {
      expect((await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client })).status).toBe(200);
    }
    const codesBefore = await otpCount(phone);
    const refused = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    const retryAfter = expectLimited(refused, OTP_SENDS_PER_DEVICE_PHONE);
    expect(await otpCount(phone)).toBe(codesBefore);
    // The phone's owner on another device is not locked out by this device's sends (docs/decisions/108).
    const other = freshClient();
    const owner = await deviceSession(other);
    expect((await call('POST', '/api/auth/otp/send', { token: owner.token, body: { phone }, headers: other })).status).toBe(200);
    await passWindow(OTP_SENDS_PER_DEVICE_PHONE, `${device.session_id}:${phone}`);
    const again = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    expect(again.status, again.text).toBe(200);
    stats.otpSendsPerDevicePhone = { limit: OTP_SENDS_PER_DEVICE_PHONE.limit, allowed: OTP_SENDS_PER_DEVICE_PHONE.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it(`sends per client: ${OTP_SENDS_PER_CLIENT.limit} an hour over any phones, then 429; recovers after the window`, async () => {
    const client = freshClient();
    const device = await deviceSession(client);
    for (let i = 0; i < OTP_SENDS_PER_CLIENT.limit; i += 1) {
      const res = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone: `+1555202${String(i).padStart(4, '0')}` }, headers: client });
      expect(res.status, res.text).toBe(200);
    }
    const retryAfter = expectLimited(await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone: '+15552029999' }, headers: client }), OTP_SENDS_PER_CLIENT);
    expect(await otpCount('+15552029999')).toBe(0);
    await passWindow(OTP_SENDS_PER_CLIENT, client['CF-Connecting-IP']);
    expect((await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone: '+15552029999' }, headers: client })).status).toBe(200);
    stats.otpSendsPerClient = { limit: OTP_SENDS_PER_CLIENT.limit, allowed: OTP_SENDS_PER_CLIENT.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it('tries per code: 5 wrong codes lock it, the fifth answer says so (even the right one then fails); a new code works', async () => {
    const client = freshClient();
    const device = await deviceSession(client);
    const phone = '+15552030303';
    const sent = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    const code = sent.json.demo_code as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const tried = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: wrong }, headers: client });
      expect(expectApiError(tried, 400).code).toBe(i < 4 ? 'invalid_code' : 'code_locked');
    }
    const locked = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code }, headers: client });
    expect(expectApiError(locked, 400).code).toBe('code_locked');
    const fresh = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    const ok = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: fresh.json.demo_code }, headers: client });
    expect(ok.status, ok.text).toBe(200);
    stats.otpTriesPerCode = { limit: 5, allowed: 5, refusedWith429: 0, retryAfter: 0, recovered: true };
  });

  it(`verifications per client: ${OTP_VERIFIES_PER_CLIENT.limit} per 15 minutes, then 429 even for the right code; recovers after the window`, async () => {
    const client = freshClient();
    const device = await deviceSession(client);
    for (let i = 0; i < OTP_VERIFIES_PER_CLIENT.limit; i += 1) {
      // Unknown phones: refused as wrong codes, each one counted.
      expectApiError(await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: `+1555204${String(i).padStart(4, '0')}`, code: '123456' }, headers: client }), 400);
    }
    const phone = '+15552049999';
    const sent = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    const refused = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers: client });
    const retryAfter = expectLimited(refused, OTP_VERIFIES_PER_CLIENT);
    // The refused try did not spend the code.
    await passWindow(OTP_VERIFIES_PER_CLIENT, client['CF-Connecting-IP']);
    const ok = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers: client });
    expect(ok.status, ok.text).toBe(200);
    stats.otpVerifiesPerClient = { limit: OTP_VERIFIES_PER_CLIENT.limit, allowed: OTP_VERIFIES_PER_CLIENT.limit, refusedWith429: 1, retryAfter, recovered: true };
  });
});

describe('staff login', () => {
  it(`failures per account: ${LOGIN_FAILURES_PER_ACCOUNT.limit} per 15 minutes, then 429 even with the right password (from anywhere); recovers after the window`, async () => {
    const email = DEMO_EMAILS.staff2;
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.limit; i += 1) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email, password: `wrong-${i}` }, headers: freshClient() }), 401);
    }
    const refused = await call('POST', '/api/auth/login', { body: { email, password: 'barhop-demo' }, headers: freshClient() });
    const retryAfter = expectLimited(refused, LOGIN_FAILURES_PER_ACCOUNT);
    expect(refused.json.access_token).toBeUndefined();
    expect(refused.headers.getSetCookie().filter((c) => c.startsWith('barhop_refresh=') && !c.includes('Max-Age=0'))).toEqual([]);
    await passWindow(LOGIN_FAILURES_PER_ACCOUNT, email);
    const ok = await call('POST', '/api/auth/login', { body: { email, password: 'barhop-demo' }, headers: freshClient() });
    expect(ok.status, ok.text).toBe(200);
    stats.loginFailuresPerAccount = { limit: LOGIN_FAILURES_PER_ACCOUNT.limit, allowed: LOGIN_FAILURES_PER_ACCOUNT.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it(`failures per client: ${LOGIN_FAILURES_PER_CLIENT.limit} per 15 minutes over any accounts, then 429; recovers after the window`, async () => {
    const client = freshClient();
    for (let i = 0; i < LOGIN_FAILURES_PER_CLIENT.limit; i += 1) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email: `nobody${i}@example.com`, password: 'guess' }, headers: client }), 401);
    }
    const refused = await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: 'barhop-demo' }, headers: client });
    const retryAfter = expectLimited(refused, LOGIN_FAILURES_PER_CLIENT);
    // Another client is not affected by this one's failures.
    expect((await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: 'barhop-demo' }, headers: freshClient() })).status).toBe(200);
    await passWindow(LOGIN_FAILURES_PER_CLIENT, client['CF-Connecting-IP']);
    expect((await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: 'barhop-demo' }, headers: client })).status).toBe(200);
    stats.loginFailuresPerClient = { limit: LOGIN_FAILURES_PER_CLIENT.limit, allowed: LOGIN_FAILURES_PER_CLIENT.limit, refusedWith429: 1, retryAfter, recovered: true };
  });
});

describe('AI bartender', () => {
  it(`calls per guest session: ${AI_SUGGESTION_LIMIT.limit} per 10 minutes over vibe/chat/recommend, then 429 and nothing logged; recovers after the window`, async () => {
    const device = await deviceSession(freshClient());
    const calls = [
      { path: '/api/ai/vibe', body: { slug: 'artisan-bar', selectedCategories: ['Gin', 'Citrus'] } },
      { path: '/api/ai/chat', body: { slug: 'artisan-bar', messages: [{ role: 'user', content: 'Something fresh with gin' }] } },
      { path: '/api/ai/recommend-new', body: { slug: 'artisan-bar' } },
    ];
    for (let i = 0; i < AI_SUGGESTION_LIMIT.limit; i += 1) {
      const { path, body } = calls[i % calls.length]!;
      const res = await call('POST', path, { token: device.token, body });
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    const logged = async () => (await env.DB.prepare('SELECT count(*) AS n FROM ai_interactions WHERE owner_key = ?').bind(`s:${device.session_id}`).first<{ n: number }>())!.n;
    const before = await logged();
    expect(before).toBeGreaterThan(0);
    const refused = await call('POST', '/api/ai/chat', { token: device.token, body: calls[1]!.body });
    const retryAfter = expectLimited(refused, AI_SUGGESTION_LIMIT);
    expect(await logged()).toBe(before);
    // Another guest at the same bar (same IP) is not limited by this one.
    expect((await call('POST', '/api/ai/vibe', { token: (await deviceSession()).token, body: calls[0]!.body })).status).toBe(200);
    await passWindow(AI_SUGGESTION_LIMIT, device.session_id);
    expect((await call('POST', '/api/ai/vibe', { token: device.token, body: calls[0]!.body })).status).toBe(200);
    stats.aiCallsPerSession = { limit: AI_SUGGESTION_LIMIT.limit, allowed: AI_SUGGESTION_LIMIT.limit, refusedWith429: 1, retryAfter, recovered: true };
  }, 60_000);
});
