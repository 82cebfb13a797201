// "Tell me when it's ready" by Web Push (docs/decisions/227): the push the Worker sends when the bar marks an order
// ready is decrypted here as a browser would (RFC 8291, with code of the test's own), its VAPID signature checked
// against the public key (RFC 8292), and its headers read.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortOrderId } from '../../shared/ids';
import { PUSH_ENDPOINT_SERVICE_MESSAGE, ReadyPushPayload } from '../../shared/schemas/push';
import { app } from '../../worker/app';
import { encryptPayload } from '../../worker/push/crypto';
import { READY_PUSH_ATTEMPTS } from '../../worker/push/send';
import { vapidJwk } from '../../worker/push/vapid';
import { TWILIO_API_BASE } from '../../worker/auth/sms';
import { venueHub } from '../../worker/live/hub-client';
import type { VenueHub } from '../../worker/live/venue-hub';
import { call, expectApiError } from './helpers';
import { availableDrinks, guestToken, staffToken, venueId } from './order-helpers';
import { addLine, drinksOf, sendRound, tableOf } from './table-helpers';

const SLUG = 'artisan-bar';
/** Google's push service, as Chrome subscribes with it; the tests' fetch stub answers it (capturePushes), nothing leaves. */
const PUSH_SERVICE = 'https://fcm.googleapis.com';

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const unb64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
const bytes = (parts: (Uint8Array | number[])[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};
const utf8 = (s: string) => new TextEncoder().encode(s);

/** HMAC-SHA-256, the one primitive RFC 5869's HKDF is built from: written out here rather than WebCrypto's HKDF the Worker uses. */
async function hmac(key: Uint8Array, data: Uint8Array) {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
}
const hkdf = async (salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) =>
  (await hmac(await hmac(salt, ikm), bytes([info, [1]]))).slice(0, length);

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
async function browserKeys() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']) as CryptoKeyPair;
  const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { privateKey: pair.privateKey, publicRaw, auth, json: { p256dh: b64url(publicRaw), auth: b64url(auth) } };
}

/** What a browser does with a push body (RFC 8291 §3, RFC 8188 §2): header, key agreement, HKDF, one AES-GCM record. */
async function decryptAsBrowser(body: Uint8Array, browser: { privateKey: CryptoKey; publicRaw: Uint8Array; auth: Uint8Array }) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idLength = body[20]!;
  const asPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const senderKey = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const algorithm = { name: 'ECDH', public: senderKey } as unknown as Parameters<SubtleCrypto['deriveBits']>[0];
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(algorithm, browser.privateKey, 256));
  const ikm = await hkdf(browser.auth, ecdhSecret, bytes([utf8('WebPush: info'), [0], browser.publicRaw, asPublic]), 32);
  const cek = await hkdf(salt, ikm, bytes([utf8('Content-Encoding: aes128gcm'), [0]]), 16);
  const nonce = await hkdf(salt, ikm, bytes([utf8('Content-Encoding: nonce'), [0]]), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  // The last record ends with the delimiter 0x02, then optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return new TextDecoder().decode(padded.slice(0, end));
}

type Captured = { url: string; headers: Headers; body: Uint8Array };

/** Twilio's API, which the tests' fetch stub answers: nothing leaves the test (vitest.config.ts sets the settings). */
const TWILIO = TWILIO_API_BASE;
const sms = env as unknown as { SMS_ACCOUNT_SID: string; SMS_API_KEY: string; SMS_FROM: string };

/**
 * The Worker's outbound pushes and texts, answered with `status`; every other fetch goes out as usual. The venue's
 * hub sends them (worker/live/venue-hub.ts), in the same isolate as the tests, after the change has answered.
 */
function capturePushes(status: number | (() => number) = 201, texts: Captured[] = [], elsewhere: string[] = []) {
  const sent: Captured[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input as RequestInfo, init);
    const into = req.url.startsWith(PUSH_SERVICE) ? sent : req.url.startsWith(TWILIO) ? texts : null;
    if (!into) {
      elsewhere.push(req.url);
      return realFetch(input as RequestInfo, init);
    }
    into.push({ url: req.url, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()) });
    return new Response(into === texts ? '{"sid":"SM1"}' : null, { status: typeof status === 'number' ? status : status() });
  });
  return sent;
}

