import { createMiddleware } from 'hono/factory';
import { drizzleFor } from '../db/handles';
import type { AppContext } from '../env';
import { scopedVenueId } from '../auth/middleware';
import { venueHub } from '../live/hub-client';
import { invalidateGuestReads } from '../menu/read-cache';

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

/**
 * Guests' own writes that never change a menu or a venue: placing, cancelling and cart lines (stock
 * moves only when staff start an order), signing in, error reports. Busy ordering must not empty the
 * menu cache for everyone (docs/decisions/098).
 */
const KEEPS_GUEST_READS = /^\/api\/(orders|cart|auth|client-errors)(\/|$)/;

/**
 * A successful write through the API may change what guests read (a drink switched off, stock that
 * sells one out, a venue's profile): drop the isolate's read cache (worker/menu/read-cache.ts).
 */
export const dropReadCacheOnWrite = createMiddleware<AppContext>(async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || c.res.status >= 400) return;
  if (!KEEPS_GUEST_READS.test(c.req.path)) invalidateGuestReads();
});

/** Staff and admin writes that can change what guests read of a venue's menu (docs/decisions/124). */
const CHANGES_VENUE_MENU = /^\/api\/(staff\/inventory|admin\/(menu-drinks|inventory|ingredients|venue|imports))(\/|$)/;

/**
 * After such a write succeeds, the venue's hub tells every open socket, so guest menus, drink pages and
 * carts refetch without a reload. The write's answer does not wait for it.
 */
export const announceMenuChanges = createMiddleware<AppContext>(async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || c.res.status >= 400) return;
  if (!CHANGES_VENUE_MENU.test(c.req.path) || c.get('caller')?.kind !== 'staff') return;
  let venueId: string;
  try {
    venueId = scopedVenueId(c);
  } catch {
    return;
  }
  c.executionCtx.waitUntil(venueHub(c.env, venueId).announceMenuChange(venueId).catch((err: unknown) => console.error('menu change not announced', venueId, err)));
});
