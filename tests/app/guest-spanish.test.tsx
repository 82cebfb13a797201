// Everything a guest reads in the guest's language (docs/decisions/265): what the menu's data says in canonical
// English words (allergens, tags), the happy hour, the venue's own texts, the tax rate's number format, and a
// drink's name on the screens after the menu, read from the menu in the guest's language.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installAuth } from '../../app/features/auth/install';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import CartPage from '../../app/features/guest/cart/CartPage';
import { taxRateLabel } from '../../app/features/guest/cart/cart-totals';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import OrderStatusPage from '../../app/features/guest/orders/OrderStatusPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { activateLocale, translate } from '../../app/i18n/i18n';
import { handoffText } from '../../shared/order-display';
import { cartItem, cartOf, drink, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';

const COOLER = 'd-cooler-00000000005';
const NEGRONI = 'd-negroni-0000000001';
/** The menu as GET /api/drinks?lang=es answers it: the Cucumber Cooler translated, the Negroni as written. */
const SPANISH_MENU = [
  drink(COOLER, 'Refresco de pepino', 'mocktail', 900, { lang: 'es', description: 'Pepino, lima y menta', tags: ['Refreshing', 'Herbal'] }),
  drink(NEGRONI, 'Negroni', 'cocktail', 1400, { lang: 'en', allergens: ['sulphites', 'Egg white foam'] }),
];
const nowClock = (shift: number) => {
  const m = (((new Date().getUTCHours() * 60 + new Date().getUTCMinutes() + shift) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const SPANISH_VENUE = {
  ...VENUE,
  image_url: '/images/artisan-cover.jpg',
  description: 'Craft cocktails by candlelight',
  translations: { es: { description: 'Cócteles de autor a la luz de las velas' } },
  happy_hours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: nowClock(-30), end: nowClock(90), discount_bp: 1000, categories: ['beer'] }],
};

const routes = [{
  path: '/venue/:slug',
  element: <VenueLayout />,
  children: [
    { index: true, element: <MenuPage /> },
    { path: 'cart', element: <CartPage /> },
    { path: 'order-status/:orderId', element: <OrderStatusPage /> },
  ],
}];

const api = (extra: Parameters<typeof mockApi>[0] = {}) => mockApi({
  'GET /api/venues/artisan-bar': { body: { venue: SPANISH_VENUE } },
  'GET /api/drinks': { body: { drinks: SPANISH_MENU } },
  'POST /api/auth/guest-session': guestSessionReply('guest-000000000000001'),
  'GET /api/orders/active': { body: { order: null } },
  ...extra,
});

describe('a guest reading Spanish', () => {
  beforeEach(async () => {
    installAuth();
    localStorage.setItem('barhop.guest_token', fakeGuestToken('guest-000000000000001'));
    resetGuestSessionForTests();
    await activateLocale('es');
  });
  afterEach(async () => {
    localStorage.clear();
    await activateLocale('en');
  });

  it('reads the menu whole in Spanish: allergens, the happy hour and the venue description', async () => {
    api();
    renderRoutes(routes, '/venue/artisan-bar');
    const grid = await screen.findByRole('list', { name: 'Bebidas' });
    // A known allergen in Spanish; one the owner wrote in their own words stays as written.
    expect(within(grid).getByText('sulfitos, Egg white foam', { exact: false })).toBeTruthy();
    expect(within(grid).queryByText(/sulphites/)).toBeNull();
    expect(screen.getByText(/^Hora feliz hasta las \d{1,2}:\d{2}$/)).toBeTruthy();
    expect(screen.queryByText(/Happy hour/)).toBeNull();
    expect(screen.getByText('Cócteles de autor a la luz de las velas')).toBeTruthy();
    expect(screen.queryByText('Craft cocktails by candlelight')).toBeNull();
  });

  it('writes the tax rate as Spanish writes a percentage, and English as before', async () => {
    expect(taxRateLabel(875)).toBe(new Intl.NumberFormat('es', { style: 'percent', maximumFractionDigits: 2 }).format(0.0875));
    expect(taxRateLabel(875)).toMatch(/^8,75\s%$/);
    await activateLocale('en');
    expect(taxRateLabel(875)).toBe('8.75%');
    expect(taxRateLabel(1000)).toBe('10%');
  });

  it('reads the default pickup point in Spanish; a venue\'s own pickup point stays as written', () => {
    expect(handoffText({ handoff: 'pickup', pickupPoint: 'at the bar' }, translate)).toBe('Tus bebidas están listas para recoger: en la barra');
    expect(handoffText({ handoff: 'pickup', pickupPoint: 'by the window' }, translate)).toBe('Tus bebidas están listas para recoger: by the window');
    expect(handoffText({ handoff: 'pickup', pickupPoint: 'at the bar' })).toBe('Your drinks are ready for pickup at the bar');
  });

  it("names the cart's drinks as the menu does in Spanish, and the tax label in Spanish numbers", async () => {
    api({ 'GET /api/cart': { body: { cart: cartOf([cartItem(COOLER, 'Cucumber Cooler', 900, 1), cartItem(NEGRONI, 'Negroni', 1400, 1)]) } } });
    renderRoutes(routes, '/venue/artisan-bar/cart');
    const list = await screen.findByRole('list', { name: 'Artículos del carrito' });
    expect(await within(list).findByText('Refresco de pepino')).toBeTruthy();
    expect(within(list).queryByText('Cucumber Cooler')).toBeNull();
    expect(within(list).getByText('Negroni')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Resumen del pedido' })).getByText(/^Impuestos \(8,75\s%\)$/)).toBeTruthy();
  });

  it("names an order's drinks on its status screen as the menu does in Spanish", async () => {
    const line = { id: 'i1', menu_drink_id: COOLER, name: 'Cucumber Cooler', description: null, quantity: 2, price_cents: 900, total_cents: 1800, notes: null, modifiers: null,
      image_url: null, is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: [], contains_alcohol: false };
    const order = {
      id: 'order-00000000abcd1234', code: 'C89', restaurant_id: VENUE.id, status: 'preparing', payment_status: 'unpaid', created_at: '2026-03-10T12:00:00.000Z',
      updated_at: '2026-03-10T12:00:00.000Z', delivered_at: null, display_name: 'Sam', custom_name: null, ai_recipe_name: null,
      referred_by_ai: false, special_instructions: null, customer_name: null, customer_phone: null, table_number: null, sales_channel: 'app',
      eta_minutes: 6, subtotal_cents: 1800, tax_cents: 158, total_cents: 1958, items: [line],
    };
    api({
      'GET /api/orders/order-00000000abcd1234/status': { body: { id: order.id, status: 'preparing', payment_status: 'unpaid', created_at: order.created_at, delivered_at: null, eta_minutes: 6, queue_position: 1, code: 'C89' } },
      'GET /api/orders/order-00000000abcd1234': { body: { order, venue: { id: VENUE.id, slug: 'artisan-bar', name: 'The Artisan Bar', phone: null } } },
    });
    renderRoutes(routes, '/venue/artisan-bar/order-status/order-00000000abcd1234');
    const items = await screen.findByRole('region', { name: 'Artículos' });
    expect(await within(items).findByText('2 × Refresco de pepino')).toBeTruthy();
    expect(within(items).queryByText(/Cucumber Cooler/)).toBeNull();
  });
});
