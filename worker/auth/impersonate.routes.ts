import { Hono } from 'hono';
import { ImpersonateBody } from '../../shared/schemas/auth';
import type { AppContext } from '../env';
import { impersonate, realSuperadmin, requireRealSuperadmin } from './impersonation';
import { staffCaller } from './middleware';
import { accessSessionFor } from './sessions';
import { validate } from '../lib/validate';
import { describeWrite } from '../audit';

/** A super admin acting as admin or staff of one active venue, and back (docs/product.md §5.6). */
export const superImpersonateRoutes = new Hono<AppContext>()
  .post('/', requireRealSuperadmin, validate('json', ImpersonateBody), async (c) => {
    const { venueId, role } = c.req.valid('json');
    const session = await impersonate(c, venueId, role);
    describeWrite(c, {
      action: 'impersonation.start', targetType: 'venue', targetId: session.venue.id, restaurantId: session.venue.id,
      summary: `Started acting as ${role} of ${session.venue.name}`, after: { role, venue_id: session.venue.id },
    });
    return c.json(session);
  })
  .post('/exit', async (c) => {
    const session = await accessSessionFor(c, await realSuperadmin(c), staffCaller(c).sessionId);
    const caller = c.get('caller');
    if (caller?.kind === 'staff' && caller.impersonatorId) {
      describeWrite(c, { action: 'impersonation.exit', targetType: 'venue', targetId: caller.restaurantId ?? undefined, summary: `Stopped acting as ${caller.role}` });
    }
    return c.json(session);
  });
