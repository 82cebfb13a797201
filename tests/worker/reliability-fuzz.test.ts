// Fuzzing every mounted route (docs/reliability.md §3). Requests come from the zod schemas each route
// validates with (read from app.routes, so new routes join automatically), most of them broken
// in one place, plus hostile transports: wrong content types, malformed, deep and oversized JSON,
// hostile path params, queries and tokens. What must hold for every single request:
//   - no 5xx and no stack trace in any answer;
//   - every 4xx in the docs/product.md §7.2 error shape;
//   - a refused request (4xx) wrote nothing (SQLite triggers log every insert/update/delete).
// `npm test` runs a bounded sample; the soak (RELIABILITY_SCALE) runs many more of each.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBody } from '../../shared/schemas/common';
import { newId } from '../../shared/ids';
import { venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { deepArrayJson, deepObjectJson, HOSTILE_STRINGS, requestValue, toParamValues, toQueryString } from './reliability/arbitraries';
import { fillPath, loadCatalogue, type RouteInfo } from './reliability/catalogue';
import { callerTokens, installWriteLog, writeMark, writesSince, type CallerKind } from './reliability/world';

vi.mock('../../worker/lib/validate', async (importOriginal) =>
  (await import('./reliability/catalogue')).recordingValidate(importOriginal as never));

/** 1 in `npm test`; the soak sets RELIABILITY_SCALE (tests/soak/vitest.config.ts). */
const SCALE = Math.max(1, Number((env as { RELIABILITY_SCALE?: string }).RELIABILITY_SCALE ?? 1));
const SCHEMA_RUNS_PER_ROUTE = 2 * SCALE;
const SEED = Number((env as { RELIABILITY_SEED?: string }).RELIABILITY_SEED ?? 20_261_101);

/**
 * The checks after the fuzz start with fresh rate-limit windows: at soak scale the fuzz spends the callers' write
 * budgets (worker/lib/write-limits.ts), and a 429 would hide what they check.
 */
const freshRateLimits = () => env.DB.prepare('DELETE FROM rate_limits').run();

type Sent = { route: RouteInfo; label: string; url: string; status: number };
const stats = { requests: 0, byClass: {} as Record<string, number>, refusedChecked: 0, routes: 0, schemaRoutes: 0 };
const failures: string[] = [];
const serverErrors: string[] = [];

let catalogue: RouteInfo[] = [];
let ownIds: Record<string, string> = {};
const callerOf = new Map<string, CallerKind | null>();

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const STACK_TRACE = /\n\s+at\s|\.(ts|js):\d+:\d+|node_modules/;

type Tokens = Awaited<ReturnType<typeof callerTokens>>;

async function send(route: RouteInfo, tokens: Tokens, label: string, init: { url: string; caller: CallerKind | null; body?: string; contentType?: string; authorization?: string }) {
  const headers: Record<string, string> = {};
  if (init.contentType) headers['Content-Type'] = init.contentType;
  if (init.authorization !== undefined) headers.Authorization = init.authorization;
  const mark = await writeMark();
  const res = await call(route.method, init.url, { token: init.authorization === undefined && init.caller ? tokens[init.caller] : null, headers, rawBody: init.body });
  stats.requests += 1;
  const klass = `${Math.floor(res.status / 100)}xx`;
  stats.byClass[klass] = (stats.byClass[klass] ?? 0) + 1;
  const where = `${route.method} ${route.path} [${label}] ${init.url.slice(0, 120)}`;
  if (res.status >= 500) failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)} (url ${init.url.slice(0, 2000)}; server said ${serverErrors.at(-1)?.slice(0, 300)})`);
  if (STACK_TRACE.test(res.text)) failures.push(`${where}: answer looks like a stack trace: ${res.text.slice(0, 200)}`);
  if (res.status >= 400 && res.status < 500) {
    if (!ApiErrorBody.safeParse(res.json).success) failures.push(`${where}: ${res.status} not in the error shape: ${res.text.slice(0, 200)}`);
    const writes = await writesSince(mark);
    stats.refusedChecked += 1;
    if (writes.length) failures.push(`${where}: refused with ${res.status} but wrote ${[...new Set(writes)].join(', ')}`);
  }
  return { route, label, url: init.url, status: res.status } satisfies Sent;
}

/** Who may call a route, found by asking: the first caller that is not turned away. */
async function pickCaller(route: RouteInfo): Promise<CallerKind | null> {
  const tokens = await callerTokens();
  const url = fillPath(route.path, Object.fromEntries(route.params.map((p) => [p, newId()])));
  for (const who of ['guest', 'admin', 'superadmin', 'staff', 'device'] as const) {
    const res = await call(route.method, withVenue(url, who), { token: tokens[who], body: WRITE_METHODS.has(route.method) ? {} : undefined });
    if (res.status !== 401 && res.status !== 403) return who;
  }
  return null;
}

/** A super admin names the venue it acts on. */
function withVenue(url: string, caller: CallerKind | null) {
  if (caller !== 'superadmin' || url.includes('restaurant_id=')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}restaurant_id=${encodeURIComponent(ownIds.venue!)}`;
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { serverErrors.push(args.map(String).join(' ')); });
  catalogue = (await loadCatalogue('/')).filter((r) => (r.path.startsWith('/api/') || r.path.startsWith('/images/')) && !r.path.startsWith('/api/live/'));
  const artisan = await venueId('artisan-bar');
  const one = async (sql: string) => (await env.DB.prepare(sql).bind(artisan).first<{ id: string }>())!.id;
  ownIds = {
    venue: artisan,
    order: await one('SELECT id FROM orders WHERE restaurant_id = ? ORDER BY created_at DESC LIMIT 1'),
    drink: await one('SELECT id FROM menu_drinks WHERE restaurant_id = ? LIMIT 1'),
    inventory: await one('SELECT id FROM inventory_items WHERE restaurant_id = ? AND deleted_at IS NULL LIMIT 1'),
  };
  await installWriteLog();
  for (const route of catalogue) callerOf.set(`${route.method} ${route.path}`, await pickCaller(route));
}, 120_000);

