import { uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';

/**
 * The OpenAPI security schemes (docs/api.md "Auth"): a staff access token, a guest device token, and the refresh
 * cookie. Requirements name roles where the route asks for some (OpenAPI 3.1 lets a non-OAuth scheme list roles).
 */
export const SECURITY_SCHEMES = {
  staffToken: {
    type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
    description: 'A staff, admin or super admin access token (`aud` barhop-staff, 15 minutes), from `POST /api/auth/login` or `/api/auth/refresh`.',
  },
  guestToken: {
    type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
    description: 'A guest device token (`aud` barhop-guest), from `POST /api/auth/guest-session`; signed in by phone after `POST /api/auth/otp/verify`.',
  },
  refreshCookie: {
    type: 'apiKey', in: 'cookie', name: 'barhop_refresh',
    description: 'The staff refresh token, set by `POST /api/auth/login` (HttpOnly, Path=/api/auth).',
  },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/**
 * Marks a middleware with what it adds to the OpenAPI operation of every route it guards: the document is read from
 * the app's own routes (worker/openapi/document.ts), so an auth middleware says its security where it is defined.
 */
export function documented<M extends object>(middleware: M, spec: DescribeRouteOptions): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}

/** The security requirement a guard adds: this scheme, with the roles it admits (none: any holder). */
export const requires = (scheme: SecurityScheme, roles: readonly string[] = []): DescribeRouteOptions =>
  ({ security: [{ [scheme]: [...roles] }] });
