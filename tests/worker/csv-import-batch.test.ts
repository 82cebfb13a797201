// An applied CSV import is all or nothing (docs/product.md §11.8, docs/decisions/212): every row's writes go to D1 in
// one batch, so a row the database refuses partway through leaves the menu and the inventory exactly as they were.
// The database's refusal is a trigger that aborts one row's insert, as D1 aborts a statement it cannot run.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EMAILS, mintToken, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { countRows } from './order-helpers';

let admin: string;
let artisan: string;

beforeAll(async () => {
  admin = await mintToken(DEMO_EMAILS.admin);
  artisan = await venueId('artisan-bar');
});

afterEach(async () => {
  await env.DB.prepare('DROP TRIGGER IF EXISTS import_fault').run();
  vi.restoreAllMocks();
});

/** The database refuses to insert a row of `table` named `name`. */
async function failInsertOf(table: 'menu_drinks' | 'inventory_items', name: string) {
  await env.DB.prepare(`CREATE TRIGGER import_fault BEFORE INSERT ON ${table} WHEN NEW.name = '${name}' BEGIN SELECT RAISE(ABORT, 'database refused the row'); END`).run();
}

type Drink = { id: string; name: string; price_cents: number; display_order: number; recipe: unknown[] };
const drinks = async () => (await call('GET', '/api/admin/menu-drinks?order=display_order', { token: admin })).json.drinks as Drink[];
const auditCount = (action: string) => countRows('SELECT count(*) AS n FROM audit_log WHERE action = ? AND restaurant_id = ?', action, artisan);

describe('an applied menu import', () => {
  it('writes nothing when the database refuses its 4th row, and says so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const menu = await drinks();
    const known = menu[0]!;
    const csv = [
      'name,price,category,recipe',
      'Batch Fail One,9.00,cocktail,50 ml House Batch Cordial',
      `${known.name},${((known.price_cents + 100) / 100).toFixed(2)},,`,
      'Batch Fail Three,11.00,cocktail,',
      'Batch Fail Four,12.00,cocktail,',
      'Batch Fail Five,13.00,cocktail,',
    ].join('\n');
    const dry = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv } });
    expect(dry.json).toMatchObject({ errors: [], summary: { create: 4, update: 1 } });
    const imports = await auditCount('menu.import');
    const unmatched = await countRows("SELECT count(*) AS n FROM unmatched_ingredients WHERE raw_string = 'House Batch Cordial'");

    await failInsertOf('menu_drinks', 'Batch Fail Four');
    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv, dry_run: false } });

    expect(await countRows("SELECT count(*) AS n FROM menu_drinks WHERE name LIKE 'Batch Fail %'")).toBe(0);
    expect(await drinks()).toEqual(menu);
    expect(await countRows("SELECT count(*) AS n FROM unmatched_ingredients WHERE raw_string = 'House Batch Cordial'")).toBe(unmatched);
    expect(await auditCount('menu.import')).toBe(imports);
    const error = expectApiError(res, 500);
    expect(error.code).toBe('import_failed');
    expect(error.message).toBe('The file could not be written, so nothing was imported; import it again');
    expect(error.details).toMatchObject({ request_id: expect.any(String) });
    // The database's own error still reaches the server log, as every 500 does.
    expect(logged.mock.calls.map((args) => String(args[0])).some((line) => line.includes('database refused the row'))).toBe(true);
  });

  it("writes nothing when a form's own check refuses a later row, and names the row", async () => {
    // A price below an option's discount passes the file's check but not the drink form's (docs/product.md §11.8).
    const base = await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'Batch Tiny Base', price_cents: 1000, modifier_groups: [{ name: 'Size', kind: 'one', options: [{ name: 'Tiny', price_delta_cents: -500 }] }],
    } });
    expect(base.status, base.text).toBe(201);
    const menu = await drinks();
    const csv = ['name,price,category', 'Batch Check One,9.00,cocktail', 'Batch Tiny Base,3.00,', 'Batch Check Three,9.00,cocktail'].join('\n');
    expect((await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv } })).json).toMatchObject({ errors: [], summary: { create: 2, update: 1 } });

    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv, dry_run: false } });
    expect(await drinks()).toEqual(menu);
    const error = expectApiError(res, 400);
    expect(error.message).toBe('Row 3: Tiny would make Batch Tiny Base cost less than nothing at this price; nothing was imported');
    expect(error.details).toEqual([{ row: 3, column: 'price', message: 'Tiny would make Batch Tiny Base cost less than nothing at this price' }]);
  });

  it('writes every row of a good file, new drinks after the menu in file order', async () => {
    const menu = await drinks();
    const last = Math.max(...menu.map((d) => d.display_order));
    const known = menu[1]!;
    const names = ['Batch Good Zeta', 'Batch Good Alpha', 'Batch Good Mu', 'Batch Good Beta'];
    const csv = [
      'name,price,category,recipe',
      `${names[0]},9.00,cocktail,50 ml House Batch Syrup`,
      `${names[1]},10.00,cocktail,`,
      `${known.name},${((known.price_cents + 50) / 100).toFixed(2)},,`,
      `${names[2]},11.00,beer,`,
      `${names[3]},12.00,cocktail,25 ml House Batch Syrup (optional)`,
    ].join('\n');
    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv, dry_run: false } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ applied: true, summary: { create: 4, update: 1 } });

    const after = await drinks();
    const created = names.map((name) => after.find((d) => d.name === name)!);
    expect(created.map((d) => d.display_order)).toEqual([last + 1, last + 2, last + 3, last + 4]);
    expect(created.map((d) => d.price_cents)).toEqual([900, 1000, 1100, 1200]);
    expect(created[0]!.recipe).toMatchObject([{ raw_name: 'House Batch Syrup', quantity: 50, unit: 'ml', is_optional: false }]);
    expect(after.find((d) => d.id === known.id)!.price_cents).toBe(known.price_cents + 50);
    // The unmatched recipe text is recorded for normalisation as the drink form records it.
    expect(await countRows("SELECT count(*) AS n FROM unmatched_ingredients WHERE raw_string = 'House Batch Syrup' AND resolved_at IS NULL")).toBe(2);
  });
});

