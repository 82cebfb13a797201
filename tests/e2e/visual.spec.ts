// Visual regression (docs/decisions/221): every route at phone, tablet and desktop size in light, and in
// dark at phone and desktop size, against the committed baselines in visual.spec.ts-snapshots/; each size also checks
// that no route scrolls sideways, the phone size in light at 320 px too. A route is loaded once per scheme, at the
// phone size, and resized for the others: the breakpoints are CSS alone. Times, ages, order codes and live lists are
// masked (QR codes too: they carry the server's origin), and the order lists (staff queue and history, admin orders) are shown empty; animations are off. Regenerate after an intended change: `npm run test:visual -- --update-snapshots`.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { slugify } from '../../shared/ids';
import type { NightReport } from '../../shared/schemas/reports';
import { AREAS, SIGN_IN, SLUG, uncoveredRoutes } from './route-list';

const SIZES = { 390: { width: 390, height: 844 }, 768: { width: 768, height: 1024 }, 1440: { width: 1440, height: 900 } } as const;
/**
 * The sizes each scheme is compared at, the first one the size a route is loaded at: every size in light; dark at 390
 * and 1440 only. Dark sets colours and nothing else (`:root[data-scheme='dark']` in app/ui/tokens.css and
 * app/styles.css), so its colours are seen on the phone layout and on the desktop one with the back office's sidebar,
 * and the 768 layout in light (docs/decisions/221).
 */
const SCHEMES = { light: [390, 768, 1440], dark: [390, 1440] } as const;
/** The narrowest phone: in light each route is laid out at this width too and measured, with no screenshot. */
const NARROW = { width: 320, height: 800 };
type Role = keyof typeof SIGN_IN;
const MASK = ['time', '.ticket-age', '.admin-clock', '.order-id', '.mono', '.impersonation-slug', '[data-visual-mask]', '.staff-order-list', '.all-day-list', '.admin-queue-list', '.admin-live-list', '.super-raw', 'tbody:not(.chart-data tbody)', '.tile-value', '.qr-image', '.qr-url', '.chart-svg', '.chart-hbars'];
const FROZEN_NOW = new Date('2026-11-23T20:00:00Z');
/**
 * The platform's figures cover each venue's business days (docs/decisions/203), so over a seed made relative to now they move
 * with the time of day the suite runs: their ranked lists, key figures and tile notes are masked there too.
 */
const ROUTE_MASK: Record<string, string[]> = {
  '/super/overview': ['.super-rank', '.super-kv dd', '.super-tile-note'],
  '/super/analytics': ['.super-kv dd', '.super-tile-note'],
};

/** One night at The Artisan Bar, for the close-of-night screen (GET /api/admin/reports/night). */
const FIXED_NIGHT: NightReport = {
  day: '2026-11-22', timezone: 'America/New_York', starts_at: '2026-11-22T09:00:00.000Z', ends_at: '2026-11-23T09:00:00.000Z',
  tonight: false, until: '2026-11-23T09:00:00.000Z',
  orders: 42, gross_sales_cents: 61_800, average_ticket_cents: 1_438, busiest_hour: 22,
  by_drink: [{ name: 'Negroni', qty: 14, sales_cents: 21_000 }, { name: 'Old Fashioned', qty: 12, sales_cents: 18_000 }, { name: 'Espresso Martini', qty: 10, sales_cents: 15_000 }, { name: 'Virgin Mojito', qty: 6, sales_cents: 7_800 }],
  by_category: [{ name: 'Cocktails', qty: 36, sales_cents: 54_000 }, { name: 'Mocktails', qty: 6, sales_cents: 7_800 }],
  by_staff: [{ name: 'Sam Staff', orders: 30, sales_cents: 44_400 }, { name: 'Not handled', orders: 12, sales_cents: 17_400 }],
  open_checks: { count: 1, amount_cents: 1_520, checks: [{ kind: 'order', id: 'visual-order-2', name: 'Jon', at: '2026-11-23T03:40:00.000Z', amount_cents: 1_520 }] },
  collected: { payments: 41, sales_cents: 60_400, service_charge_cents: 1_800, tax_cents: 5_241, tips_cents: 6_200, refunds_cents: 1_400, amount_cents: 72_241 },
  payment_methods: [
    { method: 'Card in the app', payments: 18, sales_cents: 36_000, service_charge_cents: 1_800, tax_cents: 3_150, tips_cents: 5_000, refunds_cents: 1_400, amount_cents: 44_550 },
    { method: 'Cash', payments: 23, sales_cents: 24_400, service_charge_cents: 0, tax_cents: 2_091, tips_cents: 1_200, refunds_cents: 0, amount_cents: 27_691 },
  ],
  refunds: { count: 1, cents: 1_400 }, card_fees_cents: 1_203,
  cancels: [{ order_id: 'visual-order-1', code: 'A7K', display_name: 'Maya', total_cents: 1_400, reason: 'Guest left', by: 'Sam Staff', at: '2026-11-23T02:10:00.000Z' }],
  voids: [],
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Per role: the browser's storage after signing in, and its session storage (where the access token lives). */
const states = new Map<Role, { storage: StorageState; session: string }>();
let values: Record<string, string> = {};

async function signedIn(browser: Browser, role: Role) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await expect(async () => {
    await page.getByLabel('Email').fill(SIGN_IN[role]);
    await expect(page.getByLabel('Email')).toHaveValue(SIGN_IN[role], { timeout: 300 });
  }).toPass();
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // The access token is in session storage, which storageState leaves out; the refresh cookie is left out on
  // purpose: spending it in one context would make it stale for the next.
  const session = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const storage = { ...(await context.storageState()), cookies: [] };
  await context.close();
  return { storage, session };
}

