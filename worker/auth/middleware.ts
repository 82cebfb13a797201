import { eq, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { StaffRole } from '../../shared/constants';
import { users, venues } from '../db/schema';
import type { AppContext, Caller, WorkerEnv } from '../env';
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors';
import { documented, requires } from '../openapi';
import { guestSessionLive, staffSessionState, type StaffSessionState } from './live-sessions';
import { verifyToken, type StaffClaims } from './tokens';

type StaffCaller = Extract<Caller, { kind: 'staff' }>;
type GuestCaller = Extract<Caller, { kind: 'guest' }>;

function bearer(c: Context<AppContext>): string | null {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]! : '';
}

/**
 * The role and venue a token acts with are the account's (docs/decisions/194). Whoever holds the signing key can
 * sign any claims, and changing an account's role or venue raises its claims_version, so a token of the account's
 * current claims_version whose role or venue differs from the account's was not signed by this server for it.
 * A token of another claims_version is outdated and answers 409 `claims_outdated` in requireRole (docs/product.md
 * §5.2). An impersonation token names the super admin in `sub` and `act` and carries the venue role it acts as.
 */
function claimsMatchAccount(claims: StaffClaims, account: StaffSessionState): boolean {
  if (claims.act !== undefined) {
    return claims.act === claims.sub && account.role === 'superadmin' && claims.role !== 'superadmin' && claims.restaurant_id !== null;
  }
  if (claims.claims_version !== account.claimsVersion) return true;
  return claims.role === account.role && claims.restaurant_id === account.restaurantId;
}

/**
 * The caller a token stands for, or null when the token is invalid or its session has ended
 * (logout, password reset, disabled or changed account, guest sign-out: docs/decisions/192).
 */
export async function liveCallerOf(env: WorkerEnv, token: string): Promise<Caller | null> {
  const verified = token ? await verifyToken(env, token) : null;
  if (!verified) return null;
  if (verified.audience === 'staff') {
    const { claims } = verified;
    const account = await staffSessionState(env.DB, { userId: claims.sub, sessionId: claims.sid });
    if (!account || !claimsMatchAccount(claims, account)) return null;
    return {
      kind: 'staff', userId: claims.sub, role: claims.role, restaurantId: claims.restaurant_id,
      claimsVersion: claims.claims_version, impersonatorId: claims.act ?? null, sessionId: claims.sid,
    };
  }
  const { sub, guest_id: guestId, signed_in_at: signedInAt = null } = verified.claims;
  if (guestId && !(await guestSessionLive(env.DB, { sessionId: sub, guestId, signedInAt, issuedAtMs: verified.issuedAtMs }))) return null;
  return { kind: 'guest', sessionId: sub, guestId, signedInAt };
}

/** Reads the bearer token when there is one. A token that is present but invalid, or of an ended session, is a 401. */
export const authenticate = createMiddleware<AppContext>(async (c, next) => {
  const token = bearer(c);
  if (token !== null) {
    const caller = await liveCallerOf(c.env, token);
    if (!caller) throw unauthorized('Invalid or expired token');
    c.set('caller', caller);
  }
  await next();
});

/**
 * Staff, admin or super admin of the roles given. The token's claims_version must match the
 * user's (docs/product.md §5.2): an older one answers 409 claims_outdated so the client refreshes.
 * Back-office writes are recorded in the audit log (worker/audit/record.ts).
 */
export function requireRole(...roles: StaffRole[]) {
  return documented(createMiddleware<AppContext>(async (c, next) => {
    const caller = c.get('caller');
    if (!caller || caller.kind !== 'staff') throw unauthorized();
    const realUserId = caller.impersonatorId ?? caller.userId;
    const user = await c.get('db').query.users.findFirst({
      columns: { id: true, claimsVersion: true, disabledAt: true, role: true },
      where: eq(users.id, realUserId),
    });
    if (!user || user.disabledAt) throw unauthorized('Account is disabled');
    if (caller.impersonatorId ? user.role !== 'superadmin' : user.claimsVersion !== caller.claimsVersion) {
      throw new ApiError(409, 'claims_outdated', 'Your access has changed; refresh your session');
    }
    if (!roles.includes(caller.role)) throw forbidden('Your role cannot do this');
    await next();
  }), requires('staffToken', roles));
}

