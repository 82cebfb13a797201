import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { authenticate } from './auth/middleware';
import type { AppContext } from './env';
import { handleError, handleNotFound } from './lib/error-handler';
import { ApiError } from './lib/errors';
import { noStoreByDefault, requestLog, withDb } from './lib/middleware';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
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
  .route('/healthz', healthRoutes)
  .route('/venue', venueRoutes);

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
