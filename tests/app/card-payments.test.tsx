import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import TableScreens from '../../app/features/tables/TableScreens';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';
import { ANA, BEN, SESSION_ID, share, tableState, view } from './guest-table-fixtures';

// The guest's split and card payments in the app (docs/product.md §12.9, docs/decisions/210): "Pay by card" where the
// venue takes cards, "Pay at the bar" where it does not, and a refund on the payer's share.

const routes = [{ path: '/venue/:slug', element: <VenueLayout />, children: [{ path: 'table/*', element: <TableScreens /> }] }];
const SESSION_PATH = `/api/tables/sessions/${SESSION_ID}`;
const api = (available: boolean, shares = [share('s-1', BEN, 2000, 1800, 300)]) => ({
  'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(null),
  'GET /api/orders/active': { body: { order: null } },
  [`GET ${SESSION_PATH}`]: {
    body: view(tableState({
      status: 'billing', members: [ANA, BEN], shares,
      tab: { subtotal_cents: 1800, tax_cents: 200, service_charge_bp: 0, service_charge_cents: 0, total_cents: 2000, shared_cents: 2000, owed_cents: 0, paid_cents: 0, tips_cents: 0 },
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
beforeAll(async () => { await import('../../app/features/tables/TableFrame'); });

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
