// Abuse limits (docs/reliability.md §6, worker/auth/limits.ts): OTP sends (per device and phone, per device, per
// phone, per address) and tries (per code, per phone, per device, per address), new guest sessions per address,
// failed logins (per account and client, per account, per address), AI calls per guest session. Each is driven to
// its limit: the next request is 429 with Retry-After (and nothing is done), and after the window it works again.
// The address ceilings are floods' limits, far above a venue's (docs/decisions/165): they are filled directly
// (`fillCounter`) instead of by thousands of requests; `reliability-venue-wifi.test.ts` drives real crowds.
//
// Recovery without waiting an hour: the limits are fixed windows (worker/lib/rate-limit.ts), one
// row per counter holding the start of its window; a hit in a later window resets the count.
// `passWindow` moves the row's window start back by one window, which is exactly the row's state
// once the clock has passed the window's end. The code under test runs unchanged.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GUEST_SESSIONS_PER_ADDRESS, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, LOGIN_FAILURES_PER_ADDRESS,
  OTP_SENDS_PER_ADDRESS, OTP_SENDS_PER_DEVICE, OTP_SENDS_PER_DEVICE_PHONE, OTP_SENDS_PER_PHONE, OTP_VERIFIES_PER_ADDRESS,
  OTP_VERIFIES_PER_DEVICE, OTP_WRONG_GUESSES_PER_PHONE,
} from '../../worker/auth/limits';
import { DEMO_PASSWORD } from '../../worker/db/seed/demo-content';
import { hitRateLimit, type RateLimit } from '../../worker/lib/rate-limit';
import { AI_SUGGESTION_LIMIT } from '../../worker/ai/routes';
import { DEMO_EMAILS, deviceSession } from './auth-helpers';
import { call, expectApiError } from './helpers';

type LimitStats = { limit: number; allowed: number; refusedWith429: number; retryAfter: number; recovered: boolean };
/** A limit's figures, or a ceiling's: its tiers, each refused once and recovered. */
type CeilingStats = { tiers: string[]; refusedWith429: number; knownDeviceRefused?: number; recovered: boolean };
const stats: Record<string, LimitStats | CeilingStats> = {};

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

/**
 * A flood ceiling driven to its limit without sending thousands of requests: one real hit opens the counter's
 * window, then its count is set to the limit, exactly the row's state after `limit` hits in that window.
 */
