// Every /api write has a rate limit and a body cap (docs/decisions/109), and the API reference gives each one.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { openApiPath, type WriteLimitExtension } from '../../worker/openapi/document';
import { DEFAULT_MAX_BODY_BYTES, WRITE_BUDGET, WRITE_LIMITS, writeLimitFor } from '../../worker/lib/write-limits';
import { deviceSession } from './auth-helpers';
import { call, expectApiError } from './helpers';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const mountedWrites = [...new Set(app.routes.filter((r) => r.path.startsWith('/api/') && WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`))];
describe('write limits', () => {
  it('the API reference gives every mounted write route its limit and body cap, as the code has them', async () => {
    expect(mountedWrites.length).toBeGreaterThan(30);
    const reference = (await call('GET', '/api/openapi.json')).json as { paths: Record<string, Record<string, { 'x-write-limit'?: WriteLimitExtension; responses: Record<string, unknown> }>> };
    const problems: string[] = [];
    for (const route of mountedWrites) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = reference.paths[openApiPath(path)]?.[method.toLowerCase()];
      const given = operation?.['x-write-limit'];
      if (!given) { problems.push(`${route}: no x-write-limit in the reference`); continue; }
      const entry = writeLimitFor(method, path.replace(/:[a-zA-Z]+(\{[^}]*\})?/g, 'x'));
      const limit = entry?.limit === 'own' ? 'own' : entry?.limit ? { name: entry.limit.name, limit: entry.limit.limit, window_seconds: entry.limit.windowSeconds } : 'budget';
      expect.soft(given, route).toEqual({ limit, body_cap_bytes: entry?.maxBytes ?? DEFAULT_MAX_BODY_BYTES });
      if (!operation.responses['429'] || !operation.responses['413']) problems.push(`${route}: 413 and 429 not among its answers`);
    }
    // The shared budget is the one named in docs/api.md "Write limits".
    expect(WRITE_BUDGET).toMatchObject({ limit: 600, windowSeconds: 60 });
    for (const { route } of WRITE_LIMITS) if (!mountedWrites.includes(route)) problems.push(`${route}: in WRITE_LIMITS but not mounted`);
    expect(problems).toEqual([]);
  });

  it('a write route without a limit of its own answers 429 once the caller has used the shared budget, and stores nothing', async () => {
    const device = await deviceSession({ 'CF-Connecting-IP': '203.0.115.1' });
    const windowMs = WRITE_BUDGET.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs).toISOString();
    await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)')
      .bind(`${WRITE_BUDGET.name}:s:${device.session_id}`, windowStart, WRITE_BUDGET.limit).run();
    const before = await env.DB.prepare('SELECT count(*) AS n FROM carts').first<{ n: number }>();
    const refused = await call('POST', '/api/cart/clear', { token: device.token, body: { slug: 'artisan-bar' } });
    expect(expectApiError(refused, 429).code).toBe('rate_limited');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM carts').first<{ n: number }>())!.n).toBe(before!.n);
  });

  it('a body over its route cap is refused with 413 before the route runs', async () => {
    const device = await deviceSession({ 'CF-Connecting-IP': '203.0.115.2' });
    const res = await call('POST', '/api/ratings', { token: device.token, body: { menu_drink_id: 'x', rating: 5, notes: 'n'.repeat(5_000) } });
    expect(expectApiError(res, 413).code).toBe('payload_too_large');
  });
});
