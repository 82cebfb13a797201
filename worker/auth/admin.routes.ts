import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AuthClaims } from '../../shared/schemas/auth';
import { users } from '../db/schema';
import type { AppContext } from '../env';
import { requireStaff, staffCaller } from './middleware';
import { unauthorized } from '../lib/errors';

/** The caller's claims as the server sees them (spec: GET /admin/auth/me, used for claims sync). */
export const adminAuthRoutes = new Hono<AppContext>()
  .get('/me', requireStaff, async (c) => {
    const caller = staffCaller(c);
    const user = await c.get('db').query.users.findFirst({ where: eq(users.id, caller.impersonatorId ?? caller.userId) });
    if (!user) throw unauthorized();
    const claims: AuthClaims = {
      user_id: user.id, email: user.email, role: caller.role, restaurant_id: caller.restaurantId,
      claims_version: caller.impersonatorId ? caller.claimsVersion : user.claimsVersion, impersonating: caller.impersonatorId !== null,
    };
    return c.json(claims);
  });
