// The API reference (docs/decisions/249, 250): /api/reference renders the Worker's OpenAPI document with Swagger UI from
// files of our own origin, under the app's Content-Security-Policy, and loads nothing of the app.
import { expect, test } from '@playwright/test';

test('the API reference page shows the API and its operations, with nothing from outside or from the app', async ({ page }) => {
  const requested: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (message) => { if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text()); });

  await page.goto('/api/reference');

  await expect(page.getByRole('heading', { name: /Barhop API/ })).toBeVisible();
  const listVenues = page.locator('.opblock', { hasText: 'List active venues' });
  await expect(listVenues).toContainText('/api/venues');
  await expect(listVenues).toContainText('GET');
  // An operation opens to its parameters and answers, read from the route's own schemas.
  await page.locator('.opblock', { hasText: "A venue's menu by slug" }).locator('.opblock-summary').click();
  await expect(page.locator('.opblock.is-open')).toContainText('slug');

  expect(refused).toEqual([]);
  // Its own scripts only: none of the app's chunks (/assets/), every request to this origin.
  expect(requested.filter((path) => path.startsWith('/assets/'))).toEqual([]);
  expect(requested).toEqual(expect.arrayContaining(['/api/openapi.json', '/api-reference/swagger-ui-bundle.js']));
});
