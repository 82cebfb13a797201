import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { ResetPasswordBody, UpdateUserBody } from '../../shared/schemas/super';
import { requireSuperadmin } from '../auth/middleware';
import { endAllSessionsOf } from '../auth/sessions';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { resetAccountPassword, updateAccount } from '../super/accounts';

/** Venue staff and admin accounts, by super admins (mounted at /api/super/users). */
export const superUserRoutes = new Hono<AppContext>()
  .put('/:id', requireSuperadmin, validate('param', IdParam), validate('json', UpdateUserBody), async (c) => {
    return c.json({ account: await updateAccount(c.get('db'), c.req.valid('param').id, c.req.valid('json'), (user) => endAllSessionsOf(c.env, c.get('db'), user)) });
  })
  .post('/:id/reset-password', requireSuperadmin, validate('param', IdParam), validate('json', ResetPasswordBody), async (c) => {
    return c.json(await resetAccountPassword(c.get('db'), c.req.valid('param').id, c.req.valid('json').password, (user) => endAllSessionsOf(c.env, c.get('db'), user)));
  });
