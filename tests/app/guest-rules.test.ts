import { describe, expect, it } from 'vitest';
import { categoryLabel } from '../../shared/categories';
import { drinksForCategory } from '../../app/features/guest/menu/category-match';
import { historyOrderId, shortOrderId } from '../../shared/ids';
import { formatCents } from '../../shared/money';
import { confirmationStatusLabel, guestStage, orderAge, statusDisplay } from '../../shared/order-display';
import { cartTotals, taxRateLabel } from '../../app/features/guest/cart/cart-totals';
import { categoryCounts } from '../../app/features/guest/menu/category-counts';
import { filterDrinks } from '../../app/features/guest/menu/menu-filter';
import { displayPhone } from '../../app/features/auth/display-phone';
import { formatPhoneInput } from '../../app/features/auth/phone-format';
import { DRINKS, drink } from './guest-fixtures';
import { isActiveOrderExists } from '../../app/features/orders/api';
import { ApiRequestError } from '../../app/lib/api-client';

describe('category match rule', () => {
  const drinks = [
    drink('a', 'Old Fashioned', 'house_classic', 1500, { tags: ['Whiskey', 'stirred'] }),
    drink('b', 'Garden Party', 'other', 1200, { description: 'A bright gin cocktail' }),
    drink('c', 'Virgin Colada', 'other', 900),
    drink('d', 'Shirley', 'non_alcoholic', 700, { description: 'The classic mocktail' }),
    drink('e', 'Lager', 'beer', 700),
  ];

  it('matches the category (any case), a tag, and the cocktail / mocktail words', () => {
    expect(drinksForCategory(drinks, 'HOUSE_CLASSIC').map((d) => d.id)).toEqual(['a']);
    expect(drinksForCategory(drinks, 'whiskey').map((d) => d.id)).toEqual(['a']);
    expect(drinksForCategory(drinks, 'cocktail').map((d) => d.id)).toEqual(['b']);
    expect(drinksForCategory(drinks, 'mocktail').map((d) => d.id)).toEqual(['c', 'd']);
  });

  it('shows every drink when nothing matches', () => {
    expect(drinksForCategory(drinks, 'wine')).toHaveLength(5);
    expect(drinksForCategory([], 'wine')).toEqual([]);
  });

  it('titles categories from the label map, other after the venue', () => {
    expect(categoryLabel('house_classic')).toBe('House Classics');
    expect(categoryLabel('menu_cocktail')).toBe('Menu Cocktails');
    expect(categoryLabel('other', 'The Artisan Bar')).toBe('The Artisan Bar Classics');
  });
});

describe('menu filter', () => {
  it('searches name and description, case-insensitively, within the chosen category', () => {
    expect(filterDrinks(DRINKS, 'campari', null).map((d) => d.name)).toEqual(['Negroni']);
    expect(filterDrinks(DRINKS, 'MINT', null).map((d) => d.name)).toEqual(['Virgin Mojito']);
    expect(filterDrinks(DRINKS, '', 'cocktail').map((d) => d.name)).toEqual(['Negroni', 'Aperol Spritz']);
    expect(filterDrinks(DRINKS, 'orange', 'beer')).toEqual([]);
    expect(categoryCounts(DRINKS)).toEqual([['cocktail', 2], ['beer', 1], ['mocktail', 1]]);
  });

  it('tolerates typos and finds by flavour, category and language (docs/decisions/238)', () => {
    const fruity = [...DRINKS, drink('d-punch-0000000000005', 'Planter\'s Punch', 'cocktail', 1300, { description: 'Rum and lime', tags: ['Fruity', 'Tropical'] })];
    // The guest reads Spanish: the category and "alcohol-free" in their language join the drink's words.
    const spanish = (d: typeof DRINKS[number]) => `${{ cocktail: 'Cócteles', beer: 'Cerveza', mocktail: 'Cócteles sin alcohol' }[d.category] ?? ''}${d.contains_alcohol ? '' : ' Sin alcohol'}`;
    expect(filterDrinks(fruity, 'negorni', null).map((d) => d.name)).toEqual(['Negroni']);
    expect(filterDrinks(fruity, 'aperol spirtz', null).map((d) => d.name)).toEqual(['Aperol Spritz']);
    expect(filterDrinks(fruity, 'fruity', null).map((d) => d.name)).toEqual(['Planter\'s Punch']);
    expect(filterDrinks(fruity, 'sin alcohol', null, spanish).map((d) => d.name)).toEqual(['Virgin Mojito']);
    expect(filterDrinks(fruity, 'cerveza', null, spanish).map((d) => d.name)).toEqual(['Harbor IPA']);
    expect(filterDrinks(fruity, 'xyzzy', null, spanish)).toEqual([]);
  });
});

