import { and, eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { LiveQuery } from '../../shared/schemas/live';
import { requireStaff } from '../auth/middleware';
import { verifyToken } from '../auth/tokens';
import { venues } from '../db/schema';
import type { AppContext, Caller } from '../env';
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors';
import { validate } from '../lib/validate';
import { venueHub } from '../live/hub-client';
import { SUBSCRIBER_HEADER, type Subscriber } from '../live/venue-hub';
import { guestOwnerKeys } from '../orders/queries';

/**
 * The venue's live channel (docs/decisions/027). Browsers cannot set headers on a WebSocket, so
 * the token comes as `?token=`; `?since=N` asks for the events after N.
 */
export const liveRoutes = new Hono<AppContext>()
  .get('/venues/:id', validate('param', IdParam), validate('query', LiveQuery), async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(426, 'upgrade_required', 'This endpoint only speaks WebSocket');
    }
    const { token, since } = c.req.valid('query');
    const verified = await verifyToken(c.env, token);
    if (!verified) throw unauthorized('Invalid or expired token');
    const idOrSlug = c.req.valid('param').id;
    const venue = await c.get('db').query.venues.findFirst({ where: and(or(eq(venues.id, idOrSlug), eq(venues.slug, idOrSlug))) });
    if (!venue) throw notFound('Venue not found');

    let subscriber: Subscriber;
    if (verified.audience === 'staff') {
      const { claims } = verified;
      const caller: Caller = {
        kind: 'staff', userId: claims.sub, role: claims.role, restaurantId: claims.restaurant_id,
        claimsVersion: claims.claims_version, impersonatorId: claims.act ?? null,
      };
      c.set('caller', caller);
      // Same account and claims checks as every staff route.
      await requireStaff(c, async () => {});
      const anyVenue = caller.role === 'superadmin' && !caller.impersonatorId;
      if (!anyVenue && caller.restaurantId !== venue.id) throw forbidden('This live channel belongs to another venue');
      subscriber = { audience: 'staff', venueId: venue.id, userId: caller.userId };
    } else {
      if (!venue.active) throw notFound('Venue not found');
      const guest = { kind: 'guest' as const, sessionId: verified.claims.sub, guestId: verified.claims.guest_id };
      subscriber = { audience: 'guest', venueId: venue.id, ownerKeys: guestOwnerKeys(guest) };
    }

    const url = new URL('https://venue-hub/live');
    if (since !== undefined) url.searchParams.set('since', String(since));
    // A fresh request: nothing the client sent reaches the hub except what was checked here.
    return venueHub(c.env, venue.id).fetch(new Request(url, {
      headers: { Upgrade: 'websocket', [SUBSCRIBER_HEADER]: JSON.stringify(subscriber) },
    }));
  });
