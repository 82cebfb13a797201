import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { ResetPasswordBody, UpdateUserBody } from '../../shared/schemas/super';
import { endAllSessionsOf, requireSuperadmin } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { changedFields, describeWrite } from '../audit';
import { accountById, resetAccountPassword, updateAccount } from './accounts';

/** Venue staff and admin accounts, by super admins (mounted at /api/super/users). */
export const superUserRoutes = new Hono<AppContext>()
  .put('/:id', requireSuperadmin, validate('param', IdParam), validate('json', UpdateUserBody), async (c) => {
    const id = c.req.valid('param').id;
    const before = await accountById(c.get('db'), id);
    const account = await updateAccount(c.get('db'), id, c.req.valid('json'), (user) => endAllSessionsOf(c.env, c.get('db'), user));
    const action = before && !before.disabled && account.disabled ? 'account.disable' : before?.disabled && !account.disabled ? 'account.enable'
      : before && before.role !== account.role ? 'account.role_change' : 'account.update';
    describeWrite(c, {
      action, targetType: 'user', targetId: id, restaurantId: account.restaurant_id, summary: `${action.split('.')[1]!.replace('_', ' ')}: ${account.email}`,
      ...(before ? changedFields(before, account, ['claims_version']) : { after: account }),
    });
    return c.json({ account });
  })
  .post('/:id/reset-password', requireSuperadmin, validate('param', IdParam), validate('json', ResetPasswordBody), async (c) => {
    const result = await resetAccountPassword(c.get('db'), c.req.valid('param').id, c.req.valid('json').password, (user) => endAllSessionsOf(c.env, c.get('db'), user));
    describeWrite(c, {
      action: 'account.reset_password', targetType: 'user', targetId: result.account.id, restaurantId: result.account.restaurant_id,
      summary: `Reset the password of ${result.account.email}; their sessions ended`,
    });
    return c.json(result);
  });
