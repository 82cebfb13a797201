// The admin's tables and tab settings (docs/decisions/231): the server's refusals next to their fields, nothing
// rounded, an unchanged save sends nothing, removing a table confirms, unsaved changes warn before leaving; the
// QR generator prints one code per table and analytics shows the tables' figures.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import AnalyticsPage from '../../app/features/admin/analytics/AnalyticsPage';
import QrPage from '../../app/features/admin/qr/QrPage';
import AdminTablesPage from '../../app/features/admin/tables/AdminTablesPage';
import { VENUE } from './guest-fixtures';
import { mockApi, renderPage, renderRoutes } from './render';

/** A table's QR token as the server signs it (docs/decisions/237): 16 base64url characters. */
const tokenOf = (number: string) => `tok${number.replace(/\W/g, '')}`.padEnd(16, 'x');
const saved = (over: { tables?: { number: string; name: string | null; position: number }[]; settings?: Record<string, unknown> } = {}) => ({
  tables: (over.tables ?? [
    { number: '1', name: null, position: 0 },
    { number: '2', name: null, position: 1 },
    { number: 'Patio 4', name: 'By the fountain', position: 2 },
  ]).map((t) => ({ ...t, token: tokenOf(t.number) })),
  settings: { service_charge_bp: 0, tip_presets_bp: [1500, 1800, 2000], tab_auto_close_hours: 4, ...over.settings },
});

const invalid = (details: { path: string; message: string }[]) => ({
  status: 400, body: { error: { code: 'invalid_request', message: 'Invalid request', details } },
});
const bodies = async (calls: Request[], method: string, path: string) =>
  Promise.all(calls.filter((c) => c.method === method && new URL(c.url).pathname === path).map((c) => c.clone().json()));

const numbers = () => screen.getAllByLabelText(/^Table \d+ number$/).map((i) => (i as HTMLInputElement).value);

