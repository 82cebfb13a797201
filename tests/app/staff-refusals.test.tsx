// The bar's refusals are registry refusals (docs/decisions/280). The back office is written in English, so a bartender
// whose browser reads Spanish reads them in English like the rest of the screen, never a Spanish sentence inside an
// English one; a guest reads them in the guest's language (256). The answers below are the ones the Worker builds
// (`{ code, message, details }`, English message).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderCodeAt } from '../../shared/order-codes';
import type { Order } from '../../shared/schemas/order';
import AdminTablesPage from '../../app/features/admin/tables/AdminTablesPage';
import ActiveOrdersPage from '../../app/features/staff/orders/ActiveOrdersPage';
import StaffTablesPage from '../../app/features/staff/tables/StaffTablesPage';
import { activateLocale, refusalText } from '../../app/i18n/i18n';
import { toast } from '../../app/ui/toast';
import { mockApi, renderPage } from './render';
import { staffTables, tableState } from './table-fixtures';

const refused = (status: number, code: string, message: string, details?: Record<string, unknown>) =>
  ({ status, body: { error: details ? { code, message, details } : { code, message } } });

const ticket = (over: Partial<Order> = {}): Order => ({
  id: 'order-0001-abcdefgh', code: orderCodeAt(1), restaurant_id: 'v1', status: 'pending', payment_status: 'unpaid',
  created_at: new Date().toISOString(), updated_at: new Date().toISOString(), delivered_at: null,
  display_name: 'Guest 1', custom_name: null, ai_recipe_name: null, referred_by_ai: false, special_instructions: null, customer_name: null,
  customer_phone: null, table_number: null, sales_channel: 'app', eta_minutes: 4, subtotal_cents: 1200, tax_cents: 100, total_cents: 1300,
  items: [{
    id: 'line-1', menu_drink_id: 'd-negroni', name: 'Negroni', description: null, quantity: 1, price_cents: 1200, total_cents: 1200,
    notes: null, modifiers: null, image_url: null, is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: [], contains_alcohol: true,
  }],
  ...over,
});

afterEach(async () => {
  toast.clear();
  await activateLocale('en');
});

describe('the bar display, with a Spanish browser', () => {
  it('a ticket another bartender changed meanwhile says so in English, like the screen', async () => {
    await activateLocale('es');
    const order = ticket();
    mockApi({
      'GET /api/staff/queue': { body: { orders: [order] } },
      'GET /api/staff/menu': { body: { menu_items: [] } },
      'GET /api/staff/inventory': { body: { inventory: [] } },
      [`PUT /api/staff/orders/${order.id}/status`]: refused(409, 'conflict', 'The order changed meanwhile; reload and try again', { refusal: 'conflict.order_changed' }),
    });
    renderPage(<ActiveOrdersPage />, '/staff/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Preparing' }), { detail: 1 });
    const said = await screen.findAllByText(`Failed to update Order ${order.code}: The order changed meanwhile; reload and try again`);
    expect(said.length).toBeGreaterThan(0);
    expect(screen.queryByText(/El pedido cambió/)).toBeNull();
  });
});

describe('the Tables screen, with a Spanish browser', () => {
  it('a share someone already recorded is said in English in the dialog, like the screen', async () => {
    await activateLocale('es');
    mockApi({
      'GET /api/staff/tables': { body: staffTables() },
      'GET /api/tables/sessions/ts-7': { body: { table: tableState(), you: null } },
      'POST /api/staff/tables/sessions/ts-7/shares/sh-1/payment': refused(409, 'share_already_paid', 'Already recorded by Robin', { recorded_by: 'Robin' }),
    });
    renderPage(<StaffTablesPage />, '/staff/tables?tab=ts-7');
    fireEvent.click(within(await screen.findByRole('region', { name: 'Table 7 tab' })).getByRole('button', { name: /Record payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Record / }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Already recorded by Robin');
  });
});

describe("the admin's table settings, with a Spanish browser", () => {
  it('removing a table whose tab is open is refused in English, naming the table', async () => {
    await activateLocale('es');
    mockApi({
      'GET /api/admin/tables': { body: { tables: [{ number: '1', name: null, position: 0, token: 'tok1xxxxxxxxxxxx' }, { number: '2', name: null, position: 1, token: 'tok2xxxxxxxxxxxx' }], settings: { service_charge_bp: 0, tip_presets_bp: [1500, 1800, 2000], tab_auto_close_hours: 4 } } },
      'PUT /api/admin/tables': refused(409, 'table_in_use', 'Table 2 has an open tab: close it before removing the table', { table: '2', tables: ['2'] }),
    });
    renderPage(<AdminTablesPage />);
    await screen.findByLabelText('Table 2 number');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Table 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tables' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove table 2?' })).getByRole('button', { name: 'Save and remove' }));
    expect(await screen.findByText('Table 2 has an open tab: close it before removing the table')).toBeTruthy();
    expect(screen.queryByText(/La mesa 2/)).toBeNull();
  });
});

describe('order refusals a guest or a bartender reads, in Spanish', () => {
  it('the lifecycle, payment and placement refusals are said from their code and data', async () => {
    await activateLocale('es');
    const say = (code: string, message: string, details?: Record<string, unknown>) => refusalText(code, message, details);
    expect(say('illegal_transition', 'Cannot change an order from delivered to preparing', { from: 'delivered', to: 'preparing' }))
      .toBe('No se puede cambiar un pedido de delivered a preparing');
    expect(say('illegal_transition', 'The 60-second undo window has passed', { from: 'delivered', to: 'pending', seconds: 60, refusal: 'illegal_transition.recall_window' }))
      .toBe('Ya pasaron los 60 segundos para deshacer');
    expect(say('round_on_settled_tab', "This round is on table 4's bill, which is being split: the shares must be taken back first", { table: '4', from: 'delivered', to: 'cancelled', refusal: 'round_on_settled_tab.split' }))
      .toBe('Esta ronda está en la cuenta de la mesa 4, que se está dividiendo: primero hay que retirar las partes');
    expect(say('stock_short', 'Short of Campari, Gin', { ingredients: 'Campari, Gin', short: ['Campari: 30 ml needed, 0 ml on hand'] }))
      .toBe('Falta stock de Campari, Gin');
    expect(say('not_delivered', 'Record a payment once the order is delivered', { status: 'ready' })).toBe('Registra un pago cuando el pedido se haya entregado');
    expect(say('payment_released', "This order's card payment was given back when it was cancelled: the guest orders again"))
      .toBe('El pago con tarjeta de este pedido se devolvió al cancelarlo: el cliente vuelve a pedir');
    expect(say('order_code_taken', 'This order code is taken; place the order again')).toBe('Este código de pedido ya está en uso; vuelve a hacer el pedido');
    expect(say('idempotency_in_flight', 'A request with this Idempotency-Key is still being processed')).toBe('Una solicitud con esta Idempotency-Key aún se está procesando');
  });
});
