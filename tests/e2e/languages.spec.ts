import { expect, test } from '@playwright/test';

type Drink = { id: string; name: string; price_cents: number; lang?: string };

/** What Intl writes for an amount in Spanish ('13,00 US$'), the way the guest app formats prices in Spanish. */
const spanishPrice = (cents: number) => new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(cents / 100);

// docs/decisions/217: a guest who opens a venue link with ?lang=es reads the guest app in Spanish.
test('a guest opening a venue with ?lang=es reads the menu and a drink in Spanish, prices in the Spanish format', async ({ page, request }) => {
  const res = await request.get('/api/drinks?slug=artisan-bar');
  expect(res.ok()).toBe(true);
  const drinks = (await res.json()).drinks as Drink[];
  const first = drinks[0]!;

  await page.goto('/venue/artisan-bar?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'The Artisan Bar' })).toBeVisible();
  // On a phone the header's picker is the icon and the language's code, so the venue's name stays whole beside it.
  await expect(page.locator('.venue-header .language-code')).toHaveText('ES');
  expect(await page.locator('.venue-header h1').evaluate((h) => h.scrollWidth <= h.clientWidth), 'the venue name is cut short').toBe(true);
  await expect(page.getByRole('list', { name: 'Bebidas' }).getByRole('link')).toHaveCount(drinks.length);
  await expect(page.getByRole('searchbox', { name: 'Buscar bebidas' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Todas las bebidas (${drinks.length})` })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Local' });
  await expect(tabs.getByRole('link', { name: 'Carta' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Carrito' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.getByRole('list', { name: 'Bebidas' }).getByText(spanishPrice(first.price_cents)).first()).toBeVisible();

  // The drinks the venue translated read in Spanish; one it has not translated reads whole in English, marked so
  // (docs/decisions/217: never half-translated).
  const spanish = (await (await request.get('/api/drinks?slug=artisan-bar&lang=es')).json()).drinks as Drink[];
  const translated = spanish.find((d) => d.lang === 'es' && d.name !== drinks.find((e) => e.id === d.id)!.name)!;
  const untranslated = spanish.find((d) => d.lang === 'en')!;
  expect(translated, 'the demo seed translates drinks into Spanish').toBeTruthy();
  expect(untranslated.name).toBe(drinks.find((e) => e.id === untranslated.id)!.name);
  const menu = page.getByRole('list', { name: 'Bebidas' });
  await expect(menu.getByText(translated.name, { exact: true })).toHaveAttribute('lang', 'es');
  await expect(menu.getByText(drinks.find((e) => e.id === translated.id)!.name, { exact: true })).toHaveCount(0);
  await expect(menu.getByText(untranslated.name, { exact: true })).toHaveAttribute('lang', 'en');

  // A drink's page: its order box in Spanish, the price in the Spanish format.
  await page.getByRole('list', { name: 'Bebidas' }).getByRole('link').first().click();
  await expect(page.getByRole('group', { name: 'Cantidad' })).toBeVisible();
  await expect(page.getByText('Notas especiales (opcional)')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Añadir al carrito/ })).toContainText(spanishPrice(first.price_cents));

  // The picker switches the page to English at once, and the choice is kept for the next visit.
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
  await page.goto('/venue/artisan-bar');
  await expect(page.getByRole('list', { name: 'Drinks' })).toBeVisible();
});
