import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusalIdOf } from '../../shared/refusal-messages';
import { GuestProfileResponse, GuestSession, OtpSent } from '../../shared/schemas/auth';
import { app } from '../../worker/app';
import { OTP_SENDS_PER_DEVICE } from '../../worker/auth/limits';
import { generateCode } from '../../worker/auth/otp';
import { deviceSession, signedInGuest, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';

afterEach(() => vi.restoreAllMocks());

async function sendCode(token: string, phone: string, headers: Record<string, string> = {}) {
  return call('POST', '/api/auth/otp/send', { token, body: { phone }, headers });
}

describe('device sessions', () => {
  it('issues a signed device session once per device', async () => {
    const first = GuestSession.parse((await call('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' } })).json);
    expect(first.signed_in).toBe(false);
    const row = await env.DB.prepare('SELECT first_venue_slug FROM guest_sessions WHERE id = ?').bind(first.session_id).first<{ first_venue_slug: string }>();
    expect(row!.first_venue_slug).toBe('artisan-bar');
    const again = await call('POST', '/api/auth/guest-session', { token: first.token, body: {} });
    expect(again.status).toBe(200);
    expect(again.json.session_id).toBe(first.session_id);
  });

  it('remembers the venue only as `slug`: the old venue_slug is refused with 400 and no session is made', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM guest_sessions').first<{ n: number }>();
    const refused = expectApiError(await call('POST', '/api/auth/guest-session', { body: { venue_slug: 'artisan-bar' } }), 400);
    expect(refused.code).toBe('invalid_request');
    const after = await env.DB.prepare('SELECT count(*) AS n FROM guest_sessions').first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it('never accepts a bare session id as a credential', async () => {
    const device = await deviceSession();
    expectApiError(await call('POST', '/api/auth/otp/send', { body: { phone: '5551230000', session_id: device.session_id } }), 401);
    expectApiError(await call('GET', `/api/me?session_id=${device.session_id}`), 401);
  });
});

