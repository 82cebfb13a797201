// The bar display through a rush (docs/product.md §11.2, docs/decisions/233, 234): keys after a tap, more than nine
// tickets on the keys, All day from what is still to make, live tickets first, toasts where they cover nothing,
// and running out (what ran out flagged on the tickets, a start the stock cannot cover asked first, the 86).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderCodeAt } from '../../shared/order-codes';
import type { Order, OrderItem } from '../../shared/schemas/order';
import { allDayCounts } from '../../app/features/staff/orders/AllDayPanel';
import ActiveOrdersPage from '../../app/features/staff/orders/ActiveOrdersPage';
import { keyFromDigit } from '../../app/features/staff/orders/ticket-keys';
import { toast } from '../../app/ui/toast';
import { mockApi, renderPage } from './render';

const json = async (req: Request | undefined) => (req ? await req.clone().json() : undefined);
const NOW = Date.now();

const line = (over: Partial<OrderItem> = {}): OrderItem => ({
  id: `line-${Math.random()}`, menu_drink_id: 'd-negroni', name: 'Negroni', description: null, quantity: 1, price_cents: 1200, total_cents: 1200,
  notes: null, modifiers: null, image_url: null, is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: [], contains_alcohol: true, ...over,
});
const ticket = (n: number, over: Partial<Order> = {}): Order => ({
  id: `order-${String(n).padStart(4, '0')}-abcdefgh`, code: orderCodeAt(n), restaurant_id: 'v1', status: 'pending', payment_status: 'unpaid',
  created_at: new Date(NOW - (100 - n) * 60_000).toISOString(), updated_at: new Date(NOW - (100 - n) * 60_000).toISOString(), delivered_at: null,
  display_name: `Guest ${n}`, custom_name: null, ai_recipe_name: null, referred_by_ai: false, special_instructions: null, customer_name: null,
  customer_phone: null, table_number: null, sales_channel: 'app', eta_minutes: 4, subtotal_cents: 1200, tax_cents: 100, total_cents: 1300,
  items: [line()], ...over,
});
const menuDrink = (id: string, name: string, soldOutReason: string | null = null) => ({
  id, name, description: null, price: 12, price_cents: 1200, image_url: null, available: soldOutReason === null, enabled: true,
  sold_out_reason: soldOutReason, category: 'cocktail', allergens: [], contains_alcohol: true, featured: false, method: null, glass: null,
  ingredients: [], ingredients_summary: '', recipe: [],
});
const campari = {
  id: 'item-campari', restaurant_id: 'v1', ingredient_id: 'ing-campari', ingredient_name: 'Campari', ingredient_brand: null, on_hand_ml: 700,
  low_stock_threshold_ml: 100, unit: 'bottle', unit_volume_ml: 700, measure: 'ml', quantity: 1, low_stock_threshold: 0.14, available: true,
  is_low_stock: false, last_movement_at: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
};
const gin = { ...campari, id: 'item-gin', ingredient_id: 'ing-gin', ingredient_name: 'Gin', available: false };

function barWith(orders: Order[], extra: Parameters<typeof mockApi>[0] = {}, menu = [menuDrink('d-negroni', 'Negroni')]) {
  return mockApi({
    'GET /api/staff/queue': { body: { orders } },
    'GET /api/staff/menu': { body: { menu_items: menu } },
    'GET /api/staff/inventory': { body: { inventory: [campari, gin] } },
    ...extra,
  });
}
const statusCalls = (calls: Request[]) => calls.filter((c) => c.method === 'PUT' && c.url.includes('/status'));
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

afterEach(() => toast.clear());

