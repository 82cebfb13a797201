import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import CartPage from '../../app/features/guest/cart/CartPage';
import DrinkPage from '../../app/features/guest/drink/DrinkPage';
import MenuPage from '../../app/features/guest/menu/MenuPage';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import TableScreens from '../../app/features/tables/TableScreens';
import { writeTable } from '../../app/features/tables/table-cache';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';
import { ANA, BEN, CAL, cartLine, claimOf, round, SESSION_ID, share, tabLine, tableState, view } from './guest-table-fixtures';

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

/** What a table's QR code carries besides its number (docs/decisions/237). */
const QR_TOKEN = 'Qr-token_0123456';

describe('scanning a table QR code', () => {
  it('a table number without its QR token asks to scan the code on the table; nothing is looked up or sent', async () => {
    device();
    const calls = mockApi({ ...baseApi });
    const { router } = renderRoutes(routes, '/venue/artisan-bar?table=8');
    const dialog = await screen.findByRole('dialog', { name: 'Scan the code on your table' });
    expect(within(dialog).getByRole('alert').textContent).toBe("To order at table 8, scan the QR code on the table with your phone's camera, or ask someone at the table for its invite link.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Browse the menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(calls.some((r) => r.url.includes('/tables/'))).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Your table' })).toBeNull();
  });

  it("a QR token the server refuses (an old print) asks to scan too", async () => {
    device();
    mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/8': { status: 403, body: { error: { code: 'table_token_required', message: 'Scan the code on your table' } } },
    });
    renderRoutes(routes, `/venue/artisan-bar?table=8&t=${QR_TOKEN}`);
    expect(await screen.findByRole('dialog', { name: 'Scan the code on your table' })).toBeTruthy();
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
    const { router, unmount } = renderRoutes(routes, `/venue/artisan-bar?table=7&t=${QR_TOKEN}`);
    const sheet = await screen.findByRole('dialog', { name: 'Join table' });
    expect(within(sheet).getByText(/you'll host the table's tab/)).toBeTruthy();

    // A blank name is refused here, with the schema's words, and nothing is sent.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Join table' }));
    expect(within(sheet).getByText('Your name is required')).toBeTruthy();
    expect(within(sheet).getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/api/tables/sessions'))).toBe(false);

    fireEvent.change(within(sheet).getByLabelText('Your name'), { target: { value: '  Ana ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Join table' }));
    const frame = await screen.findByRole('navigation', { name: 'Your table' }, { timeout: 3_000 });
    expect(within(frame).getByRole('link', { name: 'Table 7 · 1 person' }).getAttribute('href')).toBe('/venue/artisan-bar/table');
    expect(await bodyOf(calls, 'POST', '/api/tables/sessions')).toEqual({ slug: 'artisan-bar', table: '7', name: 'Ana', token: QR_TOKEN });
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
    renderRoutes(routes, `/venue/artisan-bar?table=9&t=${QR_TOKEN}`);
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
    expect(await screen.findByRole('link', { name: 'Table 7 · 2 people' }, { timeout: 3_000 })).toBeTruthy();
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
    renderRoutes(routes, `/venue/artisan-bar?table=7&t=${QR_TOKEN}`);
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
    expect(await screen.findByRole('link', { name: 'Table 7 · 2 people' }, { timeout: 3_000 })).toBeTruthy();
    const bodies = await Promise.all(second.filter((r) => r.method === 'POST' && r.url.endsWith('/api/tables/sessions')).map((r) => r.clone().json()));
    expect(bodies).toEqual([{ slug: 'artisan-bar', table: '7', name: 'Cal', token: QR_TOKEN }, { slug: 'artisan-bar', table: '7', name: 'Cal', code: 'K7QP', token: QR_TOKEN }]);
  });

  it('a device already at the table sees no sheet', async () => {
    device();
    const table = tableState({ members: [ANA, BEN] });
    const calls = mockApi({
      ...baseApi,
      'GET /api/venues/artisan-bar/tables/7': { body: { venue_id: VENUE.id, table: '7', name: null, session: 'joinable', member_session_id: SESSION_ID } },
      [`GET ${SESSION_PATH}`]: { body: view(table, BEN.id) },
    });
    renderRoutes(routes, `/venue/artisan-bar?table=7&t=${QR_TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Table 7 · 2 people' }, { timeout: 3_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((r) => r.method === 'POST' && r.url.includes('/api/tables/'))).toBe(false);
  });
});

describe('a round ready at the bar', () => {
  it('"Your round is ready" reaches a member on the menu, live, not only on the Tab screen', async () => {
    device({ atTable: true });
    const making = tableState({ version: 3, rounds: [round(1, 'preparing', [tabLine(1, ANA, 'Negroni', 1400, 1)])] });
    mockApi({ ...baseApi, [`GET ${SESSION_PATH}`]: { body: view(making, BEN.id) } });
    const { client } = renderRoutes(routes, '/venue/artisan-bar');
    await screen.findByRole('navigation', { name: 'Your table' });
    expect(screen.queryByRole('status', { name: 'Your round is ready' })).toBeNull();
    act(() => writeTable(client, { ...making, version: 4, rounds: making.rounds.map((r) => ({ ...r, status: 'ready' as const })) }));
    const banner = await screen.findByRole('status', { name: 'Your round is ready' });
    expect(banner.textContent).toContain('Round 1');
    expect(within(banner).getByRole('link', { name: 'Tab' }).getAttribute('href')).toBe('/venue/artisan-bar/table/tab');
    // Handed over: the banner goes.
    act(() => writeTable(client, { ...making, version: 5, rounds: making.rounds.map((r) => ({ ...r, status: 'delivered' as const })) }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Your round is ready' })).toBeNull());
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

describe('splitting the bill', () => {
  // Round 1: Ana 2 × Negroni $28.00, Ben 1 × Harbor IPA $8.00, Cal 1 × Aperol Spritz $12.50. Subtotal $48.50,
  // tax 8.75% $4.24, service charge 10% $4.85: the bill is $57.59.
  const lines = [
    tabLine(1, ANA, 'Negroni', 1400, 2, { claims: [claimOf(ANA, 2, 2800)] }),
    tabLine(2, BEN, 'Harbor IPA', 800, 1, { claims: [claimOf(BEN, 1, 800)] }),
    tabLine(3, CAL, 'Aperol Spritz', 1250, 1),
  ];
  const billing = (extra: Parameters<typeof tableState>[0] = {}) => tableState({
    status: 'billing', members: [ANA, BEN, CAL], rounds: [round(1, 'delivered', lines)],
    tab: { subtotal_cents: 4850, tax_cents: 424, service_charge_bp: 1000, service_charge_cents: 485, total_cents: 5759, shared_cents: 0, owed_cents: 5759, paid_cents: 0, tips_cents: 0, received_cents: 0, unpaid_cents: 5759 },
    ...extra,
  });
  const youPay = () => within(screen.getByRole('region', { name: 'You will pay' }));
  /** The amount a summary gives for one of its labels ('Tip' → '$1.44'). */
  const sum = (regionName: string, label: string | RegExp) =>
    within(screen.getByRole('region', { name: regionName })).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  const preview = () => [sum('You will pay', /^Your part/), sum('You will pay', 'Tip'), sum('You will pay', 'You pay')];

  it('previews each way to pay with its tip, as the server will make it, and refuses what is not an amount', async () => {
    device({ atTable: true });
    const calls = mockApi({
      ...baseApi,
      [`GET ${SESSION_PATH}`]: { body: view(billing(), BEN.id) },
      [`POST ${SESSION_PATH}/claims`]: { status: 409, body: { error: { code: 'line_claimed', message: 'Cal already claimed this line', details: { claimed_by: 'Cal' } } } },
      [`POST ${SESSION_PATH}/shares`]: { body: view(billing({ version: 2 }), BEN.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    const totals = await screen.findByRole('region', { name: 'Tab total' });
    expect(within(totals).getByText('Service charge (10%)').nextElementSibling?.textContent).toBe('$4.85');
    expect(sum('Tab total', 'Total')).toBe('$57.59');
    expect(sum('Tab total', 'Still owed')).toBe('$57.59');

    // By item: Ben's claimed IPA is his pre-tax $8.00 plus its part of tax and service ($1.50); 18% tip on $8.00.
    const tabLines = screen.getByRole('list', { name: 'Tab lines' });
    const anas = within(tabLines).getByRole('group', { name: /2 × Negroni/ });
    expect(anas.textContent).toContain('Claimed by Ana (2)');
    expect((within(anas).getByRole('button', { name: 'Claim one' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(tabLines).getByRole('button', { name: /1 × Harbor IPA/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(screen.getByRole('group', { name: 'Tip' })).getByRole('button', { name: '18%' }));
    expect(preview()).toEqual(['$9.50', '$1.44', '$10.94']);
    // A line someone claimed a moment ago: the server's words.
    fireEvent.click(within(tabLines).getByRole('button', { name: /1 × Aperol Spritz/ }));
    expect(await screen.findByText('Cal already claimed this line')).toBeTruthy();

    // Evenly among 3: $57.59 / 3, the odd cents to the first shares ($19.20); 20% tip on its pre-tax part ($16.17).
    const ways = within(screen.getByRole('group', { name: 'How you pay' }));
    fireEvent.click(ways.getByRole('button', { name: 'Evenly' }));
    expect((screen.getByLabelText('Split among') as HTMLInputElement).value).toBe('3');
    fireEvent.click(within(screen.getByRole('group', { name: 'Tip' })).getByRole('button', { name: '20%' }));
    expect(preview()).toEqual(['$19.20', '$3.23', '$22.43']);
    fireEvent.change(screen.getByLabelText('Split among'), { target: { value: '21' } });
    expect(youPay().getByText('Split among 2 to 20 people')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Take my share/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Split among'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take my share · $22.43' }));
    await waitFor(() => expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/shares'))).toBe(true));
    expect(await bodyOf(calls, 'POST', `${SESSION_PATH}/shares`)).toEqual({ kind: 'even', count: 3, tip: { percent_bp: 2000 } });

    // Custom amount: typed exactly, never rounded; more than is owed is refused with the server's words.
    fireEvent.click(ways.getByRole('button', { name: 'Custom amount' }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.505' } });
    expect(youPay().getByText('Enter the amount you pay, like 12.50')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    expect(youPay().getByRole('alert').textContent).toBe('That is more than the $57.59 still owed');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.5' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Tip' })).getByRole('button', { name: 'Custom tip' }));
    fireEvent.change(screen.getByLabelText('Tip amount'), { target: { value: '2' } });
    expect(preview()).toEqual(['$12.50', '$2.00', '$14.50']);

    // The rest: everything still owed; a 15% tip on its pre-tax $48.50 rounds half up to $7.28.
    fireEvent.click(ways.getByRole('button', { name: 'The rest' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Tip' })).getByRole('button', { name: '15%' }));
    expect(preview()).toEqual(['$57.59', '$7.28', '$64.87']);
  });

  it('a 2 × line is shared by units: Ben claims one of the two Negronis Ana has one of, and his preview counts that unit', async () => {
    device({ atTable: true });
    const shared = (claims: ReturnType<typeof claimOf>[], version: number) => billing({ version, rounds: [round(1, 'delivered', [
      tabLine(1, ANA, 'Negroni', 1400, 2, { claims }), lines[1]!, lines[2]!,
    ])] });
    const calls = mockApi({
      ...baseApi,
      [`GET ${SESSION_PATH}`]: { body: view(shared([claimOf(ANA, 1, 1400)], 1), BEN.id) },
      [`POST ${SESSION_PATH}/claims`]: { body: view(shared([claimOf(ANA, 1, 1400), claimOf(BEN, 1, 1400)], 2), BEN.id) },
      [`DELETE ${SESSION_PATH}/claims/1`]: { body: view(shared([claimOf(ANA, 1, 1400)], 3), BEN.id) },
    });
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    const negronis = within(await screen.findByRole('list', { name: 'Tab lines' })).getByRole('group', { name: /2 × Negroni/ });
    expect(negronis.textContent).toContain('Claimed by Ana (1)');
    // Ben has only his IPA so far: $8.00 and its part of tax and service.
    expect(preview()).toEqual(['$9.50', '$0.00', '$9.50']);
    fireEvent.click(within(negronis).getByRole('button', { name: 'Claim one' }));
    expect(await within(negronis).findByText(/Yours: 1 of 2/)).toBeTruthy();
    expect(await bodyOf(calls, 'POST', `${SESSION_PATH}/claims`)).toEqual({ order_item_id: 1, units: 1 });
    // Every unit is claimed now; his part is his IPA and one Negroni: $22.00 pre-tax, plus $4.12 of tax and service.
    expect((within(negronis).getByRole('button', { name: 'Claim one' }) as HTMLButtonElement).disabled).toBe(true);
    expect(preview()).toEqual(['$26.12', '$0.00', '$26.12']);
    // Giving his one back lets go of the claim.
    fireEvent.click(within(negronis).getByRole('button', { name: 'Give one back' }));
    await waitFor(() => expect(calls.some((r) => r.method === 'DELETE' && new URL(r.url).pathname === `${SESSION_PATH}/claims/1`)).toBe(true));
    await waitFor(() => expect(preview()).toEqual(['$9.50', '$0.00', '$9.50']));
  });

  it('refuses a custom tip over the share itself at the tip field, and takes nothing', async () => {
    device({ atTable: true });
    const calls = mockApi({ ...baseApi, [`GET ${SESSION_PATH}`]: { body: view(billing(), BEN.id) } });
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    fireEvent.click(within(await screen.findByRole('group', { name: 'How you pay' })).getByRole('button', { name: 'Custom amount' }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.01' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Tip' })).getByRole('button', { name: 'Custom tip' }));
    const tipField = screen.getByLabelText('Tip amount');
    fireEvent.change(tipField, { target: { value: '10000' } });
    expect(tipField.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tipField.getAttribute('aria-describedby')!)?.textContent).toBe('A tip can be at most the share itself ($0.01)');
    const take = screen.getByRole('button', { name: /^Take my share/ }) as HTMLButtonElement;
    expect(take.disabled).toBe(true);
    fireEvent.click(take);
    // A tip equal to the share is fine.
    fireEvent.change(tipField, { target: { value: '0.01' } });
    expect(tipField.getAttribute('aria-invalid')).toBeNull();
    expect(preview()).toEqual(['$0.01', '$0.01', '$0.02']);
    expect(calls.some((r) => r.method === 'POST' && r.url.endsWith('/shares'))).toBe(false);
  });

  it('split lines and the tab read each line with its options ("Negroni, Double")', async () => {
    device({ atTable: true });
    const double = tabLine(4, CAL, 'Negroni', 1600, 1, { modifiers: 'Double' });
    const withOptions = billing({ rounds: [round(1, 'delivered', [...lines, double])] });
    mockApi({ ...baseApi, [`GET ${SESSION_PATH}`]: { body: view(withOptions, BEN.id) } });
    const { unmount } = renderRoutes(routes, '/venue/artisan-bar/table/split');
    const list = await screen.findByRole('list', { name: 'Tab lines' });
    expect(within(list).getByRole('button', { name: /^1 × Negroni, Double/ })).toBeTruthy();
    unmount();
    renderRoutes(routes, '/venue/artisan-bar/table/tab');
    const round1 = await screen.findByRole('list', { name: 'Round 1 lines' });
    expect(within(round1).getByText('1 × Negroni, Double')).toBeTruthy();
  });

  it('an even split another member starts while the page is open presets its count and says who started it', async () => {
    device({ atTable: true });
    const before = billing({ version: 5 });
    mockApi({ ...baseApi, [`GET ${SESSION_PATH}`]: { body: view(before, BEN.id) } });
    const { client } = renderRoutes(routes, '/venue/artisan-bar/table/split');
    fireEvent.click(within(await screen.findByRole('group', { name: 'How you pay' })).getByRole('button', { name: 'Evenly' }));
    expect((screen.getByLabelText('Split among') as HTMLInputElement).value).toBe('3');
    // Ana takes the first of a 2-way split: the table's frame carries her share's split.
    const anas = share('s-1', ANA, 2880, 2425, 0, { split: { plan: 's-1', count: 2, base_cents: 5759, index: 0 } });
    act(() => writeTable(client, billing({
      version: 6, shares: [anas],
      tab: { subtotal_cents: 4850, tax_cents: 424, service_charge_bp: 1000, service_charge_cents: 485, total_cents: 5759, shared_cents: 2880, owed_cents: 2879, paid_cents: 0, tips_cents: 0, received_cents: 0, unpaid_cents: 5759 },
    })));
    expect(await screen.findByText('Ana started splitting the bill 2 ways.')).toBeTruthy();
    expect((screen.getByLabelText('Split among') as HTMLInputElement).value).toBe('2');
    expect(preview()).toEqual(['$28.79', '$0.00', '$28.79']);
    expect(youPay().queryByRole('alert')).toBeNull();
  });

  it("the next even share is the split's next one; shares show who paid how, and a paid tab says Payment Complete", async () => {
    // Ana started a split 3 ways of $57.59: hers took the first odd cent ($19.20); Ben's is the second ($19.20),
    // read from the share's split, or (a server that does not send it) from the even shares before it.
    const anas = share('s-1', ANA, 1920, 1617, 384, { split: { plan: 's-1', count: 3, base_cents: 5759, index: 0 }, payment_status: 'captured', method: 'cash', recorded_by_name: 'Sam' });
    for (const told of [true, false]) {
      device({ atTable: true });
      const open = billing({
        shares: [told ? anas : { ...anas, split: undefined }],
        tab: { subtotal_cents: 4850, tax_cents: 424, service_charge_bp: 1000, service_charge_cents: 485, total_cents: 5759, shared_cents: 1920, owed_cents: 3839, paid_cents: 1920, tips_cents: 384, received_cents: 2304, unpaid_cents: 3839 },
      });
      mockApi({ ...baseApi, [`GET ${SESSION_PATH}`]: { body: view(open, BEN.id) } });
      const { unmount } = renderRoutes(routes, '/venue/artisan-bar/table/split');
      const shares = await screen.findByRole('list', { name: 'Shares' });
      expect(within(shares).getByRole('listitem', { name: "Ana's share" }).textContent).toContain('Paid · Cash');
      fireEvent.click(within(screen.getByRole('group', { name: 'How you pay' })).getByRole('button', { name: 'Evenly' }));
      expect((screen.getByLabelText('Split among') as HTMLInputElement).value).toBe('3');
      expect(preview()).toEqual(['$19.20', '$0.00', '$19.20']);
      if (told) {
        // A different count while that split is open: said before anything is sent.
        fireEvent.change(screen.getByLabelText('Split among'), { target: { value: '2' } });
        expect(youPay().getByRole('alert').textContent).toBe('The bill is being split 3 ways: split among 3 to take one of those shares');
      }
      unmount();
      localStorage.clear();
    }

    device({ atTable: true });
    const paid = billing({
      status: 'closed', closed_reason: 'paid',
      shares: [anas, share('s-2', BEN, 3839, 3233, 0, { kind: 'rest', payment_status: 'captured', method: 'card_terminal', recorded_by_name: 'Sam' })],
      tab: { subtotal_cents: 4850, tax_cents: 424, service_charge_bp: 1000, service_charge_cents: 485, total_cents: 5759, shared_cents: 5759, owed_cents: 0, paid_cents: 5759, tips_cents: 384, received_cents: 6143, unpaid_cents: 0 },
    });
    mockApi({ ...baseApi, [`GET ${SESSION_PATH}`]: { body: view(paid, BEN.id) } });
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    expect(await screen.findByRole('status', { name: 'Payment Complete' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Shares' })).getByRole('listitem', { name: 'Your share' }).textContent).toContain('Paid · Card');
    expect(screen.queryByRole('navigation', { name: 'Your table' })).toBeNull();
  });
});
