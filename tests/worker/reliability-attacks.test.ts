// Attack suite (docs/decisions/165 and 109): limits that hold under parallel requests. `npm test` runs one round of
// each; the soak (`npm run test:soak`, RELIABILITY_SCALE=10) runs ten. docs/reliability.md "Attacks".
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../shared/ids';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT } from '../../worker/auth/limits';
import { AI_LOG_LIMIT } from '../../worker/lib/write-limits';
import { DEMO_PASSWORD } from '../../worker/db/seed/demo-content';
import { DEMO_EMAILS, deviceSession, login, mintToken, venueId } from './auth-helpers';
import { call } from './helpers';

const SCALE = Math.max(1, Number((env as { RELIABILITY_SCALE?: string }).RELIABILITY_SCALE ?? 1));
const PASSWORD = 'Attack-suite-password-16';
const stats: Record<string, unknown> = { scale: SCALE };

beforeAll(() => { vi.spyOn(console, 'warn').mockImplementation(() => undefined); });
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY attacks ${JSON.stringify(stats)}`);
});

let ip = 0;
/** A client address no other test in this file uses (up to 64 000 of them). */
const freshClient = () => { ip += 1; return { 'CF-Connecting-IP': `10.${16 + Math.floor(ip / 250)}.${ip % 250}.1` }; };

async function newAccount() {
  const email = `race-${newId(8).toLowerCase()}@barhop.dev`;
  const created = await call('POST', `/api/super/venues/${await venueId('artisan-bar')}/staff`, {
    token: await mintToken(DEMO_EMAILS.superadmin), body: { email, role: 'staff', password: PASSWORD },
  });
  expect(created.status, created.text).toBe(201);
  return email;
}

describe('finding 4: 100 parallel login guesses for one account', () => {
  it(`check at most ${LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit} passwords; the rest get 429 unchecked`, async () => {
    const rounds = [];
    for (let round = 0; round < SCALE; round += 1) {
      const email = await newAccount();
      const headers = freshClient();
      const attempts = Array.from({ length: 100 }, (_, i) => (i === 97 ? PASSWORD : `wrong-guess-${i}`));
      const answers = await Promise.all(attempts.map((password) => call('POST', '/api/auth/login', { body: { email, password }, headers })));
      const statuses = answers.map((a) => a.status);
      const checked = statuses.filter((s) => s === 401 || s === 200).length;
      const refused = statuses.filter((s) => s === 429).length;
      expect(checked + refused).toBe(100);
      expect(checked).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit);
      rounds.push({ checked, refused, signedIn: statuses.filter((s) => s === 200).length });
    }
    stats.parallelLogin = { rounds: rounds.length, attemptsPerRound: 100, maxChecked: Math.max(...rounds.map((r) => r.checked)), limit: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT.limit };
  }, 120_000);
});

describe('finding 6: a flood of AI log posts from one anonymous device', () => {
  it(`stores at most ${AI_LOG_LIMIT.limit} of 300 parallel 8 KB posts and refuses the rest with 429`, async () => {
    const rounds = [];
    for (let round = 0; round < SCALE; round += 1) {
      const device = await deviceSession(freshClient());
      const filler = 'x'.repeat(7_800);
      const answers = await Promise.all(Array.from({ length: 300 }, () =>
        call('POST', '/api/ai/log', { token: device.token, body: { slug: 'artisan-bar', event: 'shown', filler } })));
      const stored = answers.filter((a) => a.status === 201).length;
      const refused = answers.filter((a) => a.status === 429).length;
      expect(stored + refused).toBe(300);
      expect(stored).toBeLessThanOrEqual(AI_LOG_LIMIT.limit);
      const rows = await env.DB.prepare('SELECT count(*) AS n FROM ai_interactions WHERE owner_key = ?').bind(`s:${device.session_id}`).first<{ n: number }>();
      expect(rows!.n).toBe(stored);
      rounds.push({ stored, refused });
    }
    stats.aiLogFlood = { rounds: rounds.length, postsPerRound: 300, maxStored: Math.max(...rounds.map((r) => r.stored)), limit: AI_LOG_LIMIT.limit };
  }, 120_000);

  it('refuses a body over the route cap with 413 before storing anything', async () => {
    const device = await deviceSession(freshClient());
    const res = await call('POST', '/api/ai/log', { token: device.token, body: { slug: 'artisan-bar', filler: 'x'.repeat(20_000) } });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });
});

describe('finding 9: two tabs refreshing with one cookie at the same time', () => {
  it('never signs the user out: both get the same new token, which keeps working', async () => {
    const trials = 26 * SCALE;
    let signedOut = 0;
    for (let i = 0; i < trials; i += 1) {
      // Both tabs are one browser: one client address, one cookie.
      const client = freshClient();
      const cookie = `barhop_refresh=${(await login(DEMO_EMAILS.admin2, DEMO_PASSWORD, client)).cookie}`;
      const [a, b] = await Promise.all([
        call('POST', '/api/auth/refresh', { headers: { ...client, Cookie: cookie } }),
        call('POST', '/api/auth/refresh', { headers: { ...client, Cookie: cookie } }),
      ]);
      const nextA = a.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))?.split(';')[0];
      const nextB = b.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))?.split(';')[0];
      const after = await call('POST', '/api/auth/refresh', { headers: { ...client, Cookie: nextA ?? cookie } });
      if (a.status !== 200 || b.status !== 200 || nextA !== nextB || after.status !== 200) signedOut += 1;
    }
    expect(signedOut).toBe(0);
    stats.parallelRefresh = { trials, signedOut };
  }, 120_000);
});
