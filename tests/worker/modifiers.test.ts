// Modifiers (docs/decisions/197): per drink, groups the admin defines; options priced by the server, poured from
// stock, and carrying their allergens into the glass. Bad choices are refused in the error shape, storing nothing.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartResponse } from '../../shared/schemas/cart';
import { DrinkList } from '../../shared/schemas/drink';
import type { MenuModifierGroup } from '../../shared/schemas/modifiers';
import { PlacedOrder } from '../../shared/schemas/order';
import { AdminMenuDrinkResponse } from '../../shared/schemas/admin';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { countRows, guestToken, MOVEMENTS_OF_ORDER, staffToken, suggestedCreation } from './order-helpers';
import { addLine, addTables, newGuest, sendRound, sit, stateOf } from './table-helpers';

const SLUG = 'artisan-bar';
type Groups = MenuModifierGroup[];

async function menuDrink(name: string) {
  const { drinks } = DrinkList.parse((await call('GET', `/api/drinks?slug=${SLUG}`)).json);
  const drink = drinks.find((d) => d.name === name);
  expect(drink, name).toBeTruthy();
  return drink as typeof drink & { modifier_groups: Groups };
}
const optionId = (groups: Groups, group: string, option: string) =>
  groups.find((g) => g.name === group)!.options.find((o) => o.name === option)!.id;

const ingredientId = async (name: string) =>
  (await env.DB.prepare('SELECT id FROM ingredients WHERE lower(name) = lower(?)').bind(name).first<{ id: string }>())!.id;

const placeItems = (token: string, items: unknown[]) => call('POST', '/api/orders', { token, body: { slug: SLUG, items } });
const setStatus = (id: string, token: string, status: string) => call('PUT', `/api/staff/orders/${id}/status`, { token, body: { status } });

/** What the order poured of the venue's stock of `ingredient`, in ml (negative: taken). */
async function pouredMl(orderId: string, ingredient: string) {
  const row = await env.DB.prepare(`SELECT coalesce(sum(m.delta_ml), 0) AS ml FROM stock_movements m JOIN inventory_items i ON i.id = m.inventory_item_id
    JOIN ingredients g ON g.id = i.ingredient_id WHERE m.${MOVEMENTS_OF_ORDER} AND lower(g.name) = lower(?)`).bind(orderId, ingredient).first<{ ml: number }>();
  return row!.ml;
}

let negroni: Awaited<ReturnType<typeof menuDrink>>;
let double: string;
let noIce: string;
let staff: string;
let admin: string;

beforeAll(async () => {
  await addTables(60);
  negroni = await menuDrink('Negroni');
  double = optionId(negroni.modifier_groups, 'Extras', 'Double');
  noIce = optionId(negroni.modifier_groups, 'Extras', 'No ice');
  staff = await staffToken(DEMO_EMAILS.staff);
  admin = await mintToken(DEMO_EMAILS.admin);
});

describe('the demo Negroni', () => {
  it('offers a Double (+45 ml gin, priced) and No ice (free) to guests, without the recipe', async () => {
    const extras = negroni.modifier_groups.find((g) => g.name === 'Extras')!;
    expect(extras.kind).toBe('any');
    expect(extras.options.map((o) => [o.name, o.price_delta_cents])).toEqual([['Double', 500], ['No ice', 0]]);
    expect(JSON.stringify(negroni.modifier_groups)).not.toContain('effects');
    const res = await call('GET', `/api/drinks/${negroni.id}?slug=${SLUG}`);
    expect(res.json.drink.modifier_groups).toEqual(negroni.modifier_groups);
  });
});

