import { describe, expect, it } from 'vitest';
import {
  adminOrderName, centsFromDollarsField, cycleButtonLabel, isDoubleTap, newOrdersLabel, nextCycleStatus, orderModifiersAndNotes,
  parseSpecialInstructions, satisfactionLabel, temperatureLabel, amountFromField,
} from '../../shared/admin-dashboard';
import { formatStockAmount } from '../../shared/inventory';
import { formatCents, formatCount } from '../../shared/money';

describe('adminOrderName', () => {
  it('follows display_name, ai_recipe_name, custom_name, then the instructions', () => {
    expect(adminOrderName({ display_name: 'Mojito', ai_recipe_name: 'Sunset', custom_name: 'Mine' })).toBe('Mojito');
    expect(adminOrderName({ display_name: '  ', ai_recipe_name: 'Sunset', custom_name: 'Mine' })).toBe('Sunset');
    expect(adminOrderName({ display_name: null, ai_recipe_name: null, custom_name: 'Mine' })).toBe('Mine');
    expect(adminOrderName({ special_instructions: 'Order for: Dana | Modifiers: extra lime | Notes: no ice' })).toBe('Dana');
    expect(adminOrderName({ special_instructions: 'Modifiers: extra lime' })).toBe('Unknown Drink');
  });

  it('ends in the fallback of where it is shown', () => {
    expect(adminOrderName({}, 'card')).toBe('Unknown Drink');
    expect(adminOrderName({}, 'queue')).toBe('Unnamed Order');
    expect(adminOrderName({}, 'notification')).toBe('New Order');
  });
});

describe('parseSpecialInstructions', () => {
  it('reads Modifiers and Notes segments separated by a pipe', () => {
    expect(parseSpecialInstructions('Order for: Sam | Modifiers: double, salt rim | Notes: birthday')).toEqual({
      name: 'Sam', modifiers: 'double, salt rim', notes: 'birthday',
    });
    expect(parseSpecialInstructions('Notes: for table 4|Modifiers:no sugar')).toEqual({ name: null, modifiers: 'no sugar', notes: 'for table 4' });
    expect(parseSpecialInstructions(null)).toEqual({ name: null, modifiers: null, notes: null });
    expect(parseSpecialInstructions('Modifiers:  | Notes: ')).toEqual({ name: null, modifiers: null, notes: null });
  });

  it('prefers the first item’s own modifiers and notes', () => {
    expect(orderModifiersAndNotes({ special_instructions: 'Modifiers: a | Notes: b', items: [{ modifiers: 'x', notes: null }] }))
      .toEqual({ modifiers: 'x', notes: 'b' });
  });
});

describe('the cycle button', () => {
  it('goes pending → preparing → delivered, and stops at final states', () => {
    expect(nextCycleStatus('pending')).toBe('preparing');
    expect(nextCycleStatus('preparing')).toBe('delivered');
    expect(nextCycleStatus('ready')).toBe('delivered');
    expect(nextCycleStatus('delivered')).toBeNull();
    expect(nextCycleStatus('cancelled')).toBeNull();
    expect(cycleButtonLabel('pending')).toBe('Mark as Preparing');
    expect(cycleButtonLabel('preparing')).toBe('Mark as Delivered');
    expect(cycleButtonLabel('delivered')).toBeNull();
  });
});

describe('labels and fields', () => {
  it('temperature and satisfaction labels use the spec’s thresholds', () => {
    expect([0.1, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9, 1].map(temperatureLabel)).toEqual([
      'Very Consistent', 'Very Consistent', 'Balanced', 'Balanced', 'Creative', 'Creative', 'Very Creative', 'Very Creative',
    ]);
    expect([100, 80, 79.9, 60, 59, 0].map(satisfactionLabel)).toEqual(['Excellent', 'Excellent', 'Good', 'Good', 'Needs Improvement', 'Needs Improvement']);
  });

  it('number fields keep what was typed or say why not: never rounded, never a silent 0', () => {
    expect(['12', '3.25', 'abc', '', '-3'].map((t) => amountFromField(t, 'Quantity'))).toEqual([
      { value: 12 }, { value: 3.25 }, { error: 'Quantity must be a number' }, { error: 'Quantity is required' }, { error: 'Quantity cannot be negative' },
    ]);
    expect(['12.5', '12.345', '-1', 'x'].map((t) => centsFromDollarsField(t))).toEqual([
      { value: 1250 }, { error: 'Cost has at most two decimals (cents)' }, { error: 'Cost cannot be negative' }, { error: 'Cost must be a number' },
    ]);
  });

  it('money and counts are grouped per locale', () => {
    expect(formatCents(735849, 'en-US')).toBe('$7,358.49');
    expect(formatCount(1092, 'en-US')).toBe('1,092');
    expect(formatCents(735849, 'de-DE')).toMatch(/^7\.358,49\s\$$/);
  });

  it('stock reads as a person counts it, exact amounts untouched', () => {
    expect(formatStockAmount(3.25, { unit: 'bottle', unitVolumeMl: 700 }, 'en-US')).toBe('3¼ bottles · 2,275 ml');
    expect(formatStockAmount(8.435714285714285, { unit: 'bottle', unitVolumeMl: 750 }, 'en-US')).toBe('≈ 8½ bottles · 6,326.8 ml');
    expect(formatStockAmount(24, { unit: 'piece', unitVolumeMl: null }, 'en-US')).toBe('24 pieces');
    expect(formatStockAmount(0.5, { unit: 'bottle', unitVolumeMl: 750 }, 'en-US')).toBe('½ bottle · 375 ml');
  });

  it('double tap is two taps on the same order within the window', () => {
    expect(isDoubleTap(null, 'a', 100, 500)).toBe(false);
    expect(isDoubleTap({ id: 'a', at: 100 }, 'a', 600, 500)).toBe(true);
    expect(isDoubleTap({ id: 'a', at: 100 }, 'a', 601, 500)).toBe(false);
    expect(isDoubleTap({ id: 'a', at: 100 }, 'b', 200, 500)).toBe(false);
    expect(newOrdersLabel(1)).toBe('1 New Order');
    expect(newOrdersLabel(3)).toBe('3 New Orders');
  });
});
