import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { auditBackOfficeWrites } from './audit';
import { authenticate, requireKnownNamedVenue } from './auth';
import type { AppContext } from './env';
import { handleError, handleNotFound } from './lib/error-handler';
import { noStoreByDefault, requestLog, withDb } from './lib/middleware';
import { dropReadCacheOnWrite } from './menu';
import { limitWrites } from './lib/write-limits';
import { adminAuthRoutes } from './auth/admin.routes';
import { aiApi } from './ai/routes';
import { adminImageRoutes } from './images/admin.routes';
import { adminInventoryRoutes } from './inventory/admin.routes';
import { adminIngredientRoutes, adminMenuDrinkRoutes } from './menu/menu-drinks.routes';
import { adminAnalyticsRoutes, adminFiguresRoutes } from './analytics/admin.routes';
import { adminVenueRoutes } from './venues/admin.routes';
import { adminTranslationRoutes } from './menu/translations.routes';
import { adminAuditRoutes, superAuditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './orders/cart.routes';
import { clientErrorRoutes } from './diagnostics/client-errors.routes';
import { devBenchRoutes } from './bench/routes';
import { drinkRoutes } from './menu/routes';
import { favoriteRoutes } from './menu/favorites.routes';
import { healthRoutes } from './health/routes';
import { imageRoutes } from './images/routes';
import { liveRoutes } from './live/routes';
import { ordersApi } from './orders/routes';
import { pushKeyRoutes } from './push/routes';
import { ratingRoutes } from './menu/ratings.routes';
import { adminOrderRoutes, staffOrderRoutes } from './orders/staff.routes';
import { staffIngredientRoutes, staffInventoryRoutes, staffMenuRoutes } from './inventory/staff.routes';
import { meRoutes } from './auth/me.routes';
import { superErrorRoutes } from './diagnostics/errors.routes';
import { superImpersonateRoutes } from './auth/impersonate.routes';
import { superIngredientRoutes, superUnmatchedIngredientRoutes } from './ingredients/super.routes';
import { superPlatformRoutes } from './analytics/platform.routes';
import { superUserRoutes } from './team/users.routes';
import { superVenueRoutes } from './venues/super.routes';
import { venuesApi } from './venues/routes';
import { staffTablesApi, tablesApi } from './tables/routes';
import { adminTableRoutes } from './tables/staff.routes';
import { adminStripeConnectionRoutes, localOnboardingRoutes } from './payments/connect.routes';
import { adminPaymentRoutes } from './tables/card.routes';
import { paymentsApi } from './payments/routes';
import { adminExportRoutes, adminImportRoutes } from './imports/routes';
import { adminReportRoutes } from './reports/routes';
import { adminTeamRoutes, inviteRoutes } from './team/routes';
import { adminSetupRoutes } from './setup/routes';
import { openApiRoutes } from './openapi/routes';

const HSTS = 'max-age=63072000; includeSubDomains';

/** The JSON API under /api: one sub-app per resource. */
const api = new Hono<AppContext>()
  .use(noStoreByDefault)
  // What a write changes for guests is said by each resource (keepsGuestReads, changesVenueMenu on its sub-app).
  .use(dropReadCacheOnWrite)
  .use(authenticate)
  // Every write is counted and its body capped (docs/decisions/109, docs/api.md "Write limits").
  .use(limitWrites)
  .use(requireKnownNamedVenue)
  // After the limits: a refused flood is not written to the audit log (docs/decisions/193).
  .use(auditBackOfficeWrites)
  .route('/healthz', healthRoutes)
  .route('/venues', venuesApi)
  .route('/drinks', drinkRoutes)
  .route('/favorites', favoriteRoutes)
  .route('/ratings', ratingRoutes)
  .route('/auth', authRoutes)
  .route('/auth/invites', inviteRoutes)
  .route('/admin/auth', adminAuthRoutes)
  .route('/me', meRoutes)
  .route('/super/impersonate', superImpersonateRoutes)
  .route('/super/venues', superVenueRoutes)
  .route('/super/users', superUserRoutes)
  .route('/super/errors', superErrorRoutes)
  .route('/super/audit-log', superAuditRoutes)
  .route('/super/ingredients', superIngredientRoutes)
  .route('/super/unmatched-ingredients', superUnmatchedIngredientRoutes)
  .route('/super', superPlatformRoutes)
  .route('/client-errors', clientErrorRoutes)
  .route('/cart', cartRoutes)
  .route('/orders', ordersApi)
  .route('/push', pushKeyRoutes)
  .route('/tables', tablesApi)
  .route('/payments', paymentsApi)
  .route('/staff', staffOrderRoutes)
  .route('/staff/inventory', staffInventoryRoutes)
  .route('/staff/ingredients', staffIngredientRoutes)
  .route('/staff/menu', staffMenuRoutes)
  .route('/staff/tables', staffTablesApi)
  .route('/admin/orders', adminOrderRoutes)
  .route('/admin/menu-drinks', adminMenuDrinkRoutes)
  .route('/admin/ingredients', adminIngredientRoutes)
  .route('/admin/inventory', adminInventoryRoutes)
  .route('/admin/venue', adminVenueRoutes)
  .route('/admin/translations', adminTranslationRoutes)
  .route('/admin/analytics', adminAnalyticsRoutes)
  .route('/admin/figures', adminFiguresRoutes)
  .route('/admin/audit-log', adminAuditRoutes)
  .route('/admin/images', adminImageRoutes)
  .route('/admin/tables', adminTableRoutes)
  .route('/admin/payments/stripe', adminStripeConnectionRoutes)
  .route('/admin/payments', adminPaymentRoutes)
  .route('/admin/imports', adminImportRoutes)
  .route('/admin/exports', adminExportRoutes)
  .route('/admin/reports', adminReportRoutes)
  .route('/admin/team', adminTeamRoutes)
  .route('/admin/setup', adminSetupRoutes)
  .route('/live', liveRoutes)
  .route('/ai', aiApi);
// Bench-only routes are compiled out of a production build (docs/decisions/194).
if (__BARHOP_DEMO_BUILD__) api.route('/dev/bench', devBenchRoutes());
// The local Stripe stand-in's onboarding page (docs/decisions/244): demo builds only, never in production.
if (__BARHOP_DEMO_BUILD__) api.route('/payments', localOnboardingRoutes);
// The API's OpenAPI document and reference page, read from the whole app (docs/decisions/252); outside ApiType, as
// the app's client never calls them.
api.route('/', openApiRoutes(() => app));

export type ApiType = typeof api;

export const app = new Hono<AppContext>()
  .use(requestId({ headerName: 'X-Request-Id' }))
  .use(requestLog)
  .use(secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // 'self' covers same-origin WebSockets too (docs/decisions/109).
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    crossOriginResourcePolicy: 'same-origin',
  }))
  // HSTS only when deployed: local development is plain http on 127.0.0.1 (docs/decisions/109).
  .use(async (c, next) => {
    await next();
    if (c.env.APP_ENV === 'production') c.header('Strict-Transport-Security', HSTS);
  })
  .use(withDb)
  .route('/api', api)
  .route('/images', imageRoutes)
  .notFound(handleNotFound)
  .onError(handleError);
