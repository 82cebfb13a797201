// The guest menu's first paint comes from the Worker (docs/decisions/219): without JavaScript the page already
// shows the venue, its cover and its first drinks; with it, the app takes over in place, from the boot data in the
// page, and the menu works as before.
import { expect, test, type APIRequestContext } from '@playwright/test';

type Drink = { id: string; name: string; description: string; category: string };
type Venue = { name: string; address: string; image_url: string | null; cover_image_url: string | null };

async function menuOf(request: APIRequestContext, slug: string) {
  const venue = (await (await request.get(`/api/venues/${slug}`)).json()).venue as Venue;
  const drinks = (await (await request.get(`/api/venues/${slug}/drinks`)).json()).drinks as Drink[];
  return { venue, drinks };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu page shows the venue, its cover and its first drinks', async ({ page, request }) => {
    const { venue, drinks } = await menuOf(request, 'artisan-bar');
    await page.goto('/venue/artisan-bar');
    await expect(page).toHaveTitle(venue.name);
    await expect(page.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
    await expect(page.getByText(venue.address)).toBeVisible();
    await expect(page.getByText(`All Drinks (${drinks.length})`)).toBeVisible();

    const cover = page.locator('.venue-hero img');
    await expect(cover).toBeVisible();
    expect((await cover.boundingBox())!.height).toBeGreaterThan(100);
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const first = page.getByRole('list', { name: 'Drinks' }).getByRole('link').first();
    await expect(first).toContainText(drinks[0]!.name);
    await expect(first).toHaveAttribute('href', `/venue/artisan-bar/drink/${drinks[0]!.id}`);
  });
});

test('with JavaScript the app takes over the first paint in place, reading only the menu once after the paint, and the menu works', async ({ page, request }) => {
  const { venue, drinks } = await menuOf(request, 'artisan-bar');
  const venueReads: string[] = [];
  page.on('request', (req) => { if (new URL(req.url()).pathname.startsWith('/api/venues/')) venueReads.push(new URL(req.url()).pathname); });
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  const res = await page.goto('/venue/artisan-bar');
  expect(res!.headers()['cache-control']).toBe('no-cache');
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");

  // The app's own menu: every drink, and the cover from its URL rather than the first paint's data: URI.
  const grid = page.getByRole('list', { name: 'Drinks' });
  await expect(grid.getByRole('link')).toHaveCount(drinks.length);
  await expect(page.locator('.venue-hero img')).toHaveAttribute('src', (venue.cover_image_url ?? venue.image_url)!);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.05);
  // The venue came with the page; the menu, left out of it, was read once, by the loader after the first paint.
  expect(venueReads).toEqual(['/api/venues/artisan-bar/drinks']);

  // Search and chips work.
  const query = drinks[1]!.name.toLowerCase();
  const matching = drinks.filter((d) => d.name.toLowerCase().includes(query) || d.description.toLowerCase().includes(query));
  await page.getByLabel('Search drinks').fill(drinks[1]!.name);
  await expect(grid.getByRole('link')).toHaveCount(matching.length);
  await page.getByLabel('Search drinks').fill('');
  const category = drinks[0]!.category;
  await page.getByRole('group', { name: 'Categories' }).getByRole('button').nth(1).click();
  await expect(grid.getByRole('link')).toHaveCount(drinks.filter((d) => d.category === category).length);

  // A drink opens in the app.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/venue/artisan-bar/drink/${drinks[0]!.id}$`));
  await expect(page.getByRole('heading', { name: drinks[0]!.name, level: 2 })).toBeVisible();
});

test.describe('a guest whose browser reads Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('gets a Spanish first paint, which the app takes over in place, in Spanish, reading the Spanish menu once and never showing English (docs/decisions/272)', async ({ page, request }) => {
    const drinks = (await (await request.get('/api/drinks?slug=artisan-bar&lang=es')).json()).drinks as (Drink & { lang: string })[];
    const menuReads: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/venues/') || url.pathname === '/api/drinks') menuReads.push(url.pathname + url.search);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number; firstPaint: string[]; shown: string[] };
      w.layoutShift = 0;
      w.shown = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const cards = () => Array.from(document.querySelectorAll('#root .drink-card')).slice(0, 6).map((card) => (card as HTMLElement).innerText);
      // The page as parsed, before the app's code is even requested (the loader asks for it after the first paint).
      document.addEventListener('DOMContentLoaded', () => { w.firstPaint = [(document.querySelector('#root .chips') as HTMLElement | null)?.innerText ?? '', ...cards()]; });
      // Every text the page shows on its way to the app: any English would be a flash the guest sees.
      new MutationObserver(() => { const root = document.getElementById('root'); if (root) w.shown.push(root.innerText); })
        .observe(document, { childList: true, subtree: true, characterData: true });
    });

    await page.goto('/venue/artisan-bar');
    const grid = page.getByRole('list', { name: 'Bebidas' });
    await expect(grid.getByRole('link')).toHaveCount(drinks.length);

    const { firstPaint, shown, layoutShift } = await page.evaluate(() => {
      const w = window as unknown as { layoutShift: number; firstPaint: string[]; shown: string[] };
      return { firstPaint: w.firstPaint, shown: w.shown, layoutShift: w.layoutShift };
    });
    // The Worker's first paint was Spanish: the catalog's words, the Spanish menu's drinks.
    expect(firstPaint[0]).toContain(`Todas las bebidas (${drinks.length})`);
    expect(firstPaint[1]).toContain(drinks[0]!.name);
    const translated = drinks.slice(0, 6).find((d) => d.lang === 'es')!;
    expect(firstPaint.join('\n')).toContain(translated.description);
    // The app drew the very same words in place: the chips and the first screen of cards read as the paint did.
    const chips = await page.getByRole('group', { name: 'Categorías' }).innerText();
    const cards = await grid.locator('.drink-card').evaluateAll((els) => els.slice(0, 6).map((el) => (el as HTMLElement).innerText));
    expect([chips, ...cards]).toEqual(firstPaint);
    expect(layoutShift).toBeLessThan(0.05);
    // No English on the way: neither the app's English words nor the English menu.
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).not.toMatch(/All Drinks|Alcohol-free|Contains:|Loading menu/);
    // The venue came with the page; the Spanish menu was read once, by the loader after the first paint.
    expect(menuReads).toEqual(['/api/drinks?slug=artisan-bar&lang=es']);
    await expect(page.getByLabel('Buscar bebidas')).toBeEditable();
  });
});

test('an unknown venue gets the plain app, which says so', async ({ page }) => {
  await page.goto('/venue/no-such-bar');
  await expect(page.getByRole('heading', { name: 'Venue not found' })).toBeVisible();
  await expect(page).toHaveTitle('Barhop');
});
