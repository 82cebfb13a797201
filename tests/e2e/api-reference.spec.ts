// The API reference (docs/decisions/252): /api/reference renders the Worker's OpenAPI document with Swagger UI from
// files of our own origin, under the app's Content-Security-Policy, and loads nothing of the app.
import { expect, test } from '@playwright/test';

test('the API reference page shows the API and its operations, with nothing from outside or from the app', async ({ page }) => {
  const requested: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (message) => { if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text()); });

  await page.goto('/api/reference');

  await expect(page.getByRole('heading', { name: /Barhop API/ })).toBeVisible();
  // Each resource opens to its operations, each operation to its parameters, read from the route's own validators.
  await page.getByRole('link', { name: 'drinks', exact: true }).click();
  const menuBySlug = page.getByRole('button', { name: "GET /api/drinks A venue's menu by slug" });
  await expect(menuBySlug).toBeVisible();
  await menuBySlug.click();
  await expect(page.locator('.opblock.is-open .parameters')).toContainText('slug');
  // Its answer, from the shared Drink schema: money in integer cents.
  await expect(page.locator('.opblock.is-open .responses-wrapper')).toContainText('"price_cents"');

  expect(refused).toEqual([]);
  // Its own files only: none of the app's chunks (/assets/).
  expect(requested.filter((path) => path.startsWith('/assets/'))).toEqual([]);
  expect(requested).toEqual(expect.arrayContaining(['/api/openapi.json', '/api-reference/swagger-ui-bundle.js', '/api-reference/swagger-ui.css']));
});
