import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { openApiPath } from '../../worker/openapi/document';
import { ANSWERS, type AnswerName } from '../../worker/openapi/operations';
import { call } from './helpers';

type Operation = { summary?: string; tags?: string[]; security?: Record<string, string[]>[]; parameters?: { in: string; name: string }[]; requestBody?: unknown; responses: Record<string, unknown> };
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

/** Every route the app mounts, from the app itself: its handlers' entries, not the middleware-only ones (ALL). */
const mountedRoutes = () => [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];

async function servedDocument() {
  const res = await call('GET', '/api/openapi.json');
  expect(res.status, res.text).toBe(200);
  return res.json as Document;
}

describe('GET /api/openapi.json (docs/decisions/252)', () => {
  // Validated against the OpenAPI 3.1 schema by tests/app/openapi-document.test.ts: swagger-parser's ajv compiles
  // code at run time, which workerd refuses (docs/decisions/252).
  it('is an OpenAPI 3.1 document of the Barhop API', async () => {
    const document = await servedDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toBe('Barhop API');
  });

  it('has every route the app mounts, with a summary and its resource as tag', async () => {
    const document = await servedDocument();
    const routes = mountedRoutes();
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      return !operation?.summary || !operation.tags?.length;
    });
    expect(missing).toEqual([]);
  });

  it("reads a route's request from its validators and its answer from the shared schema", async () => {
    const document = await servedDocument();
    const checkout = document.paths['/api/cart/checkout']!.post!;
    expect(JSON.stringify(checkout.requestBody)).toContain('"slug"');
    expect(JSON.stringify(checkout.responses['200'])).toContain('#/components/schemas/PlacedOrder');
    const drinks = document.paths['/api/drinks']!.get!;
    expect(drinks.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'slug' })]));
    const drink = document.paths['/api/drinks/{id}']!.get!;
    expect(drink.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]));
    expect(checkout.responses.default).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('says who may call a route, from the guard it passes', async () => {
    const document = await servedDocument();
    expect(document.paths['/api/cart']!.get!.security).toEqual([{ guestToken: [] }]);
    expect(document.paths['/api/me']!.get!.security).toEqual([{ guestToken: ['signed-in'] }]);
    expect(document.paths['/api/admin/menu-drinks']!.get!.security).toEqual([{ staffToken: ['admin', 'superadmin'] }]);
    expect(document.paths['/api/super/venues']!.get!.security).toEqual([{ staffToken: ['superadmin'] }]);
    expect(document.paths['/api/venues']!.get!.security).toEqual([]);
    expect(document.paths['/api/tables/sessions/{id}']!.get!.security).toEqual([{ guestToken: [] }, { staffToken: [] }]);
  });
});

describe('the answers the document names', () => {
  /** The shared schema the document names for an operation's answer of this status. */
  const answerSchema = (document: Document, method: string, path: string, status: number) => {
    const ref = JSON.stringify(document.paths[path]?.[method]?.responses[String(status)]).match(/#\/components\/schemas\/(\w+)/)?.[1];
    expect(ref, `${method} ${path} ${status} names no answer schema`).toBeDefined();
    return ANSWERS[ref as AnswerName];
  };

  it('are what the routes answer', async () => {
    const document = await servedDocument();
    const session = await call('POST', '/api/auth/guest-session', { body: {} });
    expect(session.status).toBe(201);
    answerSchema(document, 'post', '/api/auth/guest-session', 201).parse(session.json);
    const token = (session.json as { token: string }).token;
    const reads: [string, string, string?][] = [
      ['/api/healthz', '/api/healthz'],
      ['/api/venues', '/api/venues'],
      ['/api/venues/{id}', '/api/venues/artisan-bar'],
      ['/api/venues/{id}/drinks', '/api/venues/artisan-bar/drinks'],
      ['/api/drinks', '/api/drinks?slug=artisan-bar'],
      ['/api/auth/demo', '/api/auth/demo'],
      ['/api/push/key', '/api/push/key'],
      ['/api/cart', '/api/cart?slug=artisan-bar', token],
    ];
    for (const [path, url, bearer] of reads) {
      const res = await call('GET', url, { token: bearer });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      const parsed = answerSchema(document, 'get', path, 200).safeParse(res.json);
      expect(parsed.error?.issues, url).toBeUndefined();
    }
  });

  it('are the error shape when a route refuses', async () => {
    const document = await servedDocument();
    expect(document.paths['/api/cart']!.get!.responses['401']).toEqual({ $ref: '#/components/responses/Error' });
    const refused = await call('GET', '/api/cart?slug=artisan-bar');
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ error: expect.objectContaining({ code: 'unauthorized' }) });
  });
});

describe('GET /api/reference', () => {
  it('is a page of its own that loads the reference UI over the document', async () => {
    const res = await call('GET', '/api/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.text).toContain('<title>Barhop API reference</title>');
    expect(res.text).toContain('data-url="/api/openapi.json"');
  });
});
