import { describe, expect, it } from 'vitest';
import { allowedTransitions, etaMinutes, guestStage, orderDisplayName, transitionOrder, type OrderState } from '../../shared/orders';

const at = '2026-01-01T20:00:00.000Z';
const state = (status: OrderState['status']): OrderState => ({ status, paymentStatus: 'unpaid', deliveredAt: null });

describe('transitionOrder (pure)', () => {
  it('moves pending → preparing → ready → delivered, capturing payment and stamping delivered_at on delivery', () => {
    const preparing = transitionOrder(state('pending'), 'preparing', at);
    expect(preparing).toEqual({ ok: true, next: { status: 'preparing', paymentStatus: 'unpaid', deliveredAt: null } });
    const ready = transitionOrder(state('preparing'), 'ready', at);
    expect(ready.ok && ready.next.status).toBe('ready');
    expect(transitionOrder(state('ready'), 'delivered', at)).toEqual({ ok: true, next: { status: 'delivered', paymentStatus: 'unpaid', deliveredAt: at } });
  });

  it('cancels from any active status and voids the payment', () => {
    for (const from of ['pending', 'preparing', 'ready'] as const) {
      expect(transitionOrder(state(from), 'cancelled', at)).toEqual({ ok: true, next: { status: 'cancelled', paymentStatus: 'void', deliveredAt: null } });
    }
  });

  it('lets the bar skip ahead but never go back, and treats delivered and cancelled as final', () => {
    expect(transitionOrder(state('pending'), 'delivered', at).ok).toBe(true);
    expect(transitionOrder(state('ready'), 'preparing', at)).toEqual({ ok: false, refusal: 'illegal_transition' });
    expect(transitionOrder(state('preparing'), 'pending', at).ok).toBe(false);
    expect(transitionOrder(state('pending'), 'pending', at).ok).toBe(false);
    expect(allowedTransitions('delivered')).toEqual([]);
    expect(allowedTransitions('cancelled')).toEqual([]);
    expect(transitionOrder(state('delivered'), 'cancelled', at).ok).toBe(false);
    expect(allowedTransitions('pending')).toEqual(['preparing', 'ready', 'delivered', 'cancelled']);
  });
});

describe('etaMinutes (pure)', () => {
  it('grows with the drinks ahead in the queue and shrinks once the order is being made', () => {
    const empty = etaMinutes('pending', 0, 1)!;
    const busy = etaMinutes('pending', 10, 1)!;
    expect(busy).toBeGreaterThan(empty);
    expect(etaMinutes('preparing', 10, 4)!).toBeLessThan(etaMinutes('pending', 10, 4)!);
    expect(etaMinutes('ready', 10, 1)).toBe(0);
    expect(etaMinutes('delivered', 0, 1)).toBeNull();
  });
});

describe('etaMinutes: the minutes a guest is shown (docs/decisions/180)', () => {
  // Worked by hand from the model, not from the code: 2 minutes + 1.5 per drink ahead and per own
  // drink (half of them once preparing), rounded up, at least 1.
  const table: [status: OrderState['status'], drinksAhead: number, ownDrinks: number, minutes: number | null][] = [
    ['pending', 0, 1, 4],
    ['pending', 0, 2, 5],
    ['pending', 3, 1, 8],
    ['pending', 10, 4, 23],
    ['pending', 40, 2, 65],
    ['preparing', 0, 1, 3],
    ['preparing', 3, 3, 9],
    ['preparing', 10, 4, 20],
    ['ready', 10, 1, 0],
    ['delivered', 0, 1, null],
    ['cancelled', 5, 1, null],
  ];
  it.each(table)('%s with %i drinks ahead and %i of its own: %s minutes', (status, ahead, own, minutes) => {
    expect(etaMinutes(status, ahead, own)).toBe(minutes);
  });
});

describe('orderDisplayName (pure)', () => {
  it("falls back through display_name, ai_recipe_name, custom_name, special instructions, then a code to call out", () => {
    expect(orderDisplayName({ display_name: 'Sam', ai_recipe_name: 'X' })).toBe('Sam');
    expect(orderDisplayName({ ai_recipe_name: 'Smoky Sunset', custom_name: 'Y' })).toBe('Smoky Sunset');
    expect(orderDisplayName({ custom_name: 'Night Owl' })).toBe('Night Owl');
    expect(orderDisplayName({ special_instructions: 'Order for: Jo | Notes: no ice' })).toBe('Jo');
    expect(orderDisplayName({ id: 'abcDEF1234567890xyzQ' })).toMatch(/^Order [A-Z][0-9]{2}$/);
    expect(orderDisplayName({ id: 'abcDEF1234567890xyzQ' })).toBe(orderDisplayName({ id: 'abcDEF1234567890xyzQ' }));
  });
});

describe('guestStage (pure)', () => {
  it('maps the lifecycle onto the guest trail Received, Making, Ready', () => {
    expect(['pending', 'preparing', 'ready', 'delivered', 'cancelled'].map((s) => guestStage(s as OrderState['status'])))
      .toEqual(['received', 'making', 'ready', 'ready', 'cancelled']);
  });
});
