// Every /api write has a rate limit and a body cap (docs/decisions/109), and docs/api.md lists each one.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import apiDoc from '../../docs/api.md?raw';
import { app } from '../../worker/app';
import { DEFAULT_MAX_BODY_BYTES, WRITE_BUDGET, WRITE_LIMITS, writeLimitFor } from '../../worker/lib/write-limits';
import { deviceSession } from './auth-helpers';
import { call, expectApiError } from './helpers';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const mountedWrites = [...new Set(app.routes.filter((r) => r.path.startsWith('/api/') && WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`))];
const section = apiDoc.slice(apiDoc.indexOf('## Write limits'), apiDoc.indexOf('\n## ', apiDoc.indexOf('## Write limits') + 5));

/** The table row of a route in docs/api.md "Write limits": [limit, cap]. */
function documented(route: string) {
  const row = section.split('\n').find((line) => line.startsWith(`| \`${route}\` |`));
  return row?.split('|').slice(2, 4).map((cell) => cell.trim());
}

describe('write limits', () => {
  it('docs/api.md lists every mounted write route with its limit and body cap, as the code has them', () => {
    expect(mountedWrites.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of mountedWrites) {
      const row = documented(route);
      if (!row) { problems.push(`${route}: not in docs/api.md "Write limits"`); continue; }
      const [method, path] = route.split(' ') as [string, string];
      const entry = writeLimitFor(method, path.replace(/:[a-zA-Z]+(\{[^}]*\})?/g, 'x'));
      const limit = entry?.limit === 'own' ? 'own' : entry?.limit ? `${entry.limit.limit} per` : 'budget';
      if (!row[0]!.startsWith(limit)) problems.push(`${route}: docs say "${row[0]}", code has ${limit}`);
      const cap = entry?.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
      const capText = cap === 'own' ? 'own' : `${Math.round((cap / 1024) * 10) / 10} KB`;
      if (!row[1]!.startsWith(capText)) problems.push(`${route}: docs cap "${row[1]}", code has ${capText}`);
    }
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