afterAll(() => {
  vi.restoreAllMocks();
  console.log(`RELIABILITY fuzz ${JSON.stringify({ scale: SCALE, seed: SEED, ...stats, failures: failures.length })}`);
});

/** A real id of the right kind for a param, so well-formed requests reach the handler's lookup. */
function ownIdFor(path: string, param: string) {
  const before = path.slice(0, path.indexOf(`:${param}`));
  if (/order/.test(before)) return ownIds.order!;
  if (/inventory/.test(before)) return ownIds.inventory!;
  if (/menu|drink/.test(before)) return ownIds.drink!;
  if (/venue/.test(before)) return param === 'slug' ? 'artisan-bar' : ownIds.venue!;
  return newId();
}

describe('fuzzing every route', () => {
  it('covers every mounted /api and /images route, and finds schemas for the validated ones', () => {
    stats.routes = catalogue.length;
    stats.schemaRoutes = catalogue.filter((r) => Object.keys(r.schemas).length > 0).length;
    expect(catalogue.length).toBeGreaterThan(100);
    // Routes that read a body or a query must say how through a validator from shared/schemas.
    expect(stats.schemaRoutes).toBeGreaterThan(80);
  });

  it('requests generated from the zod schemas, mostly broken in one place', async () => {
    const before = failures.length;
    let routeIndex = 0;
    for (const route of catalogue) {
      routeIndex += 1;
      const caller = callerOf.get(`${route.method} ${route.path}`) ?? null;
      const tokens = await callerTokens();
      const parts = {
        json: route.schemas.json ? requestValue(route.schemas.json) : fc.constant({ value: undefined, mutated: null }),
        query: route.schemas.query ? requestValue(route.schemas.query) : fc.constant({ value: undefined, mutated: null }),
        param: route.schemas.param ? requestValue(route.schemas.param) : fc.constant({ value: undefined, mutated: null }),
        useOwnIds: fc.boolean(),
      };
      const samples = fc.sample(fc.record(parts), { numRuns: SCHEMA_RUNS_PER_ROUTE, seed: SEED + routeIndex });
      for (const sample of samples) {
        const params = sample.useOwnIds || !route.schemas.param
          ? Object.fromEntries(route.params.map((p) => [p, ownIdFor(route.path, p)]))
          : toParamValues(sample.param.value, route.params);
        const url = withVenue(fillPath(route.path, params) + toQueryString(sample.query.value), caller);
        const body = route.schemas.json ? JSON.stringify(sample.json.value ?? null) : undefined;
        const label = ['json', 'query', 'param'].map((k) => (sample as any)[k].mutated ? `${k}: ${(sample as any)[k].mutated}` : null).filter(Boolean).join('; ') || 'well-formed';
        await send(route, tokens, label, { url, caller, body, contentType: body === undefined ? undefined : 'application/json' });
      }
    }
    expect(failures.slice(before)).toEqual([]);
  }, 600_000);

  it('hostile transports: content types, malformed, deep and oversized JSON, params, queries, tokens', async () => {
    const before = failures.length;
    const hugeJson = JSON.stringify({ text: 'z'.repeat(300 * 1024) });
    const bodyCases: { label: string; body: string; contentType?: string }[] = [
      { label: 'text/plain', body: '{"slug":"artisan-bar"}', contentType: 'text/plain' },
      { label: 'form-urlencoded', body: 'slug=artisan-bar&qty=1', contentType: 'application/x-www-form-urlencoded' },
      { label: 'multipart', body: '--b\r\nContent-Disposition: form-data; name="slug"\r\n\r\nx\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
      { label: 'xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml' },
      { label: 'malformed json', body: '{"slug": "artisan-bar",', contentType: 'application/json' },
      { label: 'deep array json', body: deepArrayJson(100_000), contentType: 'application/json' },
      { label: 'deep object json', body: deepObjectJson(20_000), contentType: 'application/json' },
      { label: 'oversized json', body: hugeJson, contentType: 'application/json' },
      { label: 'json null', body: 'null', contentType: 'application/json' },
      { label: 'json array', body: '[1,2,3]', contentType: 'application/json' },
      { label: 'json string', body: '"artisan-bar"', contentType: 'application/json' },
      { label: 'json with NUL', body: '{"slug":"artisan-bar\\u0000","qty":1e999}', contentType: 'application/json' },
    ];
    const hostileParams = ['%00', '..%2F..%2Fetc%2Fpasswd', "' OR 1=1 --", 'x'.repeat(5_000), '%E0%A4%A', '🍸', '<script>', 'NaN', '-1'];
    const hostileQueries = [
      '?limit=-1&window=1e309', '?limit=99999999999999999999', '?slug[]=a&slug[]=b&venue[$ne]=x',
      `?slug=${encodeURIComponent("artisan-bar' OR '1'='1")}&restaurant_slug=%00`, `?search=${'%25'.repeat(2_000)}`,
      `?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}&since=-5&status=${encodeURIComponent('pending)--')}`,
    ];
    const hostileAuth = ['Bearer ', 'Bearer null', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6InN1cGVyYWRtaW4ifQ.', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'a'.repeat(9_000)}`, 'Bearer a.b.c'];
    const perRoute = SCALE > 1 ? Infinity : 3;

    let i = 0;
    for (const route of catalogue) {
      i += 1;
      const caller = callerOf.get(`${route.method} ${route.path}`) ?? null;
      const tokens = await callerTokens();
      const own = Object.fromEntries(route.params.map((p) => [p, ownIdFor(route.path, p)]));
      const base = withVenue(fillPath(route.path, own), caller);
      const cases: (() => Promise<unknown>)[] = [];
      if (WRITE_METHODS.has(route.method)) {
        for (const c of bodyCases) cases.push(() => send(route, tokens, c.label, { url: base, caller, body: c.body, contentType: c.contentType }));
      }
      if (route.params.length) {
        for (const p of hostileParams) {
          const url = withVenue(route.path.replace(/:(\w+)(\{[^}]*\})?/g, p), caller);
          cases.push(() => send(route, tokens, `param ${p.slice(0, 20)}`, { url, caller, body: WRITE_METHODS.has(route.method) ? '{}' : undefined, contentType: 'application/json' }));
        }
      }
      for (const q of hostileQueries) {
        const url = withVenue(fillPath(route.path, own) + q, caller);
        cases.push(() => send(route, tokens, `query ${q.slice(0, 30)}`, { url, caller }));
      }
      for (const a of hostileAuth) cases.push(() => send(route, tokens, `auth ${a.slice(0, 24)}`, { url: base, caller: null, authorization: a }));
      // In npm test each route gets `perRoute` of its cases, rotating so every case kind is used.
      const chosen = cases.length <= perRoute ? cases : Array.from({ length: perRoute }, (_, k) => cases[(i * 7 + k * 5) % cases.length]!);
      for (const run of chosen) await run();
    }
    expect(failures.slice(before)).toEqual([]);
  }, 600_000);

  it('bodies over the limits answer 413 in the error shape and store nothing: 300 KB of JSON anywhere, a 6 MB photo', async () => {
    await freshRateLimits();
    const tokens = await callerTokens();
    const mark = await writeMark();
    const json = await call('POST', '/api/orders', { token: tokens.device, rawBody: JSON.stringify({ slug: 'artisan-bar', special_instructions: 'x'.repeat(300 * 1024) }), headers: { 'Content-Type': 'application/json' } });
    expect(expectApiError(json, 413).code).toBe('payload_too_large');
    const photo = new Uint8Array(6 * 1024 * 1024);
    photo.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const upload = await call('POST', '/api/admin/images?kind=drink', { token: tokens.admin, rawBody: photo, headers: { 'Content-Type': 'image/png' } });
    expect(expectApiError(upload, 413).code).toBe('payload_too_large');
    expect(await writesSince(mark)).toEqual([]);
  });

  it('an image key longer than R2 allows answers 404, not 500 (the soak fuzz found a 500 here)', async () => {
    await freshRateLimits();
    const tokens = await callerTokens();
    const long = 'x'.repeat(2_000);
    expect(expectApiError(await call('GET', `/images/${long}`), 404).code).toBe('not_found');
    expect(expectApiError(await call('GET', `/images/venues/${ownIds.venue}/drinks/${'🍸'.repeat(300)}.png`), 404).code).toBe('not_found');
    expect(expectApiError(await call('DELETE', `/api/admin/images/venues/${ownIds.venue}/drinks/${long}.png`, { token: tokens.admin }), 404).code).toBe('not_found');
  });

  it('a long or emoji-heavy search answers 200 (D1 refuses LIKE patterns over 50 bytes; the fuzz found a 500 here)', async () => {
    await freshRateLimits();
    const tokens = await callerTokens();
    for (const search of ['🍸'.repeat(25), 'x'.repeat(100), '50%_off\\', 'LIME']) {
      const res = await call('GET', `/api/staff/ingredients?search=${encodeURIComponent(search)}`, { token: tokens.staff });
      expect(res.status, res.text).toBe(200);
    }
    const lime = await call('GET', '/api/staff/ingredients?search=LIME', { token: tokens.staff });
    expect(lime.json.ingredients.length).toBeGreaterThan(0);
    // '%' is a character, not a wildcard: it finds the names holding one (the soak's fuzz stores some), not every name.
    const literal = await call('GET', `/api/staff/ingredients?search=${encodeURIComponent('%')}`, { token: tokens.staff });
    const every = await call('GET', '/api/staff/ingredients', { token: tokens.staff });
    const withPercent = (list: { name: string }[]) => list.filter((i) => i.name.includes('%')).map((i) => i.name).sort();
    expect(every.json.ingredients.length).toBeGreaterThan(literal.json.ingredients.length);
    expect(literal.json.ingredients.map((i: { name: string }) => i.name).sort()).toEqual(withPercent(every.json.ingredients));
  });

  it('hostile values in every text field of a real order reach the database verbatim (stored as data, never as SQL)', async () => {
    await freshRateLimits();
    const tokens = await callerTokens();
    const [drink] = (await env.DB.prepare('SELECT id FROM menu_drinks WHERE restaurant_id = ? AND is_available = 1 AND sold_out_reason IS NULL LIMIT 1')
      .bind(ownIds.venue).all<{ id: string }>()).results;
    const mark = await writeMark();
    const texts = HOSTILE_STRINGS.filter((s) => s.trim().length > 0 && s.length <= 120 && !s.includes('\u0000') && !/[\uD800-\uDFFF]/.test(s));
    let stored = 0;
    for (const text of texts) {
      const guest = await callerTokens();
      const res = await call('POST', '/api/orders', {
        token: guest.device,
        body: { slug: 'artisan-bar', display_name: text, special_instructions: text, items: [{ menu_drink_id: drink!.id, quantity: 1, notes: text }] },
      });
      expect(res.status, res.text).toBe(200);
      const row = await env.DB.prepare('SELECT o.display_name, o.special_instructions, i.notes FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = ?')
        .bind(res.json.id).first<{ display_name: string; special_instructions: string; notes: string }>();
      expect(row).toEqual({ display_name: text.trim(), special_instructions: text.trim(), notes: text.trim() });
      stored += 1;
    }
    // The write log sees accepted writes too (it is what proves refused requests wrote nothing).
    expect(await writesSince(mark)).toEqual(expect.arrayContaining(['orders:INSERT', 'order_items:INSERT', 'order_events:INSERT']));
    expect(tokens.admin).toBeTruthy();
    // The tables an injection would have hit are intact.
    expect((await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())!.n).toBeGreaterThanOrEqual(5);
    expect(stored).toBe(texts.length);
  });
});
