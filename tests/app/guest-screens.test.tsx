import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import CartPage from '../../app/features/guest/cart/CartPage';
import CategoryPage from '../../app/features/guest/menu/CategoryPage';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import OrderStatusPage from '../../app/features/guest/orders/OrderStatusPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import { cartItem, cartOf, DRINKS, fakeGuestToken, guestSessionReply, SUGGESTION, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';

const routes = [{
  path: '/venue/:slug',
  element: <VenueLayout />,
  children: [
    { index: true, element: <MenuPage /> },
    { path: 'cart', element: <CartPage /> },
    { path: 'category/:categorySlug', element: <CategoryPage /> },
    { path: 'auth', element: <h1>Sign in page</h1> },
    { path: 'order-status/:orderId', element: <OrderStatusPage /> },
  ],
}];

function signInDevice(guestId: string | null) {
  if (guestId) localStorage.setItem('barhop.guest_token', fakeGuestToken(guestId));
  resetGuestSessionForTests();
}

const baseApi = (guestId: string | null) => ({
  'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(guestId),
  'GET /api/orders/active': { body: { order: null } },
});

beforeEach(() => installAuth());

describe('venue menu', () => {
  it('filters the grid by search and by category chip, with counts and the empty state', async () => {
    signInDevice(null);
    mockApi(baseApi(null));
    renderRoutes(routes, '/venue/artisan-bar');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Artisan Bar' })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: 'Drinks' });
    expect(within(grid).getAllByRole('link')).toHaveLength(4);
    expect(within(grid).getByRole('link', { name: /Negroni/ }).getAttribute('href')).toBe('/venue/artisan-bar/drink/d-negroni-0000000001');
    expect(within(grid).getByText('$14.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cocktails (2)' }));
    expect(within(screen.getByRole('list', { name: 'Drinks' })).getAllByRole('link').map((a) => a.textContent)).toEqual([
      expect.stringContaining('Negroni'), expect.stringContaining('Aperol Spritz'),
    ]);
    expect(screen.getByRole('link', { name: /Quick order from Cocktails/ }).getAttribute('href')).toBe('/venue/artisan-bar/category/cocktail');

    fireEvent.change(screen.getByLabelText('Search drinks'), { target: { value: 'prosecco' } });
    // The search's matching arrives after the menu's first paint (docs/decisions/275).
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Drinks' })).getAllByRole('link')).toHaveLength(1));
    // The chips count what the search found (docs/decisions/238).
    expect(within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['All Drinks (1)', 'Cocktails (1)']);

    fireEvent.click(screen.getByRole('button', { name: 'All Drinks (1)' }));
    // A typo, a category and "alcohol-free" find their drinks.
    fireEvent.change(screen.getByLabelText('Search drinks'), { target: { value: 'negorni' } });
    expect(within(screen.getByRole('list', { name: 'Drinks' })).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('Negroni')]);
    fireEvent.change(screen.getByLabelText('Search drinks'), { target: { value: 'alcohol free' } });
    expect(within(screen.getByRole('list', { name: 'Drinks' })).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('Virgin Mojito')]);
    fireEvent.change(screen.getByLabelText('Search drinks'), { target: { value: 'beer' } });
    expect(within(screen.getByRole('list', { name: 'Drinks' })).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('Harbor IPA')]);

    fireEvent.change(screen.getByLabelText('Search drinks'), { target: { value: 'absinthe' } });
    expect(screen.getByText('No drinks found')).toBeTruthy();
  });

  it("the AI Bartender answers from the menu page, and an unknown venue says 'Venue not found'", async () => {
    signInDevice(null);
    const calls = mockApi({ ...baseApi(null), 'POST /api/ai/chat': { body: SUGGESTION } });
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar');
    fireEvent.click(await screen.findByRole('button', { name: /AI Bartender/ }));
    const dialog = await screen.findByRole('dialog', { name: 'AI Bartender' });
    const ask = within(dialog).getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('What are you in the mood for?'), { target: { value: 'something with gin' } });
    fireEvent.click(ask);
    expect(await within(dialog).findByRole('heading', { name: 'Garden Gin Smash' })).toBeTruthy();
    expect(within(dialog).getByText('Try the Garden Gin Smash.')).toBeTruthy();
    const sent = await calls.find((r) => r.url.endsWith('/api/ai/chat'))!.clone().json();
    expect(sent).toEqual({ slug: 'artisan-bar', messages: [{ role: 'user', content: 'something with gin' }], lang: 'en' });
    expect(within(dialog).getByRole('link', { name: 'Open the full chat' }).getAttribute('href')).toBe('/venue/artisan-bar/ai');
    // The tab is named after the venue while the guest is there, and gets the app's name back after.
    expect(document.title).toBe(VENUE.name);
    unmount();
    expect(document.title).toBe('Barhop');

    mockApi({ 'GET /api/venues/nowhere': { status: 404, body: { error: { code: 'not_found', message: 'Venue not found' } } } });
    renderRoutes(routes, '/venue/nowhere');
    expect(await screen.findByRole('heading', { name: 'Venue not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});

describe('cart', () => {
  it('shows subtotal, 8.75% tax and total, and removes a line whose quantity goes to 0', async () => {
    signInDevice('guest-000000000000001');
    const items = [cartItem('d-negroni-0000000001', 'Negroni', 1400, 2), cartItem('d-spritz-00000000004', 'Aperol Spritz', 1250, 1)];
    const calls = mockApi({
      ...baseApi('guest-000000000000001'),
      'GET /api/cart': { body: { cart: cartOf(items) } },
      'DELETE /api/cart/d-spritz-00000000004': { body: { cart: cartOf(items.slice(0, 1)) } },
    });
    renderRoutes(routes, '/venue/artisan-bar/cart');

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$40.50')).toBeTruthy();
    expect(within(summary).getByText('Tax (8.75%)')).toBeTruthy();
    expect(within(summary).getByText('$3.54')).toBeTruthy();
    expect(within(summary).getByText('$44.04')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of aperol spritz' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('$28.00')).toBeTruthy());
    expect(calls.some((r) => r.method === 'DELETE' && r.url.endsWith('/api/cart/d-spritz-00000000004?slug=artisan-bar'))).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('$30.45')).toBeTruthy();
  });

  it("shows 'Your cart is empty' with 'Browse Menu', and sends a guest who is not signed in to sign in", async () => {
    signInDevice('guest-000000000000001');
    mockApi({ ...baseApi('guest-000000000000001'), 'GET /api/cart': { body: { cart: cartOf([]) } } });
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar/cart');
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Menu' }).getAttribute('href')).toBe('/venue/artisan-bar');
    unmount();

    localStorage.clear();
    signInDevice(null);
    mockApi(baseApi(null));
    renderRoutes(routes, '/venue/artisan-bar/cart');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
  });
});

describe('order status', () => {
  const statusView = (status: string, extra: Record<string, unknown> = {}) => ({
    body: {
      id: 'order-00000000abcd1234', code: 'C89', status, payment_status: 'unpaid',
      created_at: '2026-03-10T12:00:00.000Z', delivered_at: null,
      eta_minutes: 6, queue_position: 1, ...extra,
    },
  });

  it("shows the trail, the order's code (the one the bar calls out) and the ETA while making", async () => {
    signInDevice(null);
    mockApi({ ...baseApi(null), 'GET /api/orders/order-00000000abcd1234/status': statusView('preparing') });
    renderRoutes(routes, '/venue/artisan-bar/order-status/order-00000000abcd1234');
    expect(await screen.findByRole('heading', { name: 'Making Your Drinks' })).toBeTruthy();
    expect(screen.getByText('C89')).toBeTruthy();
    expect(screen.getByText(/Ready in about/).textContent).toContain('6 minutes');
    expect(screen.getByText(/This page updates automatically/)).toBeTruthy();
    const trail = screen.getByRole('list', { name: 'Order progress' });
    expect(within(trail).getByText('Making').closest('li')!.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('link', { name: /Create Another Drink/ })).toBeNull();
  });

  it('shows the wait on Received too, the same minutes as the banner, and a long one as busy (docs/decisions/180)', async () => {
    signInDevice(null);
    mockApi({ ...baseApi(null), 'GET /api/orders/order-00000000abcd1234/status': statusView('pending', { eta_minutes: 11 }) });
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar/order-status/order-00000000abcd1234');
    expect(await screen.findByRole('heading', { name: 'Order Received' })).toBeTruthy();
    expect(screen.getByText('Ready in about 11 minutes')).toBeTruthy();
    unmount();
    mockApi({ ...baseApi(null), 'GET /api/orders/order-00000000abcd1234/status': statusView('pending', { eta_minutes: 53 }) });
    renderRoutes(routes, '/venue/artisan-bar/order-status/order-00000000abcd1234');
    expect(await screen.findByText('Busy: about 55 min')).toBeTruthy();
  });

  it("says 'Ready!' with 'Create Another Drink' once delivered, and 'Order not found' for an unknown order", async () => {
    signInDevice(null);
    mockApi({ ...baseApi(null), 'GET /api/orders/order-00000000abcd1234/status': statusView('delivered', { delivered_at: '2026-03-10T12:10:00.000Z', eta_minutes: null }) });
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar/order-status/order-00000000abcd1234');
    expect(await screen.findByRole('heading', { name: 'Ready!' })).toBeTruthy();
    // Where to collect it, in the venue's words (docs/product.md §4.12).
    expect(screen.getByText('Your drinks are ready for pickup at the bar')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create Another Drink/ }).getAttribute('href')).toBe('/venue/artisan-bar/ai');
    expect(screen.queryByText(/Ready in about/)).toBeNull();
    unmount();

    mockApi({ ...baseApi(null), 'GET /api/orders/nope-000000000000000/status': { status: 404, body: { error: { code: 'not_found', message: 'Order not found' } } } });
    renderRoutes(routes, '/venue/artisan-bar/order-status/nope-000000000000000');
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to Menu' })[0]!.getAttribute('href')).toBe('/venue/artisan-bar');
  });
});

describe('after pick-up', () => {
  it('asks the guest to rate what they drank; a tap on a star saves the rating (docs/decisions/238)', async () => {
    signInDevice('guest-1');
    const line = (id: string, drinkId: string, name: string) => ({
      id, menu_drink_id: drinkId, name, description: null, quantity: 1, price_cents: 1400, total_cents: 1400, notes: null, modifiers: null,
      image_url: null, is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: [], contains_alcohol: true,
    });
    const order = {
      id: 'order-00000000abcd1234', restaurant_id: 'v1', status: 'delivered', payment_status: 'captured', created_at: '2026-03-10T12:00:00.000Z',
      updated_at: '2026-03-10T12:10:00.000Z', delivered_at: '2026-03-10T12:10:00.000Z', display_name: 'Sam', custom_name: null, ai_recipe_name: null,
      referred_by_ai: false, special_instructions: null, customer_name: null, customer_phone: null, table_number: null, sales_channel: 'app',
      eta_minutes: null, subtotal_cents: 2800, tax_cents: 245, total_cents: 3045,
      items: [line('i1', 'd-negroni-0000000001', 'Negroni'), line('i2', 'd-negroni-0000000001', 'Negroni')],
    };
    const calls = mockApi({
      ...baseApi('guest-1'),
      'GET /api/orders/order-00000000abcd1234/status': { body: { id: order.id, status: 'delivered', payment_status: 'captured', created_at: order.created_at, delivered_at: order.delivered_at, eta_minutes: null, queue_position: 0 } },
      'GET /api/orders/order-00000000abcd1234': { body: { order, venue: { id: 'v1', slug: 'artisan-bar', name: 'The Artisan Bar', phone: null } } },
      'POST /api/ratings': { body: { rating: { menu_drink_id: 'd-negroni-0000000001', rating: 4, notes: null, updated_at: '2026-03-10T12:11:00.000Z' }, summary: { average: 4, count: 1 } } },
    });
    renderRoutes(routes, '/venue/artisan-bar/order-status/order-00000000abcd1234');
    const prompt = await screen.findByRole('region', { name: 'How was your drink?' });
    const stars = within(prompt).getByRole('group', { name: 'Rate Negroni' });
    expect(within(prompt).getAllByRole('group')).toHaveLength(1);
    fireEvent.click(within(stars).getByRole('button', { name: '4 stars' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/ratings'))).toBe(true));
    expect(await calls.find((c) => c.url.endsWith('/api/ratings'))!.clone().json()).toEqual({ menu_drink_id: 'd-negroni-0000000001', rating: 4, notes: '', slug: 'artisan-bar' });
    expect(await screen.findByText('Thanks for rating!')).toBeTruthy();
  });
});

describe('quick order refused by the venue', () => {
  it("a venue taking no more first orders from new devices: the guest reads why and what to do (docs/decisions/167)", async () => {
    signInDevice(null);
    const message = 'This bar is taking a lot of orders from new devices right now. Sign in with your phone number to order, or try again in 4 min.';
    mockApi({
      ...baseApi(null),
      'POST /api/orders': { status: 429, body: { error: { code: 'rate_limited', message, details: { retry_after: 200 } } }, headers: { 'Retry-After': '200' } },
    });
    renderRoutes(routes, '/venue/artisan-bar/category/cocktail');
    fireEvent.click(await screen.findByRole('button', { name: /^Order Negroni/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('a venue that takes payment first', () => {
  it('a drink in a category opens its page for the cart, never a one-tap order the bar would refuse unpaid (docs/decisions/241)', async () => {
    signInDevice(null);
    const calls = mockApi({ ...baseApi(null), 'GET /api/venues/artisan-bar': { body: { venue: { ...VENUE, takes_cards: true, pay_first: true } } } });
    renderRoutes(routes, '/venue/artisan-bar/category/cocktail');
    expect(await screen.findByText('Tap a drink to add it to your cart.')).toBeTruthy();
    const negroni = DRINKS.find((d) => d.name === 'Negroni')!;
    expect((await screen.findByRole('link', { name: /Negroni/ })).getAttribute('href')).toBe(`/venue/artisan-bar/drink/${negroni.id}`);
    expect(screen.queryByRole('button', { name: /^Order Negroni/ })).toBeNull();
    expect(calls.some((r) => r.url.endsWith('/api/orders'))).toBe(false);
  });
});
