// A venue page's HTML comes with the venue and its menu as boot data and, on the menu, a first paint drawn by
// the Worker (docs/decisions/219). The app takes the data from the page instead of asking the API again, and its
// first commit draws the same elements with the same classes as that first paint, so nothing moves (CLS).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { resetFirstMenuForTests } from '../../app/features/guest/menu/first-screen';
import { installAuth } from '../../app/features/auth/install';
import { prefetchVenuePage, venueKeys } from '../../app/features/venues/api';
import { createQueryClient } from '../../app/lib/query-client';
import type { Drink } from '../../shared/schemas/drink';
import type { Venue } from '../../shared/schemas/venue';
import { AFTER_FIRST_PAINT_LOADER, AFTER_FIRST_PAINT_LOADER_CSP_HASH } from '../../worker/pages/after-first-paint-loader';
import { menuFirstPaint } from '../../worker/pages/menu-first-paint';
import { firstPaintWords } from '../../worker/pages/first-paint-words';
import { activateLocale } from '../../app/i18n/i18n';
import { drink, DRINKS, guestSessionReply, VENUE } from './guest-fixtures';
import { formatCents } from '../../shared/money';
import { mockApi, nextAnswer } from './render';

const COVERED: Venue = {
  ...VENUE, name: 'The Artisan </script> Bar', image_url: '/images/generated/venue/artisan-bar.svg', logo_url: '/images/logo.png',
  description: 'Craft cocktails & "small" plates',
};
const MENU: Drink[] = [
  ...DRINKS.map((d) => ({ ...d, image_url: `/images/generated/drink/${d.id}.svg?category=${d.category}&glass=rocks` })),
  drink('d-house-000000000005', 'House Special', 'other', 1500),
];

/** The Artisan Bar's menu as GET /api/drinks?lang=es reads it: a translated drink, and one still in English. */
const SPANISH_MENU: Drink[] = MENU.map((d, i) => (i === 0
  ? { ...d, name: 'Negroni de mezcal', description: 'Mezcal removido con Campari', lang: 'es', allergens: ['sulphites'], unchecked_ingredients: ['Amaro'] }
  : d));
const SPANISH_VENUE: Venue = { ...COVERED, translations: { es: { description: 'Cócteles de autor y "pequeños" platos' } } };

