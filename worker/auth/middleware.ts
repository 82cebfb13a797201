import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { StaffRole } from '../../shared/constants';
import { users } from '../db/schema';
import type { AppContext, Caller } from '../env';
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors';
import { isSessionSignedIn } from './guests';
import { verifyToken } from './tokens';

type StaffCaller = Extract<Caller, { kind: 'staff' }>;
type GuestCaller = Extract<Caller, { kind: 'guest' }>;

function bearer(c: Context<AppContext>): string | null {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]! : '';
}

/** Reads the bearer token when there is one. A token that is present but invalid is a 401. */
export const authenticate = createMiddleware<AppContext>(async (c, next) => {
  const token = bearer(c);
  if (token !== null) {
    const verified = token ? await verifyToken(c.env, token) : null;
    if (!verified) throw unauthorized('Invalid or expired token');
    if (verified.audience === 'staff') {
      const { claims } = verified;
      c.set('caller', {
        kind: 'staff', userId: claims.sub, role: claims.role, restaurantId: claims.restaurant_id,
        claimsVersion: claims.claims_version, impersonatorId: claims.act ?? null,
      });
    } else {
      c.set('caller', { kind: 'guest', sessionId: verified.claims.sub, guestId: verified.claims.guest_id });
    }
  }
  await next();
});

/**
 * Staff, admin or super admin of the roles given. The token's claims_version must match the
 * user's (DESIGN §5): an older one answers 409 claims_outdated so the client refreshes.
 * Back-office writes are recorded in the audit log (worker/audit/record.ts).
 */
export function requireRole(...roles: StaffRole[]) {
  return createMiddleware<AppContext>(async (c, next) => {
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
  });
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
 * impersonating) names one with `restaurant_id`; nobody else can choose.
 */
export function scopedVenueId(c: Context<AppContext>): string {
  const caller = staffCaller(c);
  if (caller.role === 'superadmin' && !caller.impersonatorId) {
    const chosen = c.req.query('restaurant_id');
    if (!chosen) throw new ApiError(400, 'invalid_request', 'restaurant_id is required for super admins');
    return chosen;
  }
  if (!caller.restaurantId) throw forbidden('No venue is linked to this account');
  return caller.restaurantId;
}

/**
 * Tenancy for one object (DESIGN §5): staff and admins reach only their token's venue; another
 * venue's object answers 404 exactly like a missing one, so its existence never leaks. A super
 * admin (not impersonating) may address any venue.
 */
export function assertVenueAccess(c: Context<AppContext>, objectRestaurantId: string | null | undefined, message = 'Not found') {
  const caller = staffCaller(c);
  if (caller.role === 'superadmin' && !caller.impersonatorId) return;
  if (!objectRestaurantId || objectRestaurantId !== caller.restaurantId) throw notFound(message);
}

/** A guest device session (signed token). Spec: 'No session' when there is none. */
export const requireGuest = createMiddleware<AppContext>(async (c, next) => {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'guest') throw unauthorized('No session');
  await next();
});

export function guestCaller(c: Context<AppContext>): GuestCaller {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'guest') throw unauthorized('No session');
  return caller;
}

/** Cart, favourites and orders belong to the guest account once signed in, else to the device. */
export const ownerKeyOf = (guest: GuestCaller) => (guest.guestId ? `g:${guest.guestId}` : `s:${guest.sessionId}`);

/**
 * Guests who must be signed in by phone (cart, favourites, profile). Spec: 'Not authenticated'.
 * The device session must still be linked to the account: after sign out, old tokens stop here.
 */
export const requireSignedInGuest = createMiddleware<AppContext>(async (c, next) => {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'guest') throw unauthorized('No session');
  if (!caller.guestId || !(await isSessionSignedIn(c.get('db'), caller.sessionId, caller.guestId))) throw unauthorized('Not authenticated');
  await next();
});

