// Headers and secrets (docs/reliability.md §7), over every mounted route (app.routes):
//   - CSP without unsafe-inline scripts, frame-ancestors 'none', nosniff, Referrer-Policy, no-store
//     on the API; HSTS only when APP_ENV=production;
//   - no secret in any answer, as any caller: the JWT signing key, password/refresh/code hashes,
//     and no source code or stack trace;
//   - the refresh cookie: HttpOnly, SameSite=Strict, a narrow path, Secure when deployed.
// The SPA's own HTML and the built bundle are checked by tests/e2e/security.spec.ts (served build).
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../shared/ids';
import { app } from '../../worker/app';
import { DEMO_EMAILS, login, venueId } from './auth-helpers';
import { call } from './helpers';
import { callerTokens, type CallerKind } from './reliability/world';

const stats = { routes: 0, answersScanned: 0, secretsChecked: 0, productionAnswers: 0 };
beforeAll(() => { vi.spyOn(console, 'log').mockImplementation(() => undefined); });
afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY headers ${JSON.stringify(stats)}`);
});

const mounted = [...new Map(app.routes.filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path.startsWith('/images/')))
  .map((r) => [`${r.method} ${r.path}`, r])).values()];

async function filled(path: string) {
  const artisan = await venueId('artisan-bar');
  const drink = (await env.DB.prepare('SELECT id FROM menu_drinks WHERE restaurant_id = ? LIMIT 1').bind(artisan).first<{ id: string }>())!.id;
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => (name === 'slug' ? 'artisan-bar' : /drink|menu/.test(path) ? drink : /venue/.test(path) ? artisan : newId()));
}

function checkSecurityHeaders(headers: Headers, where: string, production: boolean): string[] {
  const problems: string[] = [];
  const csp = headers.get('Content-Security-Policy') ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
  if (!csp) problems.push(`${where}: no Content-Security-Policy`);
  if (/'unsafe-inline'|'unsafe-eval'/.test(scriptSrc)) problems.push(`${where}: script-src allows inline/eval: ${scriptSrc}`);
  if (!/frame-ancestors 'none'/.test(csp)) problems.push(`${where}: no frame-ancestors 'none'`);
  if (headers.get('X-Content-Type-Options') !== 'nosniff') problems.push(`${where}: no nosniff`);
  if (!headers.get('Referrer-Policy')) problems.push(`${where}: no Referrer-Policy`);
  const hsts = headers.get('Strict-Transport-Security');
  if (production && !/max-age=\d{7,}/.test(hsts ?? '')) problems.push(`${where}: no HSTS when deployed (${hsts})`);
  if (!production && hsts) problems.push(`${where}: HSTS on plain-http development (${hsts})`);
  if (headers.has('X-Powered-By') || headers.has('Server-Timing')) problems.push(`${where}: reveals the server`);
  return problems;
}

/** Values that must never leave the server, read from the database and the environment. */
async function secrets() {
  const rows = await env.DB.batch([
    env.DB.prepare('SELECT password_hash AS s FROM users'),
    env.DB.prepare('SELECT token_hash AS s FROM refresh_tokens'),
    env.DB.prepare('SELECT code_hash AS s FROM otp_codes'),
  ]);
  const values = rows.flatMap((r) => r.results.map((x) => String((x as { s: unknown }).s))).filter((s) => s.length >= 16);
  return [env.JWT_SECRET!, ...values];
}

const SOURCE_CODE = /\bat\s+\S+\s+\(|\.ts:\d+|import\s+\{|node_modules|password_hash|passwordHash|code_hash|token_hash/;

describe('security headers on every route', () => {
  it('every route, development: CSP without inline scripts, frame-ancestors, nosniff, Referrer-Policy, no-store, no HSTS', async () => {
    const problems: string[] = [];
    for (const route of mounted) {
      const res = await call(route.method, await filled(route.path), { body: ['GET', 'HEAD'].includes(route.method) ? undefined : {} });
      const where = `${route.method} ${route.path} (${res.status})`;
      problems.push(...checkSecurityHeaders(res.headers, where, false));
      // no-store by default; public data (menus, venues) may be cached if revalidated every time.
      if (route.path.startsWith('/api/') && !/no-store|private|max-age=0, must-revalidate/.test(res.headers.get('Cache-Control') ?? '')) {
        problems.push(`${where}: API answer cacheable: ${res.headers.get('Cache-Control')}`);
      }
      stats.routes += 1;
    }
    // Unknown paths and errors carry them too.
    problems.push(...checkSecurityHeaders((await call('GET', '/api/no-such-route')).headers, 'GET /api/no-such-route', false));
    expect(problems).toEqual([]);
  });

  it('every route, deployed (APP_ENV=production): the same plus Strict-Transport-Security', async () => {
    const production = { ...env, APP_ENV: 'production' } as typeof env;
    const problems: string[] = [];
    for (const route of mounted) {
      const body = ['GET', 'HEAD'].includes(route.method) ? undefined : '{}';
      const res = await app.fetch(new Request(`http://localhost${await filled(route.path)}`, {
        method: route.method, body, headers: body ? { 'Content-Type': 'application/json' } : {},
      }), production, createExecutionContext());
      problems.push(...checkSecurityHeaders(res.headers, `${route.method} ${route.path} (${res.status})`, true));
      stats.productionAnswers += 1;
    }
    expect(problems).toEqual([]);
  });

  it('a live WebSocket upgrade still works when deployed (headers added to a 101 answer)', async () => {
    const production = { ...env, APP_ENV: 'production' } as typeof env;
    const { staff } = await callerTokens();
    const res = await app.fetch(new Request(`http://localhost/api/live/venues/artisan-bar?token=${staff}`, { headers: { Upgrade: 'websocket' } }), production, createExecutionContext());
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    res.webSocket!.close();
  });
});