test.beforeAll(async ({ browser, request }) => {
  for (const role of Object.keys(SIGN_IN) as Role[]) states.set(role, await signedIn(browser, role));
  const drinks = (await (await request.get(`/api/drinks?slug=${SLUG}`)).json()).drinks as { id: string; category: string }[];
  values = { slug: SLUG, categorySlug: slugify(drinks[0]!.category), drinkId: drinks[0]!.id, orderId: 'no-such-order', shareId: 'no-such-share' };
});

const urlOf = (route: string) => route.replace(/:(\w+)/g, (_m, name: string) => values[name]!);
const areaOf = (route: string): Role | null => (route.startsWith('/admin') ? 'admin' : route.startsWith('/staff') ? 'staff' : route.startsWith('/super') ? 'super' : null);
const ROUTES = [...Object.values(AREAS).flat(), '/venue/no-such-venue'];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.evaluate(() => document.fonts.ready);
}

async function visit(browser: Browser, role: Role | null, scheme: 'light' | 'dark', viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
  const signedInAs = role ? states.get(role)! : null;
  // Desktop-style, the phone's touch and pixel ratio kept: in mobile emulation a resized page stays scaled, and the
  // window widens with a page too wide for it, so no sideways scroll could be measured (docs/decisions/221).
  const context = await browser.newContext({ viewport, isMobile: false, storageState: signedInAs?.storage, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.clock.setFixedTime(FROZEN_NOW);
  // The bar's live queue, its history, the admin's order list and the audit logs hold what the specs before this one did: shown empty here,
  // so the screens compare the same in a full run and alone (their cards are checked in finish.spec.ts).
  await page.route(/\/api\/(staff\/orders|staff\/queue|staff\/history|admin\/orders|admin\/audit-log|super\/audit-log)(\?|$)/, (route) =>
    (route.request().method() === 'GET' ? route.fulfill({ json: { orders: [], entries: [], next_before: null } }) : route.fallback()));
  // The close of night shows tonight's business day by the server's clock, over a seed made relative to
  // now: its day and rows change with the hour the suite runs, so it shows one fixed night here.
  await page.route(/\/api\/admin\/reports\/night(\?|$)/, (route) =>
    (route.request().method() === 'GET' ? route.fulfill({ json: FIXED_NIGHT }) : route.fallback()));
  if (signedInAs) {
    await page.addInitScript((entries) => {
      for (const [key, value] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(key, value);
    }, signedInAs.session);
  }
  await page.addInitScript((s) => {
    localStorage.setItem('barhop.theme', s);
    for (const area of ['admin', 'staff', 'super']) localStorage.setItem(`barhop.backoffice.theme.${area}`, s);
  }, scheme);
  try { await run(page); } finally { await context.close(); }
}

test('the visual suite covers every route in app/routes.tsx', () => {
  expect(uncoveredRoutes(), 'add these to AREAS in tests/e2e/route-list.ts').toEqual([]);
});

/** No route scrolls sideways: one wider than the viewport is added to `wide`, with its widths. */
async function measureWidth(page: Page, route: string, width: number, wide: string[]) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  if (scroll! > client!) wide.push(`${route}: ${scroll} > ${client} at ${width} px`);
}

/** After a resize, the page as laid out at its new size: two frames for layout and resize observers, then its images. */
async function resized(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() => Array.from(document.images).filter((image) => {
    const box = image.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }).every((image) => image.complete));
}

const screenshotName = (route: string, size: number, scheme: string) => `${route.replace(/[/:]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${size}-${scheme}.png`;

for (const [scheme, sizes] of Object.entries(SCHEMES) as [keyof typeof SCHEMES, readonly (keyof typeof SIZES)[]][]) {
  const narrow = scheme === 'light';
  for (const role of [null, 'admin', 'staff', 'super'] as const) {
    test(`${role ?? 'guest and public'} routes look as they did in ${scheme}: ${sizes.join(', ')} px${narrow ? ` (and fit ${NARROW.width} px)` : ''}`, async ({ browser }) => {
      test.setTimeout(240_000);
      const wide: string[] = [];
      const first = SIZES[sizes[0]!];
      await visit(browser, role, scheme, first, async (page) => {
        for (const route of ROUTES.filter((r) => areaOf(r) === role)) {
          await page.setViewportSize(first);
          await page.goto(urlOf(route));
          await settle(page);
          if (role) await expect(page, route).not.toHaveURL(/\/login/);
          for (const size of sizes) {
            const viewport = SIZES[size];
            if (size !== sizes[0]) await resized(page, viewport);
            await expect.soft(page, `${route} at ${size}`).toHaveScreenshot(screenshotName(route, size, scheme), { mask: [...MASK, ...(ROUTE_MASK[route] ?? [])].map((s) => page.locator(s)), maxDiffPixelRatio: 0.01, animations: 'disabled' });
            await measureWidth(page, route, viewport.width, wide);
            if (narrow && size === 390) {
              await resized(page, NARROW);
              await measureWidth(page, route, NARROW.width, wide);
            }
          }
        }
      });
      expect.soft(wide, 'routes that scroll sideways').toEqual([]);
    });
  }
}
