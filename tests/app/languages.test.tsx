// The guest app's languages (docs/decisions/217): which language a guest sees, the catalogs, a screen in Spanish.
import { fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installAuth } from '../../app/features/auth/install';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import OrderStatusPage from '../../app/features/guest/orders/OrderStatusPage';
import GuestSignInPage from '../../app/features/guest/venue/GuestSignInPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import VenuePickerPage from '../../app/features/venues/VenuePickerPage';
import { activateLocale, askedLocaleNow, startLocale, translate } from '../../app/i18n/i18n';
import { LOCALE_STORAGE_KEY, resolveLocale } from '../../app/i18n/locales';
import { formatCents } from '../../shared/money';
import { orderAge, statusDisplay } from '../../shared/order-display';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { waitText } from '../../app/features/guest/orders/wait';
import { tableTitle } from '../../app/features/tables/TableBar';
import { catalogs } from './po-catalogs';
import { mockApi, renderRoutes } from './render';

describe('the locale order: ?lang, then the stored choice, then the browser, then the venue default', () => {
  it('takes ?lang first', () => {
    expect(resolveLocale({ search: '?lang=es', stored: 'fr', browser: ['de-DE'] }, 'fr')).toBe('es');
  });
  it('takes the stored choice over the browser and the venue', () => {
    expect(resolveLocale({ search: '', stored: 'fr', browser: ['de-DE', 'en'] }, 'es')).toBe('fr');
  });
  it("takes the browser's first language the app speaks over the venue's", () => {
    expect(resolveLocale({ browser: ['ja-JP', 'de-AT', 'en-US'] }, 'es')).toBe('de');
  });
  it("falls to the venue's default language, then English", () => {
    expect(resolveLocale({ browser: ['ja-JP', 'pt-BR'] }, 'fr')).toBe('fr');
    expect(resolveLocale({ browser: ['ja-JP'] }, null)).toBe('en');
    expect(resolveLocale({ browser: ['ja-JP'] })).toBe('en');
  });
  it('skips what it does not speak at every step', () => {
    expect(resolveLocale({ search: '?lang=xx', stored: 'klingon', browser: ['ES-mx'] }, 'de')).toBe('es');
  });
  it('reads the page: the URL, then localStorage, then navigator.languages', () => {
    history.replaceState(null, '', '/venue/artisan-bar?lang=de');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    expect(askedLocaleNow()).toBe('de');
    history.replaceState(null, '', '/venue/artisan-bar');
    expect(askedLocaleNow()).toBe('fr');
    localStorage.clear();
    expect(askedLocaleNow()).toBe('en'); // jsdom's navigator.languages is en-US
  });
});

describe('the catalogs', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it('translate the same texts, with the same placeholders', () => {
    const { es, fr, de } = catalogs;
    for (const catalog of [fr, de]) expect(Object.keys(catalog).sort()).toEqual(Object.keys(es).sort());
    for (const catalog of [es, fr, de]) {
      for (const [id, text] of Object.entries(catalog)) expect(placeholders(text), id).toEqual(placeholders(id));
    }
  });
});

describe('plurals (ICU, docs/decisions/262)', () => {
  afterEach(() => activateLocale('en'));
  const members = (n: number) => ({ table: '4', members: Array.from({ length: n }, () => ({})) }) as unknown as Parameters<typeof tableTitle>[0];

  it('says English from the message in the code, one and other', () => {
    expect(waitText(1, true)).toBe('Ready in about 1 minute');
    expect(waitText(6, true)).toBe('Ready in about 6 minutes');
    expect(tableTitle(members(1))).toBe('Table 4 · 1 person');
    expect(tableTitle(members(3))).toBe('Table 4 · 3 people');
  });
  it("says each language's own plural rule from its catalog: French says one for 0 and 1, Spanish and German for 1", async () => {
    await activateLocale('fr');
    expect(tableTitle(members(0))).toBe('Table 4 · 0 personne');
    expect(tableTitle(members(2))).toBe('Table 4 · 2 personnes');
    await activateLocale('de');
    expect(waitText(1, true)).toBe('Fertig in etwa 1 Minute');
    expect(waitText(7, true)).toBe('Fertig in etwa 7 Minuten');
  });
});

