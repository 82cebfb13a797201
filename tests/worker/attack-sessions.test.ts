// Attack suite (docs/product.md §9.5): sessions that really end. Each finding is replayed as an attacker holding
// a token would, and must now be refused (docs/decisions/192 and 166; docs/reliability.md "Attacks").
import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../shared/ids';
import { SESSION_CHECK_TTL_MS } from '../../worker/auth/live-sessions';
import { SESSION_ENDED_CLOSE } from '../../worker/live/venue-hub';
import { OTP_SENDS_PER_PHONE } from '../../worker/auth/limits';
import { DEMO_EMAILS, impersonationToken, login, mintToken, signedInGuest, unusedPhone, venueId } from './auth-helpers';
import { call, expectApiError, pastSessionCheckTtl } from './helpers';
import { availableDrinks } from './order-helpers';

const SLUG = 'artisan-bar';
const PASSWORD = 'Attack-suite-password-16';
const cookieHeader = (cookie: string) => ({ Cookie: `barhop_refresh=${cookie}` });
const tally: Record<string, { attempts: number; refused: number }> = {};
const count = (attack: string, refused: boolean) => {
  tally[attack] ??= { attempts: 0, refused: 0 };
  tally[attack].attempts += 1;
  if (refused) tally[attack].refused += 1;
};

beforeAll(() => { vi.spyOn(console, 'warn').mockImplementation(() => undefined); });
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`ATTACK sessions ${JSON.stringify(tally)}`);
});

/** A fresh venue account (so tests never share one), signed in with its password. */
async function newAccount(role: 'staff' | 'admin' = 'staff') {
  const superToken = await mintToken(DEMO_EMAILS.superadmin);
  const venue = await venueId(SLUG);
  const email = `attack-${newId(8).toLowerCase()}@barhop.dev`;
  const created = await call('POST', `/api/super/venues/${venue}/staff`, { token: superToken, body: { email, role, password: PASSWORD } });
  expect(created.status, created.text).toBe(201);
  const session = await login(email, PASSWORD);
  return { ...session, id: created.json.account.id as string, email, superToken, venue };
}

/** Staff routes an attacker would try with a token, every one of which must refuse an ended session. */
const STAFF_PROBES = [
  ['GET', '/api/admin/auth/me'],
  ['GET', '/api/staff/orders'],
  ['GET', '/api/staff/inventory'],
  ['POST', '/api/auth/claims/sync'],
] as const;

async function expectRefusedEverywhere(attack: string, token: string) {
  for (const [method, path] of STAFF_PROBES) {
    const res = await call(method, path, { token });
    count(attack, res.status === 401);
    expectApiError(res, 401);
  }
}

/** A live socket that records its messages and its close. */
async function socket(venue: string, token: string) {
  const res = await exports.default.fetch(new Request(`http://localhost/api/live/venues/${venue}?token=${encodeURIComponent(token)}`, { headers: { Upgrade: 'websocket' } }));
  const ws = res.webSocket;
  if (!ws) return { status: res.status, messages: [] as any[], closed: Promise.resolve(0), ws: null };
  ws.accept();
  const messages: any[] = [];
  const hello = new Promise<void>((resolve) => ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    messages.push(message);
    if (message.type === 'hello') resolve();
  }));
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (event) => resolve(event.code)));
  await settledWithin(hello, 'the socket said hello');
  return { status: res.status, messages, closed, ws };
}

/**
 * Waits for an event; the bound only turns a hang into a named failure. "Closed at once" is proved by order, not by
 * speed: nothing else happens on the venue before the close is awaited.
 */
const settledWithin = <T>(promise: Promise<T>, what: string, ms = 10_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms))]);