async function fillCounter(rule: RateLimit, subject: string) {
  await hitRateLimit(env.DB, rule, subject);
  await env.DB.prepare('UPDATE rate_limits SET count = ? WHERE key = ?').bind(rule.limit, `${rule.name}:${subject}`).run();
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
    // The phone's owner on another device is not refused by this device's sends (docs/decisions/165).
    const other = freshClient();
    const owner = await deviceSession(other);
    expect((await call('POST', '/api/auth/otp/send', { token: owner.token, body: { phone }, headers: other })).status).toBe(200);
    await passWindow(OTP_SENDS_PER_DEVICE_PHONE, `${device.session_id}:${phone}`);
    const again = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    expect(again.status, again.text).toBe(200);
    stats.otpSendsPerDevicePhone = { limit: OTP_SENDS_PER_DEVICE_PHONE.limit, allowed: OTP_SENDS_PER_DEVICE_PHONE.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it(`sends per device: ${OTP_SENDS_PER_DEVICE.limit} an hour over any phones, then 429; another device on the same address is not refused; recovers after the window`, async () => {
    const client = freshClient();
    const device = await deviceSession(client);
    for (let i = 0; i < OTP_SENDS_PER_DEVICE.limit; i += 1) {
      const res = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone: `+1555202${String(i).padStart(4, '0')}` }, headers: client });
      expect(res.status, res.text).toBe(200);
    }
    const retryAfter = expectLimited(await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone: '+15552029999' }, headers: client }), OTP_SENDS_PER_DEVICE);
    expect(await otpCount('+15552029999')).toBe(0);
    // The next guest at the same bar is not refused by this one (docs/decisions/165).
    const neighbour = await deviceSession(client);
    expect((await call('POST', '/api/auth/otp/send', { token: neighbour.token, body: { phone: '+15552029998' }, headers: client })).status).toBe(200);
    await passWindow(OTP_SENDS_PER_DEVICE, device.session_id);
    expect((await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone: '+15552029999' }, headers: client })).status).toBe(200);
    stats.otpSendsPerDevice = { limit: OTP_SENDS_PER_DEVICE.limit, allowed: OTP_SENDS_PER_DEVICE.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it(`sends per phone: ${OTP_SENDS_PER_PHONE.limit} an hour over every device and address, then 429 for any device, its first send too; recovers after the window`, async () => {
    const phone = '+15552050505';
    for (let i = 0; i < OTP_SENDS_PER_PHONE.limit; i += 1) {
      const client = freshClient();
      const res = await call('POST', '/api/auth/otp/send', { token: (await deviceSession(client)).token, body: { phone }, headers: client });
      expect(res.status, res.text).toBe(200);
    }
    const client = freshClient();
    const owner = await deviceSession(client);
    const retryAfter = expectLimited(await call('POST', '/api/auth/otp/send', { token: owner.token, body: { phone }, headers: client }), OTP_SENDS_PER_PHONE);
    expect(await otpCount(phone)).toBe(OTP_SENDS_PER_PHONE.limit);
    await passWindow(OTP_SENDS_PER_PHONE, phone);
    const sent = await call('POST', '/api/auth/otp/send', { token: owner.token, body: { phone }, headers: client });
    expect(sent.status, sent.text).toBe(200);
    expect((await call('POST', '/api/auth/otp/verify', { token: owner.token, body: { phone, code: sent.json.demo_code }, headers: client })).status).toBe(200);
    stats.otpSendsPerPhone = { limit: OTP_SENDS_PER_PHONE.limit, allowed: OTP_SENDS_PER_PHONE.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it('sends per address: a flood ceiling in tiers, then 429 and no code; recovers after the window', async () => {
    const client = freshClient();
    for (const tier of OTP_SENDS_PER_ADDRESS) {
      await fillCounter(tier, client['CF-Connecting-IP']);
      const device = await deviceSession(client);
      const phone = `+1555206000${OTP_SENDS_PER_ADDRESS.indexOf(tier)}`;
      expectLimited(await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client }), tier);
      expect(await otpCount(phone)).toBe(0);
      await passWindow(tier, client['CF-Connecting-IP']);
      expect((await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client })).status).toBe(200);
    }
    stats.otpSendsPerAddress = { tiers: OTP_SENDS_PER_ADDRESS.map((t) => `${t.limit}/${t.windowSeconds}s`), refusedWith429: OTP_SENDS_PER_ADDRESS.length, recovered: true };
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

  it(`wrong codes per phone: ${OTP_WRONG_GUESSES_PER_PHONE.limit} an hour over every device and address, then 429 even for the right code, which stays unspent; recovers after the window`, async () => {
    const phone = '+15552070707';
    const guessers = [];
    for (let d = 0; d < Math.ceil(OTP_WRONG_GUESSES_PER_PHONE.limit / 4) + 1; d += 1) {
      const client = freshClient();
      const device = await deviceSession(client);
      const sent = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
      guessers.push({ client, device, code: sent.json.demo_code as string });
    }
    let wrongChecked = 0;
    for (const { client, device, code } of guessers.slice(0, -1)) {
      // Four wrong tries each: no code dies, so every refusal below is the phone's limit.
      for (let i = 0; i < 4 && wrongChecked < OTP_WRONG_GUESSES_PER_PHONE.limit; i += 1) {
        const wrong = code === '000000' ? '111111' : '000000';
        expect(expectApiError(await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: wrong }, headers: client }), 400).code).toBe('invalid_code');
        wrongChecked += 1;
      }
    }
    const owner = guessers.at(-1)!;
    const refused = await call('POST', '/api/auth/otp/verify', { token: owner.device.token, body: { phone, code: owner.code }, headers: owner.client });
    const retryAfter = expectLimited(refused, OTP_WRONG_GUESSES_PER_PHONE);
    await passWindow(OTP_WRONG_GUESSES_PER_PHONE, phone);
    const ok = await call('POST', '/api/auth/otp/verify', { token: owner.device.token, body: { phone, code: owner.code }, headers: owner.client });
    expect(ok.status, ok.text).toBe(200);
    stats.otpWrongGuessesPerPhone = { limit: OTP_WRONG_GUESSES_PER_PHONE.limit, allowed: wrongChecked, refusedWith429: 1, retryAfter, recovered: true };
  });

  it(`verifications per device: ${OTP_VERIFIES_PER_DEVICE.limit} per 15 minutes, then 429 even for the right code; another device on the same address is not refused; recovers after the window`, async () => {
    const client = freshClient();
    const device = await deviceSession(client);
    for (let i = 0; i < OTP_VERIFIES_PER_DEVICE.limit; i += 1) {
      // Phones this device asked no code for: refused as wrong codes, each one counted.
      expectApiError(await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: `+1555204${String(i).padStart(4, '0')}`, code: '123456' }, headers: client }), 400);
    }
    const phone = '+15552049999';
    const sent = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
    const refused = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers: client });
    const retryAfter = expectLimited(refused, OTP_VERIFIES_PER_DEVICE);
    const neighbour = await deviceSession(client);
    const neighbourSent = await call('POST', '/api/auth/otp/send', { token: neighbour.token, body: { phone: '+15552049998' }, headers: client });
    expect((await call('POST', '/api/auth/otp/verify', { token: neighbour.token, body: { phone: '+15552049998', code: neighbourSent.json.demo_code }, headers: client })).status).toBe(200);
    // The refused try did not spend the code.
    await passWindow(OTP_VERIFIES_PER_DEVICE, device.session_id);
    const ok = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers: client });
    expect(ok.status, ok.text).toBe(200);
    stats.otpVerifiesPerDevice = { limit: OTP_VERIFIES_PER_DEVICE.limit, allowed: OTP_VERIFIES_PER_DEVICE.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it('verifications per address: a flood ceiling in tiers, then 429 and the code unspent; recovers after the window', async () => {
    const client = freshClient();
    for (const tier of OTP_VERIFIES_PER_ADDRESS) {
      const device = await deviceSession(client);
      const phone = `+1555208000${OTP_VERIFIES_PER_ADDRESS.indexOf(tier)}`;
      const sent = await call('POST', '/api/auth/otp/send', { token: device.token, body: { phone }, headers: client });
      await fillCounter(tier, client['CF-Connecting-IP']);
      expectLimited(await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers: client }), tier);
      await passWindow(tier, client['CF-Connecting-IP']);
      expect((await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: sent.json.demo_code }, headers: client })).status).toBe(200);
    }
    stats.otpVerifiesPerAddress = { tiers: OTP_VERIFIES_PER_ADDRESS.map((t) => `${t.limit}/${t.windowSeconds}s`), refusedWith429: OTP_VERIFIES_PER_ADDRESS.length, recovered: true };
  });
});