describe('prices and tax', () => {
  it('shows two decimals and adds 8.75% tax rounded to the cent', () => {
    expect(formatCents(1400)).toBe('$14.00');
    expect(formatCents(1250)).toBe('$12.50');
    const totals = cartTotals([{ price_cents: 1400, qty: 2 }, { price_cents: 1250, qty: 1 }], 875);
    expect(totals).toEqual({ subtotalCents: 4050, taxCents: 354, totalCents: 4404 });
    expect(cartTotals([{ price_cents: 999, qty: 1 }], 875).taxCents).toBe(87);
    expect(taxRateLabel(875)).toBe('8.75%');
    expect(taxRateLabel(1000)).toBe('10%');
  });
});

describe('order display', () => {
  it('shows ids as the last 8 upper-case, and the last 6 in history', () => {
    expect(shortOrderId('abcdEFGH12345678wxyz')).toBe('5678WXYZ');
    expect(historyOrderId('abcdEFGH12345678wxyz')).toBe('78WXYZ');
  });

  it("ages orders 'Just now', 'Nm ago', 'Nh ago', then as a date", () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(orderAge('2026-03-10T11:59:30Z', now)).toBe('Just now');
    expect(orderAge('2026-03-10T11:55:00Z', now)).toBe('5m ago');
    expect(orderAge('2026-03-10T09:00:00Z', now)).toBe('3h ago');
    expect(orderAge('2026-03-09T12:00:01Z', now)).toBe('23h ago');
    expect(orderAge('2026-03-08T10:00:00Z', now, 'en-US')).toBe('Mar 8, 2026');
  });

  it('maps the lifecycle onto Received, Making, Ready and Order Cancelled (docs/product.md §4.7)', () => {
    expect(guestStage('pending')).toBe('received');
    expect(guestStage('preparing')).toBe('making');
    expect(guestStage('ready')).toBe('ready');
    expect(guestStage('delivered', '2026-03-10T12:00:00Z')).toBe('ready');
    expect(guestStage('cancelled')).toBe('cancelled');
    expect(statusDisplay('pending', 'unpaid').title).toBe('Order Received');
    expect(statusDisplay('preparing', 'unpaid')).toMatchObject({ title: 'Making Your Drinks', detail: 'Your order is being prepared', complete: false });
    expect(statusDisplay('preparing', 'captured')).toMatchObject({ title: 'Payment Complete', detail: 'Your order is being prepared' });
    expect(statusDisplay('ready', 'unpaid')).toMatchObject({ title: 'Ready!', detail: 'Your drinks are ready for pickup', complete: true });
    // The venue's hand-off (docs/product.md §4.12): its pickup point, or table service for an order from a table.
    expect(statusDisplay('ready', 'unpaid', null, { handoff: 'pickup', pickupPoint: 'at the pass', tableNumber: '3' }).detail).toBe('Your drinks are ready for pickup at the pass');
    expect(statusDisplay('ready', 'unpaid', null, { handoff: 'table', pickupPoint: 'at the bar', tableNumber: '3' }).detail).toBe("We'll bring it to table 3");
    expect(statusDisplay('ready', 'unpaid', null, { handoff: 'table', pickupPoint: 'at the bar', tableNumber: null }).detail).toBe('Your drinks are ready for pickup at the bar');
    expect(statusDisplay('delivered', 'captured', '2026-03-10T12:00:00Z').title).toBe('Ready!');
    expect(statusDisplay('cancelled', 'void').title).toBe('Order Cancelled');
    expect(confirmationStatusLabel('pending')).toBe('Confirmed');
    expect(confirmationStatusLabel('confirmed')).toBe('Confirmed');
    expect(confirmationStatusLabel('preparing')).toBe('Making');
    expect(confirmationStatusLabel('on_hold')).toBe('on_hold');
  });
});

describe('phone mask', () => {
  it('formats exactly 10 digits as (###) ###-####, and shows stored numbers that way', () => {
    expect(formatPhoneInput('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('555123')).toBe('555123');
    expect(displayPhone('+15551234567')).toBe('(555) 123-4567');
  });
});

describe("the 'one active order' refusal is recognised by its code", () => {
  it('a 409 with code active_order_exists is the refusal, whatever its message says', () => {
    expect(isActiveOrderExists(new ApiRequestError(409, 'active_order_exists', 'Finish your current order first'))).toBe(true);
  });
  it('another 409 whose message happens to contain the words is not', () => {
    expect(isActiveOrderExists(new ApiRequestError(409, 'conflict', 'active order exists elsewhere'))).toBe(false);
  });
});
