// One ticket of the bar display (docs/decisions/234): what merged into it from the AI bartender (189) and modifiers
// (183), and the payment a delivered solo order still needs recorded (179, 204).
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/schemas/order';
import { TicketCard } from '../../app/features/staff/orders/TicketCard';

const NOW = Date.parse('2026-11-26T21:00:00.000Z');
const order = (over: Partial<Order> = {}): Order => ({
  id: 'order-00000000ABCDEFGH', code: 'C89', restaurant_id: 'venue-1', status: 'delivered', payment_status: 'unpaid',
  created_at: '2026-11-26T20:50:00.000Z', updated_at: '2026-11-26T20:55:00.000Z', delivered_at: '2026-11-26T20:55:00.000Z',
  display_name: 'Dana', custom_name: null, ai_recipe_name: null, referred_by_ai: false, special_instructions: null,
  customer_name: null, customer_phone: null, table_number: null, sales_channel: 'app', eta_minutes: null,
  subtotal_cents: 1300, tax_cents: 114, total_cents: 1414, items: [], ...over,
} as Order);

function renderTicket(o: Order) {
  const handlers = { onSelect: vi.fn(), onStep: vi.fn(), onCancel: vi.fn(), onRecordPayment: vi.fn(), onUndo: vi.fn(), onBuild: vi.fn(), onDetails: vi.fn() };
  render(<ul><TicketCard order={o} barKey={1} now={NOW} selected={false} busy={false} isNew={false} isAi={false} {...handlers} /></ul>);
  return { ticket: screen.getByRole('listitem', { name: 'Order #ABCDEFGH' }), handlers };
}

afterEach(cleanup);

describe('a bar ticket', () => {
  it("reads the order's code, the one the bar calls out", () => {
    const { ticket } = renderTicket(order({ code: 'N98' }));
    expect(within(ticket).getByText('#N98')).toBeTruthy();
  });

  it('a delivered solo order still unpaid offers Record payment; once paid it says Paid and offers nothing', () => {
    const { ticket, handlers } = renderTicket(order());
    fireEvent.click(within(ticket).getByRole('button', { name: 'Record payment' }));
    expect(handlers.onRecordPayment).toHaveBeenCalledTimes(1);
    expect(handlers.onSelect).not.toHaveBeenCalled();
    expect(within(ticket).queryByText('Paid', { exact: true })).toBeNull();
  });

  it('a paid order shows Paid; a table round is paid on its tab, and an order not yet delivered has nothing to record', () => {
    for (const o of [order({ payment_status: 'captured' }), order({ table_session_id: 'tab-1', table_number: '7' }), order({ status: 'ready', delivered_at: null })]) {
      const { ticket } = renderTicket(o);
      expect(within(ticket).queryByRole('button', { name: 'Record payment' })).toBeNull();
      expect(within(ticket).queryByText('Paid', { exact: true }) !== null).toBe(o.payment_status === 'captured');
      cleanup();
    }
  });

  it('an order paid first whose card Stripe refused says "Card refused — take payment at the bar" at every stage, until it is recorded paid', () => {
    for (const status of ['preparing', 'ready', 'delivered'] as const) {
      const { ticket } = renderTicket(order({ status, payment_problem: 'failed', delivered_at: status === 'delivered' ? '2026-11-26T20:55:00.000Z' : null }));
      expect(within(ticket).getByRole('note', { name: 'Payment' }).textContent?.trim()).toBe('Card refused — take payment at the bar');
      // Handed over, the bar records what the guest paid there.
      expect(within(ticket).queryByRole('button', { name: 'Record payment' }) !== null).toBe(status === 'delivered');
      cleanup();
    }
    const { ticket } = renderTicket(order({ payment_problem: 'failed', payment_status: 'captured' }));
    expect(within(ticket).queryByText('Card refused — take payment at the bar', { exact: false })).toBeNull();
    expect(within(ticket).getByText('Paid', { exact: true })).toBeTruthy();
    cleanup();
    // An order whose card was taken, or one paid at the bar from the start, says nothing of the kind.
    for (const o of [order({ status: 'preparing', delivered_at: null }), order()]) {
      const { ticket: plain } = renderTicket(o);
      expect(within(plain).queryByRole('note', { name: 'Payment' })).toBeNull();
      cleanup();
    }
  });

  it('a capture Stripe has not answered says "Card payment not confirmed — check before taking payment" while unpaid; a card refunded after the bar took the money says so on the paid ticket', () => {
    for (const status of ['preparing', 'delivered'] as const) {
      const { ticket } = renderTicket(order({ status, payment_problem: 'unconfirmed', delivered_at: status === 'delivered' ? '2026-11-26T20:55:00.000Z' : null }));
      expect(within(ticket).getByRole('note', { name: 'Payment' }).textContent?.trim()).toBe('Card payment not confirmed — check before taking payment');
      cleanup();
    }
    // Stripe's word that the card paid clears it.
    const { ticket: byCard } = renderTicket(order({ payment_status: 'captured' }));
    expect(within(byCard).queryByRole('note', { name: 'Payment' })).toBeNull();
    cleanup();
    const { ticket } = renderTicket(order({ payment_problem: 'late_payment_refunded', payment_status: 'captured' }));
    expect(within(ticket).getByRole('note', { name: 'Payment' }).textContent?.trim()).toBe('Paid at the bar and by card: the card payment was refunded in full');
  });

  it('shows the guest\'s allergy from the AI bartender, highlighted, and each line\'s chosen options', () => {
    const { ticket } = renderTicket(order({
      status: 'pending', delivered_at: null, special_instructions: 'Allergy: nuts (said to the AI bartender)',
      items: [{
        id: '1', menu_drink_id: 'd1', name: 'Negroni', description: null, quantity: 1, price_cents: 1300, total_cents: 1300, notes: null,
        modifiers: 'Double, No ice', image_url: null, is_ai_creation: false, ai_recipe_name: null, recipe: null, allergens: [], contains_alcohol: true,
        modifier_choices: [{ group: 'Size', option: 'Double', price_delta_cents: 400 }, { group: 'Ice', option: 'No ice', price_delta_cents: 0 }],
      }] as unknown as Order['items'],
    }));
    expect(within(ticket).getByRole('note', { name: 'Guest allergy or constraint' }).textContent).toBe('Allergy: nuts (said to the AI bartender)');
    expect(within(ticket).getByRole('list', { name: 'Modifiers' }).textContent).toBe('DoubleNo ice');
  });
});