describe('guest device sessions', () => {
  it('new sessions per address: a flood ceiling in tiers, then 429; an existing device still resumes; recovers after the window', async () => {
    const client = freshClient();
    const existing = await deviceSession(client);
    for (const tier of GUEST_SESSIONS_PER_ADDRESS) {
      await fillCounter(tier, client['CF-Connecting-IP']);
      expectLimited(await call('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' }, headers: client }), tier);
      // A device that has its session keeps it: resuming is not a new session.
      expect((await call('POST', '/api/auth/guest-session', { token: existing.token, body: { slug: 'artisan-bar' }, headers: client })).status).toBe(200);
      await passWindow(tier, client['CF-Connecting-IP']);
      expect((await call('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' }, headers: client })).status).toBe(201);
    }
    stats.guestSessionsPerAddress = { tiers: GUEST_SESSIONS_PER_ADDRESS.map((t) => `${t.limit}/${t.windowSeconds}s`), refusedWith429: GUEST_SESSIONS_PER_ADDRESS.length, recovered: true };
  });
});

describe('staff login', () => {
  const right = { email: DEMO_EMAILS.staff2, password: DEMO_PASSWORD };

  it(`failures per account and address: ${LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit} per 15 minutes, then 429 there even with the right password, while another address signs in; recovers after the window`, async () => {
    const client = freshClient();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit; i += 1) {
      expectApiError(await call('POST', '/api/auth/login', { body: { ...right, password: `wrong-${i}` }, headers: client }), 401);
    }
    const refused = await call('POST', '/api/auth/login', { body: right, headers: client });
    const retryAfter = expectLimited(refused, LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT);
    expect(refused.json.access_token).toBeUndefined();
    expect(refused.headers.getSetCookie().filter((c) => c.startsWith('barhop_refresh=') && !c.includes('Max-Age=0'))).toEqual([]);
    expect((await call('POST', '/api/auth/login', { body: right, headers: freshClient() })).status).toBe(200);
    await passWindow(LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, `${right.email}|address:${client['CF-Connecting-IP']}`);
    const ok = await call('POST', '/api/auth/login', { body: right, headers: client });
    expect(ok.status, ok.text).toBe(200);
    stats.loginFailuresPerAccountAndAddress = { limit: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit, allowed: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit, refusedWith429: 1, retryAfter, recovered: true };
  });

  it('failures per account from devices it does not know: a ceiling over every address, then 429 for a new device but never for a known one; recovers after the window', async () => {
    const email = DEMO_EMAILS.admin2;
    const known = (await call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD }, headers: freshClient() })).headers
      .getSetCookie().find((c) => c.startsWith('barhop_device='))!.split(';')[0]!;
    for (const tier of LOGIN_FAILURES_PER_ACCOUNT) {
      await fillCounter(tier, email);
      const refused = await call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD }, headers: freshClient() });
      expectLimited(refused, tier);
      expect((await call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD }, headers: { ...freshClient(), Cookie: known } })).status).toBe(200);
      await passWindow(tier, email);
      expect((await call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD }, headers: freshClient() })).status).toBe(200);
    }
    stats.loginFailuresPerAccount = { tiers: LOGIN_FAILURES_PER_ACCOUNT.map((t) => `${t.limit}/${t.windowSeconds}s`), refusedWith429: LOGIN_FAILURES_PER_ACCOUNT.length, knownDeviceRefused: 0, recovered: true };
  });

  it('failures per address over any accounts: a flood ceiling in tiers, then 429 for devices the account does not know; recovers after the window', async () => {
    const client = freshClient();
    const known = (await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }, headers: client })).headers
      .getSetCookie().find((c) => c.startsWith('barhop_device='))!.split(';')[0]!;
    for (const tier of LOGIN_FAILURES_PER_ADDRESS) {
      await fillCounter(tier, client['CF-Connecting-IP']);
      expectLimited(await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }, headers: client }), tier);
      // Another address is not affected, and the account's known device on this one is not either.
      expect((await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }, headers: freshClient() })).status).toBe(200);
      expect((await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }, headers: { ...client, Cookie: known } })).status).toBe(200);
      await passWindow(tier, client['CF-Connecting-IP']);
      expect((await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }, headers: client })).status).toBe(200);
    }
    stats.loginFailuresPerAddress = { tiers: LOGIN_FAILURES_PER_ADDRESS.map((t) => `${t.limit}/${t.windowSeconds}s`), refusedWith429: LOGIN_FAILURES_PER_ADDRESS.length, recovered: true };
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