export const requireStaff = requireRole('staff', 'admin', 'superadmin');
export const requireAdmin = requireRole('admin', 'superadmin');
export const requireSuperadmin = requireRole('superadmin');

export function staffCaller(c: Context<AppContext>): StaffCaller {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'staff') throw unauthorized();
  return caller;
}

/**
 * The venue a staff or admin request acts on: always the token's venue. A super admin (not
 * impersonating) names one with `restaurant_id`, by id or slug, and the request goes on with its id
 * (requireKnownNamedVenue resolved it); nobody else can choose.
 */
export function scopedVenueId(c: Context<AppContext>): string {
  const caller = staffCaller(c);
  if (isChoosingSuperadmin(caller)) {
    const chosen = c.get('namedVenueId');
    if (chosen) return chosen;
    // Named but not resolved: the route is mounted without requireKnownNamedVenue, a bug, never the name as sent.
    if (c.req.query('restaurant_id')) throw new Error('restaurant_id read before requireKnownNamedVenue resolved it');
    throw new ApiError(400, 'invalid_request', 'restaurant_id is required for super admins');
  }
  if (!caller.restaurantId) throw forbidden('No venue is linked to this account');
  return caller.restaurantId;
}

/** Only a super admin acting as themselves chooses the venue with `restaurant_id`. */
const isChoosingSuperadmin = (caller: Caller | undefined): boolean =>
  caller?.kind === 'staff' && caller.role === 'superadmin' && !caller.impersonatorId;

/**
 * A super admin's `restaurant_id` (the venue's id or its slug) is resolved here, once, to the venue's id: every
 * route, photo key and audit entry after this reads that id (scopedVenueId), never the name as sent. A name no
 * venue has answers 404 'Venue not found' before any route writes under it (a foreign key failure, a stray
 * image). Mounted once for all of /api, after authenticate.
 */
export const requireKnownNamedVenue = createMiddleware<AppContext>(async (c, next) => {
  const named = c.req.query('restaurant_id');
  if (named && isChoosingSuperadmin(c.get('caller'))) {
    const venue = await c.get('db').query.venues.findFirst({ columns: { id: true }, where: or(eq(venues.id, named), eq(venues.slug, named)) });
    if (!venue) throw notFound('Venue not found');
    c.set('namedVenueId', venue.id);
  }
  await next();
});

/**
 * Tenancy for one object (docs/product.md §5.5): staff and admins reach only their token's venue; another
 * venue's object answers 404 exactly like a missing one, so its existence never leaks. A super
 * admin (not impersonating) may address any venue.
 */
export function assertVenueAccess(c: Context<AppContext>, objectRestaurantId: string | null | undefined, message = 'Not found') {
  const caller = staffCaller(c);
  if (caller.role === 'superadmin' && !caller.impersonatorId) return;
  if (!objectRestaurantId || objectRestaurantId !== caller.restaurantId) throw notFound(message);
}

/** A guest device session (signed token). Spec: 'No session' when there is none. */
export const requireGuest = documented(createMiddleware<AppContext>(async (c, next) => {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'guest') throw unauthorized('No session');
  await next();
}), requires('guestToken'));

export function guestCaller(c: Context<AppContext>): GuestCaller {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'guest') throw unauthorized('No session');
  return caller;
}

/** Cart, favourites and orders belong to the guest account once signed in, else to the device. */
export const ownerKeyOf = (guest: GuestCaller) => (guest.guestId ? `g:${guest.guestId}` : `s:${guest.sessionId}`);

/**
 * Guests who must be signed in by phone (cart, favourites, profile). Spec: 'Not authenticated'.
 * A token whose device has signed out since never gets here (authenticate refuses it).
 */
export const requireSignedInGuest = documented(createMiddleware<AppContext>(async (c, next) => {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'guest') throw unauthorized('No session');
  if (!caller.guestId) throw unauthorized('Not authenticated');
  await next();
}), requires('guestToken', ['signed-in']));

