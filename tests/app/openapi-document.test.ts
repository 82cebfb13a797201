// @vitest-environment node
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, expect, it, vi } from 'vitest';
import type { OpenApiDocument } from '../../worker/openapi/document';

/*
 * The API's OpenAPI document (GET /api/openapi.json, docs/decisions/252) built from the Worker's app here in node:
 * swagger-parser validates with ajv, which compiles code at run time, and workerd refuses that.
 * tests/worker/openapi.test.ts checks the served document covers every mounted route.
 */
vi.mock('cloudflare:workers', () => ({ DurableObject: class {} }));

let document: OpenApiDocument;

beforeAll(async () => {
  // What the vitest worker project defines: a demo build of the local configuration (docs/decisions/194).
  vi.stubGlobal('__BARHOP_DEMO_BUILD__', true);
  vi.stubGlobal('__BARHOP_LOCAL_BUILD__', true);
  const { app } = await import('../../worker/app');
  const { openApiDocument } = await import('../../worker/openapi/document');
  document = await openApiDocument(app as never);
}, 60_000);

it('is a valid OpenAPI 3.1 document', async () => {
  // validate() dereferences in place: it gets a copy.
  const validated = await SwaggerParser.validate(structuredClone(document) as never);
  expect((validated as { openapi: string }).openapi).toMatch(/^3\.1\./);
  expect(Object.keys(document.paths).length).toBeGreaterThan(150);
});

it('is refused when an operation breaks the OpenAPI schema', async () => {
  const broken = structuredClone(document);
  broken.paths['/api/venues']!.get!.responses = { 200: {} as never };
  await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/description/);
});
