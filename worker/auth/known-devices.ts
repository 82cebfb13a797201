// A browser that has signed in to an account is that account's known device (docs/decisions/165). Its sign-ins meet
// only its own limit on wrong passwords, so nobody else's guesses — on its Wi-Fi or from anywhere — lock it out with
// the right password. The proof is a cookie the server signs at each successful sign-in: a random device id and, for
// each account signed in on it (the latest five), an HMAC of the device and the email under the server's secret.
// Nothing is stored, and the cookie means nothing for any other account or browser.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { newId } from '../../shared/ids';
import type { AppContext, WorkerEnv } from '../env';
import { constantTimeEqual, toB64url } from './password';
import { secretKey } from './tokens';

export const KNOWN_DEVICE_COOKIE = 'barhop_device';
/** Only the sign-in reads it. */
export const KNOWN_DEVICE_COOKIE_PATH = '/api/auth/login';
const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const ACCOUNTS_PER_DEVICE = 5;
const DEVICE_ID = /^[A-Za-z0-9]{20}$/;
const TAG = /^[A-Za-z0-9_-]{22}$/;

type KnownDevice = { id: string; tags: string[] };

/** `<device id>.<tag>.<tag>…`, or null for anything else. */
function parse(value: string | undefined): KnownDevice | null {
  if (!value || value.length > 200) return null;
  const [id, ...tags] = value.split('.');
  if (!id || !DEVICE_ID.test(id)) return null;
  return { id, tags: tags.filter((tag) => TAG.test(tag)).slice(0, ACCOUNTS_PER_DEVICE) };
}

/** 128 bits of HMAC(secret, device and email): only this server can make it, for this device and this account. */
async function tagOf(env: WorkerEnv, deviceId: string, email: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await secretKey(env), new TextEncoder().encode(`known-device:${deviceId}:${email}`));
  return toB64url(new Uint8Array(mac).slice(0, 16));
}

/** The device's id when the request's cookie shows this browser signed in to `email` before; otherwise null. */
export async function knownDeviceOf(c: Context<AppContext>, email: string): Promise<string | null> {
  const device = parse(getCookie(c, KNOWN_DEVICE_COOKIE));
  if (!device || device.tags.length === 0) return null;
  const tag = await tagOf(c.env, device.id, email);
  return device.tags.some((known) => constantTimeEqual(known, tag)) ? device.id : null;
}

/** After a right password: this browser becomes (or stays) a known device of `email`. */
export async function rememberKnownDevice(c: Context<AppContext>, email: string) {
  const device = parse(getCookie(c, KNOWN_DEVICE_COOKIE)) ?? { id: newId(20), tags: [] };
  const tag = await tagOf(c.env, device.id, email);
  const tags = [tag, ...device.tags.filter((known) => known !== tag)].slice(0, ACCOUNTS_PER_DEVICE);
  setCookie(c, KNOWN_DEVICE_COOKIE, [device.id, ...tags].join('.'), {
    httpOnly: true, sameSite: 'Strict', path: KNOWN_DEVICE_COOKIE_PATH, maxAge: KNOWN_DEVICE_TTL_SECONDS,
    secure: c.env.APP_ENV === 'production',
  });
}
