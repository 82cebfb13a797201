import { Hono } from 'hono';
import { ClientErrorReport } from '../../shared/schemas/common';
import { errorLogs } from '../db/schema';
import type { AppContext } from '../env';
import { newId } from '../../shared/ids';
import { validate } from '../lib/validate';

/** The browser's runtime-error fallback reports here, so the super admin sees client crashes too. */
export const clientErrorRoutes = new Hono<AppContext>()
  .post('/', validate('json', ClientErrorReport), async (c) => {
    const report = c.req.valid('json');
    await c.get('db').insert(errorLogs).values({
      id: newId(), level: 'warning', source: 'client', requestId: c.get('requestId'),
      method: 'GET', route: report.route, message: report.message,
    });
    return c.body(null, 204);
  });