describe('the bump bar', () => {
  it('after a tap on a filter chip, Enter moves the selected ticket on instead of pressing the chip again', async () => {
    const first = ticket(1);
    const calls = barWith([first], { [`PUT /api/staff/orders/${first.id}/status`]: { body: { order: { ...first, status: 'preparing' } } } });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    await screen.findByRole('listitem', { name: /Order #/ });
    press('1');
    const chip = screen.getByRole('button', { name: 'Undelivered' });
    // A tap focuses the button it lands on, then clicks it.
    chip.focus();
    fireEvent.click(chip, { detail: 1 });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    press('Enter');
    await waitFor(() => expect(statusCalls(calls)).toHaveLength(1));
    expect(await json(statusCalls(calls)[0])).toMatchObject({ status: 'preparing' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
  });

  it('twelve tickets all have keys: "1" then "2" selects ticket 12, "2" alone ticket 2', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => ticket(i + 1));
    barWith(orders);
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    await screen.findAllByRole('listitem', { name: /Order #/ });
    expect(screen.getAllByTestId('ticket-key').map((k) => k.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    press('1');
    press('2');
    const selected = () => document.querySelector('[aria-current="true"]')?.getAttribute('data-order-id');
    await waitFor(() => expect(selected()).toBe(orders[11]!.id));
    // A digit after a pause is a key of its own.
    expect(keyFromDigit({ digit: 1, at: 0 }, 2, 10_000, () => true)).toEqual({ key: 2, next: { digit: 2, at: 10_000 } });
    expect(keyFromDigit({ digit: 1, at: 0 }, 3, 100, (k) => k === 12)).toEqual({ key: 3, next: { digit: 3, at: 100 } });
  });

  it('All day counts what is still to make: a voided line is not made, a drink with options counts apart', () => {
    const round = ticket(1, { items: [line({ name: 'Aviation', quantity: 1 }), line({ name: 'Aviation', quantity: 1, voided: true }), line({ name: 'Negroni', modifiers: 'Double' }), line({ name: 'Negroni' })] });
    expect(allDayCounts([round, ticket(2, { status: 'delivered', items: [line({ name: 'Aviation', quantity: 5 })] })])).toEqual([
      { name: 'Aviation', quantity: 1 }, { name: 'Negroni', quantity: 1 }, { name: 'Negroni, Double', quantity: 1 },
    ]);
  });

  it('shows the live tickets by default; delivered history only behind History', async () => {
    const old = ticket(1, { status: 'delivered', payment_status: 'captured', delivered_at: new Date(NOW - 3_600_000).toISOString(), updated_at: new Date(NOW - 3_600_000).toISOString() });
    const live = ticket(2);
    barWith([old, live]);
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    await screen.findByText('Guest 2');
    expect(screen.queryByText('Guest 1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByText('Guest 1')).toBeTruthy();
    expect(screen.queryByText('Guest 2')).toBeNull();
  });

  it('a toast names the ticket by its code and sits in the side column, under All day, not over the filters', async () => {
    const ready = ticket(1, { status: 'ready' });
    barWith([ready], { [`PUT /api/staff/orders/${ready.id}/status`]: { body: { order: { ...ready, status: 'delivered', delivered_at: new Date().toISOString() } } } });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    await screen.findByText('Guest 1');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Delivered' }), { detail: 1 });
    const side = screen.getByRole('complementary', { name: 'Bar' });
    expect((await within(side).findByRole('status')).textContent).toContain(`Order ${ready.code} delivered`);
    expect(within(side).getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });
});

describe('a card Stripe refuses as the bar accepts the order', () => {
  it('Start Preparing on an order paid first whose capture Stripe refuses: the ticket and a toast say to take payment at the bar', async () => {
    const paidFirst = ticket(1);
    barWith([paidFirst], { [`PUT /api/staff/orders/${paidFirst.id}/status`]: { body: { order: { ...paidFirst, status: 'preparing', payment_problem: 'failed' } } } });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Preparing' }), { detail: 1 });
    const card = (await screen.findByRole('note', { name: 'Payment' })).closest('li[data-order-id]')!;
    expect(card.getAttribute('data-order-id')).toBe(paidFirst.id);
    expect(card.textContent).toContain('Card refused — take payment at the bar');
    const side = screen.getByRole('complementary', { name: 'Bar' });
    expect((await within(side).findByRole('alert')).textContent).toContain(`Order ${paidFirst.code}: Card refused — take payment at the bar`);
  });

  it('Start Preparing on an order paid first whose capture Stripe did not answer: the ticket and a toast say to check the card before taking payment', async () => {
    const paidFirst = ticket(1);
    barWith([paidFirst], { [`PUT /api/staff/orders/${paidFirst.id}/status`]: { body: { order: { ...paidFirst, status: 'preparing', payment_problem: 'unconfirmed' } } } });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Preparing' }), { detail: 1 });
    const note = await screen.findByRole('note', { name: 'Payment' });
    expect(note.textContent).toContain('Card payment not confirmed — check before taking payment');
    const side = screen.getByRole('complementary', { name: 'Bar' });
    expect((await within(side).findByRole('alert')).textContent).toContain(`Order ${paidFirst.code}: Card payment not confirmed — check before taking payment`);
  });

  it('handed over on a card not yet confirmed, the ticket stays on the bar with Record payment', async () => {
    const handedOver = { status: 'delivered' as const, delivered_at: new Date(NOW - 30 * 60_000).toISOString(), updated_at: new Date(NOW - 30 * 60_000).toISOString() };
    barWith([ticket(1, { ...handedOver, payment_problem: 'unconfirmed' })]);
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    const onBar = (await screen.findByText('Guest 1')).closest('li[data-order-id]')!;
    expect(within(onBar as HTMLElement).getByRole('button', { name: 'Record payment' })).toBeTruthy();
  });

  it('handed over on a refused card, the ticket stays on the bar with Record payment until the bar takes the money', async () => {
    const handedOver = { status: 'delivered' as const, delivered_at: new Date(NOW - 30 * 60_000).toISOString(), updated_at: new Date(NOW - 30 * 60_000).toISOString() };
    const unpaid = ticket(1, { ...handedOver, payment_problem: 'failed' });
    const paid = ticket(2, { ...handedOver, payment_problem: 'failed', payment_status: 'captured' });
    const cash = ticket(3, handedOver);
    barWith([unpaid, paid, cash]);
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    const onBar = (await screen.findByText('Guest 1')).closest('li[data-order-id]')!;
    expect(within(onBar as HTMLElement).getByRole('button', { name: 'Record payment' })).toBeTruthy();
    expect(within(onBar as HTMLElement).getByRole('note', { name: 'Payment' }).textContent).toContain('Card refused — take payment at the bar');
    // Paid since, or an order paid at the bar from the start: in History, as every handed-over ticket.
    expect(screen.queryByText('Guest 2')).toBeNull();
    expect(screen.queryByText('Guest 3')).toBeNull();
  });
});

describe('running out at the bar', () => {
  it('a pending ticket needing what ran out is flagged; one that does not is not', async () => {
    const boulevardier = ticket(1, { items: [line({ menu_drink_id: 'd-boulevardier', name: 'Boulevardier' })] });
    const negroni = ticket(2);
    barWith([boulevardier, negroni], {}, [menuDrink('d-negroni', 'Negroni'), menuDrink('d-boulevardier', 'Boulevardier', 'out of: campari')]);
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    const flagged = await screen.findByTestId('ticket-ran-out');
    expect(flagged.textContent).toContain('Ran out: campari');
    expect(flagged.closest('li[data-order-id]')!.getAttribute('data-order-id')).toBe(boulevardier.id);
    expect(screen.getAllByTestId('ticket-ran-out')).toHaveLength(1);
  });

  it('Start Preparing with too little stock asks first, says what is short, and starts only when confirmed', async () => {
    const order = ticket(1, { items: [line({ menu_drink_id: 'd-boulevardier', name: 'Boulevardier' })] });
    const short = 'Campari: 30 ml needed, 0 ml on hand';
    const calls = barWith([order], {
      [`PUT /api/staff/orders/${order.id}/status`]: { status: 409, body: { error: { code: 'stock_short', message: `Short of ${short}`, details: { short: [short] } } } },
    });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Preparing' }), { detail: 1 });
    const dialog = await screen.findByRole('dialog', { name: `Not enough stock for Order ${order.code}` });
    expect(within(dialog).getByText(short)).toBeTruthy();
    expect(await json(statusCalls(calls)[0])).toEqual({ status: 'preparing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start anyway' }));
    await waitFor(() => expect(statusCalls(calls)).toHaveLength(2));
    expect(await json(statusCalls(calls)[1])).toEqual({ status: 'preparing', allow_short: true });
  });

  it('the display lists what is 86\'d with Back in, and 86s an ingredient from its picker', async () => {
    const calls = barWith([ticket(1)], {
      'PUT /api/staff/inventory/item-campari': { body: { item: { ...campari, available: false } } },
      'PUT /api/staff/inventory/item-gin': { body: { item: { ...gin, available: true } } },
    });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    const panel = await screen.findByRole('region', { name: '86' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Back in Gin' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/item-gin'))).toBe(true));
    expect(await json(calls.find((c) => c.url.endsWith('/item-gin')))).toEqual({ available: true, reason: 'Back in' });
    fireEvent.click(within(panel).getByRole('button', { name: '86 an ingredient' }));
    const picker = screen.getByRole('dialog', { name: '86 an ingredient' });
    fireEvent.click(within(picker).getByRole('button', { name: '86 Campari' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/item-campari'))).toBe(true));
    expect(await json(calls.find((c) => c.url.endsWith('/item-campari')))).toEqual({ available: false, reason: "86'd at the bar" });
  });
});
