import { expect, test } from '@playwright/test';

// A venue's own content in the guest's language (docs/decisions/217, docs/product.md §11.14): the admin translates a
// drink the seed left in English, and guests reading Spanish see it at once; locally "Draft with AI" says why not.
test.use({ viewport: { width: 1280, height: 800 } });

type MenuDrink = { id: string; name: string; description: string; lang: string };

test('the admin translates a drink on the Translations page and guests reading Spanish see it whole', async ({ page, request }) => {
  const spanishMenu = async () => (await (await request.get('/api/drinks?slug=artisan-bar&lang=es')).json() as { drinks: MenuDrink[] }).drinks;
  // A drink guests now see in English: the seed leaves several untranslated, and other specs may take one off the menu.
  const before = (await spanishMenu()).find((d) => d.lang === 'en');
  expect(before, 'the Spanish menu shows no untranslated drink').toBeDefined();
  expect((await spanishMenu()).find((d) => d.name === 'Negroni')?.lang).toBe('es');

  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@barhop.dev');
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole('navigation').getByRole('link', { name: 'Translations', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Language')).toHaveValue('es');
  await expect(page.getByText('AI drafts are made when Barhop runs on Cloudflare; here, type the translations in.')).toBeVisible();

  await page.getByLabel('Only drinks guests see untranslated').check();
  const card = page.getByRole('form', { name: before!.name, exact: true });
  await expect(card.getByText('Not translated')).toBeVisible();
  await card.getByLabel('Name in Spanish').fill(`${before!.name} de la casa`);
  await card.getByLabel('Description in Spanish').fill('Receta de la casa, agitada con hielo y servida en copa fría.');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${before!.name}: translation saved`)).toBeVisible();

  await expect.poll(async () => (await spanishMenu()).find((d) => d.id === before!.id)).toMatchObject({ name: `${before!.name} de la casa`, lang: 'es' });
});