/** The boot element as the Worker writes it: `<` escaped, so text cannot end the script. */
function writeBoot(slug: string, venue: Venue, drinks: Drink[] | null, lang?: string) {
  const json = JSON.stringify({ slug, venue: { venue }, ...(drinks && { menu: { drinks } }), ...(lang && { lang }) }).replace(/</g, '\\u003c');
  document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="barhop-boot">${json}</script>`);
}

/** A fetch that holds every answer until `answerAll()`: reads asked for before that were asked side by side. */
function heldApi(bodies: Record<string, unknown>) {
  const calls: Request[] = [];
  const held: (() => void)[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input instanceof URL ? input.href : input, init);
    calls.push(req);
    const body = bodies[`${req.method} ${new URL(req.url).pathname}`];
    return new Promise<Response>((resolve) => held.push(() => resolve(new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'No mock' } }), {
      status: body === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' },
    }))));
  }) as typeof fetch;
  return { calls, answerAll: () => held.splice(0).forEach((answer) => answer()) };
}

const venueReads = (calls: Request[]) => calls.filter((r) => new URL(r.url).pathname.startsWith('/api/venues')).map((r) => `${r.method} ${new URL(r.url).pathname}`);

beforeEach(() => {
  installAuth();
  resetGuestSessionForTests();
});
afterEach(() => {
  document.getElementById('barhop-boot')?.remove();
  delete window.barhopMenu;
});

describe('boot data', () => {
  it('seeds the venue and its menu from the page, without asking the API', async () => {
    const calls = mockApi({});
    writeBoot('artisan-bar', COVERED, MENU);
    const client = createQueryClient();
    const settled = prefetchVenuePage(client, '/venue/artisan-bar/cart');
    expect(client.getQueryData(venueKeys.one('artisan-bar'))).toEqual(COVERED);
    expect(client.getQueryData(venueKeys.drinks('artisan-bar'))).toEqual(MENU);
    // The app renders once the prefetch has settled (app/main.tsx): by then it has asked for nothing.
    await settled;
    expect(calls).toEqual([]);
  });

  it("on a page with a first paint, takes the menu from the loader's read once it answers, and settles only then", async () => {
    const calls = mockApi({});
    writeBoot('artisan-bar', COVERED, null);
    let answer!: (body: unknown) => void;
    window.barhopMenu = new Promise((resolve) => { answer = resolve; });
    const client = createQueryClient();
    let settled = false;
    const prefetch = prefetchVenuePage(client, '/venue/artisan-bar').then(() => { settled = true; });
    // Not a sleep: a task boundary, after which every promise chain this prefetch could settle by without the
    // loader's answer has run (the venue has no happy hour: no clock to load, no request, no timer).
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The app's first render waits for this (app/main.tsx): the menu the first paint shows is not yet in the cache.
    expect(settled).toBe(false);
    expect(client.getQueryData(venueKeys.one('artisan-bar'))).toEqual(COVERED);
    answer({ drinks: MENU });
    await prefetch;
    expect(client.getQueryData(venueKeys.drinks('artisan-bar'))).toEqual(MENU);
    expect(calls).toEqual([]);
  });

  it("in Spanish, files the loader's Spanish menu under Spanish, and reads no menu again (docs/decisions/272)", async () => {
    const calls = mockApi({});
    writeBoot('artisan-bar', SPANISH_VENUE, null, 'es');
    window.barhopMenu = Promise.resolve({ drinks: SPANISH_MENU });
    const client = createQueryClient();
    await prefetchVenuePage(client, '/venue/artisan-bar', 'es');
    expect(client.getQueryData(venueKeys.drinks('artisan-bar', 'es'))).toEqual(SPANISH_MENU);
    // Nothing is being read, nor was read: the loader's menu stands for the first one.
    expect(client.isFetching()).toBe(0);
    expect(venueReads(calls)).toEqual([]);
  });

  it("reads the menu through the API when the loader's read failed", async () => {
    const calls = mockApi({ 'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } } });
    writeBoot('artisan-bar', COVERED, null);
    window.barhopMenu = Promise.resolve(null);
    const client = createQueryClient();
    const menuRead = nextAnswer(client, venueKeys.drinks('artisan-bar'));
    await prefetchVenuePage(client, '/venue/artisan-bar');
    expect(venueReads(calls)).toEqual(['GET /api/venues/artisan-bar/drinks']);
    await menuRead;
    expect(client.getQueryData(venueKeys.drinks('artisan-bar'))).toEqual(DRINKS);
  });

  it("reads the API as before when the page has no boot data, another venue's, or a broken one", async () => {
    for (const setup of [() => undefined, () => writeBoot('rooftop-lounge', COVERED, MENU), () => document.body.insertAdjacentHTML('beforeend', '<script type="application/json" id="barhop-boot">{"slug":</script>')]) {
      document.getElementById('barhop-boot')?.remove();
      setup();
      const api = heldApi({
        'GET /api/venues/artisan-bar': { venue: VENUE },
        'GET /api/venues/artisan-bar/drinks': { drinks: DRINKS },
      });
      const client = createQueryClient();
      void prefetchVenuePage(client, '/venue/artisan-bar');
      // Side by side: both reads are asked for while neither has been answered.
      await waitFor(() => expect(venueReads(api.calls).sort()).toEqual(['GET /api/venues/artisan-bar', 'GET /api/venues/artisan-bar/drinks']));
      const menuRead = nextAnswer(client, venueKeys.drinks('artisan-bar'));
      api.answerAll();
      await menuRead;
      expect(client.getQueryData(venueKeys.drinks('artisan-bar'))).toEqual(DRINKS);
    }
  });
});

/**
 * An element as a comparable tree: tag, attributes, merged text. Left out: the router's bookkeeping and `inert`,
 * which the first paint puts on the controls that wait for the app.
 */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent!.replace(/\s+/g, ' ');
  const el = node as Element;
  const attributes = [...el.attributes]
    .filter((a) => a.name !== 'data-discover' && a.name !== 'inert' && !(a.name === 'class' && a.value.trim() === ''))
    .map((a) => (a.name === 'style'
      ? `style=${a.value.split(';').map((d) => d.trim().replace(/\s*:\s*/, ':')).filter(Boolean).sort().join(';')}`
      : `${a.name}=${a.name === 'class' ? a.value.trim() : a.value}`))
    .sort();
  el.normalize();
  return { tag: el.tagName.toLowerCase(), attributes, children: [...el.childNodes].filter((c) => c.nodeType !== Node.COMMENT_NODE).map(shape) };
}

describe("the Worker's first paint of the menu", () => {
  it("is the app's first commit, element for element, so the swap moves nothing", async () => {
    const calls = mockApi({ 'POST /api/auth/guest-session': guestSessionReply(null), 'GET /api/orders/active': { body: { order: null } } });
    writeBoot('artisan-bar', COVERED, MENU);
    const client = createQueryClient();
    prefetchVenuePage(client, '/venue/artisan-bar');
    const router = createMemoryRouter([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ index: true, element: <MenuPage /> }] }], { initialEntries: ['/venue/artisan-bar'] });
    const { container } = render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);

    // Drawn from the boot data on the first render: no loading line, and no venue or menu request.
    expect(screen.getByRole('heading', { level: 1, name: COVERED.name })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /House Special/ })).toHaveLength(1);
    expect(venueReads(calls)).toEqual([]);

    const template = document.createElement('template');
    template.innerHTML = menuFirstPaint(COVERED, MENU, { drinkCards: MENU.length });
    expect(shape(container.querySelector('.guest-shell')!)).toEqual(shape(template.content.firstElementChild!));
  });

  it('with a happy hour running, settles once its clock is in, so the first commit draws the happy-hour prices (docs/decisions/275)', async () => {
    mockApi({ 'POST /api/auth/guest-session': guestSessionReply(null), 'GET /api/orders/active': { body: { order: null } } });
    // From midnight to midnight: running whenever the test runs.
    const allDay = { days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '00:00', discount_bp: 5000, categories: [] };
    writeBoot('artisan-bar', { ...COVERED, happy_hours: [allDay] }, MENU);
    const client = createQueryClient();
    await prefetchVenuePage(client, '/venue/artisan-bar');
    const router = createMemoryRouter([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ index: true, element: <MenuPage /> }] }], { initialEntries: ['/venue/artisan-bar'] });
    render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
    expect(screen.getByRole('status').textContent).toMatch(/^Happy hour until/);
    expect(screen.getByLabelText(`was ${formatCents(MENU[0]!.price_cents)}`).parentElement!.textContent).toContain(formatCents(MENU[0]!.price_cents / 2));
  });

  it("in Spanish, is the app's first commit in Spanish, element for element: the catalog's words, money as Spanish writes it, the Spanish menu (docs/decisions/272)", async () => {
    await activateLocale('es');
    try {
      mockApi({ 'POST /api/auth/guest-session': guestSessionReply(null), 'GET /api/orders/active': { body: { order: null } } });
      writeBoot('artisan-bar', SPANISH_VENUE, null, 'es');
      window.barhopMenu = Promise.resolve({ drinks: SPANISH_MENU });
      const client = createQueryClient();
      await prefetchVenuePage(client, '/venue/artisan-bar', 'es');
      const router = createMemoryRouter([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ index: true, element: <MenuPage /> }] }], { initialEntries: ['/venue/artisan-bar'] });
      const { container } = render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
      expect(screen.getAllByRole('link', { name: /Negroni de mezcal/ })).toHaveLength(1);

      const template = document.createElement('template');
      // jsdom's browser reads English only, so the app writes Spanish money in 'es' itself.
      template.innerHTML = menuFirstPaint(SPANISH_VENUE, SPANISH_MENU, { drinkCards: SPANISH_MENU.length, language: 'es', say: await firstPaintWords('es'), moneyLocale: 'es' });
      const paint = template.content.firstElementChild!;
      expect(paint.textContent).toContain('Buscar bebidas');
      expect(paint.querySelector('.chips button')!.textContent).toBe(`Todas las bebidas (${SPANISH_MENU.length})`);
      expect(paint.querySelector('.price')!.textContent).toMatch(/^\d+,\d{2}\u00a0US\$$/);
      expect(shape(container.querySelector('.guest-shell')!)).toEqual(shape(paint));
    } finally {
      await activateLocale('en');
    }
  });

  it("on a long menu, the app's first commit is the first paint's screenful of cards; the rest of the menu follows in a later commit", async () => {
    resetFirstMenuForTests();
    mockApi({ 'POST /api/auth/guest-session': guestSessionReply(null), 'GET /api/orders/active': { body: { order: null } } });
    // The Artisan Bar's menu has 36 drinks: committing every card at once was the long task after the first paint.
    const longMenu = Array.from({ length: 36 }, (_, i) => drink(`d-long-${String(i).padStart(13, '0')}`, `Drink ${i}`, i % 3 ? 'cocktail' : 'beer', 900 + i));
    writeBoot('artisan-bar', COVERED, longMenu);
    const client = createQueryClient();
    prefetchVenuePage(client, '/venue/artisan-bar');
    const router = createMemoryRouter([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ index: true, element: <MenuPage /> }] }], { initialEntries: ['/venue/artisan-bar'] });
    let commits: { cards: number; shape: unknown }[] = [];
    const onCommit = () => {
      const shell = document.querySelector('.guest-shell');
      if (shell) commits.push({ cards: shell.querySelectorAll('.drink-card').length, shape: shape(shell.cloneNode(true)) });
    };
    const { unmount } = render(<Profiler id="menu" onRender={onCommit}><QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider></Profiler>);

    const template = document.createElement('template');
    template.innerHTML = menuFirstPaint(COVERED, longMenu);
    expect(commits[0]!.shape).toEqual(shape(template.content.firstElementChild!));
    expect(commits[0]!.cards).toBeLessThan(longMenu.length);
    // Every card, and the AI links under the grid, once the later commit is in.
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Drink \d+/ })).toHaveLength(longMenu.length));
    expect(screen.getByRole('link', { name: /Vibe Mixer/ })).toBeTruthy();

    // Coming back to the menu later in the same page load draws it whole at once, under the place the guest left.
    unmount();
    commits = [];
    const again = createMemoryRouter([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ index: true, element: <MenuPage /> }] }], { initialEntries: ['/venue/artisan-bar'] });
    render(<Profiler id="menu" onRender={onCommit}><QueryClientProvider client={client}><RouterProvider router={again} /></QueryClientProvider></Profiler>);
    expect(commits.find((c) => c.cards > 0)!.cards).toBe(longMenu.length);
  });

  it('draws the first drink cards only, and the cover from the given source', () => {
    const template = document.createElement('template');
    template.innerHTML = menuFirstPaint(COVERED, MENU, { drinkCards: 2, coverSrc: 'data:image/svg+xml,%3Csvg%3E' });
    const paint = template.content;
    expect(paint.querySelectorAll('.drink-card')).toHaveLength(2);
    // Nothing under a partial grid, where the rest of the cards would push it down.
    expect(paint.querySelector('.guest-main')!.lastElementChild!.className).toBe('drink-grid');
    expect(paint.querySelector('.venue-hero img')!.getAttribute('src')).toBe('data:image/svg+xml,%3Csvg%3E');
    expect(paint.querySelector('.chips button')!.textContent).toBe(`All Drinks (${MENU.length})`);
    expect(paint.querySelector('h1')!.textContent).toBe(COVERED.name);
    expect(paint.querySelector('script')).toBeNull();
    // Search, chips and the header's buttons wait for the app; links work without it.
    expect([...paint.querySelectorAll('[inert]')].map((el) => el.className)).toEqual(['venue-header-actions', 'search-field', 'chips']);
    expect(paint.querySelector('a[inert], [inert] a')).toBeNull();
  });
});

describe('the loader that starts the app after the first paint', () => {
  it('is allowed by the CSP of public/_headers by its hash, and by nothing looser', async () => {
    const { createHash } = await import('node:crypto');
    const { readFileSync } = await import('node:fs');
    const hash = `'sha256-${createHash('sha256').update(AFTER_FIRST_PAINT_LOADER).digest('base64')}'`;
    expect(AFTER_FIRST_PAINT_LOADER_CSP_HASH).toBe(hash);
    const csp = /Content-Security-Policy: (.*)/.exec(readFileSync('public/_headers', 'utf8'))![1]!;
    expect(/script-src ([^;]*)/.exec(csp)![1]).toBe(`'self' ${hash}`);
  });

  it('adds the entry module only after a frame has been drawn', async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => { frames.push(cb); return frames.length; });
    const script = document.createElement('script');
    script.dataset.entry = '/assets/index-test.js';
    script.dataset.menu = '/api/venues/test-bar/drinks';
    const fetched = vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{"drinks":[]}', { headers: { 'Content-Type': 'application/json' } }));
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    try {
      new Function(AFTER_FIRST_PAINT_LOADER)();
      const entry = () => document.head.querySelector('script[type="module"][src="/assets/index-test.js"]');
      expect(entry()).toBeNull();
      frames.shift()!(0);
      expect(entry()).toBeNull(); // inside the frame, before its paint
      // The loader adds it in the task after the frame: the head changing is the event waited for.
      await waitFor(() => expect(entry()).not.toBeNull());
      // The menu the boot data left out is read at the same moment, and waits for the app as a promise.
      expect(fetched.mock.calls.map(([url]) => String(url))).toEqual(['/api/venues/test-bar/drinks']);
      await expect(window.barhopMenu).resolves.toEqual({ drinks: [] });
      expect(entry()!.getAttribute('crossorigin')).toBe('');
    } finally {
      requestFrame.mockRestore();
      fetched.mockRestore();
      Reflect.deleteProperty(document, 'currentScript');
      document.head.querySelectorAll('script[type="module"]').forEach((s) => s.remove());
    }
  });
});
