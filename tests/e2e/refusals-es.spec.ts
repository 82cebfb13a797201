import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bartender, gotoLive, SLUG } from './table-helpers';

// Refusals in the guest's language (docs/decisions/256): two friends whose phones read Spanish reach three of the
// table's refusals and read each in Spanish. The screens keep a guest from asking what the table no longer allows;
// a refusal comes when a screen is behind the table (a second tab, a phone that has not heard the latest change), so
// the phone that is refused is held on the table as it was when it opened (`holdTable`).

/** A demo table no other spec uses (the demo venues have tables 1 to 20). */
const TABLE = '9';
/** What Intl writes for an amount in Spanish ('23,50 US$'), as the guest app writes money in Spanish. */
const spanishMoney = (cents: number) => new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function spanishPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'es-ES' });
  return { context, page: await context.newPage() };
}

/** Joins the table in Spanish, by its QR code (`qr`) or the tab's code (`code`). */
async function join(page: Page, name: string, via: { qr: string } | { code: string }) {
  await page.goto('qr' in via ? via.qr : `/venue/${SLUG}?table=${TABLE}&code=${via.code}`);
  const sheet = page.getByRole('dialog', { name: 'Unirse a la mesa' });
  await sheet.getByLabel('Tu nombre').fill(name);
  await sheet.getByRole('button', { name: 'Unirse a la mesa' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Tu mesa' })).toBeVisible();
}

async function addDrink(page: Page, drinkId: string) {
  await page.goto(`/venue/${SLUG}/drink/${drinkId}`);
  await page.getByRole('button', { name: /^Añadir al carrito de la mesa/ }).click();
  await expect(page.getByText(`añadido al carrito de la mesa ${TABLE}`)).toBeVisible();
}

/**
 * Holds this page on the table as it is when the page next reads it: every later read of the table answers that
 * first answer, and the venue socket never connects, so no change made elsewhere reaches the page.
 */
async function holdTable(page: Page, sessionId: string) {
  await page.routeWebSocket(/\/api\/live\//, () => {});
  let first: { status: number; headers: Record<string, string>; body: string } | null = null;
  await page.route((url) => url.pathname === `/api/tables/sessions/${sessionId}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (!first) {
      const answer = await route.fetch();
      first = { status: answer.status(), headers: answer.headers(), body: await answer.text() };
    }
    await route.fulfill(first);
  });
}

test('a table in Spanish: a round while one is active, a line another member claimed, a share over what is owed, each refused in Spanish', async ({ browser, request, auth }) => {
  test.setTimeout(240_000);
  const bar = bartender(request, await auth.token('staff'), TABLE);
  for (const open of await bar.sessions()) await bar.end(open.session_id);
  const [first, second] = ((await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as { id: string }[]).slice(0, 2) as [{ id: string }, { id: string }];

  // Ana scans the table's code and hosts; Ben joins with the tab's code. Both phones read Spanish.
  const ana = await spanishPhone(browser);
  const ben = await spanishPhone(browser);
  await join(ana.page, 'Ana', { qr: (await auth.tableQr(TABLE)).path });
  await expect(ana.page.locator('html')).toHaveAttribute('lang', 'es');
  const [session] = await bar.sessions();
  const sessionId = session!.session_id;
  await join(ben.page, 'Ben', { code: (await bar.table(sessionId)).join_code });
  await addDrink(ana.page, first.id);
  await addDrink(ben.page, second.id);

  // A round while one is active: Ana's second tab still shows the cart unsent when her first tab sends it.
  const secondTab = await ana.context.newPage();
  await holdTable(secondTab, sessionId);
  await secondTab.goto(`/venue/${SLUG}/cart`);
  const staleSend = secondTab.getByRole('button', { name: /^Enviar ronda/ });
  await expect(staleSend).toBeEnabled();
  await gotoLive(ana.page, `/venue/${SLUG}/cart`);
  await ana.page.getByRole('button', { name: /^Enviar ronda/ }).click();
  await expect(ana.page.getByText('Se está preparando la ronda 1.', { exact: false })).toBeVisible();
  await staleSend.click();
  await expect(secondTab.getByText(`La ronda de la mesa ${TABLE} aún se está preparando. Sigue añadiendo: podrás enviar la siguiente ronda cuando la barra la haya preparado.`)).toBeVisible();
  await expect(secondTab.getByText(/round is still being made/)).toHaveCount(0);
  await secondTab.close();

  // The bar serves the round; Ana asks for the bill.
  const round1 = (await bar.table(sessionId)).rounds[0]!.order_id;
  await bar.setStatus(round1, 'delivered');
  await ana.page.goto(`/venue/${SLUG}/table/tab`);
  await ana.page.getByRole('button', { name: 'Dividir la cuenta' }).click();
  await ana.page.getByRole('dialog', { name: '¿Dividir la cuenta?' }).getByRole('button', { name: 'Dividir la cuenta' }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/venue/${SLUG}/table/split$`));

  // Ben's phone opens the split before Ana claims her line and takes her share, and hears of neither.
  await holdTable(ben.page, sessionId);
  await ben.page.goto(`/venue/${SLUG}/table/split`);
  const bensLines = ben.page.getByRole('list', { name: 'Líneas de la cuenta' });
  await ben.page.getByRole('group', { name: 'Cómo pagas' }).getByRole('button', { name: 'Por artículo' }).click();
  const anasLine = bensLines.getByRole('button').first();
  await expect(anasLine).toBeEnabled();

  await gotoLive(ana.page, `/venue/${SLUG}/table/split`);
  await ana.page.getByRole('group', { name: 'Cómo pagas' }).getByRole('button', { name: 'Por artículo' }).click();
  await ana.page.getByRole('list', { name: 'Líneas de la cuenta' }).getByRole('button').first().click();
  await expect(ana.page.getByRole('list', { name: 'Líneas de la cuenta' }).getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');

  // A line another member claimed.
  await anasLine.click();
  await expect(ben.page.getByText('Ana ya ha reclamado esta línea')).toBeVisible();

  // A share over what is owed: Ana takes hers; Ben, still reading the whole bill as owed, asks for all of it.
  await ana.page.getByRole('button', { name: /^Tomar mi parte · / }).click();
  await expect(ana.page.getByRole('list', { name: 'Partes' }).getByRole('listitem')).toHaveCount(1);
  const after = (await (await request.get(`/api/tables/sessions/${sessionId}`, { headers: await auth.headers('staff') })).json()).table as { tab: { total_cents: number; owed_cents: number } };
  expect(after.tab.owed_cents).toBeLessThan(after.tab.total_cents);
  await ben.page.getByRole('group', { name: 'Cómo pagas' }).getByRole('button', { name: 'Otro importe' }).click();
  await ben.page.getByLabel('Importe', { exact: true }).fill((after.tab.total_cents / 100).toFixed(2));
  await ben.page.getByRole('button', { name: /^Tomar mi parte · / }).click();
  await expect(ben.page.getByText(`Eso es más que los ${spanishMoney(after.tab.owed_cents)} que aún se deben`)).toBeVisible();
  await expect(ben.page.getByText(/still owed/)).toHaveCount(0);

  await ana.context.close();
  await ben.context.close();
});
