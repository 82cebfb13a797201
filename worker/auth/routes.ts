import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  DemoInfo, GuestSessionBody, LoginBody, OtpVerifyBody, PhoneBody, type OtpSent,
} from '../../shared/schemas/auth';
import { users } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo-content';
import { isDemoMode, type AppContext } from '../env';
import { createDeviceSession, resumeDeviceSession, signInDevice, signOutDevice } from './guests';
import { impersonate } from './impersonation';
import {
  GUEST_SESSIONS_PER_ADDRESS, OTP_SENDS_PER_ADDRESS, OTP_SENDS_PER_DEVICE, OTP_SENDS_PER_DEVICE_PHONE, OTP_SENDS_PER_PHONE,
  OTP_VERIFIES_PER_ADDRESS, OTP_VERIFIES_PER_DEVICE,
} from './limits';
import { checkCredentials } from './login';
import { guestCaller, requireGuest, staffCaller } from './middleware';
import { issueCode, normalizePhone, OTP_TTL_SECONDS, verifyCode } from './otp';
import { forgetSessionChecks } from './live-sessions';
import { accessSessionFor, endSession, openSession, rotateRefreshToken } from './sessions';
import { sendSms } from './sms';
import { unauthorized } from '../lib/errors';
import { clientKey, countersOf, enforceRateLimit, enforceRateLimits } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { keepsGuestReads } from '../menu';

const TOO_MANY_CODES = 'Too many codes requested. Please wait and try again.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait and try again.';

/** Sign-in for staff, admins and super admins; device sessions and phone sign-in for guests. */
export const authRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .get('/demo', (c) => {
    // Written with the build flag itself so a production bundle holds no demo account (docs/decisions/194).
    const info: DemoInfo = __BARHOP_DEMO_BUILD__ && isDemoMode(c.env)
      ? { demo_mode: true, password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role, venue_slug: a.venueSlug, display_name: a.displayName })) }
      : { demo_mode: false, password: null, accounts: [] };
    return c.json(info);
  })
  .post('/login', validate('json', LoginBody), async (c) => {
    const user = await checkCredentials(c, c.req.valid('json'));
    return c.json(await accessSessionFor(c, user, await openSession(c, user.id)));
  })
  .post('/refresh', async (c) => {
    const { user, sessionId } = await rotateRefreshToken(c);
    return c.json(await accessSessionFor(c, user, sessionId));
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return c.json({ success: true });
  })
  // A new access token for a live session (authenticate refused ended ones) whose claims are
  // still current; a changed account ends its sessions, so an outdated token signs in again.
  .post('/claims/sync', async (c) => {
    const caller = staffCaller(c);
    const user = await c.get('db').query.users.findFirst({ where: eq(users.id, caller.userId) });
    if (!user || user.disabledAt) throw unauthorized('Account is disabled');
    if (user.claimsVersion !== caller.claimsVersion) throw unauthorized('Session expired. Please sign in again.');
    if (caller.impersonatorId) {
      if (!caller.restaurantId || caller.role === 'superadmin') throw unauthorized();
      return c.json(await impersonate(c, caller.restaurantId, caller.role));
    }
    return c.json(await accessSessionFor(c, user, caller.sessionId));
  })
  .post('/guest-session', validate('json', GuestSessionBody), async (c) => {
    const caller = c.get('caller');
    if (caller?.kind === 'guest') {
      const resumed = await resumeDeviceSession(c.get('db'), c.env, caller.sessionId);
      if (resumed) return c.json(resumed);
    }
    await enforceRateLimits(c.env.DB, countersOf(GUEST_SESSIONS_PER_ADDRESS, clientKey(c)));
    return c.json(await createDeviceSession(c.get('db'), c.env, c.req.valid('json').slug), 201);
  })
  .post('/otp/send', requireGuest, validate('json', PhoneBody), async (c) => {
    const phone = normalizePhone(c.req.valid('json').phone);
    const device = guestCaller(c).sessionId;
    // The caller's own limits first; only a send within them counts for the phone, which is capped over every
    // device and address together (docs/decisions/165).
    await enforceRateLimits(c.env.DB, [
      { rule: OTP_SENDS_PER_DEVICE_PHONE, subject: `${device}:${phone}` },
      { rule: OTP_SENDS_PER_DEVICE, subject: device },
      ...countersOf(OTP_SENDS_PER_ADDRESS, clientKey(c)),
    ], TOO_MANY_CODES);
    await enforceRateLimit(c.env.DB, OTP_SENDS_PER_PHONE, phone, TOO_MANY_CODES);
    const code = await issueCode(c.get('db'), c.env, phone, device);
    const delivery = await sendSms(c.env, { to: phone, body: `Your Barhop code is ${code}. It expires in 10 minutes.` });
    const answer: OtpSent = { sent: true, expires_in: OTP_TTL_SECONDS };
    if (__BARHOP_DEMO_BUILD__ && delivery === 'skipped_demo') answer.demo_code = code;
    return c.json(answer);
  })
  .post('/otp/verify', requireGuest, validate('json', OtpVerifyBody), async (c) => {
    const { phone: rawPhone, code } = c.req.valid('json');
    const phone = normalizePhone(rawPhone);
    const device = guestCaller(c).sessionId;
    await enforceRateLimits(c.env.DB, [{ rule: OTP_VERIFIES_PER_DEVICE, subject: device }, ...countersOf(OTP_VERIFIES_PER_ADDRESS, clientKey(c))], TOO_MANY_ATTEMPTS);
    await verifyCode(c.get('db'), c.env, phone, device, code);
    const signedIn = await signInDevice(c.get('db'), c.env, device, phone);
    forgetSessionChecks();
    return c.json(signedIn);
  })
  .post('/guest/logout', requireGuest, async (c) => {
    await signOutDevice(c.get('db'), guestCaller(c).sessionId);
    forgetSessionChecks();
    return c.json({ success: true });
  });
