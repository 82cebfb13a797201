// Security of what the browser gets (docs/reliability.md §3 and §7), against the built app:
//   - stored text is rendered as text: markup stored through the API as an order's name, notes
//     and instructions, a drink's name and a guest's display name shows up literally on the guest,
//     staff and admin screens, and no element or script from it exists;
//   - the SPA's HTML carries the CSP (public/_headers) and has no inline script; the built bundle
//     holds no secret and no server code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const SLUG = 'artisan-bar';
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';
const SVG = '"><svg onload="window.__xss=3">';

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: 'barhop-demo' } });
  expect(res.ok()).toBe(true);
  return (await res.json()).access_token as string;
}

/** Signs in on the login screen, as a person would. */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('barhop-demo');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The literal text is on screen, and nothing it describes was created or run. */
async function expectInert(page: Page, text: string, screen: string) {
  await expect(page.getByText(text, { exact: false }).first(), `${screen} shows the text`).toBeVisible();
  // Allowed inline: the boot data (JSON, never run) and the menu's fixed app loader (CSP hash, decision 219).
  expect(await page.locator('img[src="x"], svg[onload], script:not([src]):not([type="application/json"]):not([data-entry])').count(), `${screen}: injected element`).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${screen}: injected script ran`).toBeUndefined();
}

test('markup stored through the API is shown as text on guest, staff and admin screens', async ({ page, request, browser }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });

  // A drink named with markup, by the venue's admin.
  const admin = await login(request, 'admin@barhop.dev');
  const created = await request.post('/api/admin/menu-drinks', {
    headers: { Authorization: `Bearer ${admin}` }, data: { name: `Mule ${IMG} ${Date.now() % 100000}`, description: SCRIPT, price_cents: 1100, category: 'cocktail' },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const drink = (await created.json()).drink ?? (await created.json());

  // A guest signs in by phone, names themself with markup, and orders it with markup everywhere.
  const session = await (await request.post('/api/auth/guest-session', { data: { slug: SLUG } })).json();
  const sent = await (await request.post('/api/auth/otp/send', { headers: { Authorization: `Bearer ${session.token}` }, data: { phone: '5550177001' } })).json();
  const verified = await (await request.post('/api/auth/otp/verify', { headers: { Authorization: `Bearer ${session.token}` }, data: { phone: '5550177001', code: sent.demo_code } })).json();
  const guest = { Authorization: `Bearer ${verified.token}` };
  expect((await request.patch('/api/me', { headers: guest, data: { display_name: `Ann ${SVG}`.slice(0, 60) } })).ok()).toBe(true);
  const order = await request.post('/api/orders', {
    headers: guest,
    data: { slug: SLUG, display_name: `Table ${IMG}`, special_instructions: SCRIPT, items: [{ menu_drink_id: drink.id, quantity: 1, notes: SVG }] },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const orderId = (await order.json()).id as string;

  await page.addInitScript(([token, id, slug]) => {
    localStorage.setItem('barhop.guest_token', token!);
    localStorage.setItem('guest_session_id', id!);
    localStorage.setItem('guest_venue_slug', slug!);
  }, [verified.token, verified.session_id ?? session.session_id, SLUG]);

  await page.goto(`/venue/${SLUG}`);
  await expectInert(page, `Mule ${IMG}`, 'guest menu');
  await page.goto(`/venue/${SLUG}/drink/${drink.id}`);
  await expectInert(page, SCRIPT, 'drink page');
  await page.goto(`/venue/${SLUG}/order/${orderId}`);
  await expectInert(page, `Mule ${IMG}`, 'guest order status');
  await page.goto(`/venue/${SLUG}/me`);
  await expectInert(page, 'Ann "><svg', 'guest profile');

  // Staff and admin see the same text, inert, on their screens (each in a browser of their own).
  for (const [email, screen, text] of [['staff@barhop.dev', '/staff/orders', `Table ${IMG}`], ['admin@barhop.dev', '/admin/menu-drinks', `Mule ${IMG}`]] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const backOffice = await context.newPage();
    backOffice.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await signIn(backOffice, email);
    await backOffice.goto(screen);
    await expectInert(backOffice, text, screen);
    await context.close();
  }
  expect(dialogs).toEqual([]);

  // Leave the bar as seeded for the specs that run after this one.
  const staff = await login(request, 'staff@barhop.dev');
  expect((await request.put(`/api/staff/orders/${orderId}/status`, { headers: { Authorization: `Bearer ${staff}` }, data: { status: 'cancelled' } })).ok()).toBe(true);
  expect((await request.delete(`/api/admin/menu-drinks/${drink.id}`, { headers: { Authorization: `Bearer ${admin}` } })).ok()).toBe(true);
});

test('the SPA HTML has the CSP and no inline script; the bundle has no secret and no server code', async ({ request }) => {
  const res = await request.get('/');
  expect(res.ok()).toBe(true);
  const headers = res.headers();
  const csp = headers['content-security-policy'] ?? '';
  // 'self', plus at most the hash of the fixed loader the menu's first paint uses (docs/decisions/219).
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')?(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  const html = await res.text();
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs!) || body!.trim().length > 0);
  expect(inline.map((m) => m[0].slice(0, 80))).toEqual([]);
  expect(html).not.toMatch(/\son[a-z]+=/i);

  // The built files on disk (the same ones served): no secret, no worker code, no source maps.
  // The phone server's build: BARHOP_PREBUILT when CI serves the one `check` made (scripts/e2e-server.sh, docs/decisions/221).
  const outDir = path.join(process.cwd(), process.env.BARHOP_PREBUILT || process.env.BARHOP_OUT_DIR || 'dist-e2e', 'client');
  const files = readdirSync(outDir, { recursive: true }).map(String).filter((f) => /\.(js|css|html|json|txt|map)$/.test(f));
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  const wrangler = readFileSync(path.join(process.cwd(), 'wrangler.toml'), 'utf8');
  const localSecret = /JWT_SECRET\s*=\s*"([^"]+)"/.exec(wrangler)?.[1];
  const forbidden: (string | RegExp)[] = [localSecret!, /password_hash/, /INSERT INTO/, /drizzle-orm\/d1/, /jwtVerify/, /SMS_API_KEY/, /PBKDF2/i, /cloudflare:workers/];
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(outDir, file), 'utf8');
    for (const f of forbidden) if (typeof f === 'string' ? text.includes(f) : f.test(text)) leaks.push(`${file}: ${String(f)}`);
  }
  expect(leaks).toEqual([]);
  console.log(`RELIABILITY bundle ${JSON.stringify({ filesScanned: files.length, patterns: forbidden.length, leaks: leaks.length })}`);
});

test('the CSP allows no inline style and no foreign socket, and the screens run under it without a violation', async ({ page, request }) => {
  for (const url of ['/', `/venue/${SLUG}`]) {
    const csp = (await request.get(url)).headers()['content-security-policy'] ?? '';
    expect(csp, url).toMatch(/connect-src 'self'(;|$)/);
    expect(csp, url).not.toMatch(/style-src[^;]*'unsafe-inline'/);
  }
  // The venue page's only inline styles are allowed by hash (docs/decisions/109): its <style> and theme attribute.
  const venueCsp = (await request.get(`/venue/${SLUG}`)).headers()['content-security-policy'] ?? '';
  expect(venueCsp).toMatch(/style-src 'self' 'unsafe-hashes' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*'/);

  // Every style or connection the browser refuses, on a guest's menu and a staff screen with its live socket.
  // (zod probes `new Function` once and catches the refusal: a script-src report, not what this checks.)
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      if (/^(style-src|connect-src)/.test(e.violatedDirective)) (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(`/venue/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), 'guest menu').toEqual([]);
  await signIn(page, 'staff@barhop.dev');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), 'staff screen').toEqual([]);
});
