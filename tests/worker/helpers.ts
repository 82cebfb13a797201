import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { ApiErrorBody } from '../../shared/schemas/common';

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

/** Asserts the docs/product.md §7.2 error shape and returns its code. */
export function expectApiError(res: { status: number; json: unknown }, status: number) {
  expect(res.status).toBe(status);
  const parsed = ApiErrorBody.safeParse(res.json);
  expect(parsed.success, `error body was ${JSON.stringify(res.json)}`).toBe(true);
  return parsed.data!.error;
}
