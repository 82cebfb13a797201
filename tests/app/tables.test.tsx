import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import CartPage from '../../app/features/guest/cart/CartPage';
import DrinkPage from '../../app/features/guest/drink/DrinkPage';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import TableScreens from '../../app/features/tables/TableScreens';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';
import { ANA, BEN, CAL, cartLine, round, SESSION_ID, tabLine, tableState, view } from './table-fixtures';

const routes = [{
  path: '/venue/:slug',
  element: <VenueLayout />,
  children: [
    { index: true, element: <MenuPage /> },
    { path: 'cart', element: <CartPage /> },
    { path: 'drink/:drinkId', element: <DrinkPage /> },
    { path: 'table/*', element: <TableScreens /> },
    { path: 'auth', element: <h1>Sign in page</h1> },
  ],
}];

const baseApi = {
  'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
  'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
  'POST /api/auth/guest-session': guestSessionReply(null),
  'GET /api/orders/active': { body: { order: null } },
};

const SESSION_PATH = `/api/tables/sessions/${SESSION_ID}`;

/** A device that is not signed in (tables need no phone sign-in), optionally already at table 7. */
function device({ atTable = false }: { atTable?: boolean } = {}) {
  localStorage.setItem('barhop.guest_token', fakeGuestToken(null));
  if (atTable) localStorage.setItem('barhop.table-session.artisan-bar', SESSION_ID);
  resetGuestSessionForTests();
}

const bodyOf = async (calls: Request[], method: string, path: string) => {
  const call = calls.find((r) => r.method === method && new URL(r.url).pathname === path);
  return call ? call.clone().json() : undefined;
};

beforeEach(() => installAuth());
// The table's chunks load lazily in the app; here they are transformed once up front, so no test waits on it.
beforeAll(async () => {
  await Promise.all([import('../../app/features/tables/TableFrame'), import('../../app/features/tables/TableJoin'), import('../../app/features/tables/TableCart')]);
});