async function placeOrder(guest?: { token: string }) {
  const who = guest ?? await guestToken();
  const [drink] = await availableDrinks(SLUG);
  const res = await call('POST', '/api/orders/quick', { token: who.token, body: { slug: SLUG, item: { menu_drink_id: drink!.id } } });
  expect(res.status, res.text).toBe(200);
  return { id: res.json.id as string, guest: who };
}

/** A status change by the bar (or an admin, or an Undo), answered; what it sends follows from the venue's hub. */
async function changeStatus(orderId: string, change: { status: string } | 'recall', as: 'staff' | 'admin' = 'staff') {
  const ctx = createExecutionContext();
  const path = change === 'recall' ? `/api/staff/orders/${orderId}/recall` : `/api/${as}/orders/${orderId}/status`;
  const res = await app.fetch(new Request(`http://localhost${path}`, {
    method: change === 'recall' ? 'POST' : 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await staffToken(`${as}@barhop.dev`)}` },
    body: change === 'recall' ? undefined : JSON.stringify(change),
  }), env, ctx);
  expect(res.status, await res.clone().text()).toBe(200);
  await waitOnExecutionContext(ctx);
}
const markReady = (orderId: string, as: 'staff' | 'admin' = 'staff') => changeStatus(orderId, { status: 'ready' }, as);

/**
 * Every send the venue's hub started has ended (its pushes and texts, retries included: worker/lib/background-work.ts),
 * so "nothing more went out" is asserted after the event, not after a sleep.
 */
const settle = async () => {
  await runInDurableObject(venueHub(env, await venueId(SLUG)) as unknown as DurableObjectStub<VenueHub>, (hub) => hub.background.settled());
};

/** Subscriptions stored for the order, on whichever database holds it. */
async function subscriptionsOf(orderId: string) {
  let n = 0;
  for (const db of [env.DB, env.DB_SHARD_0, env.DB_SHARD_1, env.DB_SHARD_2]) {
    n += (await db.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE order_id = ?').bind(orderId).first<{ n: number }>())!.n;
  }
  return n;
}

afterEach(() => vi.restoreAllMocks());

describe('the aes128gcm encryption (RFC 8291)', () => {
  it("reproduces the RFC's worked example (Appendix A) byte for byte", async () => {
    const asPublic = unb64url('BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8');
    const jwk = { kty: 'EC', crv: 'P-256', x: b64url(asPublic.slice(1, 33)), y: b64url(asPublic.slice(33)), d: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw' };
    const privateKey = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const publicKey = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
    const body = await encryptPayload(
      { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
      utf8('When I grow up, I want to be a watermelon'),
      { senderKeys: { privateKey, publicKey }, salt: unb64url('DGv6ra1nlYgDCS1FRnbzlw') },
    );
    expect(b64url(body)).toBe('DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN');
  });
});

describe("tell me when it's ready (docs/decisions/227)", () => {
  it('GET /api/push/key answers the VAPID public key, to anyone', async () => {
    const res = await call('GET', '/api/push/key');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ public_key: env.VAPID_PUBLIC_KEY, ready_texts: true });
  });

  it('marking the order ready sends one encrypted, VAPID-signed push per subscription, which a browser decrypts', async () => {
    const sent = capturePushes();
    const { id, guest } = await placeOrder();
    const phone = await browserKeys();
    const endpoint = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    const subscribed = await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys: phone.json } });
    expect(subscribed.status, subscribed.text).toBe(201);
    expect(await subscriptionsOf(id)).toBe(1);

    const before = Math.floor(Date.now() / 1000);
    await markReady(id);
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(1);
    const mine = sent.filter((s) => s.url === endpoint);
    const push = mine[0]!;

    expect(push.headers.get('TTL')).toBe('900');
    expect(push.headers.get('Urgency')).toBe('high');
    expect(push.headers.get('Topic')).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push.headers.get('Topic')).toContain(id.slice(0, 10));
    expect(push.headers.get('Content-Encoding')).toBe('aes128gcm');

    const payload = ReadyPushPayload.parse(JSON.parse(await decryptAsBrowser(push.body, phone)));
    expect(payload).toEqual({
      title: 'Your order is ready',
      body: `The Artisan Bar: order #${shortOrderId(id)}. Your drinks are ready for pickup at the bar`,
      url: `/venue/${SLUG}/order/${id}`,
    });

    // RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the JWT for the push service's origin, under 24 hours.
    const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(push.headers.get('Authorization') ?? '');
    expect(match, push.headers.get('Authorization') ?? '').not.toBeNull();
    const [, jwt, k] = match!;
    expect(k).toBe(env.VAPID_PUBLIC_KEY);
    expect(decodeProtectedHeader(jwt!)).toEqual({ typ: 'JWT', alg: 'ES256' });
    const { d: _private, ...publicJwk } = vapidJwk({ publicKey: k!, privateKey: env.VAPID_PRIVATE_KEY! });
    const { payload: claims } = await jwtVerify(jwt!, await importJWK(publicJwk, 'ES256'), { audience: PUSH_SERVICE, algorithms: ['ES256'] });
    expect(claims.sub).toMatch(/^mailto:/);
    expect(claims.exp! - before).toBeGreaterThan(0);
    expect(claims.exp! - before).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('forgets a subscription the push service answers 410 Gone (or 404)', async () => {
    for (const status of [410, 404]) {
      vi.restoreAllMocks();
      const sent = capturePushes(status);
      const { id, guest } = await placeOrder();
      const endpoint = `${PUSH_SERVICE}/gone/${crypto.randomUUID()}`;
      expect((await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys: (await browserKeys()).json } })).status).toBe(201);
      await markReady(id);
      await settle();
      expect(sent.filter((s) => s.url === endpoint)).toHaveLength(1);
      expect(await subscriptionsOf(id), `after ${status}`).toBe(0);
    }
  });

  it('tries another failure again a bounded number of times, then drops the subscription; logs the push service, never the endpoint', async () => {
    const sent = capturePushes(500);
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
    const { id, guest } = await placeOrder();
    const secret = crypto.randomUUID();
    const endpoint = `${PUSH_SERVICE}/fcm/send/${secret}`;
    expect((await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys: (await browserKeys()).json } })).status).toBe(201);
    await markReady(id);
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(READY_PUSH_ATTEMPTS);
    expect(logged.join('\n')).toContain('fcm.googleapis.com');
    expect(logged.join('\n')).not.toContain(secret);
    // Not kept to be tried at every later ready: handed over, undone, ready again sends nothing more.
    await changeStatus(id, { status: 'delivered' });
    await changeStatus(id, 'recall');
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(READY_PUSH_ATTEMPTS);
    expect(await subscriptionsOf(id)).toBe(0);
  });

  it('a push that fails once is sent again and reaches the phone', async () => {
    let answers = 0;
    const sent = capturePushes(() => (++answers === 1 ? 503 : 201));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { id, guest } = await placeOrder();
    const endpoint = `${PUSH_SERVICE}/fcm/send/${crypto.randomUUID()}`;
    expect((await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys: (await browserKeys()).json } })).status).toBe(201);
    await markReady(id);
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(2);
  });

  it("another guest cannot subscribe to or unsubscribe from someone's order (404)", async () => {
    const { id } = await placeOrder();
    const other = await guestToken();
    const body = { endpoint: `${PUSH_SERVICE}/x/${crypto.randomUUID()}`, keys: (await browserKeys()).json };
    expect(expectApiError(await call('POST', `/api/orders/${id}/push`, { token: other.token, body }), 404).code).toBe('not_found');
    expect(expectApiError(await call('DELETE', `/api/orders/${id}/push`, { token: other.token, body: { endpoint: body.endpoint } }), 404).code).toBe('not_found');
    expect(await subscriptionsOf(id)).toBe(0);
  });

  it('refuses an endpoint that is not https, and malformed keys, with the docs/api.md error shape', async () => {
    const { id, guest } = await placeOrder();
    const keys = (await browserKeys()).json;
    for (const endpoint of ['http://push.example.test/send/1', 'ftp://push.example.test/1', 'not a url']) {
      const error = expectApiError(await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys } }), 400);
      expect(error.code).toBe('invalid_request');
      expect(error.details).toEqual([{ path: 'endpoint', message: 'Must be an https URL' }]);
    }
    const badKeys = expectApiError(await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint: `${PUSH_SERVICE}/1`, keys: { p256dh: 'short', auth: keys.auth } } }), 400);
    expect(badKeys.details).toEqual([{ path: 'keys.p256dh', message: 'Must be 65 bytes' }]);
    expect(await subscriptionsOf(id)).toBe(0);
  });

  it('the guest unsubscribes, and a ready order no longer takes subscriptions', async () => {
    const sent = capturePushes();
    const { id, guest } = await placeOrder();
    const endpoint = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    const keys = (await browserKeys()).json;
    expect((await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys } })).status).toBe(201);
    expect((await call('DELETE', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint } })).status).toBe(200);
    expect(await subscriptionsOf(id)).toBe(0);
    await markReady(id);
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(0);
    expect(expectApiError(await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys } }), 409).code).toBe('order_not_waiting');
  });

  it("a ready by any path pushes (an admin's, the venue hub's own), and an order reaching ready again after an Undo is not told twice", async () => {
    const sent = capturePushes();
    const { id, guest } = await placeOrder();
    const endpoint = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    expect((await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys: (await browserKeys()).json } })).status).toBe(201);
    await markReady(id, 'admin');
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(1);
    // Handed over, undone (back to ready), handed over again: the guest was told once.
    await changeStatus(id, { status: 'delivered' });
    await changeStatus(id, 'recall');
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toHaveLength(1);
    expect(await subscriptionsOf(id)).toBe(0);

    // Straight through the venue's hub, as any caller of it (a table's round, the bar display) changes a status.
    const other = await placeOrder();
    const second = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    expect((await call('POST', `/api/orders/${other.id}/push`, { token: other.guest.token, body: { endpoint: second, keys: (await browserKeys()).json } })).status).toBe(201);
    const venue = await venueId(SLUG);
    const outcome = await venueHub(env, venue).changeStatus({ venueId: venue, orderId: other.id, to: 'ready', actor: { type: 'staff', id: 'hub-test' } });
    expect(outcome.ok).toBe(true);
    await settle();
    expect(sent.filter((s) => s.url === second)).toHaveLength(1);
  });
});

