// No line below zero (docs/product.md §11.10, docs/decisions/226): a drink and its options are saved only when the
// lowest price a line can have — the venue's deepest happy hour for the drink, the cheapest options every group
// allows — is not below zero; placement refuses a line below zero all the same. CSV money reads right below zero.
import { describe, expect, it } from 'vitest';
import { AdminMenuDrinkResponse } from '../../shared/schemas/admin';
import { wallClock } from '../../shared/business-day';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { countRows, guestToken } from './order-helpers';
import { centsToText } from '../../worker/imports/csv';

const SLUG = 'artisan-bar';
const clock = (minutes: number) => `${String(Math.floor(((minutes + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((minutes + 1440) % 1440) % 60).padStart(2, '0')}`;
/** A 50 % happy hour on every drink, running now (venue in UTC). */
function halfPriceNow() {
  const minutes = wallClock(new Date(), 'UTC').minutes;
  return { days: [0, 1, 2, 3, 4, 5, 6], start: clock(minutes - 60), end: clock(minutes + 60), discount_bp: 5000, categories: [] };
}
const saveDrink = (token: string, name: string, options: { name: string; price_delta_cents: number }[], kind = 'one') =>
  call('POST', '/api/admin/menu-drinks', { token, body: { name, price_cents: 400, category: 'cocktails', modifier_groups: [{ name: 'Size', kind, options }] } });

describe('a line below zero', () => {
  it('a $4 drink with a −$3 option, saved before a 50 % happy hour, is refused at placement during it, storing nothing', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    await call('PATCH', '/api/admin/venue', { token: admin, body: { timezone: 'UTC', happy_hours: [] } });
    const saved = await saveDrink(admin, 'Short Pour Sour', [{ name: 'Small', price_delta_cents: -300 }]);
    expect(saved.status, saved.text).toBe(201);
    const drink = AdminMenuDrinkResponse.parse(saved.json).drink;
    const small = drink.modifier_groups[0]!.options[0]!.id;

    expect((await call('PATCH', '/api/admin/venue', { token: admin, body: { happy_hours: [halfPriceNow()] } })).status).toBe(200);
    const { token, ownerKey } = await guestToken();
    const refused = expectApiError(await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: drink.id, quantity: 1, modifiers: [small] }] } }), 400);
    expect(refused.code).toBe('invalid_request');
    expect(refused.message).toBe('Small would make Short Pour Sour cost less than nothing at 50% off in happy hour');
    expect(refused.details).toEqual([{ path: 'items.0.modifiers', message: refused.message }]);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);

    // Without the option, the drink is $2.00.
    const plain = await call('POST', '/api/orders', { token, body: { slug: SLUG, items: [{ menu_drink_id: drink.id, quantity: 1 }] } });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.json.order.items[0].price_cents).toBe(200);
  });

  it('the back office refuses saving the same drink while the happy hour is set, naming the deepest happy hour', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const quarterOff = { ...halfPriceNow(), days: [1], discount_bp: 2500 };
    await call('PATCH', '/api/admin/venue', { token: admin, body: { timezone: 'UTC', happy_hours: [quarterOff, halfPriceNow()] } });
    const refused = expectApiError(await saveDrink(admin, 'Short Pour Fizz', [{ name: 'Small', price_delta_cents: -300 }]), 400);
    expect(refused.message).toBe('Small would make Short Pour Fizz cost less than nothing at 50% off in happy hour');
    expect(refused.details).toEqual([{ path: 'modifier_groups.0.options.0.price_delta_cents', message: refused.message }]);
    expect(await countRows("SELECT count(*) AS n FROM menu_drinks WHERE name = 'Short Pour Fizz'")).toBe(0);

    // A −$2 option leaves it at $0.00 at half price: allowed.
    expect((await saveDrink(admin, 'Short Pour Fizz', [{ name: 'Small', price_delta_cents: -200 }])).status).toBe(201);
  });

  it('two cuts a guest can choose together count together, and a price change that would allow it is refused', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    await call('PATCH', '/api/admin/venue', { token: admin, body: { timezone: 'UTC', happy_hours: [] } });
    const refused = expectApiError(await saveDrink(admin, 'Light Spritz', [{ name: 'No syrup', price_delta_cents: -250 }, { name: 'Half wine', price_delta_cents: -200 }], 'any'), 400);
    expect(refused.message).toBe('No syrup and Half wine would make Light Spritz cost less than nothing');
    // Either alone is fine in a choose-one group.
    const one = await saveDrink(admin, 'Light Spritz', [{ name: 'No syrup', price_delta_cents: -250 }, { name: 'Half wine', price_delta_cents: -200 }]);
    expect(one.status, one.text).toBe(201);
    const id = AdminMenuDrinkResponse.parse(one.json).drink.id;
    const cheaper = expectApiError(await call('PATCH', `/api/admin/menu-drinks/${id}`, { token: admin, body: { price_cents: 200 } }), 400);
    expect(cheaper.message).toBe('No syrup would make Light Spritz cost less than nothing at this price');
    expect(cheaper.details).toEqual([{ path: 'price_cents', message: cheaper.message }]);
  });
});

describe('money in CSV cells', () => {
  it('writes negative amounts with the sign in front: −150 cents is -1.50, not -2.-50', () => {
    expect([-150, -5, -100, 0, 5, 1250, 735_849].map(centsToText)).toEqual(['-1.50', '-0.05', '-1.00', '0.00', '0.05', '12.50', '7358.49']);
  });
});
