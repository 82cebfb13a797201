// Super admins acting as admin or staff of one active venue (docs/product.md §5.6). The token is short
// lived, carries the real actor in `act`, and every write made with it is audited
// (worker/audit/record.ts).
import { eq, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ImpersonationRole, ImpersonationSession } from '../../shared/schemas/auth';
import { users, venues } from '../db/schema';
import { toVenue } from '../db/serializers';
import type { AppContext } from '../env';
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors';
import { documented, requires } from '../openapi';
import { staffCaller } from './middleware';
import { IMPERSONATION_TTL_SECONDS, signStaffToken } from './tokens';

export const ONLY_SUPERADMINS = 'Only super admins can impersonate venues';

/** The super admin behind the caller's token, impersonating or not; anyone else is refused. */
export async function realSuperadmin(c: Context<AppContext>) {
  const caller = c.get('caller');
  if (!caller || caller.kind !== 'staff') throw unauthorized();
  const user = await c.get('db').query.users.findFirst({ where: eq(users.id, caller.impersonatorId ?? caller.userId) });
  if (!user || user.disabledAt) throw unauthorized('Account is disabled');
  if (user.role !== 'superadmin') throw forbidden(ONLY_SUPERADMINS);
  if (!caller.impersonatorId && user.claimsVersion !== caller.claimsVersion) {
    throw new ApiError(409, 'claims_outdated', 'Your access has changed; refresh your session');
  }
  return user;
}

/** Route guard with the spec's message, checked before the body is read. */
export const requireRealSuperadmin = documented(createMiddleware<AppContext>(async (c, next) => {
  await realSuperadmin(c);
  await next();
}), requires('staffToken', ['superadmin']));

export async function impersonate(c: Context<AppContext>, venueIdOrSlug: string, role: ImpersonationRole): Promise<ImpersonationSession> {
  const actor = await realSuperadmin(c);
  // The impersonation rides on the super admin's own session: it ends when that session does.
  const sessionId = staffCaller(c).sessionId;
  const venue = await c.get('db').query.venues.findFirst({ where: or(eq(venues.id, venueIdOrSlug), eq(venues.slug, venueIdOrSlug)) });
  if (!venue) throw notFound('Venue not found');
  if (!venue.active) throw new ApiError(409, 'venue_inactive', 'Venue is inactive');
  const access_token = await signStaffToken(c.env, {
    sub: actor.id, role, restaurant_id: venue.id, claims_version: actor.claimsVersion, act: actor.id, sid: sessionId,
  }, IMPERSONATION_TTL_SECONDS);
  return {
    access_token, token_type: 'Bearer', expires_in: IMPERSONATION_TTL_SECONDS,
    venue: toVenue(venue), role, original_role: 'superadmin', actor_id: actor.id,
  };
}
