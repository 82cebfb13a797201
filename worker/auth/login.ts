// Email + password sign-in. An unknown email and a wrong password answer the same 401 after
// the same work (a PBKDF2 run either way). Failed attempts are limited per account and per
// client (docs/decisions/012-rate-limits.md, 107): every attempt is counted atomically before the
// password is checked, and a right one is given back, so parallel guesses cannot pass the limit.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LoginBody } from '../../shared/schemas/auth';
import { DEMO_PASSWORD } from '../db/seed/demo-content';
import { users } from '../db/schema';
import { isDemoMode, type AppContext } from '../env';
import { tooManyRequests, unauthorized } from '../lib/errors';
import { clientKey, hitRateLimit, refundRateLimit, type RateLimit } from '../lib/rate-limit';
import { hashPassword, verifyPassword } from './password';

export const LOGIN_FAILURES_PER_ACCOUNT: RateLimit = { name: 'login-fail-account', limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_PER_CLIENT: RateLimit = { name: 'login-fail-client', limit: 30, windowSeconds: 15 * 60 };
export const INVALID_CREDENTIALS = 'Invalid email or password';
const TOO_MANY = 'Too many sign-in attempts. Please wait and try again.';

let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('barhop-decoy-password'));

export async function checkCredentials(c: Context<AppContext>, { email, password }: LoginBody) {
  const d1 = c.env.DB;
  const client = clientKey(c);
  const [byClient, byAccount] = await Promise.all([
    hitRateLimit(d1, LOGIN_FAILURES_PER_CLIENT, client),
    hitRateLimit(d1, LOGIN_FAILURES_PER_ACCOUNT, email),
  ]);
  if (!byClient.allowed || !byAccount.allowed) {
    throw tooManyRequests(Math.max(byClient.allowed ? 0 : byClient.retryAfterSeconds, byAccount.allowed ? 0 : byAccount.retryAfterSeconds), TOO_MANY);
  }

  const user = await c.get('db').query.users.findFirst({ where: eq(users.email, email) });
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
  // Outside demo mode the published demo password never opens an account, seeded by mistake or not.
  const demoPasswordRefused = !isDemoMode(c.env) && password === DEMO_PASSWORD;
  if (!user || !passwordOk || user.disabledAt || demoPasswordRefused) throw unauthorized(INVALID_CREDENTIALS);
  await Promise.all([
    refundRateLimit(d1, LOGIN_FAILURES_PER_CLIENT, client, byClient),
    refundRateLimit(d1, LOGIN_FAILURES_PER_ACCOUNT, email, byAccount),
  ]);
  return user;
}