describe('an applied inventory import', () => {
  type Item = { id: string; name: string; quantity: number; unit: string };
  const items = async () => (await call('GET', '/api/admin/inventory', { token: admin })).json.items as Item[];
  const movements = () => countRows('SELECT count(*) AS n FROM stock_movements m JOIN inventory_items i ON i.id = m.inventory_item_id WHERE i.restaurant_id = ?', artisan);

  it('writes nothing, stock counts included, when the database refuses its 4th row', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stock = await items();
    const known = stock[0]!;
    const csv = [
      'name,quantity,unit',
      'Batch Item One,2,bottle',
      `${known.name},${known.quantity + 3},`,
      'Batch Item Three,4,bottle',
      'Batch Item Four,5,bottle',
      'Batch Item Five,6,bottle',
    ].join('\n');
    const before = await movements();
    await failInsertOf('inventory_items', 'Batch Item Four');
    const res = await call('POST', '/api/admin/imports/inventory', { token: admin, body: { csv, dry_run: false } });

    expect(await items()).toEqual(stock);
    expect(await movements()).toBe(before);
    expect(expectApiError(res, 500).code).toBe('import_failed');
  });

  it('writes every row of a good file with its stock movements', async () => {
    const stock = await items();
    const known = stock[1]!;
    const csv = ['name,quantity,unit', 'Batch Item Good A,2,bottle', `${known.name},${known.quantity + 1},`, 'Batch Item Good B,0,bottle'].join('\n');
    const before = await movements();
    const res = await call('POST', '/api/admin/imports/inventory', { token: admin, body: { csv, dry_run: false } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ applied: true, summary: { create: 2, update: 1 } });
    const after = await items();
    expect(after.find((i) => i.name === 'Batch Item Good A')!.quantity).toBe(2);
    expect(after.find((i) => i.name === 'Batch Item Good B')!.quantity).toBe(0);
    expect(after.find((i) => i.id === known.id)!.quantity).toBe(known.quantity + 1);
    // Opening stock of A and the count of the known item; B opens empty and writes none.
    expect(await movements()).toBe(before + 2);
    const count = await env.DB.prepare("SELECT delta, reason FROM stock_movements WHERE inventory_item_id = ? ORDER BY id DESC LIMIT 1").bind(known.id).first();
    expect(count).toEqual({ delta: 1, reason: 'Edited in admin inventory' });
  });
});