describe('server pricing', () => {
  it('prices a double Negroni with no ice at the menu price plus the double, whatever the client sends', async () => {
    const { token } = await guestToken();
    const res = await placeItems(token, [{ menu_drink_id: negroni.id, quantity: 2, modifiers: [noIce, double], price: 1, price_cents: 1 }]);
    expect(res.status, res.text).toBe(200);
    const placed = PlacedOrder.parse(res.json);
    const line = placed.order.items[0]!;
    expect(line.price_cents).toBe(negroni.price_cents + 500);
    expect(line.total_cents).toBe((negroni.price_cents + 500) * 2);
    expect(placed.subtotal_cents).toBe((negroni.price_cents + 500) * 2);
    // In the drink's order of options, whatever order they were sent in.
    expect(line.modifiers).toBe('Double, No ice');
    expect(line.modifier_choices?.map((c) => [c.group, c.option, c.price_delta_cents])).toEqual([['Extras', 'Double', 500], ['Extras', 'No ice', 0]]);
    // The staff ticket reads the same.
    const queue = await call('GET', '/api/staff/orders?status=active', { token: staff });
    const ticket = (queue.json.orders as { id: string; items: { modifiers: string | null }[] }[]).find((o) => o.id === placed.id);
    expect(ticket?.items[0]?.modifiers).toBe('Double, No ice');
  });

  it('prices cart lines with their options and keeps the same drink made two ways as two lines, through checkout', async () => {
    const { token } = await guestToken();
    await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: negroni.id, qty: 1 } });
    const added = await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: negroni.id, qty: 1, modifiers: [double], price: 0 } });
    expect(added.status, added.text).toBe(200);
    const { cart } = CartResponse.parse(added.json);
    expect(cart.items.map((i) => [i.menu_drink_id, i.price_cents, i.modifier_choices.map((c) => c.option)])).toEqual([
      [negroni.id, negroni.price_cents, []], [negroni.id, negroni.price_cents + 500, ['Double']],
    ]);
    expect(cart.subtotal_cents).toBe(negroni.price_cents * 2 + 500);
    // The line is changed by its drink and options, and removed by its key.
    const doubled = cart.items[1]!;
    const more = await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: negroni.id, qty: 2, modifiers: doubled.modifiers } });
    expect(CartResponse.parse(more.json).cart.items.map((i) => i.qty)).toEqual([1, 2]);
    const checkout = await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } });
    expect(checkout.status, checkout.text).toBe(200);
    const placed = PlacedOrder.parse(checkout.json);
    expect(placed.order.items.map((i) => [i.quantity, i.price_cents, i.modifiers])).toEqual([[1, negroni.price_cents, null], [2, negroni.price_cents + 500, 'Double']]);
    expect(placed.subtotal_cents).toBe(negroni.price_cents * 3 + 1000);
  });

  it('removes a line by its key', async () => {
    const { token } = await guestToken();
    const added = CartResponse.parse((await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: negroni.id, qty: 1, modifiers: [double] } })).json);
    const key = added.cart.items[0]!.line_key;
    expect(key).not.toBe(negroni.id);
    const removed = await call('DELETE', `/api/cart/${encodeURIComponent(key)}?slug=${SLUG}`, { token });
    expect(removed.json.cart.items).toEqual([]);
  });
});

describe('stock', () => {
  it("pours the double's extra 45 ml of gin when the bar starts the drink", async () => {
    const plain = await guestToken();
    const doubled = await guestToken();
    const plainOrder = PlacedOrder.parse((await placeItems(plain.token, [{ menu_drink_id: negroni.id, quantity: 1, modifiers: [noIce] }])).json);
    const doubleOrder = PlacedOrder.parse((await placeItems(doubled.token, [{ menu_drink_id: negroni.id, quantity: 1, modifiers: [double, noIce] }])).json);
    expect((await setStatus(plainOrder.id, staff, 'preparing')).status).toBe(200);
    expect((await setStatus(doubleOrder.id, staff, 'preparing')).status).toBe(200);
    const plainGin = await pouredMl(plainOrder.id, 'London dry gin');
    expect(plainGin).toBe(-30);
    expect(await pouredMl(doubleOrder.id, 'London dry gin')).toBe(plainGin - 45);
    expect(await pouredMl(doubleOrder.id, 'Campari')).toBe(await pouredMl(plainOrder.id, 'Campari'));
  });

  it('a spirit choice pours the spirit chosen instead of the one in the recipe', async () => {
    const oldFashioned = await menuDrink('Old Fashioned');
    const rye = optionId(oldFashioned.modifier_groups, 'Spirit', 'Rye whiskey');
    const { token } = await guestToken();
    const placed = PlacedOrder.parse((await placeItems(token, [{ menu_drink_id: oldFashioned.id, quantity: 1, modifiers: [rye] }])).json);
    expect(placed.order.items[0]!.price_cents).toBe(oldFashioned.price_cents + 100);
    expect((await setStatus(placed.id, staff, 'preparing')).status).toBe(200);
    expect(await pouredMl(placed.id, 'Bourbon')).toBe(0);
    expect(await pouredMl(placed.id, 'Rye whiskey')).toBe(-45);
  });
});

