// A venue's guests share one address (the bar's Wi-Fi), so a limit keyed on the address is one limit for the whole
// bar: limits are keyed on the device, the account or the phone, and an address only meets a far higher ceiling
// against floods (docs/decisions/165). And a phone's codes and wrong guesses are capped over every device and
// address together. `npm test` runs one round of each; the soak (`npm run test:soak`, RELIABILITY_SCALE=10) runs
// ten (docs/reliability.md §13).
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../shared/ids';
import { DEMO_PASSWORD } from '../../worker/db/seed/demo-content';
import { DEMO_EMAILS, deviceSession, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { availableDrinks } from './order-helpers';

const SCALE = Math.max(1, Number((env as { RELIABILITY_SCALE?: string }).RELIABILITY_SCALE ?? 1));
const stats: Record<string, unknown> = { scale: SCALE };

beforeAll(() => { vi.spyOn(console, 'warn').mockImplementation(() => undefined); });
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY venue-wifi ${JSON.stringify(stats)}`);
});

let addressSerial = 0;
/** One venue's Wi-Fi (or one attacker's address): an address no other test in this file uses. */
const venueWifi = () => { addressSerial += 1; return { 'CF-Connecting-IP': `100.${64 + Math.floor(addressSerial / 250)}.${addressSerial % 250}.9` }; };
let phoneSerial = 0;
const newPhone = () => { phoneSerial += 1; return `+1555771${String(phoneSerial).padStart(4, '0')}`; };

const sendCode = (token: string, phone: string, headers: Record<string, string>) => call('POST', '/api/auth/otp/send', { token, body: { phone }, headers });
const codesOf = async (phone: string) => (await env.DB.prepare('SELECT count(*) AS n FROM otp_codes WHERE phone = ?').bind(phone).first<{ n: number }>())!.n;
const knownDeviceCookie = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('barhop_device='))?.split(';')[0];

async function newStaffAccount() {
  const email = `wifi-${newId(8).toLowerCase()}@barhop.dev`;
  const superLogin = await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.superadmin, password: DEMO_PASSWORD }, headers: venueWifi() });
  const created = await call('POST', `/api/super/venues/${await venueId('artisan-bar')}/staff`, {
    token: superLogin.json.access_token, body: { email, role: 'staff', password: 'Venue-wifi-password-1' },
  });
  expect(created.status, created.text).toBe(201);
  return { email, password: 'Venue-wifi-password-1' };
}

describe('finding 3: one address does not lock out a whole bar', () => {
  it('300 guests on the same Wi-Fi each get a device session within 10 minutes, and the last one can order', async () => {
    const [drink] = await availableDrinks('artisan-bar');
    const rounds = [];
    for (let round = 0; round < SCALE; round += 1) {
      const wifi = venueWifi();
      let refused = 0;
      let last = '';
      for (let guest = 0; guest < 300; guest += 1) {
        const res = await call('POST', '/api/auth/guest-session', { body: { slug: 'artisan-bar' }, headers: wifi });
        if (res.status === 201) last = res.json.token; else refused += 1;
      }
      expect(refused).toBe(0);
      const order = await call('POST', '/api/orders/quick', { token: last, body: { slug: 'artisan-bar', item: { menu_drink_id: drink!.id } }, headers: wifi });
      expect(order.status, order.text).toBe(200);
      rounds.push({ sessions: 300, refused });
    }
    stats.guestSessionsOneAddress = { rounds: rounds.length, sessionsPerRound: 300, refused: rounds.reduce((n, r) => n + r.refused, 0) };
  }, 120_000 * SCALE);

  it('30 failed logins with random emails from the Wi-Fi leave staff signing in there with the right password', async () => {
    const wifi = venueWifi();
    for (let i = 0; i < 30; i += 1) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email: `guess-${newId(6).toLowerCase()}@example.com`, password: 'guess' }, headers: wifi }), 401);
    }
    const staff = await call('POST', '/api/auth/login', { body: { email: DEMO_EMAILS.staff, password: DEMO_PASSWORD }, headers: wifi });
    expect(staff.status, staff.text).toBe(200);
  }, 60_000 * SCALE);

  it("20 guests' codes from the Wi-Fi leave the next guest's first code sent", async () => {
    const wifi = venueWifi();
    for (let i = 0; i < 20; i += 1) {
      const guest = await deviceSession(wifi);
      expect((await sendCode(guest.token, newPhone(), wifi)).status).toBe(200);
    }
    const next = await deviceSession(wifi);
    const phone = newPhone();
    const sent = await sendCode(next.token, phone, wifi);
    expect(sent.status, sent.text).toBe(200);
    const verified = await call('POST', '/api/auth/otp/verify', { token: next.token, body: { phone, code: sent.json.demo_code }, headers: wifi });
    expect(verified.status, verified.text).toBe(200);
  });
});

describe('finding 4: a phone is capped over every device and address', () => {
  it('24 new devices on 2 addresses asking a code for one phone get at most 10 sent in the hour', async () => {
    const rounds = [];
    for (let round = 0; round < SCALE; round += 1) {
      const phone = newPhone();
      const addresses = [venueWifi(), venueWifi()];
      let sent = 0;
      let refused = 0;
      for (let d = 0; d < 24; d += 1) {
        const headers = addresses[d % 2]!;
        const device = await deviceSession(headers);
        const res = await sendCode(device.token, phone, headers);
        if (res.status === 200) sent += 1;
        else if (res.status === 429) refused += 1;
        else throw new Error(`unexpected ${res.status} ${res.text}`);
      }
      expect(sent).toBeLessThanOrEqual(10);
      expect(sent + refused).toBe(24);
      expect(await codesOf(phone)).toBe(sent);
      rounds.push({ sent, refused });
    }
    stats.sendsOnePhone = { rounds: rounds.length, devicesPerRound: 24, maxSent: Math.max(...rounds.map((r) => r.sent)) };
  }, 120_000 * SCALE);

  it('6 devices on 3 addresses guessing 5 wrong codes each at one phone get at most 10 guesses checked', async () => {
    const rounds = [];
    for (let round = 0; round < SCALE; round += 1) {
      const phone = newPhone();
      const addresses = [venueWifi(), venueWifi(), venueWifi()];
      let checked = 0;
      let refused = 0;
      for (let d = 0; d < 6; d += 1) {
        const headers = addresses[d % 3]!;
        const device = await deviceSession(headers);
        const sent = await sendCode(device.token, phone, headers);
        expect(sent.status, sent.text).toBe(200);
        const wrong = sent.json.demo_code === '000000' ? '111111' : '000000';
        for (let guess = 0; guess < 5; guess += 1) {
          const res = await call('POST', '/api/auth/otp/verify', { token: device.token, body: { phone, code: wrong }, headers });
          if (res.status === 400) checked += 1;
          else if (res.status === 429) refused += 1;
          else throw new Error(`unexpected ${res.status} ${res.text}`);
        }
      }
      expect(checked).toBeLessThanOrEqual(10);
      expect(checked + refused).toBe(30);
      rounds.push({ checked, refused });
    }
    stats.wrongGuessesOnePhone = { rounds: rounds.length, guessesPerRound: 30, maxChecked: Math.max(...rounds.map((r) => r.checked)) };
  }, 120_000 * SCALE);
});

describe('finding 7: wrong passwords lock an account and address pair, never the account everywhere', () => {
  it('ten wrong passwords from ten addresses leave the right one working from an eleventh', async () => {
    const account = await newStaffAccount();
    for (let i = 0; i < 10; i += 1) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email: account.email, password: `wrong-${i}` }, headers: venueWifi() }), 401);
    }
    const ok = await call('POST', '/api/auth/login', { body: account, headers: venueWifi() });
    expect(ok.status, ok.text).toBe(200);
  }, 60_000 * SCALE);

  it('ten wrong passwords from one address lock that pair only: the right one still works from another address', async () => {
    const account = await newStaffAccount();
    const attacker = venueWifi();
    for (let i = 0; i < 10; i += 1) {
      expectApiError(await call('POST', '/api/auth/login', { body: { email: account.email, password: `wrong-${i}` }, headers: attacker }), 401);
    }
    expectApiError(await call('POST', '/api/auth/login', { body: account, headers: attacker }), 429);
    expect((await call('POST', '/api/auth/login', { body: account, headers: venueWifi() })).status).toBe(200);
  }, 60_000 * SCALE);

  it('a device that signed in before keeps signing in with the right password, on the same Wi-Fi as the guesser and after guesses from everywhere', async () => {
    const account = await newStaffAccount();
    const wifi = venueWifi();
    const first = await call('POST', '/api/auth/login', { body: account, headers: wifi });
    expect(first.status, first.text).toBe(200);
    const known = knownDeviceCookie(first);
    expect(known, 'the sign-in remembers the device').toBeTruthy();
    // Someone on the same Wi-Fi guesses until that address is refused, then guesses from many addresses.
    let refusedElsewhere = 0;
    for (let i = 0; i < 12; i += 1) {
      expect([401, 429]).toContain((await call('POST', '/api/auth/login', { body: { email: account.email, password: `wrong-${i}` }, headers: wifi })).status);
    }
    for (let i = 0; i < 60; i += 1) {
      const res = await call('POST', '/api/auth/login', { body: { email: account.email, password: `wrong-${i}` }, headers: venueWifi() });
      if (res.status === 429) refusedElsewhere += 1;
    }
    // The guesses from everywhere met the account's own ceiling: a new device is refused now ...
    expect(refusedElsewhere).toBeGreaterThan(0);
    expectApiError(await call('POST', '/api/auth/login', { body: account, headers: venueWifi() }), 429);
    // ... and the known device is not, on the guesser's Wi-Fi too.
    const again = await call('POST', '/api/auth/login', { body: account, headers: { ...wifi, Cookie: known! } });
    expect(again.status, again.text).toBe(200);
    stats.knownDeviceAfterGuesses = { guessesFromItsWifi: 12, guessesFromElsewhere: 60, refusedElsewhere, knownDeviceSignedIn: true };
  }, 60_000 * SCALE);
});
