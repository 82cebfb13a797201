import { Hono } from 'hono';
import { ClientErrorReport } from '../../shared/schemas/common';
import { errorLogs } from '../db/schema';
import type { AppContext } from '../env';
import { newId } from '../../shared/ids';
import { redactSecrets } from '../lib/error-handler';
import { clientKey, enforceRateLimit, type RateLimit } from '../lib/rate-limit';
import { validate } from '../lib/validate';
import { keepsGuestReads } from '../menu';

/** A crash loop in one browser must not flood the log (docs/decisions/075-error-log-and-diagnostics.md). */
export const CLIENT_ERROR_LIMIT: RateLimit = { name: 'client-error-report', limit: 20, windowSeconds: 600 };

/** The browser's runtime-error fallback reports here, so the super admin sees client crashes too. */
export const clientErrorRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .post('/', validate('json', ClientErrorReport), async (c) => {
    const report = c.req.valid('json');
    await enforceRateLimit(c.env.DB, CLIENT_ERROR_LIMIT, clientKey(c), 'Too many error reports');
    const caller = c.get('caller');
    await c.get('db').insert(errorLogs).values({
      id: newId(), level: 'warning', source: 'client', requestId: c.get('requestId'),
      method: 'GET', route: report.route, message: redactSecrets(report.message),
      restaurantId: caller?.kind === 'staff' ? caller.restaurantId : null,
    });
    return c.body(null, 204);
  });