describe('phone sign-in', () => {
  it('generates 6-digit codes from the whole range', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('signs in with the demo code, stores only a hash, and the profile is readable and editable', async () => {
    const device = await deviceSession();
    const sent = await sendCode(device.token, '(555) 201-0001');
    expect(sent.status).toBe(200);
    const { demo_code } = OtpSent.parse(sent.json);
    expect(demo_code).toMatch(/^\d{6}$/);
    const stored = await env.DB.prepare("SELECT code_hash FROM otp_codes WHERE phone = '+15552010001'").first<{ code_hash: string }>();
    expect(stored!.code_hash).not.toContain(demo_code!);

    const verified = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '555-201-0001', code: demo_code } });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ session_id: device.session_id, signed_in: true });
    const token = verified.json.token as string;

    const me = await call('GET', '/api/me', { token });
    expect(GuestProfileResponse.parse(me.json).profile).toMatchObject({ phone_number: '+15552010001', display_name: null });
    const patched = await call('PATCH', '/api/me', { token, body: { display_name: '  Casey  ' } });
    expect(patched.json.profile.display_name).toBe('Casey');
    expectApiError(await call('PATCH', '/api/me', { token, body: { display_name: 'x'.repeat(61) } }), 400);
    expect((await call('GET', '/api/me', { token })).json.profile.display_name).toBe('Casey');

    // The anonymous token of the same device is not signed in.
    expectApiError(await call('GET', '/api/me', { token: device.token }), 401);
  });

  it("signs in a visitor's international number, written as they write it, and refuses numbers no country has", async () => {
    const device = await deviceSession();
    const { demo_code } = OtpSent.parse((await sendCode(device.token, '+44 20 7946 0958')).json);
    const verified = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '+44 (0)20 7946 0958', code: demo_code } });
    expect(verified.status, verified.text).toBe(200);
    const me = await call('GET', '/api/me', { token: verified.json.token as string });
    expect(GuestProfileResponse.parse(me.json).profile.phone_number).toBe('+442079460958');
    for (const phone of ['+999 1234567', '12345', '+33 6 12']) {
      const refused = expectApiError(await sendCode(device.token, phone), 400);
      expect(refused.message).toBe('Enter a valid phone number');
      // A registry refusal, which the guest's app says in their language (docs/decisions/256).
      expect(refusalIdOf(refused.code, refused.details)).toBe('phone_invalid');
    }
  });

  it('rejects an expired code', async () => {
    const device = await deviceSession();
    const { demo_code } = (await sendCode(device.token, '5552010002')).json;
    await env.DB.prepare("UPDATE otp_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE phone = '+15552010002'").run();
    const res = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '5552010002', code: demo_code } });
    expect(expectApiError(res, 400).message).toBe('Invalid code. Please try again.');
  });

  it('accepts a code only once', async () => {
    const device = await deviceSession();
    const { demo_code } = (await sendCode(device.token, '5552010003')).json;
    const body = { phone: '5552010003', code: demo_code };
    expect((await call('POST', '/api/auth/otp/verify', { token: device.token, body })).status).toBe(200);
    expectApiError(await call('POST', '/api/auth/otp/verify', { token: device.token, body }), 400);
  });

  // 5 wrong tries lock a code: reliability-abuse.test.ts (each try's answer, the lock, and a new code working).

  it('a new code replaces the older one', async () => {
    const device = await deviceSession();
    const old = (await sendCode(device.token, '5552010005')).json.demo_code;
    const fresh = (await sendCode(device.token, '5552010005')).json.demo_code;
    if (old !== fresh) expectApiError(await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '5552010005', code: old } }), 400);
    expect((await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '5552010005', code: fresh } })).status).toBe(200);
  });

  it('allows 5 sends per phone per hour, then 429 with Retry-After', async () => {
    const device = await deviceSession();
    for (let i = 0; i < 5; i++) expect((await sendCode(device.token, '5552010006', { 'CF-Connecting-IP': `192.0.2.${i}` })).status).toBe(200);
    const limited = await sendCode(device.token, '5552010006', { 'CF-Connecting-IP': '192.0.2.50' });
    expectApiError(limited, 429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(3600);
  });

  it('limits sends per device across phones, not per address: the next guest on the same Wi-Fi still gets a code', async () => {
    const device = await deviceSession();
    const headers = { 'CF-Connecting-IP': '192.0.2.200' };
    for (let i = 0; i < OTP_SENDS_PER_DEVICE.limit; i++) expect((await sendCode(device.token, `555301${String(i).padStart(4, '0')}`, headers)).status).toBe(200);
    const limited = await sendCode(device.token, '5553019999', headers);
    expectApiError(limited, 429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
    expect((await sendCode((await deviceSession(headers)).token, '5553019999', headers)).status).toBe(200);
  });

  it('rejects a bad phone and a malformed code with 400, storing nothing', async () => {
    const device = await deviceSession();
    const countCodes = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM otp_codes').first<{ n: number }>())!.n;
    const before = await countCodes();
    expect(expectApiError(await sendCode(device.token, '12'), 400).message).toBe('Enter a valid phone number');
    expectApiError(await sendCode(device.token, ''), 400);
    expect(await countCodes()).toBe(before);
    expectApiError(await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '5552010007', code: '12ab56' } }), 400);
  });

  it("outside demo mode sends through Twilio's Messages API and never shows or logs the code", async () => {
    const sid = `AC${'1'.repeat(32)}`;
    const prodEnv = { ...env, DEMO_MODE: 'false', SMS_ACCOUNT_SID: sid, SMS_API_KEY: 'test-token', SMS_FROM: '+15550001111' } as unknown as typeof env;
    const sms: { url: string; auth: string | null; type: string | null; body: { to: string; body: string; from: string | null } }[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = new Request(input as RequestInfo, init);
      if (req.url.startsWith('https://api.twilio.com/')) {
        const form = await req.formData();
        sms.push({ url: req.url, auth: req.headers.get('Authorization'), type: req.headers.get('Content-Type'), body: { to: String(form.get('To')), body: String(form.get('Body')), from: form.get('From') as string | null } });
        return new Response('{"sid":"SM1"}', { status: 201 });
      }
      return realFetch(input as RequestInfo, init);
    });
    const logged: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
    }
    const device = await deviceSession();
    const request = (path: string, body: unknown) => new Request(`http://localhost${path}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${device.token}` }, body: JSON.stringify(body),
    });
    const ctx = createExecutionContext();
    const res = await app.fetch(request('/api/auth/otp/send', { phone: '5552010008' }), prodEnv, ctx);
    await waitOnExecutionContext(ctx);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ sent: true, expires_in: 600 });
    expect(sms).toHaveLength(1);
    expect(sms[0]!.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(sms[0]!.auth).toBe(`Basic ${btoa(`${sid}:test-token`)}`);
    expect(sms[0]!.type).toBe('application/x-www-form-urlencoded');
    expect(sms[0]!.body.to).toBe('+15552010008');
    expect(sms[0]!.body.from).toBe('+15550001111');
    const code = /\b(\d{6})\b/.exec(sms[0]!.body.body)![1]!;
    expect(text).not.toContain(code);
    expect(logged.join('\n')).not.toContain(code);

    // The texted code signs in; the reply carries no code either.
    const verified = await app.fetch(request('/api/auth/otp/verify', { phone: '5552010008', code }), prodEnv, createExecutionContext());
    expect(verified.status).toBe(200);
    expect(await verified.text()).not.toContain(code);
  });

  it('outside demo mode a failing provider answers 503 without the code', async () => {
    const prodEnv = { ...env, DEMO_MODE: 'false', SMS_ACCOUNT_SID: 'AC1', SMS_API_KEY: 'k', SMS_FROM: '+15550001111' } as unknown as typeof env;
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const device = await deviceSession();
    const res = await app.fetch(new Request('http://localhost/api/auth/otp/send', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${device.token}` }, body: JSON.stringify({ phone: '5552010009' }),
    }), prodEnv, createExecutionContext());
    expect(res.status).toBe(503);
    expect(JSON.stringify(await res.json())).not.toMatch(/\d{6}/);
  });
});

describe('carry-over and sign out', () => {
  it('moves the device favourites and cart to the account at sign-in', async () => {
    const device = await deviceSession();
    const artisan = await venueId('artisan-bar');
    const drink = await env.DB.prepare('SELECT id FROM menu_drinks WHERE restaurant_id = ? LIMIT 1').bind(artisan).first<{ id: string }>();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO favorites (id, owner_key, restaurant_id, menu_drink_id) VALUES ('fav-carry-1', ?, ?, ?)").bind(`s:${device.session_id}`, artisan, drink!.id),
      env.DB.prepare("INSERT INTO carts (id, restaurant_id, owner_key) VALUES ('cart-carry-1', ?, ?)").bind(artisan, `s:${device.session_id}`),
      env.DB.prepare("INSERT INTO cart_items (id, cart_id, item_key, menu_drink_id, qty) VALUES ('ci-carry-1', 'cart-carry-1', ?, ?, 2)").bind(drink!.id, drink!.id),
    ]);
    const { demo_code } = (await sendCode(device.token, '5552010010')).json;
    const verified = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone: '5552010010', code: demo_code } });
    const guestId = verified.json.guest_id as string;
    const fav = await env.DB.prepare("SELECT owner_key FROM favorites WHERE id = 'fav-carry-1'").first<{ owner_key: string }>();
    const cart = await env.DB.prepare("SELECT owner_key FROM carts WHERE id = 'cart-carry-1'").first<{ owner_key: string }>();
    expect(fav!.owner_key).toBe(`g:${guestId}`);
    expect(cart!.owner_key).toBe(`g:${guestId}`);
  });

  it('sign out ends the signed-in token; the device can start a fresh session', async () => {
    const guest = await signedInGuest('5552010011');
    expect((await call('GET', '/api/me', { token: guest.token })).status).toBe(200);
    expect((await call('POST', '/api/auth/guest/logout', { token: guest.token })).status).toBe(200);
    expectApiError(await call('GET', '/api/me', { token: guest.token }), 401);
    const fresh = await call('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' } });
    expect(fresh.json.session_id).not.toBe(guest.session_id);
  });
});
