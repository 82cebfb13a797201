// The platform error log: server errors stored without stacks, client reports rate limited,
// filters, counters, resolving, and the retention setting honoured by the daily cleanup.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorLogList, ErrorLogResponse, ErrorSettings } from '../../shared/schemas/super';
import type { AppContext } from '../../worker/env';
import { runHousekeeping } from '../../worker/jobs/housekeeping';
import { handleError } from '../../worker/lib/error-handler';
import { withDb } from '../../worker/lib/middleware';
import { CLIENT_ERROR_LIMIT } from '../../worker/diagnostics/client-errors.routes';
import { mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';

const DAY_MS = 86_400_000;
let token: string;
beforeAll(async () => { token = await mintToken('superadmin@barhop.dev'); });

async function errorList(query = '') {
  const res = await call('GET', `/api/super/errors${query}`, { token });
  expect(res.status).toBe(200);
  return ErrorLogList.parse(res.json);
}

describe('server errors', () => {
  it('stores a thrown route error (message, route, request id) and never sends or stores its stack', async () => {
    // The real error handler around a route that fails the way a bug would.
    const failing = new Hono<AppContext>()
      .use(requestId({ headerName: 'X-Request-Id' }))
      .use(withDb)
      .get('/api/things/:id', () => { throw new Error('Cannot read properties of undefined (reading "price_cents")'); })
      .onError(handleError);
    const ctx = createExecutionContext();
    const res = await failing.request('/api/things/42', {}, env, ctx);
    await waitOnExecutionContext(ctx);
    const body = await res.json() as { error: { code: string; message: string; details: { request_id: string } } };
    expect(res.status).toBe(500);
    expect(body.error.code).toBe('internal_error');
    expect(body.error.message).toBe('Something went wrong on our side');
    expect(JSON.stringify(body)).not.toMatch(/price_cents|at .*\.ts|stack/i);

    const { errors, counts } = await errorList('?source=server');
    const stored = errors.find((e) => e.request_id === body.error.details.request_id)!;
    expect(stored).toMatchObject({ level: 'critical', source: 'server', method: 'GET', route: '/api/things/:id', status: 500 });
    expect(stored.message).toBe('Cannot read properties of undefined (reading "price_cents")');
    expect(JSON.stringify(stored)).not.toMatch(/\n\s+at /);
    expect(counts.critical).toBeGreaterThanOrEqual(1);
  });
});

describe('secrets in error messages', () => {
  it('are redacted before a server error is stored', async () => {
    const failing = new Hono<AppContext>()
      .use(requestId({ headerName: 'X-Request-Id' }))
      .use(withDb)
      .post('/api/leaky', () => { throw new Error('upstream refused Bearer abc.DEF-123 with password=hunter2 and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'); })
      .onError(handleError);
    const ctx = createExecutionContext();
    const res = await failing.request('/api/leaky', { method: 'POST' }, env, ctx);
    await waitOnExecutionContext(ctx);
    const requestIdOf = ((await res.json()) as { error: { details: { request_id: string } } }).error.details.request_id;
    const stored = (await errorList('?source=server')).errors.find((e) => e.request_id === requestIdOf)!;
    expect(stored.message).toBe('upstream refused Bearer [redacted] with password=[redacted] and [redacted token]');
  });
});

describe('client errors', () => {
  it('stores a runtime error report as a client warning', async () => {
    const res = await call('POST', '/api/client-errors', { body: { message: 'x is not a function', route: '/venue/artisan-bar/cart' }, headers: { 'CF-Connecting-IP': '203.0.113.7' } });
    expect(res.status).toBe(204);
    const { errors } = await errorList('?source=client');
    expect(errors[0]).toMatchObject({ level: 'warning', source: 'client', route: '/venue/artisan-bar/cart', message: 'x is not a function' });
  });

  it('rate limits one client with 429 and Retry-After, without storing the extra reports', async () => {
    const headers = { 'CF-Connecting-IP': '203.0.113.99' };
    for (let i = 0; i < CLIENT_ERROR_LIMIT.limit; i++) {
      expect((await call('POST', '/api/client-errors', { body: { message: `flood ${i}`, route: '/' }, headers })).status).toBe(204);
    }
    const limited = await call('POST', '/api/client-errors', { body: { message: 'flood extra', route: '/' }, headers });
    expectApiError(limited, 429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    const stored = await env.DB.prepare(`SELECT COUNT(*) AS n FROM error_logs WHERE message LIKE 'flood%'`).first<{ n: number }>();
    expect(stored!.n).toBe(CLIENT_ERROR_LIMIT.limit);
    // Another client is unaffected.
    expect((await call('POST', '/api/client-errors', { body: { message: 'other', route: '/' }, headers: { 'CF-Connecting-IP': '203.0.113.100' } })).status).toBe(204);
  });

  it('rejects an empty report with 400', async () => {
    expectApiError(await call('POST', '/api/client-errors', { body: { message: '  ', route: '/' } }), 400);
  });
});

describe('managing the log', () => {
  it('filters by level and resolved state, and resolving moves the counters', async () => {
    const before = await errorList();
    const warning = before.errors.find((e) => e.level === 'warning' && !e.resolved_at)!;
    const res = await call('POST', `/api/super/errors/${warning.id}/resolve`, { token });
    expect(ErrorLogResponse.parse(res.json).error_log.resolved_at).toBeTruthy();
    const after = await errorList();
    expect(after.counts.warnings).toBe(before.counts.warnings - 1);
    expect(after.counts.resolved).toBe(before.counts.resolved + 1);
    expect((await errorList('?resolved=true')).errors.map((e) => e.id)).toEqual([warning.id]);
    expect((await errorList('?level=critical')).errors.every((e) => e.level === 'critical')).toBe(true);
    await call('POST', `/api/super/errors/${warning.id}/reopen`, { token });
    expect((await errorList()).counts.resolved).toBe(before.counts.resolved);
    expectApiError(await call('POST', '/api/super/errors/unknown/resolve', { token }), 404);
    expectApiError(await call('GET', '/api/super/errors?level=fatal', { token }), 400);
  });
});

describe('retention', () => {
  it('reads and saves the retention days; out-of-range values are rejected and not stored', async () => {
    expect(ErrorSettings.parse((await call('GET', '/api/super/errors/settings', { token })).json)).toEqual({ retention_days: 30 });
    expectApiError(await call('PUT', '/api/super/errors/settings', { token, body: { retention_days: 0 } }), 400);
    expectApiError(await call('PUT', '/api/super/errors/settings', { token, body: { retention_days: 2.5 } }), 400);
    const saved = await call('PUT', '/api/super/errors/settings', { token, body: { retention_days: 7 } });
    expect(saved.json).toEqual({ retention_days: 7 });
    expect(ErrorSettings.parse((await call('GET', '/api/super/errors/settings', { token })).json)).toEqual({ retention_days: 7 });
  });

  it('the daily cleanup deletes logs older than the retention and keeps newer ones', async () => {
    const now = new Date('2030-06-15T03:00:00.000Z');
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO error_logs (id, level, source, message, created_at) VALUES ('old-log', 'warning', 'client', 'old', ?)`).bind(at(8)),
      env.DB.prepare(`INSERT INTO error_logs (id, level, source, message, created_at) VALUES ('new-log', 'warning', 'client', 'new', ?)`).bind(at(6)),
    ]);
    await call('PUT', '/api/super/errors/settings', { token, body: { retention_days: 7 } });
    const result = await runHousekeeping(env, now);
    expect(result.errorLogsDeleted).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare(`SELECT id FROM error_logs WHERE id IN ('old-log', 'new-log')`).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(['new-log']);
  });
});
