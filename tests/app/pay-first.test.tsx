import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import CartPage from '../../app/features/guest/cart/CartPage';
import PayFirstPage from '../../app/features/guest/cart/PayFirstPage';
import OrderStatusPage from '../../app/features/guest/orders/OrderStatusPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { activateLocale, startLocale } from '../../app/i18n/i18n';
import { cartItem, cartOf, DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';

// The cart's button says what happens (docs/decisions/241): "Pay $X" where the venue takes payment first, "Order — pay
// at the bar" where the bar takes it, in every language; and the checkout's pay screen with the local stand-in's test
// card form (docs/decisions/242).

const GUEST = 'guest-000000000000001';
const PAY_FIRST = { ...VENUE, takes_cards: true, pay_first: true };
const routes = [{
  path: '/venue/:slug', element: <VenueLayout />,
  children: [
    { path: 'cart', element: <CartPage /> },
    { path: 'checkout/pay', element: <PayFirstPage /> },
    { path: 'order-confirmation', element: <h1>Order confirmation</h1> },
    { path: 'order-status/:orderId', element: <OrderStatusPage /> },
  ],
}];
// Negroni × 2 + Aperol Spritz: $40.50 and 8.75 % tax, $44.04.
const ITEMS = [cartItem('d-negroni-0000000001', 'Negroni', 1400, 2), cartItem('d-spritz-00000000004', 'Aperol Spritz', 1250, 1)];
const api = (venue: typeof VENUE) => ({
  'GET /api/venues/artisan-bar': { body: { venue } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(GUEST),
  'GET /api/orders/active': { body: { order: null } },
  'GET /api/cart': { body: { cart: cartOf(ITEMS) } },
});

beforeEach(() => {
  installAuth();
  localStorage.setItem('barhop.guest_token', fakeGuestToken(GUEST));
  resetGuestSessionForTests();
});
afterEach(async () => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
  await activateLocale('en');
});

describe('the checkout button', () => {
  it('reads "Order — pay at the bar" where the bar takes payment, and places the order without a card', async () => {
    const calls = mockApi({ ...api(VENUE), 'POST /api/cart/checkout': { status: 409, body: { error: { code: 'active_order_exists', message: 'active order exists' } } } });
    renderRoutes(routes, '/venue/artisan-bar/cart');
    const button = await screen.findByRole('button', { name: 'Order — pay at the bar' });
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/cart/checkout')).toBe(true));
    expect(calls.some((r) => new URL(r.url).pathname.startsWith('/api/cart/checkout/card'))).toBe(false);
  });

  it('reads "Pay $44.04" where the venue takes payment first, and opens the pay screen without placing an order', async () => {
    const calls = mockApi(api(PAY_FIRST));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    renderRoutes(routes, '/venue/artisan-bar/cart');
    fireEvent.change(await screen.findByLabelText('Order name (optional)'), { target: { value: "Sam's round" } });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $44.04' }));
    expect(assign).toHaveBeenCalledWith('/venue/artisan-bar/checkout/pay');
    expect(JSON.parse(sessionStorage.getItem('barhop.checkout-details.artisan-bar')!)).toEqual({ display_name: "Sam's round" });
    expect(calls.some((r) => r.method === 'POST' && new URL(r.url).pathname.startsWith('/api/cart/checkout'))).toBe(false);
  });

  it('says the same in Spanish: "Pedir — se paga en la barra", or "Pagar" only where the guest pays now', async () => {
    history.replaceState(null, '', '/venue/artisan-bar/cart?lang=es');
    await startLocale();
    mockApi(api(VENUE));
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar/cart');
    expect(await screen.findByRole('button', { name: 'Pedir — se paga en la barra' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
    unmount();
    mockApi(api(PAY_FIRST));
    renderRoutes(routes, '/venue/artisan-bar/cart');
    expect(await screen.findByRole('button', { name: `Pagar ${new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(44.04)}` })).toBeTruthy();
  });
});

describe('the checkout\'s pay screen through the local stand-in', () => {
  const payment = { payment_id: 'pay-1', payment_intent_id: 'pi_local1', client_secret: 'pi_local1_secret_x', publishable_key: null, stripe_account: 'acct_local', amount_cents: 4404 };

  it('shows the test card form marked "Test payments — no card is charged", answers a decline in words, then places the order', async () => {
    sessionStorage.setItem('barhop.checkout-details.artisan-bar', JSON.stringify({ display_name: 'Sam' }));
    let declined = true;
    const calls = mockApi({
      ...api(PAY_FIRST),
      'POST /api/cart/checkout/card': { body: payment },
      'POST /api/payments/local/confirm': () => (declined
        ? { status: 402, body: { error: { code: 'card_declined', message: 'The card was declined: try another card or pay at the bar' } } }
        : { body: { status: 'requires_capture' } }),
      'POST /api/cart/checkout/card/pay-1/check': { body: { status: 'placed', order_id: 'order-1', message: null, code: null, details: null } },
    });
    renderRoutes(routes, '/venue/artisan-bar/checkout/pay');
    const form = await screen.findByRole('region', { name: 'Your card payment' });
    expect(await within(form).findByText('Test payments — no card is charged')).toBeTruthy();
    const start = calls.find((r) => new URL(r.url).pathname === '/api/cart/checkout/card')!;
    expect(await start.clone().json()).toEqual({ slug: 'artisan-bar', display_name: 'Sam' });

    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay $44.04' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The card was declined: try another card or pay at the bar');
    expect(calls.some((r) => new URL(r.url).pathname.endsWith('/check'))).toBe(false);

    declined = false;
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay $44.04' }));
    expect(await screen.findByRole('heading', { name: 'Order confirmation' })).toBeTruthy();
    const confirm = calls.filter((r) => new URL(r.url).pathname === '/api/payments/local/confirm').at(-1)!;
    expect(await confirm.clone().json()).toEqual({ payment_intent_id: 'pi_local1', card_number: '4242 4242 4242 4242' });
  });

  it('says what happened when the order could not be placed after the card was authorised', async () => {
    mockApi({
      ...api(PAY_FIRST),
      'POST /api/cart/checkout/card': { body: payment },
      'POST /api/payments/local/confirm': { body: { status: 'requires_capture' } },
      'POST /api/cart/checkout/card/pay-1/check': { body: { status: 'released', order_id: null, message: 'Your cart changed while you paid: nothing was charged. Check out again', code: 'cart_changed', details: null } },
    });
    renderRoutes(routes, '/venue/artisan-bar/checkout/pay');
    const form = await screen.findByRole('region', { name: 'Your card payment' });
    fireEvent.change(await within(form).findByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay $44.04' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Your cart changed while you paid: nothing was charged. Check out again');
    expect(screen.queryByRole('heading', { name: 'Order confirmation' })).toBeNull();
  });

  it('says in Spanish why the order was not placed and that nothing was charged, from the note\'s code and data', async () => {
    history.replaceState(null, '', '/venue/artisan-bar/checkout/pay?lang=es');
    await startLocale();
    mockApi({
      ...api(PAY_FIRST),
      'POST /api/cart/checkout/card': { body: payment },
      'POST /api/payments/local/confirm': { body: { status: 'requires_capture' } },
      'POST /api/cart/checkout/card/pay-1/check': { body: {
        status: 'released', order_id: null, message: 'Negroni is not available right now: nothing was charged',
        code: 'drink_unavailable', details: { name: 'Negroni', menu_drink_ids: ['d-negroni-0000000001'], refusal: 'drink_unavailable.paid_first' },
      } },
    });
    renderRoutes(routes, '/venue/artisan-bar/checkout/pay');
    const form = await screen.findByRole('region', { name: 'Tu pago con tarjeta' });
    fireEvent.change(await within(form).findByLabelText('Número de tarjeta'), { target: { value: '4242424242424242' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Pagar/ }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Negroni no está disponible ahora mismo: no se cobró nada');
  });
});

describe('the status page of an order paid first', () => {
  const ORDER = 'order-00000000abcd1234';
  const order = (over: Record<string, unknown>) => ({
    id: ORDER, code: 'C89', restaurant_id: VENUE.id, status: 'preparing', payment_status: 'unpaid', created_at: '2026-03-10T12:00:00.000Z',
    updated_at: '2026-03-10T12:01:00.000Z', delivered_at: null, display_name: 'Sam', custom_name: null, ai_recipe_name: null, referred_by_ai: false,
    special_instructions: null, customer_name: null, customer_phone: null, table_number: null, sales_channel: 'app', eta_minutes: 4,
    subtotal_cents: 4050, tax_cents: 354, total_cents: 4404, items: [], ...over,
  });
  const statusApi = (o: ReturnType<typeof order>) => ({
    ...api(PAY_FIRST),
    [`GET /api/orders/${ORDER}/status`]: { body: { id: ORDER, code: o.code, status: o.status, payment_status: o.payment_status, created_at: o.created_at, delivered_at: o.delivered_at, eta_minutes: o.eta_minutes, queue_position: 0 } },
    [`GET /api/orders/${ORDER}`]: { body: { order: o, venue: { id: VENUE.id, slug: 'artisan-bar', name: VENUE.name, phone: null } } },
  });

  it('says "Your card was not charged — please pay at the bar" when Stripe refused the card as the bar accepted the order, until it is paid', async () => {
    mockApi(statusApi(order({ payment_problem: 'failed' })));
    const { unmount } = renderRoutes(routes, `/venue/artisan-bar/order-status/${ORDER}`);
    expect(await screen.findByText('Your card was not charged — please pay at the bar')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Making Your Drinks' })).toBeTruthy();
    unmount();
    // Paid at the bar since, or taken on the card as planned: nothing of the kind.
    for (const paid of [order({ status: 'delivered', payment_status: 'captured', payment_problem: 'failed', delivered_at: '2026-03-10T12:05:00.000Z' }), order({ payment_status: 'captured' })]) {
      mockApi(statusApi(paid));
      const again = renderRoutes(routes, `/venue/artisan-bar/order-status/${ORDER}`);
      expect(await screen.findByRole('heading', { name: paid.status === 'delivered' ? 'Ready!' : 'Payment Complete' })).toBeTruthy();
      await screen.findByText('C89');
      await waitFor(() => expect(screen.getByRole('region', { name: 'Items' })).toBeTruthy());
      expect(screen.queryByText('Your card was not charged — please pay at the bar')).toBeNull();
      again.unmount();
    }
  });

  it('says it in the guest\'s language', async () => {
    history.replaceState(null, '', `/venue/artisan-bar/order-status/${ORDER}?lang=es`);
    await startLocale();
    mockApi(statusApi(order({ payment_problem: 'failed' })));
    renderRoutes(routes, `/venue/artisan-bar/order-status/${ORDER}`);
    expect(await screen.findByText('No se cobró nada a tu tarjeta — paga en la barra, por favor')).toBeTruthy();
  });
});
