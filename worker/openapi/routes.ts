import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppContext } from '../env';
import { openApiDocument } from './document';

/**
 * Where the reference page's Swagger UI files are: copied from swagger-ui-dist into the build's static assets by
 * vite.config.ts (served from node_modules by `vite dev`), so the page works offline and no app route loads them
 * (docs/decisions/252).
 */
export const REFERENCE_ASSETS = '/api-reference';

/**
 * The API's OpenAPI document and its reference page (docs/decisions/252). The document is read from the whole
 * app, which mounts these routes, so the app is passed in (`appOf`) and read on the first request.
 */
export function openApiRoutes(appOf: () => Hono<AppContext>): Hono<AppContext> {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono<AppContext>()
    .get('/openapi.json', async (c) => {
      // Built once per isolate, on the first request; a failure is not kept.
      document ??= openApiDocument(appOf() as unknown as Hono<never>).catch((error: unknown) => {
        document = undefined;
        throw error;
      });
      return c.json(await document);
    })
    .get('/reference', (c) => c.html(html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Barhop API reference</title>
  <link rel="stylesheet" href="${REFERENCE_ASSETS}/swagger-ui.css">
</head>
<body>
  <main id="reference" data-url="/api/openapi.json"></main>
  <script src="${REFERENCE_ASSETS}/swagger-ui-bundle.js"></script>
  <script src="${REFERENCE_ASSETS}/reference.js"></script>
</body>
</html>`));
}