describe('admin Tables', () => {
  it('adds, reorders and removes tables; removing confirms which QR codes stop working; the save sends the list in order', async () => {
    const calls = mockApi({
      'GET /api/admin/tables': { body: saved() },
      'PUT /api/admin/tables': { body: saved({ tables: [{ number: '2', name: null, position: 0 }, { number: '3', name: null, position: 1 }, { number: 'Patio 4', name: 'By the fountain', position: 2 }] }) },
    });
    renderPage(<AdminTablesPage />);
    await screen.findByLabelText('Table 1 number');
    expect(numbers()).toEqual(['1', '2', 'Patio 4']);
    expect((screen.getByLabelText('Table 3 name (optional)') as HTMLInputElement).value).toBe('By the fountain');

    fireEvent.click(screen.getByRole('button', { name: 'Add table' }));
    expect(numbers()).toEqual(['1', '2', 'Patio 4', '3']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Table 4 up' }));
    expect(numbers()).toEqual(['1', '2', '3', 'Patio 4']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Table 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tables' }));

    const confirm = screen.getByRole('dialog', { name: 'Remove table 1?' });
    expect(confirm.textContent).toContain('Table 1 leaves the venue\'s tables. Their printed QR codes stop opening a tab');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save and remove' }));
    await screen.findByText('Tables saved');
    expect(await bodies(calls, 'PUT', '/api/admin/tables')).toEqual([{
      tables: [{ number: '2', name: null }, { number: '3', name: null }, { number: 'Patio 4', name: 'By the fountain' }],
    }]);
  });

  it('refuses an empty or repeated number before sending, and keeps a refused list as typed with the server\'s reason', async () => {
    const calls = mockApi({
      'GET /api/admin/tables': { body: saved() },
      'PUT /api/admin/tables': { status: 409, body: { error: { code: 'table_in_use', message: 'Table 2 has an open tab: close it before removing the table' } } },
    });
    renderPage(<AdminTablesPage />);
    fireEvent.change(await screen.findByLabelText('Table 2 number'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add table' }));
    fireEvent.change(screen.getByLabelText('Table 4 number'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tables' }));
    expect(screen.getByText('Table 1 is listed twice').id).toBe(screen.getByLabelText('Table 2 number').getAttribute('aria-describedby'));
    expect(screen.getByText('A table needs a number or name')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Table 2 number'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Table 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tables' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove table 2?' })).getByRole('button', { name: 'Save and remove' }));
    expect(await screen.findByText('Table 2 has an open tab: close it before removing the table')).toBeTruthy();
    expect(numbers()).toEqual(['1', '5', 'Patio 4']);
  });

  it('shows the server\'s field errors next to the settings, refuses 12.345 % without rounding, and sends only what changed', async () => {
    const calls = mockApi({
      'GET /api/admin/tables': { body: saved() },
      'PUT /api/admin/tables/settings': () => (calls.filter((c) => c.method === 'PUT').length === 1
        ? invalid([{ path: 'service_charge_bp', message: 'Service charge must be between 0 and 25%' }, { path: 'tip_presets_bp.1', message: 'Too big: expected number to be <=10000' }])
        : { body: saved({ settings: { tab_auto_close_hours: 6 } }) }),
    });
    renderPage(<AdminTablesPage />);
    const service = await screen.findByLabelText('Service charge (%)');
    fireEvent.change(service, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tab settings' }));
    expect(screen.getByText('Service charge has at most two decimals').id).toBe(service.getAttribute('aria-describedby'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(service, { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Tip preset 2'), { target: { value: '180' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tab settings' }));
    expect(await screen.findByText('Service charge must be between 0 and 25%')).toBeTruthy();
    expect(screen.getByText('Too big: expected number to be <=10000')).toBeTruthy();
    expect((service as HTMLInputElement).value).toBe('30');
    expect(await bodies(calls, 'PUT', '/api/admin/tables/settings')).toEqual([{ service_charge_bp: 3000, tip_presets_bp: [1500, 18000, 2000] }]);

    // Put back, and change the hours only: the partial update names only them.
    fireEvent.change(service, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Tip preset 2'), { target: { value: '18' } });
    fireEvent.change(screen.getByLabelText('Auto-close after (hours)'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tab settings' }));
    await screen.findByText('Tab settings saved');
    expect((await bodies(calls, 'PUT', '/api/admin/tables/settings'))[1]).toEqual({ tab_auto_close_hours: 6 });
  });

  it('saving unchanged forms sends nothing', async () => {
    const calls = mockApi({ 'GET /api/admin/tables': { body: saved() } });
    renderPage(<AdminTablesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save tables' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tab settings' }));
    // '15.00' is the saved 15 %: still nothing to send.
    fireEvent.change(screen.getByLabelText('Tip preset 1'), { target: { value: '15.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tab settings' }));
    await waitFor(() => expect(screen.getAllByText('No changes to save').length).toBeGreaterThan(0));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('unsaved changes hold a click on a link until the admin chooses to leave', async () => {
    mockApi({ 'GET /api/admin/tables': { body: saved() } });
    const { router } = renderRoutes([{
      element: <><Link to="/admin/qr">QR Generator</Link><Outlet /></>,
      children: [{ path: '/admin/tables', element: <AdminTablesPage /> }, { path: '/admin/qr', element: <p>QR page</p> }],
    }], '/admin/tables');
    // Unchanged: the link just works.
    fireEvent.change(await screen.findByLabelText('Auto-close after (hours)'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Table 1 name (optional)'), { target: { value: 'Window' } });
    fireEvent.click(screen.getByRole('link', { name: 'QR Generator' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/admin/tables');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Table 1 name (optional)') as HTMLInputElement).value).toBe('Window');

    fireEvent.click(screen.getByRole('link', { name: 'QR Generator' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
    await screen.findByText('QR page');
  });
});

describe("a table's QR code (docs/decisions/237)", () => {
  it('a new code for one table confirms what stops working, then asks the server for it', async () => {
    const renewed = saved();
    renewed.tables[1] = { ...renewed.tables[1]!, token: 'renewed-token-02' };
    const calls = mockApi({
      'GET /api/admin/tables': { body: saved() },
      'POST /api/admin/tables/2/token': { body: renewed },
    });
    renderPage(<AdminTablesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New code for table 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'New QR code for table 2?' });
    expect(within(dialog).getByText(/printed QR codes stop working at once/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url).pathname)).toEqual(['/api/admin/tables/2/token']);
  });
});

describe('QR generator', () => {
  it("prints one code per table of the venue, in its order, with the table and its token in the URL", async () => {
    mockApi({
      'GET /api/admin/venue': { body: { venue: VENUE } },
      'GET /api/admin/tables': { body: saved() },
    });
    renderPage(<QrPage />);
    const images = await screen.findAllByRole('img', { name: /^QR code for / }, { timeout: 5000 });
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['QR code for Menu', 'QR code for Table 1', 'QR code for Table 2', 'QR code for Table Patio 4 (By the fountain)']);
    expect(screen.getByText(new RegExp(`/venue/artisan-bar\\?table=Patio\\+4&t=${tokenOf('Patio 4')}$`))).toBeTruthy();
  });
});

describe('analytics', () => {
  it('shows tips, the average tab, tabs per table and the turn time', async () => {
    mockApi({
      'GET /api/admin/analytics': {
        body: {
          window: '30d', since: '2026-10-27T00:00:00.000Z', timezone: 'UTC',
          totals: { orders: 10, revenue_cents: 10000, avg_order_cents: 1000, ai_orders: 1, ai_share: 0.1, ai_interactions: 3 },
          daily: [], top_drinks: [], heat: [],
          tables: { tips_cents: 4520, average_tab_cents: 6310, tabs: 12, tabs_per_table: [{ table: '7', tabs: 5 }, { table: '3', tabs: 7 }], average_turn_minutes: 85 },
          payments: { by_method: [], tips_cents: 0, card_refunds_cents: 0, card_fees_cents: 0 },
        },
      },
    });
    renderPage(<AnalyticsPage />);
    const section = await screen.findByRole('region', { name: 'Tables and tabs' });
    const tile = (label: string) => within(section).getByText(label).previousElementSibling?.textContent;
    expect(tile('Tips')).toBe('$45.20');
    expect(tile('Average tab')).toBe('$63.10');
    expect(tile('Tabs')).toBe('12');
    expect(tile('Table turn time')).toBe('1 h 25 min');
    const bars = within(section).getByRole('list', { name: 'Tabs per table' });
    expect(within(bars).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Table 75', 'Table 37']);
  });
});