async function quickOrder(token: string) {
  const [drink] = await availableDrinks(SLUG);
  const res = await call('POST', '/api/orders/quick', { token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
  expect(res.status, res.text).toBe(200);
  return res.json.id as string;
}

describe('finding 1: a stolen staff token no longer renews forever', () => {
  it('after logout the access token is refused on every route and claims/sync cannot renew it', async () => {
    const account = await newAccount();
    expect((await call('POST', '/api/auth/claims/sync', { token: account.token })).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', { headers: cookieHeader(account.cookie) })).status).toBe(200);
    await expectRefusedEverywhere('token after logout', account.token);
  });

  it('a token renewed by claims/sync before logout dies with the session too', async () => {
    const account = await newAccount();
    const renewed = (await call('POST', '/api/auth/claims/sync', { token: account.token })).json.access_token as string;
    expect((await call('POST', '/api/auth/logout', { token: account.token, headers: cookieHeader(account.cookie) })).status).toBe(200);
    await expectRefusedEverywhere('renewed token after logout', renewed);
  });

  it('after a super admin password reset every token of the account is refused', async () => {
    const account = await newAccount();
    const second = await login(account.email, PASSWORD);
    const reset = await call('POST', `/api/super/users/${account.id}/reset-password`, { token: account.superToken, body: {} });
    expect(reset.json.sessions_revoked).toBe(true);
    await expectRefusedEverywhere('token after password reset', account.token);
    await expectRefusedEverywhere('token after password reset', second.token);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader(second.cookie) }), 401);
  });

  it('after the account is disabled, or its role changes, its tokens are refused and cannot be renewed', async () => {
    const disabled = await newAccount();
    expect((await call('PUT', `/api/super/users/${disabled.id}`, { token: disabled.superToken, body: { disabled: true } })).status).toBe(200);
    await expectRefusedEverywhere('token after disable', disabled.token);
    const promoted = await newAccount('staff');
    expect((await call('PUT', `/api/super/users/${promoted.id}`, { token: promoted.superToken, body: { role: 'admin' } })).status).toBe(200);
    await expectRefusedEverywhere('token after role change', promoted.token);
    expectApiError(await call('POST', '/api/auth/refresh', { headers: cookieHeader(promoted.cookie) }), 401);
  });

  it('claims/sync refuses a token whose claims_version is outdated', async () => {
    const account = await newAccount();
    await env.DB.prepare('UPDATE users SET claims_version = claims_version + 1 WHERE id = ?').bind(account.id).run();
    const res = await call('POST', '/api/auth/claims/sync', { token: account.token });
    count('claims/sync with outdated claims', res.status === 401);
    expectApiError(res, 401);
  });

  it('an impersonation token ends with the super admin session it was started from', async () => {
    const admin = await login(DEMO_EMAILS.superadmin);
    const started = await call('POST', '/api/super/impersonate', { token: admin.token, body: { venueId: SLUG, role: 'admin' } });
    expect(started.status, started.text).toBe(200);
    const impersonating = started.json.access_token as string;
    expect((await call('POST', '/api/auth/claims/sync', { token: impersonating })).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', { headers: cookieHeader(admin.cookie) })).status).toBe(200);
    await expectRefusedEverywhere('impersonation token after logout', impersonating);
    // One made by the helper (its own session) still works: only the ended session is refused.
    expect((await call('GET', '/api/admin/auth/me', { token: await impersonationToken(SLUG, 'admin') })).status).toBe(200);
  });

  it(`a session ended by another isolate is refused here within ${SESSION_CHECK_TTL_MS} ms`, async () => {
    const account = await newAccount();
    expect((await call('GET', '/api/staff/orders', { token: account.token })).status).toBe(200);
    // Another Worker instance revoked the family: only D1 knows.
    await env.DB.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ?').bind(new Date().toISOString(), account.id).run();
    await pastSessionCheckTtl(() => expectRefusedEverywhere('token after revocation elsewhere', account.token));
  }, 20_000);
});

describe('finding 2: guest sign-out ends the signed-in token everywhere', () => {
  it('the old token can no longer read the account orders, use its cart, order into it or open its live channel', async () => {
    const guest = await signedInGuest(unusedPhone());
    const [drink] = await availableDrinks(SLUG);
    expect((await call('GET', '/api/orders/history', { token: guest.token })).status).toBe(200);
    expect((await call('POST', '/api/auth/guest/logout', { token: guest.token })).status).toBe(200);
    const probes = [
      await call('GET', '/api/orders/history', { token: guest.token }),
      await call('GET', '/api/orders/active', { token: guest.token }),
      await call('GET', `/api/cart?slug=${SLUG}`, { token: guest.token }),
      await call('POST', '/api/cart', { token: guest.token, body: { slug: SLUG, menu_drink_id: drink!.id, qty: 1 } }),
      await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } }),
      await call('GET', '/api/me', { token: guest.token }),
    ];
    for (const res of probes) {
      count('guest token after sign-out', res.status === 401);
      expectApiError(res, 401);
    }
    const live = await socket(SLUG, guest.token);
    count('guest token after sign-out', live.status === 401);
    expect(live.status).toBe(401);
    const orders = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE owner_key = ?').bind(`g:${guest.guestId}`).first<{ n: number }>();
    expect(orders!.n).toBe(0);

    // The owner signing in again on the same device gets a token that works at once; the old one stays dead.
    const phone = (await env.DB.prepare('SELECT phone_number FROM guests WHERE id = ?').bind(guest.guestId).first<{ phone_number: string }>())!.phone_number;
    const sent = await call('POST', '/api/auth/otp/send', { token: guest.deviceToken, body: { phone } });
    const again = await call('POST', '/api/auth/otp/verify', { token: guest.deviceToken, body: { phone, code: sent.json.demo_code } });
    expect(again.status, again.text).toBe(200);
    expect((await call('GET', '/api/me', { token: again.json.token })).status).toBe(200);
    const revived = await call('GET', '/api/orders/history', { token: guest.token });
    count('guest token after sign-out and a new sign-in', revived.status === 401);
    expectApiError(revived, 401);
  });

  it('an open guest socket stops receiving the account events after sign-out and is closed', async () => {
    const phone = unusedPhone();
    const guest = await signedInGuest(phone);
    const live = await socket(SLUG, guest.token);
    expect((await call('POST', '/api/auth/guest/logout', { token: guest.token })).status).toBe(200);
    // The same account signs in on another device and orders: the signed-out socket must not see it.
    const orderId = await quickOrder((await signedInGuest(phone)).token);
    const code = await settledWithin(live.closed, 'the signed-out socket closed');
    expect(code).toBe(SESSION_ENDED_CLOSE);
    expect(JSON.stringify(live.messages)).not.toContain(orderId);
    count('guest socket after sign-out', true);
  });
});

