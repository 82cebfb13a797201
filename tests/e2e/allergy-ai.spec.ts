import { expect, test } from '@playwright/test';

// docs/decisions/189, 190: what a guest tells the AI bartender reaches the bartender's ticket, both AI screens
// show the confirm-with-staff warning, and Order Now confirms the total before it places anything.
const WARNING = 'With an allergy, please confirm with the bar staff when you order.';
const NOTE = 'Allergy: nuts (said to the AI bartender)';

test('a nut allergy said in the AI chat shows, highlighted, on the bartender\'s Active Orders ticket', async ({ page, browser }) => {
  // The vibe mixer shows the same warning as the chat.
  await page.goto('/venue/artisan-bar/vibe');
  await page.getByRole('button', { name: 'Rum', exact: true }).click();
  await page.getByRole('button', { name: 'Tropical', exact: true }).click();
  await page.getByLabel('Any last requests? (optional)').fill('nut allergy');
  await page.getByRole('button', { name: 'Mix My Vibe' }).click();
  await expect(page.getByRole('article', { name: /^Suggestion: / }).getByRole('note').filter({ hasText: WARNING })).toBeVisible();

  await page.goto('/venue/artisan-bar/ai');
  await page.getByLabel('Message the bartender').fill('I have a nut allergy, something tropical');
  await page.getByRole('button', { name: 'Send' }).click();
  const card = page.getByRole('article', { name: /^Suggestion: / });
  await expect(card).toBeVisible();
  await expect(card.getByRole('note').filter({ hasText: WARNING })).toBeVisible();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();

  // Order Now asks first, showing the total and what the bar will be told.
  await card.getByRole('button', { name: 'Order Now' }).click();
  const confirm = page.getByRole('dialog', { name: `Order ${name}?` });
  await expect(confirm.getByText(/^Total \$\d+\.\d\d$/)).toBeVisible();
  await expect(confirm.getByText(NOTE)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/ai$/);
  await card.getByRole('button', { name: 'Order Now' }).click();
  await confirm.getByRole('button', { name: /^Place order · \$/ }).click();
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/order-confirmation\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  const bar = await (await browser.newContext()).newPage();
  await bar.goto('/login');
  await bar.getByLabel('Email').fill('staff@barhop.dev');
  await bar.getByLabel('Password').fill('barhop-demo');
  await bar.getByRole('button', { name: 'Sign In' }).click();
  await expect(bar).toHaveURL(/\/staff$/);
  const ticket = bar.locator(`[data-order-id="${orderId}"]`);
  const highlighted = ticket.getByRole('note', { name: 'Guest allergy or constraint' });
  await expect(highlighted).toHaveText(NOTE);
  await expect(highlighted).toHaveClass(/ticket-constraint/);

  // The build sheet says it beside the drink's own facts.
  await ticket.getByRole('button', { name: 'Build Sheet' }).click();
  const sheet = bar.getByRole('dialog', { name: /^Build Sheet #/ });
  await expect(sheet.getByRole('note', { name: 'Guest allergy or constraint' })).toHaveText(NOTE);
  await expect(sheet.getByRole('region', { name: `Build sheet for ${name}` })).toBeVisible();
});
