/* global document, window */
// The API reference page (/api/reference, worker/openapi/routes.ts): Swagger UI over the Worker's OpenAPI document.
// A file rather than an inline script: the page's Content-Security-Policy allows scripts from 'self' only.
// Resources start folded (about sixty of them) with a filter by resource above them.
const root = document.getElementById('reference');
window.SwaggerUIBundle({ url: root.dataset.url, domNode: root, deepLinking: true, docExpansion: 'none', filter: true });