describe('finding 3: open live sockets do not outlive the account', () => {
  for (const [change, body] of [['disabled', { disabled: true }], ['demoted', { role: 'staff' }]] as const) {
    it(`a staff socket is closed at once when the account is ${change}, and gets no order after`, async () => {
      const account = await newAccount('admin');
      const live = await socket(account.venue, account.token);
      expect(live.status).toBe(101);
      const changed = await call('PUT', `/api/super/users/${account.id}`, { token: account.superToken, body });
      expect(changed.status, changed.text).toBe(200);
      const code = await settledWithin(live.closed, `the socket closed when the account was ${change}`);
      expect(code).toBe(SESSION_ENDED_CLOSE);
      const orderId = await quickOrder((await signedInGuest(unusedPhone())).token);
      expect(JSON.stringify(live.messages)).not.toContain(orderId);
      count(`staff socket after ${change}`, true);
    });
  }

  it('a socket whose session was revoked elsewhere is closed at the next event instead of receiving it', async () => {
    const account = await newAccount();
    const live = await socket(account.venue, account.token);
    await env.DB.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ?').bind(new Date().toISOString(), account.id).run();
    const orderId = await pastSessionCheckTtl(async () => {
      const placed = await quickOrder((await signedInGuest(unusedPhone())).token);
      expect(await settledWithin(live.closed, 'the revoked socket closed at the next event')).toBe(SESSION_ENDED_CLOSE);
      return placed;
    });
    expect(JSON.stringify(live.messages)).not.toContain(orderId);
    count('staff socket after revocation elsewhere', true);
  }, 20_000);
});

