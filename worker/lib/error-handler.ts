import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext } from '../env';
import { newId } from '../../shared/ids';
import { ApiError, errorResponse } from './errors';

const HTTP_CODES: Record<number, string> = {
  400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed',
  409: 'conflict', 413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'unprocessable', 429: 'rate_limited',
};

/** Every failure leaves in the docs/product.md §7.2 shape; a 500 never carries a stack trace. */
export async function handleError(err: Error, c: Context<AppContext>) {
  // A server failure told in its own words (an import that wrote nothing) is still logged and recorded as one.
  if (err instanceof ApiError && err.status >= 500 && err.cause instanceof Error) {
    reportServerError(c, err.cause);
    return errorResponse(c, new ApiError(err.status, err.code, err.message, err.details ?? { request_id: c.get('requestId') }));
  }
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message = status === 400 && /json/i.test(err.message) ? 'Malformed JSON body' : err.message || 'Request failed';
    return errorResponse(c, new ApiError(status, HTTP_CODES[status] ?? 'error', message));
  }
  reportServerError(c, err);
  return errorResponse(c, new ApiError(500, 'internal_error', 'Something went wrong on our side', { request_id: c.get('requestId') }));
}

function reportServerError(c: Context<AppContext>, err: Error) {
  // Logs are read by more people than the database: the same redaction applies to them.
  console.error(JSON.stringify({ request_id: c.get('requestId'), level: 'error', message: redactSecrets(err.message), stack: err.stack && redactSecrets(err.stack) }));
  c.executionCtx.waitUntil(recordServerError(c, err).catch(() => undefined));
}

/** Credentials that can end up inside an error message: bearer tokens, JWTs, key=value secrets. */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[redacted token]'],
  [/\b(password|passwd|secret|token|api[_-]?key|authorization)\b(\s*[:=]\s*)("[^"]*"|'[^']*'|\S+)/gi, '$1$2[redacted]'],
];

export function redactSecrets(message: string): string {
  return SECRET_PATTERNS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), message);
}

/** Stored for the super admin's error log: message (secrets redacted) and where, never the stack or the body. */
async function recordServerError(c: Context<AppContext>, err: Error) {
  const route = c.req.routePath || new URL(c.req.url).pathname;
  const caller = c.get('caller');
  const restaurantId = caller?.kind === 'staff' ? caller.restaurantId : null;
  await c.env.DB.prepare(
    `INSERT INTO error_logs (id, level, source, request_id, method, route, restaurant_id, status, message) VALUES (?, 'critical', 'server', ?, ?, ?, ?, 500, ?)`,
  ).bind(newId(), c.get('requestId') ?? null, c.req.method, route, restaurantId ?? null, redactSecrets(err.message).slice(0, 500)).run();
}

export function handleNotFound(c: Context<AppContext>) {
  return errorResponse(c, new ApiError(404, 'not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`));
}