describe('push only to push services (docs/decisions/227)', () => {
  const refused = [
    'https://127.0.0.1:5391/send/1', 'https://localhost:5391/send/1', 'https://[::1]:5391/', 'https://0x7f000001:5391/',
    'https://2130706433:5391/', 'https://169.254.169.254/latest/meta-data/', 'https://10.0.0.1/', 'https://metadata.google.internal/',
    'https://127.0.0.1/', 'https://2130706433/', 'https://[::1]/',
    // Look-alikes a string prefix or suffix would let through.
    'https://fcm.googleapis.com.evil.test/fcm/send/1', 'https://fcm.googleapis.com@127.0.0.1/fcm/send/1',
    'https://user:pw@fcm.googleapis.com/fcm/send/1', 'https://fcm.googleapis.com:5391/fcm/send/1',
    'https://evilpush.apple.com/1', 'https://push.apple.com.127.0.0.1.nip.io/1', 'https://push.services.mozilla.com/wpush/v2/1',
    'https://notify.windows.com.evil.test/w/', 'https://fcm.googleapis.com./fcm/send/1',
  ];
  const real = [
    'https://fcm.googleapis.com/fcm/send/dKr4lD8PqmA:APA91bGx6cWzuA1k9Ufh5XkF5ibk2l5uBqJ3YQ2KJ4ZJ',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABmY2RhZmU3ZWM5ZjQ5ZTQ0YjA5',
    'https://web.push.apple.com/QGuQyavXutnMH2uDOsUEUWhOmEbFEz0JeOEeoKcD3xUM',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB3o0yDtQYr3D2mW6RNTvV0Rw',
  ];

  it('refuses every address that is not a browser push service, with the reason (400)', async () => {
    const { id, guest } = await placeOrder();
    const keys = (await browserKeys()).json;
    for (const endpoint of refused) {
      const res = await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys } });
      const error = expectApiError(res, 400);
      expect(error.code, endpoint).toBe('invalid_request');
      expect(error.details, endpoint).toEqual([{ path: 'endpoint', message: PUSH_ENDPOINT_SERVICE_MESSAGE }]);
    }
    expect(await subscriptionsOf(id)).toBe(0);
  });

  it('accepts real endpoints of Google FCM, Mozilla autopush, Apple web push and Windows WNS', async () => {
    const { id, guest } = await placeOrder();
    for (const endpoint of real) {
      const res = await call('POST', `/api/orders/${id}/push`, { token: guest.token, body: { endpoint, keys: (await browserKeys()).json } });
      expect(res.status, `${endpoint}: ${res.text}`).toBe(201);
    }
    expect(await subscriptionsOf(id)).toBe(4);
  });

  it('a subscription stored to any other address is never sent to at ready, and is dropped', async () => {
    const elsewhere: string[] = [];
    capturePushes(201, [], elsewhere);
    const { id } = await placeOrder();
    const keys = (await browserKeys()).json;
    let stored = false;
    for (const db of [env.DB_SHARD_0, env.DB_SHARD_1, env.DB_SHARD_2, env.DB]) {
      const order = await db.prepare('SELECT restaurant_id FROM orders WHERE id = ?').bind(id).first<{ restaurant_id: string }>().catch(() => null);
      if (!order) continue;
      await db.prepare('INSERT INTO push_subscriptions (order_id, restaurant_id, endpoint, p256dh, auth) VALUES (?, ?, ?, ?, ?)')
        .bind(id, order.restaurant_id, 'https://127.0.0.1:5391/stored', keys.p256dh, keys.auth).run();
      stored = true;
      break;
    }
    expect(stored).toBe(true);
    await markReady(id);
    await settle();
    expect(await subscriptionsOf(id)).toBe(0);
    expect(elsewhere.filter((url) => url.includes('5391'))).toEqual([]);
  });
});

