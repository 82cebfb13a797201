import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { auditImpersonatedWrites, authenticate } from './auth/middleware';
import type { AppContext } from './env';
import { handleError, handleNotFound } from './lib/error-handler';
import { ApiError } from './lib/errors';
import { noStoreByDefault, requestLog, withDb } from './lib/middleware';
import { adminAuthRoutes } from './routes/admin-auth';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { clientErrorRoutes } from './routes/client-errors';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { liveRoutes } from './routes/live';
import { orderRoutes } from './routes/orders';
import { adminOrderRoutes, staffOrderRoutes } from './routes/staff-orders';
import { meRoutes } from './routes/me';
import { superImpersonateRoutes } from './routes/super-impersonate';
import { superVenueRoutes } from './routes/super-venues';
import { venueRoutes } from './routes/venues';

const MAX_JSON_BODY_BYTES = 256 * 1024;

/** The JSON API under /api: one sub-app per resource. */
const api = new Hono<AppContext>()
  .use(bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => { throw new ApiError(413, 'payload_too_large', `Request body is larger than ${MAX_JSON_BODY_BYTES} bytes`); },
  }))
  .use(noStoreByDefault)
  .use(authenticate)
  .use(auditImpersonatedWrites)
  .route('/healthz', healthRoutes)
  .route('/venue', venueRoutes)
  .route('/auth', authRoutes)
  .route('/admin/auth', adminAuthRoutes)
  .route('/me', meRoutes)
  .route('/super/impersonate', superImpersonateRoutes)
  .route('/super/venues', superVenueRoutes)
  .route('/client-errors', clientErrorRoutes)
  .route('/cart', cartRoutes)
  .route('/orders', orderRoutes)
  .route('/staff', staffOrderRoutes)
  .route('/admin/orders', adminOrderRoutes)
  .route('/live', liveRoutes);

export type ApiType = typeof api;

export const app = new Hono<AppContext>()
  .use(requestId({ headerName: 'X-Request-Id' }))
  .use(requestLog)
  .use(secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    crossOriginResourcePolicy: 'same-origin',
  }))
  .use(withDb)
  .route('/api', api)
  .route('/images', imageRoutes)
  .notFound(handleNotFound)
  .onError(handleError);
