// Accessibility (docs/reliability.md §8): axe on every route of every area (guest, login, admin, staff,
// super, diagnostics) with 0 critical, serious or moderate violations, and the guest flow by keyboard alone.
// The guest and public screens are scanned here; the admin, staff and super screens in a11y-back-office.spec.ts,
// which runs beside this one on the visual server (docs/decisions/221). The route list is checked against
// app/routes.tsx, so a screen added there without a place here fails the first test.
import { type APIRequestContext } from '@playwright/test';
import { axeStats, axeViolations, printAxeStats } from './axe';
import { expect, test, type Auth } from './fixtures';
import { slugify } from '../../shared/ids';
import { AREAS, SLUG, uncoveredRoutes } from './route-list';

test.describe.configure({ mode: 'serial' });

const stats = axeStats();

/** Staff cancel an order this spec placed, so the specs after it find the bar's queue as seeded. */
async function cancelOrder(request: APIRequestContext, auth: Auth, orderId: string) {
  const res = await request.put(`/api/staff/orders/${orderId}/status`, { data: { status: 'cancelled' }, headers: await auth.headers('staff') });
  expect(res.ok(), await res.text()).toBe(true);
}

test.afterAll(() => printAxeStats('a11y', stats));

test('the a11y route list covers every route in app/routes.tsx', () => {
  expect(uncoveredRoutes(), 'add these to AREAS in tests/e2e/route-list.ts').toEqual([]);
});

test('guest and public screens: 0 critical, serious or moderate axe violations', async ({ page, request, auth }) => {
  // 34 screens (17 routes, light and dark), each settled and scanned: about 3–4 s a screen on two busy cores.
  test.setTimeout(240_000);
  const drinks = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as { id: string; category: string }[];
  // A device session of our own, with an order, so order screens show a real order.
  const session = await (await request.post('/api/auth/guest-session', { data: { slug: SLUG } })).json();
  const placed = await request.post('/api/orders/quick', { data: { slug: SLUG, item: { menu_drink_id: drinks[0]!.id } }, headers: { Authorization: `Bearer ${session.token}` } });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()).id as string;
  await page.addInitScript(([token, id, slug]) => {
    localStorage.setItem('barhop.guest_token', token!);
    localStorage.setItem('guest_session_id', id!);
    localStorage.setItem('guest_venue_slug', slug!);
  }, [session.token, session.session_id, SLUG]);
  const values: Record<string, string> = { slug: SLUG, categorySlug: slugify(drinks[0]!.category), drinkId: drinks[0]!.id, orderId, shareId: 'no-such-share' };
  const problems: string[] = [];
  // Both schemes: dark has its own colours (the guest's choice is kept on the device).
  for (const scheme of ['light', 'dark'] as const) {
    await page.goto('/');
    await page.evaluate((s) => localStorage.setItem('barhop.theme', s), scheme);
    for (const route of [...AREAS.public, ...AREAS.guest]) {
      const url = route.replace(/:(\w+)/g, (_m, name: string) => values[name]!) + (route.endsWith('order-confirmation') ? `?orderId=${orderId}` : '');
      await page.goto(url);
      problems.push(...await axeViolations(page, `${url} (${scheme})`, stats));
    }
  }
  await cancelOrder(request, auth, orderId);
  expect(problems).toEqual([]);
});

test('the guest flow by keyboard alone: pick a venue, open a drink, add it to the cart, check out', async ({ page, auth }) => {
  /** Presses Tab until the focused element's accessible text matches, like a keyboard user scanning. */
  async function tabTo(name: RegExp, max = 120) {
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body || el === document.documentElement) return '';
        return `${el.getAttribute('aria-label') ?? ''} ${el.innerText ?? ''} ${(el as HTMLInputElement).labels?.[0]?.innerText ?? ''}`.trim().slice(0, 300);
      });
      if (name.test(focused)) {
        // The focus is visible where it lands (an outline or a box shadow).
        const visible = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
          return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
        });
        expect(visible, `focus ring on ${focused}`).toBe(true);
        return;
      }
    }
    throw new Error(`Tab never reached ${name}`);
  }

  await page.goto('/');
  await expect(page.getByRole('link', { name: /The Artisan Bar/ })).toBeVisible();
  await tabTo(/The Artisan Bar/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'The Artisan Bar' })).toBeVisible();
  const firstDrink = page.getByRole('list', { name: 'Drinks' }).getByRole('link').first();
  const drinkName = (await firstDrink.getAttribute('aria-label')) ?? (await firstDrink.innerText()).split('\n')[0]!;
  const drinkLink = new RegExp(drinkName.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await tabTo(drinkLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/drink\//);
  await tabTo(/Add to Cart/);
  await page.keyboard.press('Enter');
  // Adding to the cart asks a new guest to sign in by phone first: by keyboard too.
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/auth$/);
  await tabTo(/Phone number/);
  await page.keyboard.type('5550188001');
  await tabTo(/Send Code/);
  await page.keyboard.press('Enter');
  const demo = (await page.getByText(/Demo code: \d{6}/).textContent())!.match(/\d{6}/)![0];
  await tabTo(/Verification code/);
  await page.keyboard.type(demo);
  await tabTo(/Verify & Continue/);
  await page.keyboard.press('Enter');
  // Sign-in brings the guest back to the drink and adds it (docs/decisions/126).
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/drink\//);
  await expect(page.getByText(/Added 1 ×/)).toBeVisible();
  await tabTo(/^Cart/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/venue\/artisan-bar\/cart/);
  await tabTo(/Order name/);
  await page.keyboard.type('Keyboard only');
  await tabTo(/^Order — pay at the bar/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await cancelOrder(page.request, auth, new URL(page.url()).searchParams.get('orderId')!);
});

test('a modal keeps the keyboard inside it and Escape closes it, giving focus back to the page', async ({ page, auth }) => {
  // A table's QR code opens the "Join table" sheet (docs/decisions/199: every modal is a native <dialog>).
  await page.goto((await auth.tableQr('19')).path);
  const sheet = page.getByRole('dialog', { name: 'Join table' });
  await expect(sheet).toBeVisible();
  for (let tab = 0; tab < 12; tab++) {
    await page.keyboard.press(tab % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  // The page behind it cannot be reached by pointer either while it is open.
  expect(await page.evaluate(() => document.querySelector('.guest-shell')?.closest('[inert]') !== null
    || (document.querySelector('dialog[open]') as HTMLDialogElement | null)?.matches(':modal') === true)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
