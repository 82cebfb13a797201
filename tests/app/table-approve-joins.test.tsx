// "Approve who joins" (docs/decisions/237): the joiner waits and sees nothing of the tab; the host lets them in.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import TableScreens from '../../app/features/tables/TableScreens';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';
import { ANA, BEN, SESSION_ID, tableState, view } from './guest-table-fixtures';

const routes = [{
  path: '/venue/:slug',
  element: <VenueLayout />,
  children: [{ index: true, element: <MenuPage /> }, { path: 'table/*', element: <TableScreens /> }],
}];

const baseApi = {
  'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(null),
  'GET /api/orders/active': { body: { order: null } },
  'GET /api/venues/artisan-bar/tables/7': { body: { venue_id: VENUE.id, table: '7', name: null, session: 'joinable', member_session_id: null } },
};
const SESSION_PATH = `/api/tables/sessions/${SESSION_ID}`;
const QR_TOKEN = 'Qr-token_0123456';

function device({ atTable = false }: { atTable?: boolean } = {}) {
  localStorage.setItem('barhop.guest_token', fakeGuestToken(null));
  if (atTable) localStorage.setItem('barhop.table-session.artisan-bar', SESSION_ID);
  resetGuestSessionForTests();
}

beforeEach(() => installAuth());
beforeAll(async () => {
  await Promise.all([import('../../app/features/tables/TableFrame'), import('../../app/features/tables/TableJoin'), import('../../app/features/tables/TablePage')]);
});

const pending = { status: 202, body: { pending: true, session_id: SESSION_ID, table: '7' } };

async function askToJoin() {
  renderRoutes(routes, `/venue/artisan-bar?table=7&t=${QR_TOKEN}`);
  const sheet = await screen.findByRole('dialog', { name: 'Join table' }, { timeout: 3_000 });
  fireEvent.change(within(sheet).getByLabelText('Your name'), { target: { value: 'Cal' } });
  fireEvent.click(within(sheet).getByRole('button', { name: 'Join table' }));
  return sheet;
}

describe('a joiner while the host approves who joins', () => {
  // What the tab's read answers the joiner while they wait, and once the host declined.
  it.each([
    ['join_pending', 'Waiting for the host to let you in'],
    ['join_declined', 'The host declined'],
  ])('reading the tab answers %s: the sheet says "%s" and shows nothing of the tab', async (code, message) => {
    device();
    mockApi({
      ...baseApi,
      'POST /api/tables/sessions': pending,
      [`GET ${SESSION_PATH}`]: { status: 403, body: { error: { code, message } } },
    });
    await askToJoin();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message), { timeout: 3_000 });
    expect(screen.queryByText('Ana')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Your table' })).toBeNull();
  });
});

describe('the host', () => {
  it('sees "Cal wants to join" and lets them in', async () => {
    device({ atTable: true });
    const CAL_REQUEST = { id: 'm-cal', name: 'Cal', requested_at: '2026-11-26T19:06:00.000Z' };
    const asking = tableState({ members: [ANA, BEN], approve_joins: true, join_requests: [CAL_REQUEST] });
    const letIn = tableState({
      version: 2, approve_joins: true, join_requests: [],
      members: [ANA, BEN, { id: 'm-cal', name: 'Cal', is_host: false, joined_at: CAL_REQUEST.requested_at }],
    });
    const calls = mockApi({
      ...baseApi,
      [`GET ${SESSION_PATH}`]: { body: view(asking, ANA.id) },
      [`POST ${SESSION_PATH}/join-requests/m-cal`]: { body: view(letIn, ANA.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar/table');
    const requests = await screen.findByRole('list', { name: 'Asking to join' }, { timeout: 3_000 });
    expect(within(requests).getByText('Cal wants to join')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Approve who joins' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(requests).getByRole('button', { name: 'Let in' }));
    const members = screen.getByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(members).getByText('Cal')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Asking to join' })).toBeNull();
    const sent = calls.find((r) => r.method === 'POST' && r.url.endsWith('/join-requests/m-cal'));
    expect(await sent!.clone().json()).toEqual({ let_in: true });
  });
});
