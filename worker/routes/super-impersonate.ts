import { Hono } from 'hono';
import { ImpersonateBody } from '../../shared/schemas/auth';
import type { AppContext } from '../env';
import { impersonate, realSuperadmin, requireRealSuperadmin } from '../auth/impersonation';
import { staffCaller } from '../auth/middleware';
import { accessSessionFor } from '../auth/sessions';
import { validate } from '../lib/validate';

/** A super admin acting as admin or staff of one active venue, and back (DESIGN §5). */
export const superImpersonateRoutes = new Hono<AppContext>()
  .post('/', requireRealSuperadmin, validate('json', ImpersonateBody), async (c) => {
    const { venueId, role } = c.req.valid('json');
    return c.json(await impersonate(c, venueId, role));
  })
  .post('/exit', async (c) => c.json(await accessSessionFor(c, await realSuperadmin(c), staffCaller(c).sessionId)));