describe('finding 5: a stranger can neither use nor spoil the owner\'s code, and floods of a phone are capped', () => {
  it('a stranger flooding a phone from many devices and addresses gets at most 10 codes sent in the hour; the owner then waits for the window, and signs in after it', async () => {
    const phone = '+15550160001';
    let strangerRefused = 0;
    // The stranger uses many devices and addresses; the phone's cap holds over all of them (docs/decisions/165).
    for (let ip = 1; ip <= 4; ip += 1) {
      const headers = { 'CF-Connecting-IP': `198.51.100.${ip}` };
      const device = (await call('POST', '/api/auth/guest-session', { body: {}, headers })).json.token as string;
      for (let i = 0; i < 8; i += 1) {
        const res = await call('POST', '/api/auth/otp/send', { token: device, body: { phone }, headers });
        if (res.status === 429) strangerRefused += 1;
      }
    }
    const texted = (await env.DB.prepare('SELECT count(*) AS n FROM otp_codes WHERE phone = ?').bind(phone).first<{ n: number }>())!.n;
    expect(texted).toBe(OTP_SENDS_PER_PHONE.limit);
    expect(strangerRefused).toBe(32 - OTP_SENDS_PER_PHONE.limit);
    count('sends to a phone beyond its cap', strangerRefused > 0);
    // The owner's device is refused until the window ends: the price of the cap; ordering needs no sign-in.
    const ownerHeaders = { 'CF-Connecting-IP': '192.0.2.77' };
    const owner = (await call('POST', '/api/auth/guest-session', { body: {}, headers: ownerHeaders })).json.token as string;
    const refused = await call('POST', '/api/auth/otp/send', { token: owner, body: { phone }, headers: ownerHeaders });
    expect(expectApiError(refused, 429).code).toBe('rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(OTP_SENDS_PER_PHONE.windowSeconds);
    await env.DB.prepare('UPDATE rate_limits SET window_start = ? WHERE key = ?')
      .bind(new Date(Date.now() - OTP_SENDS_PER_PHONE.windowSeconds * 1000 * 2).toISOString(), `${OTP_SENDS_PER_PHONE.name}:${phone}`).run();
    const sent = await call('POST', '/api/auth/otp/send', { token: owner, body: { phone }, headers: ownerHeaders });
    expect(sent.status, sent.text).toBe(200);
    const verified = await call('POST', '/api/auth/otp/verify', { token: owner, body: { phone, code: sent.json.demo_code }, headers: ownerHeaders });
    expect(verified.status, verified.text).toBe(200);
  });

  it('a code can only be used on the device that asked for it, and another device asking does not spoil it', async () => {
    const phone = '+15550160002';
    const owner = (await call('POST', '/api/auth/guest-session', { body: {} })).json.token as string;
    const stranger = (await call('POST', '/api/auth/guest-session', { body: {} })).json.token as string;
    const sent = await call('POST', '/api/auth/otp/send', { token: owner, body: { phone } });
    expect(sent.status).toBe(200);
    expect((await call('POST', '/api/auth/otp/send', { token: stranger, body: { phone } })).status).toBe(200);
    const stolen = await call('POST', '/api/auth/otp/verify', { token: stranger, body: { phone, code: sent.json.demo_code } });
    count('verify on another device', stolen.status === 400);
    expect(expectApiError(stolen, 400).code).toBe('invalid_code');
    expect((await call('POST', '/api/auth/otp/verify', { token: owner, body: { phone, code: sent.json.demo_code } })).status).toBe(200);
  });

  it('sends to one phone are capped across devices, first sends included', async () => {
    const phone = '+15550160003';
    let refused = 0;
    for (let d = 0; d < 6; d += 1) {
      const headers = { 'CF-Connecting-IP': `198.51.101.${d + 1}` };
      const device = (await call('POST', '/api/auth/guest-session', { body: {}, headers })).json.token as string;
      for (let i = 0; i < 3; i += 1) {
        const res = await call('POST', '/api/auth/otp/send', { token: device, body: { phone }, headers });
        if (res.status === 429) refused += 1;
        else expect(res.status).toBe(200);
      }
    }
    const sent = (await env.DB.prepare('SELECT count(*) AS n FROM otp_codes WHERE phone = ?').bind(phone).first<{ n: number }>())!.n;
    // 18 asked: the phone gets its 10 this hour, whichever devices asked.
    expect(sent).toBe(OTP_SENDS_PER_PHONE.limit);
    expect(refused).toBe(18 - sent);
    count('repeat sends to one phone beyond the cap', refused > 0);
  });
});

describe('finding 8: unknown venue ids from a super admin', () => {
  it('answer 404 on menu drinks, inventory and images, and store nothing', async () => {
    const token = await mintToken(DEMO_EMAILS.superadmin);
    const q = '?restaurant_id=no-such-venue-0000';
    const drinks = await call('POST', `/api/admin/menu-drinks${q}`, { token, body: { name: 'Ghost', price_cents: 900, category: 'Cocktails' } });
    const inventory = await call('POST', `/api/admin/inventory${q}`, { token, body: { name: 'Ghost gin', quantity: 1, unit: 'bottle' } });
    const form = new FormData();
    form.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'x.png', { type: 'image/png' }));
    const image = await exports.default.fetch(new Request(`http://localhost/api/admin/images${q}&kind=drink`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form }));
    for (const res of [drinks, inventory, { status: image.status, json: await image.json() }]) {
      count('unknown venue id', res.status === 404);
      expect(expectApiError(res, 404).message).toBe('Venue not found');
    }
    const listed = await env.IMAGES.list();
    expect(listed.objects.filter((o) => o.key.includes('no-such-venue'))).toHaveLength(0);
  });
});

describe('finding 9: two tabs refreshing at once', () => {
  it('a reuse within the grace window answers the same new token; after it, the family is revoked', async () => {
    const { cookie } = await login(DEMO_EMAILS.staff);
    const first = await call('POST', '/api/auth/refresh', { headers: cookieHeader(cookie) });
    const second = await call('POST', '/api/auth/refresh', { headers: cookieHeader(cookie) });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const next = (r: typeof first) => r.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))!.split(';')[0];
    expect(next(second)).toBe(next(first));
    expect((await call('GET', '/api/staff/orders', { token: second.json.access_token })).status).toBe(200);
  });
});
