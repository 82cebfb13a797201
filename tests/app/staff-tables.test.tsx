// The staff Tables screen (docs/decisions/231): open tabs by table, "Needs attention", a tab's detail and the
// bartender's confirmed actions; `table_updated` frames written into the cache.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '../../app/features/orders/live-cache';
import ActiveOrdersPage from '../../app/features/staff/orders/ActiveOrdersPage';
import { tableKeys } from '../../app/features/staff/tables/api';
import StaffTablesPage from '../../app/features/staff/tables/StaffTablesPage';
import { writeRoundStatus } from '../../app/features/staff/tables/table-cache';
import { createQueryClient } from '../../app/lib/query-client';
import { mockApi, renderPage } from './render';
import { share, staffTables, tableState } from './table-fixtures';

const json = async (req: Request | undefined) => (req ? await req.clone().json() : undefined);

describe('staff Tables list', () => {
  it('shows the open tabs in the venue\'s table order with members, rounds, totals and balance; auto-closed ones with a balance under "Needs attention"', async () => {
    mockApi({ 'GET /api/staff/tables': { body: staffTables() } });
    renderPage(<StaffTablesPage />, '/staff/tables');

    await screen.findByRole('listitem', { name: 'Table 7' });
    const open = screen.getByRole('region', { name: 'Open tabs' });
    const cards = within(open).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Table 3', 'Table 7']);
    const seven = cards[1]!;
    expect(within(seven).getByText('Alex, Sam')).toBeTruthy();
    expect(within(seven).getByText('Splitting the bill')).toBeTruthy();
    const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(figure(seven, 'Rounds')).toBe('1');
    expect(figure(seven, 'Total')).toBe('$39.15');
    expect(figure(seven, 'Paid')).toBe('$0.00');
    expect(figure(seven, 'Balance')).toBe('$39.15');
    expect(figure(seven, 'Not split yet')).toBe('$19.15');
    expect(figure(seven, 'Unpaid shares')).toBe('1');

    const attention = screen.getByRole('region', { name: 'Needs attention' });
    const nine = within(attention).getByRole('listitem', { name: 'Table 9' });
    expect(within(nine).getByText('Auto-closed')).toBeTruthy();
    expect(figure(nine, 'Balance')).toBe('$26.00');
    expect(within(open).queryByRole('listitem', { name: 'Table 9' })).toBeNull();
  });

  it("offers each table without a tab its join link as a QR code and link, to open a tab for a guest", async () => {
    mockApi({ 'GET /api/staff/tables': { body: staffTables() } });
    renderPage(<StaffTablesPage />, '/staff/tables');
    const free = await screen.findByRole('list', { name: 'Tables without a tab' });
    // Table 7 and 3 have live tabs: their members invite the others.
    expect(within(free).queryByRole('button', { name: "Show Table 7's code" })).toBeNull();
    fireEvent.click(within(free).getByRole('button', { name: "Show Table 5's code" }));
    const link = within(free).getByRole('link', { name: /table=5&t=token-5/ });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/venue/artisan-bar?table=5&t=token-5`);
    expect(await within(free).findByRole('img', { name: "QR code to open Table 5's tab" })).toBeTruthy();
  });

  it('says when no tab is open', async () => {
    mockApi({ 'GET /api/staff/tables': { body: staffTables({ sessions: [] }) } });
    renderPage(<StaffTablesPage />, '/staff/tables');
    expect(await screen.findByText('No open tabs right now.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull();
  });

  it('a table_updated frame changes the list and the open tab in place, and an older frame never replaces a newer state', () => {
    const client = createQueryClient();
    client.setQueryData(tableKeys.staffList, staffTables());
    client.setQueryData(tableKeys.session('ts-7'), tableState());
    const paid = tableState({
      version: 6,
      shares: [share({ payment_status: 'captured', method: 'cash', recorded_by_name: 'Robin', captured_at: '2026-11-26T19:30:00.000Z' })],
      tab: { ...tableState().tab, paid_cents: 2000 },
      members: [...tableState().members, { id: 'm-3', name: 'Ira', is_host: false, joined_at: '2026-11-26T19:10:00.000Z' }],
    });
    expect(applyLiveEvent(client, { type: 'table_updated', seq: 40, at: '2026-11-26T19:30:00.000Z', table: paid })).toBe('applied');

    const list = client.getQueryData<ReturnType<typeof staffTables>>(tableKeys.staffList)!;
    const seven = list.sessions.find((s) => s.session_id === 'ts-7')!;
    expect(seven).toMatchObject({ member_names: ['Alex', 'Sam', 'Ira'], paid_cents: 2000, owed_cents: 1915, unpaid_shares: 0, needs_attention: false });
    expect(client.getQueryData(tableKeys.session('ts-7'))).toEqual(paid);

    // A frame that arrives late (version 5) is older than what the screen holds.
    applyLiveEvent(client, { type: 'table_updated', seq: 41, at: '2026-11-26T19:31:00.000Z', table: tableState() });
    expect(client.getQueryData(tableKeys.session('ts-7'))).toEqual(paid);
    expect(client.getQueryData<ReturnType<typeof staffTables>>(tableKeys.staffList)!.sessions.find((s) => s.session_id === 'ts-7')!.paid_cents).toBe(2000);

    // A tab that is paid and closed leaves the list; a new table's tab joins it.
    applyLiveEvent(client, { type: 'table_updated', seq: 42, at: '2026-11-26T19:32:00.000Z', table: { ...paid, version: 7, status: 'closed', closed_reason: 'paid' } });
    applyLiveEvent(client, { type: 'table_updated', seq: 43, at: '2026-11-26T19:33:00.000Z', table: tableState({ session_id: 'ts-12', table: '12', status: 'open', shares: [], version: 1 }) });
    expect(client.getQueryData<ReturnType<typeof staffTables>>(tableKeys.staffList)!.sessions.map((s) => s.table)).toEqual(['3', '9', '12']);

    // An idle tab the housekeeping closed with a share unpaid stays, and needs attention.
    applyLiveEvent(client, { type: 'table_updated', seq: 44, at: '2026-11-26T23:00:00.000Z', table: tableState({ session_id: 'ts-3', table: '3', status: 'closed', closed_reason: 'auto_closed', version: 12 }) });
    expect(client.getQueryData<ReturnType<typeof staffTables>>(tableKeys.staffList)!.sessions.find((s) => s.session_id === 'ts-3')).toMatchObject({ status: 'closed', needs_attention: true });
  });
});

describe('a tab\'s detail', () => {
  const withTab = (replies: Parameters<typeof mockApi>[0] = {}) => mockApi({
    'GET /api/staff/tables': { body: staffTables() },
    'GET /api/tables/sessions/ts-7': { body: { table: tableState(), you: null } },
    ...replies,
  });

  it('shows members, rounds with each line\'s member, totals and shares; opens from the list', async () => {
    withTab();
    renderPage(<StaffTablesPage />, '/staff/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Table 7\'s tab' }));
    const detail = await screen.findByRole('region', { name: 'Table 7 tab' });
    expect(within(within(detail).getByRole('list', { name: 'Members' })).getAllByRole('listitem').map((m) => m.textContent?.trim())).toEqual(['Alex (host)', 'Sam']);
    const round = within(detail).getByRole('listitem', { name: 'Round 1' });
    expect(within(round).getByText('Delivered')).toBeTruthy();
    expect(within(round).getByText('Sam:')).toBeTruthy();
    expect(within(detail).getByTestId('tab-balance').textContent).toBe('$39.15');
    const alex = within(detail).getByRole('listitem', { name: 'Alex\'s share' });
    expect(within(alex).getByText('Unpaid')).toBeTruthy();
    expect(within(alex).getByText('$23.00')).toBeTruthy();
  });

  it('a guest asking to join (the host approves who joins): staff see "Ana wants to join" and let them in', async () => {
    const asking = tableState({ approve_joins: true, join_requests: [{ id: 'm-3', name: 'Ana', requested_at: '2026-11-26T19:10:00.000Z' }] });
    const letIn = tableState({ approve_joins: true, version: 6, members: [...asking.members, { id: 'm-3', name: 'Ana', is_host: false, joined_at: '2026-11-26T19:10:00.000Z' }] });
    const calls = withTab({
      'GET /api/tables/sessions/ts-7': { body: { table: asking, you: null } },
      'POST /api/tables/sessions/ts-7/join-requests/m-3': { body: { table: letIn, you: null } },
    });
    renderPage(<StaffTablesPage />, '/staff/tables');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Table 7\'s tab' }));
    const requests = await screen.findByRole('list', { name: 'Asking to join' });
    expect(within(requests).getByText('Ana wants to join')).toBeTruthy();
    fireEvent.click(within(requests).getByRole('button', { name: 'Let in' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Asking to join' })).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Members' })).getByText(/Ana/)).toBeTruthy();
    expect(await json(calls.find((r) => r.method === 'POST' && r.url.endsWith('/join-requests/m-3')))).toEqual({ let_in: true });
  });

  it('"Record payment" confirms the amount and the method, sends it once, and shows the share paid', async () => {
    const paid = tableState({
      version: 6, tab: { ...tableState().tab, paid_cents: 2000 },
      shares: [share({ payment_status: 'captured', method: 'card_terminal', recorded_by_name: 'Robin', captured_at: '2026-11-26T19:30:00.000Z' })],
    });
    const calls = withTab({ 'POST /api/staff/tables/sessions/ts-7/shares/sh-1/payment': { body: { table: paid, you: null } } });
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    const detail = await screen.findByRole('region', { name: 'Table 7 tab' });
    fireEvent.click(within(detail).getByRole('button', { name: /Record payment/ }));

    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    expect(dialog.textContent).toContain('Alex pays $23.00 at Table 7 ($20.00 and a $3.00 tip)');
    expect(dialog.textContent).toContain('Record $23.00 as paid in cash?');
    fireEvent.click(within(dialog).getByLabelText('Card terminal'));
    expect(dialog.textContent).toContain('Record $23.00 as paid on the card terminal?');
    // Cancel is what the keyboard lands on: nothing is recorded by accident.
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Record $23.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(await json(posts[0])).toEqual({ method: 'card_terminal' });
    const alex = within(screen.getByRole('region', { name: 'Table 7 tab' })).getByRole('listitem', { name: 'Alex\'s share' });
    expect(within(alex).getByText('Paid by card terminal · Robin')).toBeTruthy();
    expect(within(alex).queryByRole('button', { name: /Record payment/ })).toBeNull();
  });

  it('a share someone already recorded: the server\'s words stay in the dialog', async () => {
    withTab({
      'POST /api/staff/tables/sessions/ts-7/shares/sh-1/payment': {
        status: 409, body: { error: { code: 'share_already_paid', message: 'Already recorded by Robin', details: { recorded_by: 'Robin' } } },
      },
    });
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Table 7 tab' })).getByRole('button', { name: /Record payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record $23.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Already recorded by Robin');
  });

  it('a line is voided only before shares are taken (docs/product.md §12.6)', async () => {
    withTab();
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    const detail = await screen.findByRole('region', { name: 'Table 7 tab' });
    expect(within(detail).queryByRole('button', { name: /^Void / })).toBeNull();
    expect(within(detail).getByText('Shares of the bill are taken: its lines can no longer be voided.')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Merge with another tab' })).toBeNull();
  });

  it('voiding a line needs a reason, says what happens, and sends the reason', async () => {
    const open = { status: 'open' as const, shares: [] };
    const voided = tableState({ ...open, version: 6 });
    voided.rounds[0]!.lines[1] = { ...voided.rounds[0]!.lines[1]!, voided: true, void_reason: 'Spilled' };
    const calls = withTab({
      'GET /api/tables/sessions/ts-7': { body: { table: tableState(open), you: null } },
      'POST /api/staff/tables/sessions/ts-7/lines/12/void': { body: { table: voided, you: null } },
    });
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Table 7 tab' })).getByRole('button', { name: 'Void 1 × Paloma for Sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Void line' });
    expect(dialog.textContent).toContain('1 × Paloma for Sam ($18.00) leaves Table 7\'s');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void line' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A reason is required');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Spilled ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void line' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await json(calls.find((c) => c.method === 'POST'))).toEqual({ reason: 'Spilled' });
    expect(screen.getByText(/voided: Spilled/)).toBeTruthy();
  });

  it('moving offers only tables without an open tab; merging says what happens to both tabs', async () => {
    const calls = withTab({
      'GET /api/tables/sessions/ts-7': { body: { table: tableState({ status: 'open', shares: [] }), you: null } },
      'POST /api/staff/tables/sessions/ts-7/merge': { body: { table: tableState({ session_id: 'ts-3', table: '3', status: 'open', version: 9 }), you: null } },
    });
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    const detail = await screen.findByRole('region', { name: 'Table 7 tab' });

    fireEvent.click(within(detail).getByRole('button', { name: 'Move to another table' }));
    const move = screen.getByRole('dialog', { name: 'Move Table 7\'s tab' });
    const options = within(move).getAllByRole('option') as HTMLOptionElement[];
    expect(options.find((o) => o.value === '3')!.disabled).toBe(true);
    expect(options.find((o) => o.value === '4')!.disabled).toBe(false);
    expect(options.some((o) => o.value === '7')).toBe(false);
    fireEvent.click(within(move).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(detail).getByRole('button', { name: 'Merge with another tab' }));
    const merge = screen.getByRole('dialog', { name: 'Merge Table 7\'s tab' });
    fireEvent.change(within(merge).getByLabelText('Merge into'), { target: { value: 'ts-3' } });
    expect(merge.textContent).toContain('Table 7\'s members, cart and rounds join Table 3\'s tab, and Table 7\'s tab closes. Table 3\'s bill then holds both: $39.15 more. This cannot be undone.');
    fireEvent.click(within(merge).getByRole('button', { name: 'Merge tabs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await json(calls.find((c) => c.method === 'POST'))).toEqual({ into_session_id: 'ts-3' });
    // The merged tab leaves the list at once.
    expect(within(screen.getByRole('region', { name: 'Open tabs' })).queryByRole('listitem', { name: 'Table 7' })).toBeNull();
  });

  it('ending the session confirms and says the unpaid balance stays on the tab', async () => {
    const calls = withTab({ 'POST /api/staff/tables/sessions/ts-7/end': { body: { table: tableState({ status: 'ended', version: 6 }), you: null } } });
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Table 7 tab' })).getByRole('button', { name: 'End session' }));
    const dialog = screen.getByRole('dialog', { name: 'End Table 7\'s session' });
    expect(dialog.textContent).toContain('The unpaid $39.15 stays on this tab to collect: the $19.15 no share covers yet becomes one share of Alex\'s, under “Needs attention” until it is paid.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await json(calls.find((c) => c.method === 'POST'))).toEqual({});
    expect(within(screen.getByRole('region', { name: 'Table 7 tab' })).getByText('Ended')).toBeTruthy();
  });
});

describe('the bar display', () => {
  const item = (id: string, name: string, member: string) => ({
    id, menu_drink_id: null, name, description: null, quantity: 1, price_cents: 1800, total_cents: 1800, notes: null, modifiers: null,
    image_url: null, is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: [], contains_alcohol: true, member_name: member,
  });
  const round = {
    id: 'o-1', code: 'K47', restaurant_id: 'v1', status: 'pending', payment_status: 'unpaid', created_at: '2026-11-26T19:00:00.000Z',
    updated_at: '2026-11-26T19:00:00.000Z', delivered_at: null, display_name: 'Table 7', custom_name: null, ai_recipe_name: null,
    referred_by_ai: false, special_instructions: null, customer_name: null, customer_phone: null, table_number: '7', sales_channel: 'app',
    eta_minutes: 4, subtotal_cents: 3600, tax_cents: 315, total_cents: 3915,
    items: [item('i-1', 'Negroni', 'Alex'), item('i-2', 'Paloma', 'Sam'), { ...item('i-3', 'Martini', 'Sam'), voided: true }],
    table_session_id: 'ts-7',
  };

  it('a table\'s round is headed "Table 7" once, each line names its member, and a voided line says not to make it', async () => {
    mockApi({ 'GET /api/staff/queue': { body: { orders: [round] } }, 'GET /api/staff/menu': { body: { menu_items: [] } } });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    const ticket = await screen.findByRole('listitem', { name: /^Order #/ });
    expect(within(ticket).getByText('Table 7')).toBeTruthy();
    expect(within(ticket).queryByText(/· Table 7/)).toBeNull();
    expect(within(ticket).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['Alex: 1 × Negroni', 'Sam: 1 × Paloma', 'Sam: 1 × Martini · voided, do not make']);
  });
});

describe('a round\'s status from its order events', () => {
  it('the open tab shows the round\'s new status from the order event itself', () => {
    const client = createQueryClient();
    client.setQueryData(tableKeys.session('ts-7'), tableState());
    writeRoundStatus(client, { id: 'o-1', status: 'cancelled', table_session_id: 'ts-7' });
    expect(client.getQueryData<ReturnType<typeof tableState>>(tableKeys.session('ts-7'))!.rounds[0]!.status).toBe('cancelled');
    // A solo order, or another table's round, changes nothing here.
    writeRoundStatus(client, { id: 'o-1', status: 'ready' });
    writeRoundStatus(client, { id: 'o-1', status: 'ready', table_session_id: 'ts-3' });
    expect(client.getQueryData<ReturnType<typeof tableState>>(tableKeys.session('ts-7'))!.rounds[0]!.status).toBe('cancelled');
  });
});
