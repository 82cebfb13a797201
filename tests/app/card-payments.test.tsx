import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import CartPage from '../../app/features/guest/cart/CartPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import HoldCardPage from '../../app/features/tables/HoldCardPage';
import PayCardPage from '../../app/features/tables/PayCardPage';
import TableScreens from '../../app/features/tables/TableScreens';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';
import { ANA, BEN, cartLine, round, SESSION_ID, share, tabLine, tableState, view } from './guest-table-fixtures';

// Stripe.js, as the card screens call it (app/features/tables/card-element.tsx): one element, one confirmation.
const stripeJs = vi.hoisted(() => ({ confirmed: 0, loadedWith: null as unknown, clientSecret: '' }));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async (key: string, options: unknown) => {
    stripeJs.loadedWith = { key, options };
    return {
      elements: ({ clientSecret }: { clientSecret: string }) => {
        stripeJs.clientSecret = clientSecret;
        return { create: () => ({ mount: (node: HTMLElement) => { node.textContent = 'Card number'; } }) };
      },
      confirmPayment: async () => { stripeJs.confirmed += 1; return {}; },
    };
  },
}));

// The guest's split and card payments in the app (docs/product.md §12.9, docs/decisions/222): "Pay by card" where the
// venue takes cards, "Pay at the bar" where it does not, and a refund on the payer's share.

const routes = [{
  path: '/venue/:slug', element: <VenueLayout />,
  children: [
    { path: 'table/*', element: <TableScreens /> }, { path: 'table/hold', element: <HoldCardPage /> }, { path: 'table/pay/:shareId', element: <PayCardPage /> },
    { path: 'cart', element: <CartPage /> },
  ],
}];
const SESSION_PATH = `/api/tables/sessions/${SESSION_ID}`;
const api = (available: boolean, shares = [share('s-1', BEN, 2000, 1800, 300)]) => ({
  'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(null),
  'GET /api/orders/active': { body: { order: null } },
  [`GET ${SESSION_PATH}`]: {
    body: view(tableState({
      status: 'billing', members: [ANA, BEN], shares,
      tab: { subtotal_cents: 1800, tax_cents: 200, service_charge_bp: 0, service_charge_cents: 0, total_cents: 2000, shared_cents: 2000, owed_cents: 0, paid_cents: 0, tips_cents: 0, received_cents: 0, unpaid_cents: 2000 },
    }), BEN.id),
  },
  [`GET ${SESSION_PATH}/card`]: { body: { available, hold_cents: available ? 10_000 : 0, holds: [] } },
});

beforeEach(() => {
  installAuth();
  localStorage.clear();
  localStorage.setItem('barhop.guest_token', fakeGuestToken(null));
  localStorage.setItem('barhop.table-session.artisan-bar', SESSION_ID);
  resetGuestSessionForTests();
});
beforeAll(async () => { await Promise.all([import('../../app/features/tables/TableFrame'), import('../../app/features/tables/TableCart')]); });