describe('no secret and no code in any answer', () => {
  it('every GET route as every caller: no signing key, hash or source in the body', async () => {
    // A login and a code make sure refresh-token and code hashes exist to look for.
    await login(DEMO_EMAILS.admin);
    const tokens = await callerTokens();
    await call('POST', '/api/auth/otp/send', { token: tokens.device, body: { phone: '+15552050505' } });
    const forbidden = await secrets();
    stats.secretsChecked = forbidden.length;
    expect(forbidden.length).toBeGreaterThan(6);
    const problems: string[] = [];
    for (const route of mounted.filter((r) => r.method === 'GET')) {
      const url = await filled(route.path);
      let anonymousRefused = false;
      for (const who of [null, 'device', 'guest', 'staff', 'admin', 'superadmin', 'impersonating'] as (CallerKind | null)[]) {
        const withVenue = who === 'superadmin' ? `${url}${url.includes('?') ? '&' : '?'}restaurant_id=${await venueId('artisan-bar')}` : url;
        const res = await call('GET', withVenue, { token: who ? tokens[who] : null });
        stats.answersScanned += 1;
        if (!who) anonymousRefused = res.status === 401 || res.status === 403;
        // A shared cache must never keep an answer only a signed-in caller could get.
        if (who && anonymousRefused && /public/.test(res.headers.get('Cache-Control') ?? '')) problems.push(`${who} GET ${route.path}: private answer marked public`);
        const leaked = forbidden.filter((s) => res.text.includes(s));
        if (leaked.length) problems.push(`${who} GET ${route.path}: contains ${leaked.length} secret value(s)`);
        if (SOURCE_CODE.test(res.text)) problems.push(`${who} GET ${route.path}: looks like code or internals: ${SOURCE_CODE.exec(res.text)![0]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a server error answers a request id, never the message or stack of the exception', async () => {
    const broken = { ...env, DB: { prepare: () => { throw new Error('SECRET-INTERNAL at worker/db/query.ts:12:3'); } } } as unknown as typeof env;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.fetch(new Request('http://localhost/api/venues'), broken, createExecutionContext());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('SECRET-INTERNAL');
    expect(text).not.toMatch(SOURCE_CODE);
    expect(JSON.parse(text).error.details.request_id).toEqual(expect.any(String));
  });
});

describe('refresh cookie', () => {
  const cookieOf = (res: Response | { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('barhop_refresh='))!;

  it('development: HttpOnly, SameSite=Strict, Path=/api/auth, not Secure (plain http)', async () => {
    const { res } = await login(DEMO_EMAILS.staff);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(cookie).toMatch(/;\s*Path=\/api\/auth/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    // The access token is never put in a cookie: besides the refresh cookie there is only the known-device one
    // (docs/decisions/165), which holds no token.
    const others = res.headers.getSetCookie().filter((c) => !c.startsWith('barhop_refresh='));
    expect(others.map((c) => c.split('=')[0])).toEqual(['barhop_device']);
    expect(others.join('')).not.toContain(res.json.access_token);
  });

  it('deployed: also Secure', async () => {
    const production = { ...env, APP_ENV: 'production' } as typeof env;
    const res = await app.fetch(new Request('http://localhost/api/auth/login', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAILS.staff, password: 'barhop-demo' }),
    }), production, createExecutionContext());
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('barhop_device='))).toMatch(/;\s*Secure/i);
  });
});