describe('allergens', () => {
  it('come from the drink with its options: an option adding egg white puts eggs in the glass', async () => {
    const [gin, lemon, egg] = await Promise.all([ingredientId('London dry gin'), ingredientId('Fresh lemon juice'), ingredientId('Egg white')]);
    const created = await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Modifier Sour', price_cents: 1400, category: 'cocktail',
      recipe: [{ ingredient_id: gin, quantity: 50, unit: 'ml' }, { ingredient_id: lemon, quantity: 25, unit: 'ml' }],
      modifier_groups: [{ name: 'Texture', kind: 'any', options: [{ name: 'Foamy', price_delta_cents: 100, effects: [{ ingredient_id: egg, quantity: 20 }] }] }],
    } });
    expect(created.status, created.text).toBe(201);
    const drink = AdminMenuDrinkResponse.parse(created.json).drink;
    expect(drink.allergens).not.toContain('eggs');
    const foamy = drink.modifier_groups[0]!.options[0]!;
    expect(foamy.allergens).toEqual(['eggs']);
    expect(foamy.effects).toEqual([{ ingredient_id: egg, ingredient_name: 'Egg white', quantity: 20, unit: 'ml' }]);

    const withFoam = await guestToken();
    const without = await guestToken();
    const foamed = PlacedOrder.parse((await placeItems(withFoam.token, [{ menu_drink_id: drink.id, quantity: 1, modifiers: [foamy.id] }])).json);
    const plain = PlacedOrder.parse((await placeItems(without.token, [{ menu_drink_id: drink.id, quantity: 1 }])).json);
    expect(foamed.order.items[0]!.allergens).toContain('eggs');
    expect(plain.order.items[0]!.allergens).not.toContain('eggs');
    const cartGuest = await guestToken();
    const cart = CartResponse.parse((await call('POST', '/api/cart', { token: cartGuest.token, body: { slug: SLUG, menu_drink_id: drink.id, qty: 1, modifiers: [foamy.id] } })).json);
    expect(cart.cart.items[0]!.allergens).toContain('eggs');
  });
});

