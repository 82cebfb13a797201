// Email + password sign-in. An unknown email and a wrong password answer the same 401 after the same work (a PBKDF2
// run either way). Wrong passwords are limited per account and client — the browser when it is a known device of
// the account, else the address — then, for unknown devices, per account over every address and per address over
// every account (worker/auth/limits.ts, docs/decisions/165). Every attempt is counted atomically before the
// password is checked and a right one is given back, so parallel guesses cannot pass a limit (docs/decisions/165).
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LoginBody } from '../../shared/schemas/auth';
import { DEMO_PASSWORD } from '../db/seed/demo-content';
import { users } from '../db/schema';
import { isDemoMode, type AppContext } from '../env';
import { tooManyRequests, unauthorized } from '../lib/errors';
import { clientKey, countersOf, hitRateLimits, refundRateLimits, type Counter, type RateLimitHits } from '../lib/rate-limit';
import { knownDeviceOf, rememberKnownDevice } from './known-devices';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, LOGIN_FAILURES_PER_ADDRESS } from './limits';
import { hashPassword, verifyPassword } from './password';

export const INVALID_CREDENTIALS = 'Invalid email or password';
const TOO_MANY = 'Too many sign-in attempts. Please wait and try again.';

let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('barhop-decoy-password'));

/**
 * The counters one attempt meets, in two stages. The first is the caller's own (its pair with the account, and its
 * address's ceiling); only an attempt within them reaches the account's ceiling, so one address alone adds at most
 * its pair's limit there. A known device meets its pair alone.
 */
function loginCounters(email: string, address: string, knownDevice: string | null): [Counter[], Counter[]] {
  if (knownDevice) return [[{ rule: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, subject: `${email}|device:${knownDevice}` }], []];
  return [
    [{ rule: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, subject: `${email}|address:${address}` }, ...countersOf(LOGIN_FAILURES_PER_ADDRESS, address)],
    countersOf(LOGIN_FAILURES_PER_ACCOUNT, email),
  ];
}

export async function checkCredentials(c: Context<AppContext>, { email, password }: LoginBody) {
  const d1 = c.env.DB;
  const stages = loginCounters(email, clientKey(c), await knownDeviceOf(c, email));
  const counted: { counters: Counter[]; hits: RateLimitHits }[] = [];
  for (const counters of stages) {
    if (counters.length === 0) continue;
    const hits = await hitRateLimits(d1, counters);
    if (!hits.allowed) throw tooManyRequests(hits.retryAfterSeconds, TOO_MANY);
    counted.push({ counters, hits });
  }

  const user = await c.get('db').query.users.findFirst({ where: eq(users.email, email) });
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
  // Outside demo mode the published demo password never opens an account, seeded by mistake or not.
  const demoPasswordRefused = !isDemoMode(c.env) && password === DEMO_PASSWORD;
  if (!user || !passwordOk || user.disabledAt || demoPasswordRefused) throw unauthorized(INVALID_CREDENTIALS);
  await Promise.all(counted.map(({ counters, hits }) => refundRateLimits(d1, counters, hits)));
  await rememberKnownDevice(c, email);
  return user;
}
