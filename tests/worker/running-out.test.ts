// Running out mid-rush (docs/product.md §11.2, docs/decisions/233): "Start Preparing" a ticket the stock cannot
// cover asks first and says what is short; an 86 takes an ingredient out and "back in" returns it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, expectApiError } from './helpers';
import { guestToken, staffToken } from './order-helpers';

type Line = { drink_id: string; item_id: string; ingredient_name: string; quantity: number };

/** The artisan bar's Boulevardier and its Campari line, as the seed stocks them. */
async function boulevardierCampari(): Promise<Line> {
  const line = await env.DB.prepare(
    `SELECT d.id AS drink_id, ii.id AS item_id, i.name AS ingredient_name, di.quantity
     FROM menu_drinks d JOIN venues v ON v.id = d.restaurant_id AND v.slug = 'artisan-bar'
     JOIN drink_ingredients di ON di.menu_drink_id = d.id
     JOIN ingredients i ON i.id = di.ingredient_id AND i.name LIKE '%Campari%'
     JOIN inventory_items ii ON ii.ingredient_id = di.ingredient_id AND ii.restaurant_id = d.restaurant_id AND ii.deleted_at IS NULL
     WHERE d.name = 'Boulevardier'`,
  ).first<Line>();
  if (!line) throw new Error('the seed has no Boulevardier with Campari at artisan-bar');
  return line;
}

/** Stocks the Campari again (a test before may have run it out), then a guest orders a Boulevardier. */
async function placeBoulevardier(line: Line, staff: string) {
  const restocked = await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { on_hand_ml: 3000, available: true, reason: 'Delivery' } });
  expect(restocked.status, restocked.text).toBe(200);
  const guest = await guestToken();
  const res = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: 'artisan-bar', item: { menu_drink_id: line.drink_id } } });
  expect(res.status, res.text).toBe(200);
  return res.json.id as string;
}

const orderStatus = async (id: string) => (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<{ status: string }>())!.status;
const onHand = async (id: string) => (await env.DB.prepare('SELECT quantity FROM inventory_items WHERE id = ?').bind(id).first<{ quantity: number }>())!.quantity;

describe('Start Preparing when the stock cannot cover the ticket', () => {
  it('asks first, saying what is short, changes nothing, and goes through once the bartender confirms', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await boulevardierCampari();
    const order = await placeBoulevardier(line, staff);
    // The Campari runs out after the ticket came in.
    const emptied = await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { on_hand_ml: 0, reason: 'Last bottle broke' } });
    expect(emptied.status, emptied.text).toBe(200);

    const refused = expectApiError(await call('PUT', `/api/staff/orders/${order}/status`, { token: staff, body: { status: 'preparing' } }), 409);
    expect(refused.code).toBe('stock_short');
    // What is short as data (docs/decisions/280): the names for the refusal's sentence, each line for the bar's dialog.
    expect(refused.message).toBe(`Short of ${line.ingredient_name}`);
    expect(refused.details).toEqual({ ingredients: line.ingredient_name, short: [`${line.ingredient_name}: ${line.quantity} ml needed, 0 ml on hand`] });
    expect(await orderStatus(order)).toBe('pending');

    const confirmed = await call('PUT', `/api/staff/orders/${order}/status`, { token: staff, body: { status: 'preparing', allow_short: true } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await orderStatus(order)).toBe('preparing');
    // Stock floors at 0: nothing poured below empty.
    expect(await onHand(line.item_id)).toBe(0);
  });

  it('an 86 (the item switched off) is short too, and Back in lets the ticket start without asking', async () => {
    const staff = await staffToken('staff@barhop.dev');
    const line = await boulevardierCampari();
    const order = await placeBoulevardier(line, staff);
    expect((await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { available: false, reason: "86'd at the bar" } })).status).toBe(200);
    const refused = expectApiError(await call('PUT', `/api/staff/orders/${order}/status`, { token: staff, body: { status: 'preparing' } }), 409);
    expect(refused.details).toEqual({ ingredients: line.ingredient_name, short: [`${line.ingredient_name}: ${line.quantity} ml needed, 86'd`] });
    expect((await call('PUT', `/api/staff/inventory/${line.item_id}`, { token: staff, body: { available: true, reason: 'Back in' } })).status).toBe(200);
    const started = await call('PUT', `/api/staff/orders/${order}/status`, { token: staff, body: { status: 'preparing' } });
    expect(started.status, started.text).toBe(200);
  });
});
