import { exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { ApiErrorBody } from '../../shared/schemas/common';
import type { ApiAnswer, ApiMethod, ApiPath, RouteInput } from '../../worker/api-types';
import { forgetSessionChecks, SESSION_CHECK_TTL_MS } from '../../worker/auth/live-sessions';

export type CallOptions = { body?: unknown; rawBody?: BodyInit; token?: string | null; headers?: Record<string, string> };

/** A request through the real Worker entry point (routing, middleware, error handler). */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await exports.default.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
  const text = await res.text();
  let json: unknown = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  return { status: res.status, headers: res.headers, json: json as any, text };
}

/**
 * A well-formed request to one route, typed as the app's client is (worker/api-types.ts): the path pattern with
 * its `params`, the body and query the route's validators take, and its answer. Bad input goes through `call`.
 */
export async function callRoute<M extends ApiMethod, P extends ApiPath<M>>(
  method: M, pattern: P, options: RouteInput<M, P> & { token?: string | null; headers?: Record<string, string> },
) {
  const { params, query, body, token, headers } = options as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; token?: string | null; headers?: Record<string, string> };
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
  const res = await call(method, `/api${path}${search.size ? `?${search}` : ''}`, { token, body, headers });
  return { ...res, json: res.json as ApiAnswer<M, P> | ApiErrorBody };
}

/** Asserts a 2xx answer and returns it as the route declares it. */
export function answerOf<A>(res: { status: number; text: string; json: A | ApiErrorBody }): A {
  expect(res.status, res.text).toBeLessThan(300);
  return res.json as A;
}

/** Asserts the docs/product.md §7.2 error shape and returns its code. */
export function expectApiError(res: { status: number; json: unknown }, status: number) {
  expect(res.status).toBe(status);
  const parsed = ApiErrorBody.safeParse(res.json);
  expect(parsed.success, `error body was ${JSON.stringify(res.json)}`).toBe(true);
  return parsed.data!.error;
}

/**
 * Runs `work` with the clock moved past the isolate's cached session answers (SESSION_CHECK_TTL_MS), as the next
 * check after the cache expired would read: only `Date` moves, timers run as they do. Answers cached meanwhile are
 * stamped in that future, so they are dropped afterwards.
 */
export async function pastSessionCheckTtl<T>(work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CHECK_TTL_MS + 1 });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
    forgetSessionChecks();
  }
}
