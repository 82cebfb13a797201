import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LowStockPage from '../../app/features/staff/inventory/LowStockPage';
import StaffInventoryPage from '../../app/features/staff/inventory/StaffInventoryPage';
import MenuLookupPage from '../../app/features/staff/menu/MenuLookupPage';
import { ClearUnclaimedButton } from '../../app/features/staff/orders/ClearUnclaimedButton';
import { ALERT_REPEAT_MS, alertNewOrder, useAlertSettings, useRepeatingAlert } from '../../app/features/staff/orders/notifications';
import { mockApi, renderPage } from './render';

const item = (over: Record<string, unknown>) => ({
  id: 'item-1', restaurant_id: 'v1', ingredient_id: 'ing-1', ingredient_name: 'Lime juice', ingredient_brand: null,
  on_hand_ml: 1000, low_stock_threshold_ml: 500, unit: 'ml', unit_volume_ml: 1, measure: 'ml', quantity: 1000, low_stock_threshold: 500,
  available: true, is_low_stock: false, cost_per_unit: 0, cost_per_unit_cents: 0, last_movement_at: '2026-01-01T10:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...over,
});

const INVENTORY = [
  item({}),
  item({ id: 'item-2', ingredient_name: 'Campari', ingredient_brand: 'Campari Group', unit: 'bottle', unit_volume_ml: 700, on_hand_ml: 0, low_stock_threshold_ml: 1400, is_low_stock: true, last_movement_at: null }),
  item({ id: 'item-3', ingredient_name: 'Mint', unit: 'piece', unit_volume_ml: null, measure: 'count', on_hand_ml: 20, low_stock_threshold_ml: 20, is_low_stock: true, available: false }),
];

afterEach(() => vi.restoreAllMocks());