describe('paying a share', () => {
  it('offers "Pay by card" on the payer\'s unpaid share where the venue takes cards', async () => {
    mockApi(api(true));
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    const mine = await screen.findByRole('listitem', { name: 'Your share' });
    const link = await within(mine).findByRole('link', { name: 'Pay by card' });
    expect(link.getAttribute('href')).toBe('/venue/artisan-bar/table/pay/s-1');
    expect(screen.queryByText('Pay at the bar')).toBeNull();
  });

  it('shows "Pay at the bar" where the venue has no payment account, and no card button', async () => {
    mockApi(api(false));
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    expect(await screen.findByText('Pay at the bar')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay by card' })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Your share' })).getByRole('button', { name: 'Cancel my share' })).toBeTruthy();
  });

  it('offers only "Pay this at the bar" on a share below the card minimum ($0.30): no card button there or on its pay screen', async () => {
    mockApi(api(true, [share('s-1', BEN, 30, 28, 0)]));
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    const mine = await screen.findByRole('listitem', { name: 'Your share' });
    expect(await within(mine).findByText('Pay this at the bar')).toBeTruthy();
    expect(mine.textContent).toContain('Pay this at the bar: a card pays $0.50 or more');
    expect(within(mine).queryByRole('link', { name: 'Pay by card' })).toBeNull();
    expect(screen.queryByText('Pay by card here, or pay the bartender: they record your share as paid.')).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Cancel my share' })).toBeTruthy();
  });

  it('the pay screen of a share below the card minimum says to pay it at the bar, and starts no card payment', async () => {
    const calls = mockApi(api(true, [share('s-1', BEN, 30, 28, 0)]));
    renderRoutes(routes, '/venue/artisan-bar/table/pay/s-1');
    const bar = await screen.findByRole('region', { name: 'Pay at the bar' });
    expect(bar.textContent).toContain('Pay this at the bar: a card pays $0.50 or more');
    expect(bar.textContent).toContain('$0.30');
    expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/card'))).toBe(false);
  });

  it('the pay screen changes to "Paid" the moment Stripe confirms, before the table\'s frame says captured', async () => {
    stripeJs.confirmed = 0;
    mockApi({
      ...api(true),
      [`POST ${SESSION_PATH}/shares/s-1/card`]: { body: { payment_intent_id: 'pi_2', client_secret: 'pi_2_secret_x', publishable_key: 'pk_test_1', stripe_account: 'acct_1', amount_cents: 2300 } },
      // Stripe's webhook has not reached the Worker yet: the share still reads unpaid, with no problem.
      [`POST ${SESSION_PATH}/shares/s-1/card/check`]: { body: { share: { id: 's-1', payment_status: 'unpaid', payment_problem: null, payment_problem_note: null } } },
    });
    renderRoutes(routes, '/venue/artisan-bar/table/pay/s-1');
    const pay = await screen.findByRole('button', { name: 'Pay $23.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    const paid = await screen.findByRole('status', { name: 'Paid' });
    expect(within(paid).getByRole('heading', { name: 'Paid' })).toBeTruthy();
    expect(screen.getByText('Your share of $23.00 is paid by card. Thank you!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
    expect(stripeJs.confirmed).toBe(1);
  });

  it('shows a declined card to its payer (who may try again), and a refund on the share', async () => {
    mockApi(api(true, [
      share('s-1', BEN, 2000, 1800, 300, { method: 'card_app', payment_problem: 'failed', payment_problem_note: 'Your card was declined.' }),
      share('s-2', ANA, 1000, 900, 0, { payment_status: 'captured', method: 'card_app', refunded_cents: 500 }),
    ]));
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    const mine = await screen.findByRole('listitem', { name: 'Your share' });
    expect(mine.textContent).toContain('Your card was declined.');
    expect(await within(mine).findByRole('link', { name: 'Pay by card' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: "Ana's share" }).textContent).toContain('Refunded $5.00');
  });
});

describe('a tab on a card (docs/decisions/222)', () => {
  const HOLD = { id: 'hold-1', amount_cents: 10_000, captured_cents: 0 };
  const openTab = (available: boolean, holds: { id: string; amount_cents: number; status: string; captured_cents: number }[], cartLines = [] as ReturnType<typeof cartLine>[]) => ({
    ...api(available),
    [`GET ${SESSION_PATH}`]: { body: view(tableState({ rounds: [round(1, 'delivered', [tabLine(1, ANA, 'Negroni', 1400, 2)])], cartLines }), ANA.id) },
    [`GET ${SESSION_PATH}/card`]: { body: { available, hold_cents: available ? 10_000 : 0, holds } },
  });

  it('offers "Open tab on card" on the Tab screen where the venue takes cards and no hold is authorised, a pending one included', async () => {
    mockApi(openTab(true, [{ ...HOLD, status: 'pending' }]));
    renderRoutes(routes, '/venue/artisan-bar/table/tab');
    const link = await screen.findByRole('link', { name: 'Open tab on card' });
    expect(link.getAttribute('href')).toBe('/venue/artisan-bar/table/hold');
    expect(screen.queryByRole('region', { name: 'Card hold' })).toBeNull();
  });

  it('shows the authorised hold instead of the button', async () => {
    mockApi(openTab(true, [{ ...HOLD, status: 'authorized' }, { ...HOLD, id: 'hold-2', status: 'pending' }]));
    renderRoutes(routes, '/venue/artisan-bar/table/tab');
    const hold = await screen.findByRole('region', { name: 'Card hold' });
    expect(hold.textContent).toBe('Held on a card$100.00');
    expect(screen.queryByRole('link', { name: 'Open tab on card' })).toBeNull();
  });

  it('offers no card hold where the venue takes payment at the bar', async () => {
    const calls = mockApi(openTab(false, []));
    renderRoutes(routes, '/venue/artisan-bar/table/tab');
    expect(await screen.findByRole('region', { name: 'Tab total' })).toBeTruthy();
    await waitFor(() => expect(calls.some((r) => r.url.endsWith(`${SESSION_PATH}/card`))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Open tab on card' })).toBeNull();
  });

  it('a round past the hold says so and leads to the hold screen', async () => {
    const message = 'This round would bring the tab to $120.00, past its card hold of $100.00: put down a new hold to send it';
    mockApi({
      ...openTab(true, [{ ...HOLD, status: 'authorized' }], [cartLine('l-1', ANA, 'Negroni', 1400, 2)]),
      [`POST ${SESSION_PATH}/rounds`]: { status: 409, body: { error: { code: 'hold_exceeded', message, details: { tab_after_round_cents: 12_000, held_cents: 10_000 } } } },
    });
    renderRoutes(routes, '/venue/artisan-bar/cart');
    fireEvent.click(await screen.findByRole('button', { name: /^Send round/ }));
    const alert = await screen.findByText(message);
    const link = within(alert.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Put down a new hold' });
    expect(link.getAttribute('href')).toBe('/venue/artisan-bar/table/hold');
  });

  it('the hold screen puts down the hold, confirms it with Stripe.js and asks the Worker, which says it is authorised', async () => {
    stripeJs.confirmed = 0;
    let checked = false;
    const calls = mockApi({
      ...openTab(true, []),
      [`GET ${SESSION_PATH}/card`]: () => ({ body: { available: true, hold_cents: 10_000, holds: checked ? [{ ...HOLD, status: 'authorized' }] : [] } }),
      [`POST ${SESSION_PATH}/holds`]: { body: { payment_intent_id: 'pi_1', client_secret: 'pi_1_secret_x', publishable_key: 'pk_test_1', stripe_account: 'acct_1', amount_cents: 10_000, hold_id: 'hold-1' } },
      [`POST ${SESSION_PATH}/holds/check`]: () => { checked = true; return { body: { hold: { ...HOLD, status: 'authorized' } } }; },
    });
    renderRoutes(routes, '/venue/artisan-bar/table/hold');
    const form = await screen.findByRole('region', { name: 'Your card hold' });
    expect(form.textContent).toContain('A hold of $100.00 is put on your card; you are charged only what the table orders.');
    const hold = await within(form).findByRole('button', { name: 'Hold $100.00' });
    await waitFor(() => expect((hold as HTMLButtonElement).disabled).toBe(false));
    expect(stripeJs).toMatchObject({ loadedWith: { key: 'pk_test_1', options: { stripeAccount: 'acct_1' } }, clientSecret: 'pi_1_secret_x' });
    fireEvent.click(hold);
    expect(await screen.findByRole('heading', { name: 'Tab on card' })).toBeTruthy();
    expect(stripeJs.confirmed).toBe(1);
    expect(calls.filter((r) => r.method === 'POST' && r.url.endsWith(`${SESSION_PATH}/holds`))).toHaveLength(1);
    const check = calls.find((r) => r.method === 'POST' && r.url.endsWith('/holds/check'))!;
    expect(await check.clone().json()).toEqual({ hold_id: 'hold-1' });
  });
});