describe('a guest reading Spanish', () => {
  beforeEach(() => installAuth());
  afterEach(async () => {
    history.replaceState(null, '', '/');
    await activateLocale('en');
  });

  it('sees the menu in Spanish, prices as Intl writes them in Spanish, and the drinks read in Spanish', async () => {
    history.replaceState(null, '', '/venue/artisan-bar?lang=es');
    await startLocale();
    expect(document.documentElement.lang).toBe('es');
    resetGuestSessionForTests();
    const calls = mockApi({
      'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
      'GET /api/drinks': { body: { drinks: DRINKS.map((d) => ({ ...d, lang: d.name === 'Negroni' ? 'es' : 'en' })) } },
      'POST /api/auth/guest-session': guestSessionReply(null),
      'GET /api/orders/active': { body: { order: null } },
    });
    renderRoutes([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ index: true, element: <MenuPage /> }] }], '/venue/artisan-bar');

    const grid = await screen.findByRole('list', { name: 'Bebidas' });
    expect(screen.getByLabelText('Buscar bebidas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Todas las bebidas (4)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cócteles (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a los locales' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Local' })).toBeTruthy();
    // '14,00 US$' (Intl's Spanish; testing-library reads its no-break space as a space).
    expect(within(grid).getByText('14,00 US$')).toBeTruthy();
    expect(formatCents(1400)).toBe(new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(14));
    // Content in the language it is written in: an English fallback is marked English.
    expect(within(grid).getByText('Negroni').getAttribute('lang')).toBe('es');
    expect(within(grid).getByText('Harbor IPA').getAttribute('lang')).toBe('en');
    // The drinks are read in the guest's language.
    const drinksRead = calls.find((req) => new URL(req.url).pathname === '/api/drinks');
    expect(new URL(drinksRead!.url).searchParams.get('lang')).toBe('es');
    expect(new URL(drinksRead!.url).searchParams.get('slug')).toBe('artisan-bar');
  });

  it('changes language from the picker, keeps the choice, and labels each language by its own name', async () => {
    mockApi({ 'GET /api/venues': { body: { venues: [VENUE] } } });
    renderRoutes([{ path: '/', element: <VenuePickerPage /> }], '/');
    expect(await screen.findByRole('link', { name: /The Artisan Bar/ })).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Español', 'Français', 'Deutsch']);

    fireEvent.change(picker, { target: { value: 'de' } });
    expect(await screen.findByLabelText('Locations suchen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dein nächster Drink, nur einen Tipp entfernt' })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    // Also in the cookie the Worker reads, so the next venue page comes without an English first paint.
    expect(document.cookie).toContain('barhop_lang=de');
    expect(document.documentElement.lang).toBe('de');
    expect(askedLocaleNow()).toBe('de');
  });
});

describe('the order and sign-in screens in Spanish', () => {
  beforeEach(() => installAuth());
  afterEach(async () => {
    history.replaceState(null, '', '/');
    await activateLocale('en');
  });

  it('reads an order being made in Spanish: the trail, the heading, the wait and the way back', async () => {
    history.replaceState(null, '', '/venue/artisan-bar/order-status/order-00000000abcd1234?lang=es');
    await startLocale();
    resetGuestSessionForTests();
    mockApi({
      'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
      'GET /api/drinks': { body: { drinks: DRINKS } },
      'POST /api/auth/guest-session': guestSessionReply(null),
      'GET /api/orders/active': { body: { order: null } },
      'GET /api/orders/order-00000000abcd1234/status': { body: {
        id: 'order-00000000abcd1234', status: 'preparing', payment_status: 'unpaid', created_at: '2026-03-10T12:00:00.000Z',
        delivered_at: null, eta_minutes: 6, queue_position: 1, code: 'C89',
      } },
    });
    renderRoutes([{ path: '/venue/:slug', element: <VenueLayout />, children: [{ path: 'order-status/:orderId', element: <OrderStatusPage /> }] }],
      '/venue/artisan-bar/order-status/order-00000000abcd1234');

    expect(await screen.findByRole('heading', { name: 'Preparando tus bebidas' })).toBeTruthy();
    expect(screen.getByText('Tu pedido se está preparando')).toBeTruthy();
    expect(screen.getByText('Listo en unos 6 minutos')).toBeTruthy();
    const trail = screen.getByRole('list', { name: 'Progreso del pedido' });
    expect(within(trail).getByText('En preparación').closest('li')!.getAttribute('aria-current')).toBe('step');
    expect(within(trail).getByText('Recibido')).toBeTruthy();
    expect(screen.getByText(/Esta página se actualiza sola/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la carta' }).getAttribute('href')).toBe('/venue/artisan-bar');
    expect(screen.queryByText(/Making|Order progress|Back to Menu/)).toBeNull();
  });

  it("says where a ready order is and how old an order is in the guest's language; English callers pass no t", async () => {
    await activateLocale('es');
    const table = { handoff: 'table' as const, pickupPoint: 'at the bar', tableNumber: '3' };
    expect(statusDisplay('ready', 'unpaid', null, table, translate)).toMatchObject({ title: '¡Listo!', detail: 'Te lo llevamos a la mesa 3' });
    expect(statusDisplay('ready', 'unpaid', null, table).detail).toBe("We'll bring it to table 3");
    expect(orderAge('2026-03-10T11:55:00Z', new Date('2026-03-10T12:00:00Z'), 'es', translate)).toBe('hace 5 min');
  });

  it('walks the phone sign-in in Spanish', async () => {
    await activateLocale('es');
    resetGuestSessionForTests();
    const device = { token: fakeGuestToken(null), session_id: 'session-0000000000001', guest_id: null, signed_in: false };
    mockApi({
      'POST /api/auth/guest-session': { status: 201, body: device },
      'POST /api/auth/otp/send': { body: { sent: true, expires_in: 600, demo_code: '246810' } },
    });
    renderRoutes([{
      path: '/venue/:slug',
      element: <Outlet context={{ venue: VENUE }} />,
      children: [{ path: 'auth', element: <GuestSignInPage /> }],
    }], '/venue/artisan-bar/auth');

    expect(screen.getByRole('heading', { name: 'Introduce tu teléfono' })).toBeTruthy();
    expect(screen.getByText('Al continuar, aceptas recibir mensajes SMS')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a The Artisan Bar' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Número de teléfono'), { target: { value: '5551234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));

    expect(await screen.findByRole('heading', { name: 'Introduce el código de verificación' })).toBeTruthy();
    expect(screen.getByText('Hemos enviado un código de 6 dígitos al (555) 123-4567.')).toBeTruthy();
    expect(screen.getByText('Código de demostración: 246810')).toBeTruthy();
    expect(screen.getByLabelText('Código de verificación')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verificar y continuar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cambiar número de teléfono' })).toBeTruthy();
  });
});