describe('scanning a table QR code', () => {
  it('says so when the venue has no such table, and leaves the guest on the menu', async () => {
    device();
    const calls = mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/42': { status: 404, body: { error: { code: 'table_not_found', message: "Table 42 is not a table here. Check the number on your table's QR code." } } },
    });
    const { router } = renderRoutes(routes, '/venue/artisan-bar?table=42');
    const dialog = await screen.findByRole('dialog', { name: 'Table not found' });
    expect(within(dialog).getByRole('alert').textContent).toBe("Table 42 is not a table here. Check the number on your table's QR code.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Browse the menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(calls.some((r) => r.method === 'POST' && r.url.includes('/tables/'))).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Your table' })).toBeNull();
  });

  it('asks "Your name" once, opens the table, remembers the name and shows the table in the frame', async () => {
    device();
    const opened = tableState({ members: [ANA], host_member_id: ANA.id });
    const calls = mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/7': { body: { venue_id: VENUE.id, table: '7', name: null, session: 'none', member_session_id: null } },
      'POST /api/tables/sessions': { body: view(opened, ANA.id) },
      [`GET ${SESSION_PATH}`]: { body: view(opened, ANA.id) },
    });
    const { router, unmount } = renderRoutes(routes, '/venue/artisan-bar?table=7');
    const sheet = await screen.findByRole('dialog', { name: 'Join table' });
    expect(within(sheet).getByText(/you'll host the table's tab/)).toBeTruthy();

    // A blank name is refused here, with the schema's words, and nothing is sent.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Join table' }));
    expect(within(sheet).getByText('Your name is required')).toBeTruthy();
    expect(within(sheet).getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/api/tables/sessions'))).toBe(false);

    fireEvent.change(within(sheet).getByLabelText('Your name'), { target: { value: '  Ana ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Join table' }));
    const frame = await screen.findByRole('navigation', { name: 'Your table' });
    expect(within(frame).getByRole('link', { name: 'Table 7 · 1 person' }).getAttribute('href')).toBe('/venue/artisan-bar/table');
    expect(await bodyOf(calls, 'POST', '/api/tables/sessions')).toEqual({ slug: 'artisan-bar', table: '7', name: 'Ana' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join table' })).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('You opened table 7\'s tab')).toBeTruthy();
    unmount();

    // The next table's sheet offers the remembered name.
    mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/9': { body: { venue_id: VENUE.id, table: '9', name: null, session: 'joinable', member_session_id: null } },
      [`GET ${SESSION_PATH}`]: { body: view(opened, ANA.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar?table=9');
    const again = await screen.findByRole('dialog', { name: 'Join table' });
    expect((within(again).getByLabelText('Your name') as HTMLInputElement).value).toBe('Ana');
    expect(within(again).getByText('A tab is open at this table. Join it to order together.')).toBeTruthy();
  });

  it("joins by the invite link's code, and asks for the code when the server says the tab needs it", async () => {
    device();
    const joined = tableState({ members: [ANA, BEN] });
    const calls = mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/7': { body: { venue_id: VENUE.id, table: '7', name: null, session: 'code_required', member_session_id: null } },
      'POST /api/tables/sessions/join': { body: view(joined, BEN.id) },
      [`GET ${SESSION_PATH}`]: { body: view(joined, BEN.id) },
    });
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar?table=7&code=k7qp');
    const sheet = await screen.findByRole('dialog', { name: 'Join table' });
    expect((within(sheet).getByLabelText('Table code') as HTMLInputElement).value).toBe('k7qp');
    fireEvent.change(within(sheet).getByLabelText('Your name'), { target: { value: 'Ben' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Join table' }));
    expect(await screen.findByRole('link', { name: 'Table 7 · 2 people' })).toBeTruthy();
    expect(await bodyOf(calls, 'POST', '/api/tables/sessions/join')).toEqual({ slug: 'artisan-bar', code: 'K7QP', name: 'Ben' });
    unmount();
    localStorage.clear();

    // No code in the link, and the tab went quiet since the lookup: the server asks for it, the sheet does too.
    device();
    let tries = 0;
    const second = mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/7': { body: { venue_id: VENUE.id, table: '7', name: null, session: 'joinable', member_session_id: null } },
      'POST /api/tables/sessions': () => (tries++ === 0
        ? { status: 403, body: { error: { code: 'join_code_required', message: "This table's tab is open. Ask someone at the table for its code." } } }
        : { body: view(joined, CAL.id) }),
      [`GET ${SESSION_PATH}`]: { body: view(joined, CAL.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar?table=7');
    const ask = await screen.findByRole('dialog', { name: 'Join table' });
    expect(within(ask).queryByLabelText('Table code')).toBeNull();
    fireEvent.change(within(ask).getByLabelText('Your name'), { target: { value: 'Cal' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Join table' }));
    const code = await within(ask).findByLabelText('Table code');
    expect(within(ask).getAllByText("This table's tab is open. Ask someone at the table for its code.").length).toBeGreaterThan(0);
    // A code of the wrong length is refused before it is sent.
    fireEvent.change(code, { target: { value: 'K7Q' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Join table' }));
    expect(within(ask).getByText('The table code has 4 characters')).toBeTruthy();
    expect(tries).toBe(1);
    fireEvent.change(code, { target: { value: 'k7qp' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Join table' }));
    expect(await screen.findByRole('link', { name: 'Table 7 · 2 people' })).toBeTruthy();
    const bodies = await Promise.all(second.filter((r) => r.method === 'POST' && r.url.endsWith('/api/tables/sessions')).map((r) => r.clone().json()));
    expect(bodies).toEqual([{ slug: 'artisan-bar', table: '7', name: 'Cal' }, { slug: 'artisan-bar', table: '7', name: 'Cal', code: 'K7QP' }]);
  });

  it('a device already at the table sees no sheet', async () => {
    device();
    const table = tableState({ members: [ANA, BEN] });
    const calls = mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/7': { body: { venue_id: VENUE.id, table: '7', name: null, session: 'joinable', member_session_id: SESSION_ID } },
      [`GET ${SESSION_PATH}`]: { body: view(table, BEN.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar?table=7');
    expect(await screen.findByRole('link', { name: 'Table 7 · 2 people' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((r) => r.method === 'POST' && r.url.includes('/api/tables/'))).toBe(false);
  });
});

describe("the table's cart", () => {
  const lines = [cartLine('l-1', ANA, 'Negroni', 1400, 2), cartLine('l-2', BEN, 'Harbor IPA', 800, 1)];

  it("shows who added each line; a member changes only their own, and only the host sends unless allowed", async () => {
    device({ atTable: true });
    const table = tableState({ cartLines: lines });
    const calls = mockApi({
      ...baseApi,
      [`GET ${SESSION_PATH}`]: { body: view(table, BEN.id) },
      [`PATCH ${SESSION_PATH}/lines/l-2`]: { body: view(tableState({ version: 2, cartLines: [lines[0]!, { ...lines[1]!, qty: 2, line_total_cents: 1600 }] }), BEN.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar/cart');
    const list = await screen.findByRole('list', { name: 'Cart items' });
    const anas = within(list).getByRole('listitem', { name: 'Negroni, added by Ana' });
    const mine = within(list).getByRole('listitem', { name: 'Harbor IPA, added by You' });
    expect(within(anas).getByText('Added by Ana')).toBeTruthy();
    expect(within(anas).queryByRole('button')).toBeNull();
    expect(within(anas).getByText('Only Ana or the host can change this line')).toBeTruthy();
    expect(within(mine).getByText('Added by you')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Remove Harbor IPA added by You' })).toBeTruthy();
    // The server's sums, and no send button for a member while the host keeps the rounds.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$36.00')).toBeTruthy();
    expect(within(summary).getByText('$39.15')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send round/ })).toBeNull();
    expect(screen.getByText('The host sends the round when the table is ready.')).toBeTruthy();

    fireEvent.click(within(mine).getByRole('button', { name: 'Increase quantity of harbor ipa for you' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('$44.00')).toBeTruthy());
    expect(await bodyOf(calls, 'PATCH', `${SESSION_PATH}/lines/l-2`)).toEqual({ qty: 2 });
    // Cart pages at a table need no phone sign-in.
    expect(screen.queryByRole('heading', { name: 'Sign in page' })).toBeNull();
  });

  it('the host changes any line and sends the round; while it is made, the cart is the next round', async () => {
    device({ atTable: true });
    const table = tableState({ cartLines: lines });
    const sent = tableState({
      version: 3, active_round_id: 'order-round-1',
      rounds: [round(1, 'pending', [tabLine(1, ANA, 'Negroni', 1400, 2), tabLine(2, BEN, 'Harbor IPA', 800, 1)])],
    });
    const calls = mockApi({
      ...baseApi,
      [`GET ${SESSION_PATH}`]: { body: view(table, ANA.id) },
      [`DELETE ${SESSION_PATH}/lines/l-2`]: { body: view(tableState({ version: 2, cartLines: [lines[0]!] }), ANA.id) },
      [`POST ${SESSION_PATH}/rounds`]: { body: { ...view(sent, ANA.id), order: { id: 'order-round-1' } } },
    });
    renderRoutes(routes, '/venue/artisan-bar/cart');
    const list = await screen.findByRole('list', { name: 'Cart items' });
    const bens = within(list).getByRole('listitem', { name: 'Harbor IPA, added by Ben' });
    expect(within(bens).getByRole('button', { name: 'Remove Harbor IPA added by Ben' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send round · $39.15' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Special instructions (optional)'), { target: { value: 'All at once please' } });
    fireEvent.click(screen.getByRole('button', { name: /^Send round/ }));
    expect(await screen.findByText(/Round 1 is being made\. You're adding to the next round\./)).toBeTruthy();
    const send = calls.find((r) => r.method === 'POST' && r.url.endsWith('/rounds'))!;
    expect(await send.clone().json()).toEqual({ special_instructions: 'All at once please' });
    expect(send.headers.get('Idempotency-Key')).toMatch(/^\w{24}$/);
    expect(screen.getByText("The table's cart is empty")).toBeTruthy();
  });

  it('a drink added from its page at a table goes to the table\'s cart, without sign-in', async () => {
    device({ atTable: true });
    const table = tableState();
    const calls = mockApi({
      ...baseApi,
      [`GET ${SESSION_PATH}`]: { body: view(table, BEN.id) },
      'GET /api/drinks/d-negroni-0000000001': { body: { drink: { ...DRINKS[0]!, rating: { average: null, count: 0 }, my_rating: null } } },
      [`POST ${SESSION_PATH}/lines`]: { body: view(tableState({ version: 2, cartLines: [cartLine('l-9', BEN, 'Negroni', 1400, 2)] }), BEN.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar/drink/d-negroni-0000000001');
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to table cart · $28.00' }));
    expect(await screen.findByText("Added 2 × Negroni to table 7's cart")).toBeTruthy();
    expect(await bodyOf(calls, 'POST', `${SESSION_PATH}/lines`)).toEqual({ menu_drink_id: 'd-negroni-0000000001', qty: 2 });
    expect(calls.some((r) => r.url.includes('/api/cart'))).toBe(false);
  });
});