describe('bad input is refused in the error shape, storing nothing', () => {
  it('an option that is not one of the drink’s', async () => {
    const manhattan = await menuDrink('Manhattan');
    const bourbon = optionId(manhattan.modifier_groups, 'Spirit', 'Bourbon');
    const { token, ownerKey } = await guestToken();
    const order = expectApiError(await placeItems(token, [{ menu_drink_id: negroni.id, quantity: 1, modifiers: [bourbon] }]), 400);
    expect(order).toEqual({ code: 'options_refused', message: "That option is not one of Negroni's: choose again", details: { drink: 'Negroni', refusal: 'options_refused.not_offered' } });
    const cart = expectApiError(await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: negroni.id, qty: 1, modifiers: ['made-up'] } }), 400);
    expect(cart.code).toBe('options_refused');
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
    expect(await countRows('SELECT count(*) AS n FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.owner_key = ?', ownerKey)).toBe(0);
  });

  it('two options of a choose-one group, and a required group left out', async () => {
    const manhattan = await menuDrink('Manhattan');
    const rye = optionId(manhattan.modifier_groups, 'Spirit', 'Rye whiskey');
    const bourbon = optionId(manhattan.modifier_groups, 'Spirit', 'Bourbon');
    const { token, ownerKey } = await guestToken();
    const two = expectApiError(await placeItems(token, [{ menu_drink_id: manhattan.id, quantity: 1, modifiers: [rye, bourbon] }]), 400);
    expect(two).toEqual({ code: 'options_refused', message: 'Choose one Spirit for Manhattan, not 2', details: { group: 'Spirit', drink: 'Manhattan', count: 2, refusal: 'options_refused.one' } });
    const neat = AdminMenuDrinkResponse.parse((await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Modifier Neat', price_cents: 1200, category: 'spirit',
      modifier_groups: [{ name: 'Pour', kind: 'one', required: true, options: [{ name: 'Bourbon' }, { name: 'Rye' }] }],
    } })).json).drink;
    const none = expectApiError(await placeItems(token, [{ menu_drink_id: neat.id, quantity: 1 }]), 400);
    expect(none.message).toBe('Choose a Pour for Modifier Neat');
    expect(none.details).toEqual({ group: 'Pour', drink: 'Modifier Neat', refusal: 'options_refused.required' });
    expectApiError(await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: neat.id, qty: 1 } }), 400);
    const twice = expectApiError(await placeItems(token, [{ menu_drink_id: negroni.id, quantity: 1, modifiers: [double, double] }]), 400);
    expect(twice.message).toBe('An option is chosen twice');
    expectApiError(await placeItems(token, [{ menu_drink_id: negroni.id, quantity: 1, modifiers: 'double' }]), 400);
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
  });

  it('options on an AI creation, which has none to choose', async () => {
    const { token, ownerKey } = await guestToken();
    const suggestion = await suggestedCreation(ownerKey, SLUG, 'Gin Sparkle', [{ ingredient: 'London dry gin', quantity: 45, unit: 'ml' }]);
    const refused = expectApiError(await placeItems(token, [{ is_ai_creation: true, ai_interaction_id: suggestion, quantity: 1, modifiers: [double] }]), 400);
    expect(refused.message).toBe('An AI creation has no options to choose');
    expect(refused).toMatchObject({ code: 'options_refused', details: { refusal: 'options_refused.ai_creation' } });
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
  });

  it('a checkout whose option the bar has since removed', async () => {
    const created = AdminMenuDrinkResponse.parse((await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Modifier Fizz', price_cents: 1000, category: 'cocktail',
      modifier_groups: [{ name: 'Extras', kind: 'any', options: [{ name: 'Salt rim', price_delta_cents: 50 }] }],
    } })).json).drink;
    const { token, ownerKey } = await guestToken();
    await call('POST', '/api/cart', { token, body: { slug: SLUG, menu_drink_id: created.id, qty: 1, modifiers: [created.modifier_groups[0]!.options[0]!.id] } });
    await call('PATCH', `/api/admin/menu-drinks/${created.id}`, { token: admin, body: { modifier_groups: [] } });
    const cart = CartResponse.parse((await call('GET', `/api/cart?slug=${SLUG}`, { token })).json).cart;
    expect(cart.items[0]!.available).toBe(false);
    const refused = expectApiError(await call('POST', '/api/cart/checkout', { token, body: { slug: SLUG } }), 400);
    expect(refused.code).toBe('options_refused');
    expect(await countRows('SELECT count(*) AS n FROM orders WHERE owner_key = ?', ownerKey)).toBe(0);
  });

  it('an admin group naming an unknown ingredient or making the drink cost less than nothing', async () => {
    const unknown = expectApiError(await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Modifier Bad', price_cents: 1000,
      modifier_groups: [{ name: 'Extras', kind: 'any', options: [{ name: 'Mystery', effects: [{ ingredient_id: 'nope', quantity: 10 }] }] }],
    } }), 400);
    expect(unknown.details).toEqual([{ path: 'modifier_groups.0.options.0.effects.0.ingredient_id', message: 'Unknown ingredient' }]);
    const cheap = expectApiError(await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Modifier Bad', price_cents: 1000,
      modifier_groups: [{ name: 'Size', kind: 'one', options: [{ name: 'Tiny', price_delta_cents: -2000 }] }],
    } }), 400);
    expect(cheap.message).toBe('Tiny would make Modifier Bad cost less than nothing');
    const badKind = expectApiError(await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Modifier Bad', price_cents: 1000, modifier_groups: [{ name: 'Size', kind: 'some', options: [{ name: 'Big' }] }],
    } }), 400);
    expect(badKind.code).toBe('invalid_request');
    expect(await countRows("SELECT count(*) AS n FROM menu_drinks WHERE name = 'Modifier Bad'")).toBe(0);
  });
});

describe('a table cart line', () => {
  it('carries its options into the round, priced and shown', async () => {
    const host = await newGuest();
    const state = await sit(host, '52', 'Ada');
    const sessionId = state.table.session_id;
    const refused = expectApiError(await addLine(sessionId, host.token, { menu_drink_id: negroni.id, qty: 1, modifiers: ['made-up'] }), 400);
    expect(refused.code).toBe('options_refused');
    expect((await stateOf(sessionId, host.token)).cart.lines).toEqual([]);
    expect((await addLine(sessionId, host.token, { menu_drink_id: negroni.id, qty: 1, modifiers: [double, noIce] })).status).toBe(200);
    const line = (await stateOf(sessionId, host.token)).cart.lines[0]!;
    expect(line.price_cents).toBe(negroni.price_cents + 500);
    expect(line.modifier_choices.map((c) => c.option)).toEqual(['Double', 'No ice']);
    const round = await sendRound(sessionId, host.token);
    expect(round.order.items[0]!.modifiers).toBe('Double, No ice');
    expect(round.order.items[0]!.price_cents).toBe(negroni.price_cents + 500);
    // The tab's line (what the split by item lists) keeps its options too.
    expect(round.table.rounds[0]!.lines[0]).toMatchObject({ name: 'Negroni', modifiers: 'Double, No ice' });
  });
});
