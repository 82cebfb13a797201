import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../shared/schemas/common';
import { refusalCode, refusalDetails, refusalMessage, type RefusalData, type RefusalId } from '../../shared/refusals';

/** A failure the client should see as-is, in the docs/product.md §7.2 shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, 'invalid_request', message, details);
export const unauthorized = (message = 'Not authenticated') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);
/** A name already used in the venue: 409 with the field it concerns, so the form shows it there. */
export const duplicateName = (message: string, path = 'name') => new ApiError(409, 'duplicate_name', message, [{ path, message }]);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests') =>
  new ApiError(429, 'rate_limited', message, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });

/** A refusal's data, optional when the refusal has none. */
export type RefusalArgs<I extends RefusalId> = Record<string, never> extends RefusalData<I> ? [data?: RefusalData<I>] : [data: RefusalData<I>];

/** A refusal of the registry (shared/refusals.ts, docs/decisions/256): its wire code, English message and details. */
export function refusalParts<I extends RefusalId>(id: I, ...[data]: RefusalArgs<I>) {
  const given = (data ?? {}) as RefusalData<I>;
  return { code: refusalCode(id), message: refusalMessage(id, given), details: refusalDetails(id, given) };
}

/** A registry refusal as the error a route throws. */
export function refusal<I extends RefusalId>(status: ContentfulStatusCode, id: I, ...args: RefusalArgs<I>): ApiError {
  const { code, message, details } = refusalParts(id, ...args);
  const retryAfter = (details as { retry_after?: unknown } | undefined)?.retry_after;
  return new ApiError(status, code, message, details, typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined);
}

export function errorBody(code: string, message: string, details?: unknown): ApiErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

export function errorResponse(c: Context, err: ApiError) {
  const body: ApiErrorBody = errorBody(err.code, err.message, err.details);
  // The claims flow of the spec keys on `detail: "claims_outdated"`.
  if (err.code === 'claims_outdated') body.detail = 'claims_outdated';
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(body, err.status);
}
