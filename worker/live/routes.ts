import { and, eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { LiveQuery } from '../../shared/schemas/live';
import { liveCallerOf, requireStaff } from '../auth';
import { venues } from '../db/schema';
import type { AppContext } from '../env';
import { ApiError, forbidden, notFound, unauthorized } from '../lib/errors';
import { clientKey } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { venueDatabase } from '../shards';
import { venueHub } from './hub-client';
import { ADDRESS_HEADER, SUBSCRIBER_HEADER, type Subscriber } from './sockets';
import { guestOwnerKeys } from '../orders';
import { tableOwnerKeysOf } from '../tables';

/**
 * The venue's live channel (docs/decisions/154). Browsers cannot set headers on a WebSocket, so
 * the token comes as `?token=`; `?since=N` asks for the events after N.
 */
export const liveRoutes = new Hono<AppContext>()
  .get('/venues/:id', validate('param', IdParam), validate('query', LiveQuery), async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(426, 'upgrade_required', 'This endpoint only speaks WebSocket');
    }
    const { token, since } = c.req.valid('query');
    // The same check as every route: a token of an ended session opens no channel (docs/decisions/192).
    const caller = await liveCallerOf(c.env, token);
    if (!caller) throw unauthorized('Invalid or expired token');
    const idOrSlug = c.req.valid('param').id;
    const { db } = await venueDatabase(c.env, idOrSlug);
    const venue = await db.query.venues.findFirst({ where: and(or(eq(venues.id, idOrSlug), eq(venues.slug, idOrSlug))) });
    if (!venue) throw notFound('Venue not found');

    let subscriber: Subscriber;
    if (caller.kind === 'staff') {
      c.set('caller', caller);
      // Same account and claims checks as every staff route.
      await requireStaff(c, async () => {});
      const anyVenue = caller.role === 'superadmin' && !caller.impersonatorId;
      if (!anyVenue && caller.restaurantId !== venue.id) throw forbidden('This live channel belongs to another venue');
      subscriber = {
        audience: 'staff', venueId: venue.id, userId: caller.userId, sessionId: caller.sessionId,
        claimsVersion: caller.claimsVersion, impersonating: caller.impersonatorId !== null,
      };
    } else {
      if (!venue.active) throw notFound('Venue not found');
      const ownKeys = guestOwnerKeys(caller);
      // The rounds of the tables the guest is at are theirs to follow too (docs/decisions/231).
      const ownerKeys = [...ownKeys, ...(await tableOwnerKeysOf(db, venue.id, ownKeys))];
      subscriber = { audience: 'guest', venueId: venue.id, ownerKeys, sessionId: caller.sessionId, guestId: caller.guestId, signedInAt: caller.signedInAt ?? null };
    }

    const url = new URL('https://venue-hub/live');
    if (since !== undefined) url.searchParams.set('since', String(since));
    // A fresh request: nothing the client sent reaches the hub except what was checked here, and the client's
    // address for the per-address socket cap (docs/decisions/166).
    return venueHub(c.env, venue.id).fetch(new Request(url, {
      headers: { Upgrade: 'websocket', [SUBSCRIBER_HEADER]: JSON.stringify(subscriber), [ADDRESS_HEADER]: clientKey(c) },
    }));
  });
