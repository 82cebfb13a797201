import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { ErrorLogQuery, ErrorSettingsBody } from '../../shared/schemas/super';
import { requireSuperadmin } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { getErrorRetentionDays, listErrorLogs, setErrorResolved, setErrorRetentionDays } from './error-logs';

/** The platform error log for super admins (mounted at /api/super/errors). */
export const superErrorRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, validate('query', ErrorLogQuery), async (c) => {
    return c.json(await listErrorLogs(c.get('db'), c.req.valid('query')));
  })
  .get('/settings', requireSuperadmin, async (c) => {
    return c.json({ retention_days: await getErrorRetentionDays(c.get('db')) });
  })
  .put('/settings', requireSuperadmin, validate('json', ErrorSettingsBody), async (c) => {
    return c.json({ retention_days: await setErrorRetentionDays(c.get('db'), c.req.valid('json').retention_days) });
  })
  .post('/:id/resolve', requireSuperadmin, validate('param', IdParam), async (c) => {
    return c.json({ error_log: await setErrorResolved(c.get('db'), c.req.valid('param').id, true) });
  })
  .post('/:id/reopen', requireSuperadmin, validate('param', IdParam), async (c) => {
    return c.json({ error_log: await setErrorResolved(c.get('db'), c.req.valid('param').id, false) });
  });
