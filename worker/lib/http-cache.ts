import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { AppContext } from '../env';

/**
 * Public menu reads (docs/decisions/082): the same for every caller, revalidated on every use, so a
 * guest who reloads sees an admin's sold-out switch at once, while a repeat read of an unchanged
 * menu is a 304 without a body (weak ETag over the JSON body, If-None-Match).
 */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Reads that carry the caller's own data (e.g. a drink with the guest's rating): never in shared caches. */
export const PRIVATE_REVALIDATE = 'private, max-age=0, must-revalidate';

/** Weak ETag + Cache-Control on successful GETs, and 304 when If-None-Match matches. */
export function revalidatedRead(cacheControl: string): MiddlewareHandler<AppContext> {
  const tag = etag({ weak: true });
  return (c, next) => tag(c, async () => {
    await next();
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !c.res.ok) return;
    c.res.headers.set('Cache-Control', cacheControl);
    // The answer depends on who asks when the read is private.
    if (cacheControl === PRIVATE_REVALIDATE) c.res.headers.append('Vary', 'Authorization');
  });
}
