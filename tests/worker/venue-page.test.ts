// The guest venue page's HTML (docs/decisions/219): the Worker fills the SPA shell with the venue's title and
// colour, the API's own venue and menu bodies as boot data and, on the menu, a first paint; an unknown or inactive
// venue, or a failed read, gets the shell unchanged. The worker test pool has no static assets, so the shell and
// its stylesheet come from a fixed template shaped like Vite's build output.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Venue } from '../../shared/schemas/venue';
import worker from '../../worker/index';
import { AFTER_FIRST_PAINT_LOADER } from '../../worker/pages/after-first-paint-loader';
import { escapeHtml } from '../../worker/pages/menu-first-paint';
import { venuePages } from '../../worker/pages/venue-page';
import { FIRST_SCREEN_DRINKS } from '../../shared/constants';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call } from './helpers';

const STYLESHEET = '/assets/index-venue-page-test.css';
const CSS = '.guest-shell{min-height:100vh}.venue-hero img{height:160px}';
const shell = (stylesheet: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Barhop: browse a bar's menu." />
    <meta name="theme-color" content="#2563eb" />
    <title>Barhop</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/core-test.js">
    <link rel="stylesheet" crossorigin href="${stylesheet}">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const TEMPLATE = shell(STYLESHEET);

const SHELL_CSP = "default-src 'self'; style-src 'self'; connect-src 'self'";
const assetRequests: string[] = [];
const pages = venuePages(async (_env, url) => {
  assetRequests.push(url.pathname);
  if (url.pathname === '/') return new Response(TEMPLATE, { headers: { 'Content-Type': 'text/html; charset=utf-8', ETag: '"shell"', 'X-Frame-Options': 'DENY', 'Content-Security-Policy': SHELL_CSP } });
  if (url.pathname === STYLESHEET) return new Response(CSS, { headers: { 'Content-Type': 'text/css' } });
  return new Response('not found', { status: 404 });
});

async function page(path: string, bindings: typeof env = env, headers: HeadersInit = {}) {
  const res = await pages.fetch(new Request(`http://localhost${path}`, { headers }), bindings, createExecutionContext());
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The boot data element's JSON, read back the way the app reads it. */
function boot(html: string) {
  const match = /<script type="application\/json" id="barhop-boot">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

/** The markup inside <div id="root">…</div>, the element the app replaces. */
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? null;

afterEach(() => { assetRequests.length = 0; });

describe('the guest menu page', () => {
  it("is titled and coloured for the venue, draws its first paint, and boots with the venue read's body", async () => {
    const res = await page('/venue/artisan-bar');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('ETag')).toBeNull();
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');

    const venue = (await call('GET', '/api/venues/artisan-bar')).json;
    const menu = (await call('GET', '/api/venues/artisan-bar/drinks')).json;
    // The menu's body is left out of a page with a first paint: the loader reads it after the paint (next test), and
    // the page arrives in one round trip of a new connection (docs/decisions/219, amended). Other pages carry it.
    expect(boot(res.html)).toEqual({ slug: 'artisan-bar', venue });
    expect(boot((await page('/venue/artisan-bar/cart')).html)).toEqual({ slug: 'artisan-bar', venue, menu });

    const v = venue.venue as Venue;
    expect(res.html).toContain(`<title>${v.name}</title>`);
    expect(res.html).toContain(`<meta name="theme-color" content="${v.theme_colors.secondary}">`);
    // Add to Home Screen: the venue's manifest (docs/decisions/227, amended).
    expect(res.html).toContain('<link rel="manifest" href="/api/venues/artisan-bar/manifest.webmanifest">');
    // An iPhone takes its Home Screen icon and standalone launch from the page (docs/decisions/253).
    expect(res.html).toMatch(/<link rel="apple-touch-icon" href="\/images\/art\/venue-icon\/[0-9a-f]{8}-180\.png\?p=[0-9a-f]{6}&#38;s=[0-9a-f]{6}">/);
    expect(res.html).toContain('<meta name="apple-mobile-web-app-capable" content="yes">');
    for (const path of ['/venue/artisan-bar/cart', '/venue/artisan-bar/ai']) {
      const other = (await page(path)).html;
      expect(other, path).toContain('<link rel="manifest" href="/api/venues/artisan-bar/manifest.webmanifest">');
      expect(other, path).toContain('<link rel="apple-touch-icon"');
    }
    // The stylesheet is in the page (no request before the first paint); the app starts after it (next test).
    expect(res.html).toContain(`<style>${CSS}</style>`);
    expect(res.html).not.toContain(STYLESHEET);
    // No 'unsafe-inline' (docs/decisions/109): the inlined stylesheet and the theme attribute are allowed by hash.
    const sha = async (text: string) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}'`;
    const themeAttribute = /<div class="guest-shell" data-live="offline" style="([^"]*)"/.exec(res.html)![1]!;
    expect(res.headers.get('Content-Security-Policy')).toBe(
      `default-src 'self'; style-src 'self' 'unsafe-hashes' ${await sha(themeAttribute)} ${await sha(CSS)}; connect-src 'self'`,
    );
    // The generated cover is drawn from a data: URI; its URL is preloaded for the app's own <img>.
    expect(res.html).toContain(`<link rel="preload" as="image" href="${escapeHtml(v.cover_image_url ?? v.image_url!)}" fetchpriority="low">`);

    const firstPaint = root(res.html)!;
    expect(firstPaint).toContain(`<h1>${v.name}</h1>`);
    expect(firstPaint).toContain(`<p class="muted">${v.address}</p>`);
    expect(firstPaint).toMatch(/<div class="venue-hero"><img alt="" width="960" height="320" src="data:image\/svg\+xml,%3Csvg[^"]+">/);
    // Thumbnails and the logo yield to the page's HTML on a slow link: nothing in the largest paint waits on them.
    expect(firstPaint).toMatch(/<img alt="" width="200" height="200" loading="lazy" fetchpriority="low" src="\/images\/art\//);
    expect(firstPaint).not.toMatch(/<img (?![^>]*fetchpriority="low")[^>]*src="\//);
    expect(firstPaint).toContain(`All Drinks (${menu.drinks.length})`);
    expect(firstPaint).toContain('<input id="drink-search" placeholder="Search drinks" type="search" value="">');
    expect(firstPaint).toContain(`<span class="drink-name" lang="${menu.drinks[0]!.lang}">${menu.drinks[0].name.replace(/&/g, '&#38;').replace(/'/g, '&#39;')}</span>`);
    expect(firstPaint).toContain('<a aria-current="page" class="active" href="/venue/artisan-bar">');
  });

  it('with a first paint, the app is started by the fixed loader at the end of the body, not from the head', async () => {
    const { html } = await page('/venue/artisan-bar');
    expect(html).not.toContain('<script type="module"');
    // Nor are the modules it imports requested before the paint: the loader asks for them with the entry.
    expect(html).not.toContain('rel="modulepreload"');
    const loaders = [...html.matchAll(/<script data-entry="([^"]+)" data-preload="([^"]+)" data-menu="([^"]+)">([\s\S]*?)<\/script>/g)];
    expect(loaders.map((m) => [m[1], m[2], m[3]])).toEqual([['/assets/index-test.js', '/assets/core-test.js', '/api/venues/artisan-bar/drinks']]);
    expect(loaders[0]![4]).toBe(AFTER_FIRST_PAINT_LOADER);
    expect(html.indexOf('<script data-entry=')).toBeGreaterThan(html.indexOf('id="barhop-boot"'));
    expect(html).toMatch(/<script data-entry="[^"]+"[^>]*>[^<]*<\/script>\s*<\/body>/);
    // Without a first paint there is nothing to wait for: the entry stays a module script in the head.
    const other = await page('/venue/artisan-bar/cart');
    expect(other.html).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(other.html).not.toContain('data-entry');
    expect(other.html).toContain('<link rel="modulepreload" crossorigin href="/assets/core-test.js">');
  });

  it('on the other venue pages: boot data and title, no first paint, and the stylesheet stays a link', async () => {
    const res = await page('/venue/artisan-bar/cart');
    expect(res.status).toBe(200);
    expect(boot(res.html)?.venue.venue.slug).toBe('artisan-bar');
    expect(res.html).toContain('<title>The Artisan Bar</title>');
    expect(root(res.html)).toBe('');
    expect(res.html).toContain(`href="${STYLESHEET}"`);
    expect(res.html).not.toContain('rel="preload"');
    expect(assetRequests).toEqual(['/']);
  });

  it('asked for in Spanish (?lang=es): the first paint is in Spanish, drawn from the Spanish menu, and its loader reads that menu (docs/decisions/272)', async () => {
    const res = await page('/venue/artisan-bar?lang=es');
    expect(res.status).toBe(200);
    expect(res.html).toContain('<title>The Artisan Bar</title>');
    const venue = (await call('GET', '/api/venues/artisan-bar')).json;
    // The loader's menu read is the Spanish one, and the boot data says so, so the app files it under Spanish.
    expect(boot(res.html)).toEqual({ slug: 'artisan-bar', venue, lang: 'es' });
    const loader = /<script data-entry="[^"]+" data-preload="[^"]+" data-menu="([^"]+)">/.exec(res.html);
    expect(loader?.[1]).toBe(escapeHtml('/api/drinks?slug=artisan-bar&lang=es'));

    const paint = root(res.html)!;
    expect(paint).toContain('guest-shell');
    // The app's words from the Spanish catalog, prices as Spanish writes dollars, the venue's own description.
    for (const word of ['Buscar bebidas', 'Todas las bebidas (', '>Cócteles (', 'Categorías', '>Carta<', '>Perfil<', 'Hielo tallado a mano']) expect(paint).toContain(word);
    expect(paint).toMatch(/class="price">\d+,\d{2}\u00a0US\$</);
    expect(paint).toContain('<span class="language-code" aria-hidden="true">ES</span>');
    for (const word of ['Search drinks', 'All Drinks', 'Alcohol-free', 'Back to venues', 'Hand-cut ice']) expect(paint).not.toContain(word);
    // The drinks as the Spanish menu names and describes them: a translated one in Spanish, marked so.
    const spanish = (await call('GET', '/api/drinks?slug=artisan-bar&lang=es')).json.drinks as { name: string; description: string; lang: string }[];
    const english = (await call('GET', '/api/venues/artisan-bar/drinks')).json.drinks as { description: string }[];
    const shown = spanish.slice(0, FIRST_SCREEN_DRINKS);
    for (const drink of shown) expect(paint).toContain(`<span class="drink-name" lang="${drink.lang}">${escapeHtml(drink.name)}</span>`);
    const translated = shown.find((d) => d.lang === 'es')!;
    expect(paint).toContain(`<span class="drink-description" lang="es">${escapeHtml(translated.description)}</span>`);
    for (const drink of english.slice(0, FIRST_SCREEN_DRINKS)) if (!shown.some((d) => d.description === drink.description)) expect(paint).not.toContain(escapeHtml(drink.description));

    // The venue's description in the page's language, as its admin translated it (docs/decisions/265).
    expect(res.html).toContain('<meta name="description" content="Hielo tallado a mano, siropes caseros');
    expect((await page('/venue/artisan-bar', env, { Cookie: 'barhop_lang=es' })).html).toContain('<meta name="description" content="Hielo tallado a mano');
    expect((await page('/venue/artisan-bar?lang=en')).html).toContain('<meta name="description" content="Hand-cut ice');
    // English asked for, or a language the app does not speak, keeps the English first paint.
    for (const path of ['/venue/artisan-bar?lang=en', '/venue/artisan-bar?lang=xx']) expect(root((await page(path)).html)).toContain('Search drinks');
  });

  it("reads the guest's language as the app will: the kept choice, then the browser's languages, then the venue's default", async () => {
    /** The first paint's language, by its language picker; null: no first paint. */
    const painted = async (headers: HeadersInit, path = '/venue/artisan-bar') => {
      const res = await page(path, env, headers);
      expect(boot(res.html)?.venue.venue.slug).toBe('artisan-bar');
      return /<span class="language-code" aria-hidden="true">([A-Z]{2})<\/span>/.exec(root(res.html)!)?.[1] ?? null;
    };
    // A Spanish browser, or a Spanish choice kept in the cookie the picker writes: a Spanish first paint.
    expect(await painted({ 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.8' })).toBe('ES');
    expect(await painted({ Cookie: 'barhop_lang=es' })).toBe('ES');
    // The kept choice wins over the browser, and ?lang over both.
    expect(await painted({ Cookie: 'barhop_lang=en', 'Accept-Language': 'de-DE,de' })).toBe('EN');
    expect(await painted({ Cookie: 'barhop_lang=fr' }, '/venue/artisan-bar?lang=en')).toBe('EN');
    // Preference order, not header order; a language Barhop does not speak is passed over.
    expect(await painted({ 'Accept-Language': 'en;q=0.5,fr;q=0.9' })).toBe('FR');
    expect(await painted({ 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.8' })).toBe('EN');
    // Nothing asked: the venue's default language decides. The app learns it from the venue read after its first
    // render, so a page in a default language other than English has no first paint.
    const admin = await mintToken(DEMO_EMAILS.admin);
    await call('PATCH', '/api/admin/venue', { token: admin, body: { default_language: 'es' } });
    try {
      expect(await painted({})).toBe(null);
      expect(await painted({ 'Accept-Language': 'en-US,en' })).toBe('EN');
    } finally {
      await call('PATCH', '/api/admin/venue', { token: admin, body: { default_language: 'en' } });
    }
    expect((await page('/venue/artisan-bar')).headers.get('Vary')).toBe('Accept-Language, Cookie');
  });

  it("writes money as the guest's browser writes it in that language: a Mexican browser's Spanish is 'es-MX'", async () => {
    const price = async (headers: HeadersInit) => /class="price">([^<]+)</.exec(root((await page('/venue/artisan-bar', env, headers)).html)!)?.[1];
    const cents = ((await call('GET', '/api/drinks?slug=artisan-bar&lang=es')).json.drinks as { price_cents: number }[])[0]!.price_cents;
    expect(await price({ 'Accept-Language': 'es-MX,es;q=0.9' })).toBe(new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'USD' }).format(cents / 100));
    expect(await price({ Cookie: 'barhop_lang=es' })).toBe(new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(cents / 100));
  });

  it("with a dev server's shell (no stylesheet: vite dev styles from JavaScript), boot data but no unstyled first paint", async () => {
    const devShell = TEMPLATE.replace(/\s*<link rel="stylesheet"[^>]*>/, '');
    const dev = venuePages(async () => new Response(devShell, { headers: { 'Content-Type': 'text/html' } }));
    const res = await dev.fetch(new Request('http://localhost/venue/artisan-bar'), env, createExecutionContext());
    const html = await res.text();
    expect(boot(html)?.slug).toBe('artisan-bar');
    expect(root(html)).toBe('');
    // Then the app draws the cover itself, from its URL: that request is the largest paint's, as early as can be.
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/);
  });

  it('an unknown venue, an inactive one and an over-long slug get the shell unchanged, which the app shows as "Venue not found"', async () => {
    for (const path of ['/venue/no-such-bar', '/venue/velvet-speakeasy', '/venue/velvet-speakeasy/cart', `/venue/${'x'.repeat(101)}`]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toBe(TEMPLATE);
      expect(res.headers.get('Cache-Control'), path).toBe('no-cache');
    }
  });

  it('a failed read gets the shell unchanged and logs the failure, never a 500', async () => {
    const broken = { ...env, DB: { prepare: () => { throw new Error('D1 is down'); } } } as unknown as typeof env;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await page('/venue/artisan-bar', broken);
    expect(res.status).toBe(200);
    expect(res.html).toBe(TEMPLATE);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('D1 is down'));
    errors.mockRestore();
  });

  it('markup in a venue and a drink stays text: nothing can end the boot script or add an element', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const admin = await mintToken(DEMO_EMAILS.admin);
    const { venue } = (await call('GET', '/api/admin/venue', { token: admin })).json as { venue: Venue };
    const saved = await call('PUT', '/api/admin/venue', {
      token: admin,
      body: {
        name: hostile, description: '"><img src=x onerror=alert(2)>', address: "<b>1 Main St</b> & 'Co'", phone: venue.phone,
        opening_hours: venue.opening_hours, timezone: venue.timezone, theme_colors: venue.theme_colors, tax_rate_bp: venue.tax_rate_bp,
        cover_image_url: venue.cover_image_url, logo_url: venue.logo_url,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const drink = await call('POST', '/api/admin/menu-drinks', {
      token: admin, body: { name: 'Aaa <img src=x onerror=alert(3)>', description: '</script><script>alert(4)</script>', price_cents: 900, category: 'cocktail' },
    });
    expect(drink.status, drink.text).toBe(201);

    const res = await page(`/venue/${saved.json.venue.slug}`);
    // The template's module script and the boot data: no other script element, and no injected image.
    expect(res.html.match(/<script/g)).toHaveLength(2);
    expect(res.html).not.toMatch(/<img src=x/);
    expect(res.html).not.toContain('<b>');
    expect(res.html).toContain(`<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--</title>`);
    expect(res.html).toContain('<meta name="description" content="&#34;&#62;&#60;img src=x onerror=alert(2)&#62;">');
    expect(root(res.html)).toContain('<p class="muted">&#60;b&#62;1 Main St&#60;/b&#62; &#38; &#39;Co&#39;</p>');
    // Read back, the boot data is exactly what the API answers, markup and all.
    const data = boot(res.html);
    expect(data.venue).toEqual((await call('GET', `/api/venues/${saved.json.venue.slug}`)).json);
    expect(data.venue.venue.name).toBe(hostile);
    // The menu's body rides on the pages without a first paint.
    const cart = await page(`/venue/${saved.json.venue.slug}/cart`);
    expect(cart.html.match(/<script/g)).toHaveLength(2);
    expect(boot(cart.html).menu.drinks.map((d: { name: string }) => d.name)).toContain('Aaa <img src=x onerror=alert(3)>');
  });
});

describe('the Worker entry', () => {
  it('sends venue pages to the page renderer over the ASSETS binding, the API to the API, other methods to the assets', async () => {
    const seen: string[] = [];
    const stylesheet = '/assets/index-entry-test.css';
    const assets = {
      fetch: async (input: Request | URL | string) => {
        const request = input instanceof Request ? input : new Request(input);
        const { pathname } = new URL(request.url);
        seen.push(`${request.method} ${pathname}`);
        if (pathname === stylesheet) return new Response(CSS, { headers: { 'Content-Type': 'text/css' } });
        return new Response(shell(stylesheet), { headers: { 'Content-Type': 'text/html' } });
      },
    };
    const bindings = { ...env, ASSETS: assets } as unknown as typeof env;
    const fetchEntry = (path: string, method = 'GET') => worker.fetch!(new Request(`http://localhost${path}`, { method }) as never, bindings, createExecutionContext());

    const menu = await fetchEntry('/venue/artisan-bar');
    expect(boot(await menu.text())?.slug).toBe('artisan-bar');
    expect(seen).toEqual(['GET /', `GET ${stylesheet}`]);

    const api = await fetchEntry('/api/venues/artisan-bar');
    expect((await api.json() as { venue: Venue }).venue.slug).toBe('artisan-bar');

    seen.length = 0;
    const posted = await fetchEntry('/venue/artisan-bar', 'POST');
    expect(posted.status).toBe(200);
    expect(seen).toEqual(['POST /venue/artisan-bar']);
  });
});
