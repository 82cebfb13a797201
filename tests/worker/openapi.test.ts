import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { openApiPath } from '../../worker/openapi/document';
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

describe('GET /api/openapi.json (docs/decisions/249)', () => {
  // Validated against the OpenAPI 3.1 schema by tests/app/openapi-document.test.ts: swagger-parser's ajv compiles
  // code at run time, which workerd refuses (docs/decisions/249).
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

describe('GET /api/reference', () => {
  it('is a page of its own that loads the reference UI over the document', async () => {
    const res = await call('GET', '/api/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.text).toContain('<title>Barhop API reference</title>');
    expect(res.text).toContain('data-url="/api/openapi.json"');
  });
});