describe('staff inventory screen', () => {
  it('shows counters, the low-stock badge, Never, and filters by search and chips', async () => {
    mockApi({ 'GET /api/staff/inventory': { body: { inventory: INVENTORY } } });
    renderPage(<StaffInventoryPage />);
    expect(await screen.findByText('Campari')).toBeTruthy();
    expect(screen.getByTestId('total-items').textContent).toBe('3');
    expect(screen.getByTestId('low-stock-count').textContent).toBe('2');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByText('Low Stock') !== null)).toEqual([false, true, true]);
    expect(within(rows[1]!).getByText('Never')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('20 pcs')).toHaveLength(2);
    expect(within(rows[2]!).getByText("86'd")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Available Only' }));
    expect(screen.queryByText('Mint')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Low Stock Only' }));
    expect(screen.queryByText('Lime juice')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search by ingredient or brand'), { target: { value: 'group' } });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Search by ingredient or brand'), { target: { value: 'zzz' } });
    expect(screen.getByText('No inventory items found matching your criteria.')).toBeTruthy();
  });

  it('running out reads at a glance: "Out" at 0 ml, an 86 on the row switches it off, "Back in" undoes it', async () => {
    const calls = mockApi({
      'GET /api/staff/inventory': { body: { inventory: INVENTORY } },
      'PUT /api/staff/inventory/item-1': (req) => ({ body: { item: { ...INVENTORY[0], available: false, updated_at: req.headers.get('date') ?? INVENTORY[0]!.updated_at } } }),
      'PUT /api/staff/inventory/item-3': { body: { item: { ...INVENTORY[2], available: true } } },
    });
    renderPage(<StaffInventoryPage />);
    await screen.findByText('Campari');
    const rows = screen.getAllByRole('row').slice(1);
    // Campari: 0 ml on hand, still switched on.
    expect(within(rows[1]!).getByText('Out')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Available')).toBeNull();
    expect(within(rows[0]!).getByText('Available')).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: '86 Lime juice' }));
    const sent = (path: string) => calls.find((c) => c.method === 'PUT' && new URL(c.url).pathname === path);
    await waitFor(() => expect(sent('/api/staff/inventory/item-1')).toBeTruthy());
    expect(await sent('/api/staff/inventory/item-1')!.clone().json()).toEqual({ available: false, reason: "86'd at the bar" });
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Back in Mint' }));
    await waitFor(() => expect(sent('/api/staff/inventory/item-3')).toBeTruthy());
    expect(await sent('/api/staff/inventory/item-3')!.clone().json()).toEqual({ available: true, reason: 'Back in' });
  });

  it('a reply of the wrong shape is a schema mismatch and the list falls back to empty', async () => {
    mockApi({ 'GET /api/staff/inventory': { body: { inventory: [{ id: 1 }] } } });
    renderPage(<StaffInventoryPage />);
    expect(await screen.findByText(/Failed to load inventory data/)).toBeTruthy();
    expect(screen.getByText('No inventory items found matching your criteria.')).toBeTruthy();
    expect(screen.getByTestId('total-items').textContent).toBe('0');
  });

  it('the stock modal checks quantity and reason before sending, then sends the movement', async () => {
    const calls = mockApi({
      'GET /api/staff/inventory': { body: { inventory: INVENTORY } },
      'POST /api/staff/inventory/item-2/movements': (req) => ({
        status: 201,
        body: { item: INVENTORY[1], movement: { id: 'm1', inventory_item_id: 'item-2', type: 'receive', quantity_ml: 250, delta: 0.36, delta_ml: 250, reason: 'Stock received', order_id: null, actor_user_id: 'u', created_at: req.headers.get('date') ?? '2026-01-01T00:00:00.000Z' } },
      }),
    });
    renderPage(<StaffInventoryPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Receive stock of Campari' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Reason') as HTMLInputElement).value).toBe('Stock received');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive Stock' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Quantity must be greater than 0');
    // Campari comes in 700 ml bottles: counted in bottles, the ml beside (docs/decisions/233).
    expect(within(dialog).getByText('1 bottle = 700 ml')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Quantity (bottles)'), { target: { value: '2' } });
    expect(within(dialog).getByText('= 2 bottles (1,400 ml)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive Stock' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please provide a reason');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Stock received' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive Stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(await post.json()).toEqual({ type: 'receive', quantity: 2, reason: 'Stock received' });

    fireEvent.click(screen.getByRole('button', { name: 'Adjust down Lime juice' }));
    expect((within(screen.getByRole('dialog')).getByLabelText('Reason') as HTMLInputElement).value).toBe('Stock adjustment');
  });

  it('adding an item needs an ingredient; the picker shows at most 20', async () => {
    const ingredients = Array.from({ length: 25 }, (_, n) => ({ id: `i${n}`, name: `Ingredient ${n}`, category: 'spirit', unit: 'bottle', unit_volume_ml: 700 }));
    const calls = mockApi({
      'GET /api/staff/inventory': { body: { inventory: INVENTORY } },
      'GET /api/staff/ingredients': { body: { ingredients } },
    });
    renderPage(<StaffInventoryPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Inventory Item' });
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Ingredient \d+$/ })).toHaveLength(20));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an ingredient');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ingredient 3' }));
    fireEvent.change(within(dialog).getByLabelText('On hand (ml)'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('On hand quantity cannot be negative');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('low stock screen', () => {
  it('lists only items at or below threshold, the furthest below first', async () => {
    mockApi({ 'GET /api/staff/inventory': { body: { inventory: INVENTORY } } });
    renderPage(<LowStockPage />);
    await screen.findByText('Campari');
    const names = screen.getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent);
    expect(names).toEqual(['CampariCampari Group', 'Mint']);
  });
});

describe('new-order alerts', () => {
  it('rings again every 6 s until acknowledged, then stops (docs/decisions/234)', () => {
    vi.useFakeTimers();
    try {
      const vibrate = vi.fn();
      Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
      function Bell({ ringing }: { ringing: boolean }) { useRepeatingAlert(ringing, { sound: false, vibrate: true }); return null; }
      const view = render(<Bell ringing />);
      expect(vibrate).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(ALERT_REPEAT_MS * 2);
      expect(vibrate).toHaveBeenCalledTimes(3);
      view.rerender(<Bell ringing={false} />);
      vi.advanceTimersByTime(ALERT_REPEAT_MS * 3);
      expect(vibrate).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('vibrates 200/100/200 when enabled, and remembers the switches', () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    alertNewOrder({ sound: false, vibrate: true });
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
    vibrate.mockClear();
    alertNewOrder({ sound: false, vibrate: false });
    expect(vibrate).not.toHaveBeenCalled();

    let settings: ReturnType<typeof useAlertSettings> | null = null;
    function Probe() { settings = useAlertSettings(); return null; }
    renderPage(<Probe />);
    expect(settings![0]).toEqual({ sound: true, vibrate: true });
    settings![1]({ sound: false });
    expect(JSON.parse(localStorage.getItem('barhop.staff.notifications')!)).toEqual({ sound: false, vibrate: true });
  });
});

describe('Clear unclaimed', () => {
  it('says how many orders will be cancelled before anything is, and cancels exactly those it counted', async () => {
    const calls = mockApi({
      'GET /api/staff/orders/unclaimed': { body: { order_ids: ['o-1', 'o-2', 'o-3'] } },
      'POST /api/staff/orders/unclaimed/cancel': { body: { cancelled: ['o-1', 'o-2'], skipped: ['o-3'] } },
    });
    renderPage(<ClearUnclaimedButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear unclaimed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear unclaimed orders?' });
    expect(await within(dialog).findByText('3 orders')).toBeTruthy();
    expect(dialog.textContent).toContain('Nothing goes back to stock');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel 3 orders' }));
    expect(await screen.findByText('Cancelled 2 orders (1 order kept: started or changed meanwhile)')).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(await posted[0]!.json()).toEqual({ order_ids: ['o-1', 'o-2', 'o-3'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('backing out cancels nothing; with nothing unclaimed there is nothing to confirm', async () => {
    const calls = mockApi({ 'GET /api/staff/orders/unclaimed': { body: { order_ids: [] } } });
    renderPage(<ClearUnclaimedButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear unclaimed' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/There are no unclaimed orders/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Cancel orders' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('staff menu lookup', () => {
  it('reads categories as words, never as codes', async () => {
    const drink = (id: string, category: string) => ({
      id, name: `Drink ${id}`, description: null, price: 8, price_cents: 800, image_url: null, available: true, enabled: true, sold_out_reason: null,
      category, allergens: [], contains_alcohol: false, featured: false, method: null, glass: null, ingredients: [], ingredients_summary: '', recipe: [],
    });
    mockApi({ 'GET /api/staff/menu': { body: { menu_items: [drink('a', 'non_alcoholic'), drink('b', 'cocktail'), drink('c', 'house_classic')] } } });
    renderPage(<MenuLookupPage />);
    await screen.findByText('Drink a');
    const chips = within(screen.getByRole('group', { name: 'Category' })).getAllByRole('button').map((b) => b.textContent);
    expect(chips).toEqual(['All', 'Cocktails', 'Wine', 'Beer', 'Spirits', 'Non-Alcoholic']);
    expect(screen.getByText('Non-Alcoholic', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByText('House Classics', { selector: '.badge' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/non_alcoholic|non alcoholic|house_classic|\bcocktail\b/);
  });
});
