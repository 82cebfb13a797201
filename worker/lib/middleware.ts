import { createMiddleware } from 'hono/factory';
import { drizzleFor } from '../db/handles';
import type { AppContext } from '../env';

/** The drizzle handle over the control database (one per binding and isolate: worker/db/handles.ts). */
export const withDb = createMiddleware<AppContext>(async (c, next) => {
  c.set('db', drizzleFor(c.env.DB));
  await next();
});

/** One JSON line per request, with the request id, so logs can be joined with error_logs. */
export const requestLog = createMiddleware<AppContext>(async (c, next) => {
  const started = Date.now();
  await next();
  if (c.env.LOG_REQUESTS === 'false') return;
  console.log(JSON.stringify({
    request_id: c.get('requestId'),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    status: c.res.status,
    ms: Date.now() - started,
  }));
});

/** API answers are per-caller data: never stored by shared caches unless a route says so. */
export const noStoreByDefault = createMiddleware<AppContext>(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