describe("text me when it's ready (docs/decisions/227, amended 2026-11-28)", () => {
  it("one text through Twilio to the number typed (any country), with the push's words; once per order", async () => {
    const texts: Captured[] = [];
    capturePushes(201, texts);
    const { id, guest } = await placeOrder();
    const asked = await call('POST', `/api/orders/${id}/ready-text`, { token: guest.token, body: { phone: '+44 20 7946 0958' } });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json).toEqual({ phone: '+442079460958' });
    await markReady(id);
    await settle();
    expect(texts).toHaveLength(1);
    const form = new URLSearchParams(new TextDecoder().decode(texts[0]!.body));
    expect(texts[0]!.url).toBe(`${TWILIO}/2010-04-01/Accounts/${sms.SMS_ACCOUNT_SID}/Messages.json`);
    expect(texts[0]!.headers.get('Authorization')).toBe(`Basic ${btoa(`${sms.SMS_ACCOUNT_SID}:${sms.SMS_API_KEY}`)}`);
    expect(form.get('To')).toBe('+442079460958');
    expect(form.get('From')).toBe(sms.SMS_FROM);
    expect(form.get('Body')).toBe(`Your order is ready. The Artisan Bar: order #${shortOrderId(id)}. Your drinks are ready for pickup at the bar`);
    await changeStatus(id, { status: 'delivered' });
    await changeStatus(id, 'recall');
    await settle();
    expect(texts).toHaveLength(1);
  });

  it("a signed-in guest is texted at their verified number; a device without one must type it; a bad number is 400", async () => {
    const texts: Captured[] = [];
    capturePushes(201, texts);
    const guestId = `g-${crypto.randomUUID()}`;
    const signedIn = await guestToken(guestId);
    await env.DB.prepare('UPDATE guests SET phone_number = ? WHERE id = ?').bind('+15552010042', guestId).run();
    const { id } = await placeOrder(signedIn);
    const asked = await call('POST', `/api/orders/${id}/ready-text`, { token: signedIn.token, body: {} });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json).toEqual({ phone: '+15552010042' });

    const anonymous = await placeOrder();
    const none = expectApiError(await call('POST', `/api/orders/${anonymous.id}/ready-text`, { token: anonymous.guest.token, body: {} }), 400);
    expect(none).toEqual({ code: 'phone_invalid', message: 'Enter a valid phone number' });
    expectApiError(await call('POST', `/api/orders/${anonymous.id}/ready-text`, { token: anonymous.guest.token, body: { phone: '12' } }), 400);
    expect(expectApiError(await call('POST', `/api/orders/${id}/ready-text`, { token: anonymous.guest.token, body: { phone: '+15552010043' } }), 404).code).toBe('not_found');

    await markReady(id);
    await settle();
    expect(texts.map((t) => new URLSearchParams(new TextDecoder().decode(t.body)).get('To'))).toEqual(['+15552010042']);
  });

  it('taken back before ready, nothing is texted; only the guest of the order can take it back', async () => {
    const texts: Captured[] = [];
    capturePushes(201, texts);
    const { id, guest } = await placeOrder();
    expect((await call('POST', `/api/orders/${id}/ready-text`, { token: guest.token, body: { phone: '+44 20 7946 0958' } })).status).toBe(201);
    const stranger = await placeOrder();
    expect(expectApiError(await call('DELETE', `/api/orders/${id}/ready-text`, { token: stranger.guest.token }), 404).code).toBe('not_found');
    const taken = await call('DELETE', `/api/orders/${id}/ready-text`, { token: guest.token });
    expect(taken.status, taken.text).toBe(200);
    await markReady(id);
    await settle();
    expect(texts).toHaveLength(0);
  });

  it('is not offered without the SMS settings (503)', async () => {
    const { id, guest } = await placeOrder();
    const bare = { ...env, SMS_ACCOUNT_SID: undefined } as unknown as typeof env;
    const ctx = createExecutionContext();
    const key = await app.fetch(new Request('http://localhost/api/push/key'), bare, ctx);
    expect(((await key.json()) as { ready_texts: boolean }).ready_texts).toBe(false);
    const res = await app.fetch(new Request(`http://localhost/api/orders/${id}/ready-text`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${guest.token}` }, body: JSON.stringify({ phone: '+15552010044' }),
    }), bare, ctx);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: unknown }).error).toEqual({
      code: 'sms_unavailable', message: 'Text messages are not available here', details: { refusal: 'sms_unavailable.not_set_up' },
    });
  });
});

describe('"Your round is ready" to a table\'s members who asked (docs/decisions/231)', () => {
  /** A round of `table` from its first member's cart, started by the bar (whatever the stock reads). */
  async function roundOf(sessionId: string, token: string) {
    const [drink] = await drinksOf();
    expect((await addLine(sessionId, token, { menu_drink_id: drink!.id, qty: 1 })).status).toBe(200);
    const { order } = await sendRound(sessionId, token);
    const started = await call('PUT', `/api/staff/orders/${order.id}/status`, { token: await staffToken('staff@barhop.dev'), body: { status: 'preparing', allow_short: true } });
    expect(started.status, started.text).toBe(200);
    return order.id;
  }

  it('pushes the member who asked and texts the one who chose a text, at every round; not the member who did not ask', async () => {
    const texts: Captured[] = [];
    const sent = capturePushes(201, texts);
    const { sessionId, guests: [host, pushed] } = await tableOf('17', ['Ana', 'Ben', 'Cy']);
    const phone = await browserKeys();
    const endpoint = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    const asked = await call('POST', `/api/tables/sessions/${sessionId}/push`, { token: pushed!.token, body: { endpoint, keys: phone.json } });
    expect(asked.status, asked.text).toBe(201);
    const text = await call('POST', `/api/tables/sessions/${sessionId}/ready-text`, { token: host!.token, body: { phone: '+44 20 7946 0958' } });
    expect(text.status, text.text).toBe(201);

    for (const round of [1, 2]) {
      const orderId = await roundOf(sessionId, host!.token);
      await markReady(orderId);
      await settle();
      expect(sent.filter((s) => s.url === endpoint)).toHaveLength(round);
      expect(texts.filter((t) => new URLSearchParams(new TextDecoder().decode(t.body)).get('To') === '+442079460958')).toHaveLength(round);
      const payload = ReadyPushPayload.parse(JSON.parse(await decryptAsBrowser(sent.filter((s) => s.url === endpoint)[round - 1]!.body, phone)));
      expect(payload).toEqual({ title: 'Your round is ready', body: `The Artisan Bar: round #${shortOrderId(orderId)}, table 17.`, url: `/venue/${SLUG}/table` });
      const body = new URLSearchParams(new TextDecoder().decode(texts.at(-1)!.body)).get('Body');
      expect(body).toBe(`Your round is ready. The Artisan Bar: round #${shortOrderId(orderId)}, table 17.`);
      await changeStatus(orderId, { status: 'delivered' });
    }
    // Three members, two asked: exactly one push and one text per round, none for Cy.
    expect(sent).toHaveLength(2);
    expect(texts).toHaveLength(2);
  });

  it('a stranger cannot ask about a tab (403), an unknown tab is 404; a member takes it back and is not told', async () => {
    const sent = capturePushes();
    const { sessionId, host } = await tableOf('18', ['Dee']);
    const stranger = await guestToken();
    const keys = (await browserKeys()).json;
    const endpoint = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/push`, { token: stranger.token, body: { endpoint, keys } }), 403).code).toBe('not_a_member');
    expect(expectApiError(await call('POST', `/api/tables/sessions/${sessionId}/ready-text`, { token: stranger.token, body: { phone: '+15552010043' } }), 403).code).toBe('not_a_member');
    expectApiError(await call('POST', '/api/tables/sessions/no-such-tab/push', { token: host.token, body: { endpoint, keys } }), 404);

    expect((await call('POST', `/api/tables/sessions/${sessionId}/push`, { token: host.token, body: { endpoint, keys } })).status).toBe(201);
    expect((await call('DELETE', `/api/tables/sessions/${sessionId}/push`, { token: host.token, body: { endpoint } })).status).toBe(200);
    const orderId = await roundOf(sessionId, host.token);
    await markReady(orderId);
    await settle();
    expect(sent.filter((s) => s.url === endpoint)).toEqual([]);
  });

  it('drops a member\'s subscription the push service answers 410 Gone', async () => {
    capturePushes(410);
    const { sessionId, host } = await tableOf('19', ['Eve']);
    const endpoint = `${PUSH_SERVICE}/send/${crypto.randomUUID()}`;
    expect((await call('POST', `/api/tables/sessions/${sessionId}/push`, { token: host.token, body: { endpoint, keys: (await browserKeys()).json } })).status).toBe(201);
    await markReady(await roundOf(sessionId, host.token));
    await settle();
    let n = 0;
    for (const db of [env.DB, env.DB_SHARD_0, env.DB_SHARD_1, env.DB_SHARD_2]) {
      n += (await db.prepare('SELECT count(*) AS n FROM table_ready_subscriptions WHERE table_session_id = ?').bind(sessionId).first<{ n: number }>().catch(() => ({ n: 0 })))!.n;
    }
    expect(n).toBe(0);
  });
});
