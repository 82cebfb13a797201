// Export and import are a round trip (docs/product.md §11.8): a menu or inventory exported and imported unchanged
// creates, changes and deletes nothing, as the dry run shows, even when a cell had to be escaped for a spreadsheet
// (a name starting with `=`, `@`, `+` or `-`); an exported row finds its drink by id, then by name.
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportResult } from '../../shared/schemas/imports';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call } from './helpers';

let admin: string;
beforeAll(async () => { admin = await mintToken(DEMO_EMAILS.admin); });

type Drink = { id: string; name: string; description: string };
const drinks = async () => (await call('GET', '/api/admin/menu-drinks', { token: admin })).json.drinks as Drink[];
const exported = async (what: 'menu' | 'inventory') => {
  const res = await call('GET', `/api/admin/exports/${what}.csv`, { token: admin });
  expect(res.status).toBe(200);
  return res.text;
};
async function imported(what: 'menu' | 'inventory', csv: string, dryRun = true) {
  const res = await call('POST', `/api/admin/imports/${what}`, { token: admin, body: { csv, dry_run: dryRun } });
  expect(res.status, res.text).toBe(200);
  return ImportResult.parse(res.json);
}

const FORMULA_NAMES = ['=HYPERLINK("https://evil.test","Free round")', '@rt tab', '+1 Spritz', '-Minus Mule'];

describe('a menu exported and imported unchanged', () => {
  it('creates, changes and deletes nothing, formula-escaped names included', async () => {
    const rows = FORMULA_NAMES.map((name, i) => `"${name.replace(/"/g, '""')}",${9 + i}.00,cocktail,"=not a formula, ${i}"`);
    const created = await imported('menu', ['name,price,category,description', ...rows].join('\n'), false);
    expect(created.summary).toMatchObject({ create: 4, invalid: 0 });
    const before = await drinks();
    for (const name of FORMULA_NAMES) expect(before.map((d) => d.name)).toContain(name);

    const csv = await exported('menu');
    // The spreadsheet sees text, not formulas.
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.test"",""Free round"")"`);
    expect(csv).toContain("'@rt tab");

    const dry = await imported('menu', csv);
    expect(dry.errors).toEqual([]);
    expect(dry.summary).toEqual({ create: 0, update: 0, unchanged: before.length, invalid: 0 });
    expect(dry.rows.filter((r) => r.action !== 'unchanged')).toEqual([]);

    const applied = await imported('menu', csv, false);
    expect(applied.summary).toEqual({ create: 0, update: 0, unchanged: before.length, invalid: 0 });
    const after = await drinks();
    expect(after.map((d) => [d.id, d.name, d.description]).sort()).toEqual(before.map((d) => [d.id, d.name, d.description]).sort());
  });

  it('finds each row by its id first: a renamed drink is changed, not added', async () => {
    await imported('menu', ['name,price,category', '@Rename Fizz,9.50,cocktail'].join('\n'), false);
    const before = await drinks();
    const target = before.find((d) => d.name === '@Rename Fizz')!;
    const csv = (await exported('menu')).replace("'@Rename Fizz", 'Art Tab');
    const dry = await imported('menu', csv);
    expect(dry.errors).toEqual([]);
    expect(dry.summary).toMatchObject({ create: 0, update: 1 });
    expect(dry.rows.find((r) => r.action === 'update')).toMatchObject({ name: '@Rename Fizz', changes: ['name: @Rename Fizz → Art Tab'] });
    await imported('menu', csv, false);
    const after = await drinks();
    expect(after).toHaveLength(before.length);
    expect(after.find((d) => d.id === target.id)!.name).toBe('Art Tab');
  });
});

describe('an inventory exported and imported unchanged', () => {
  it('creates and changes nothing, formula-escaped names included', async () => {
    const created = await imported('inventory', ['name,quantity,unit', '=Gin (house),2,bottle', '@Tonic,3,bottle'].join('\n'), false);
    expect(created.summary).toMatchObject({ create: 2, invalid: 0 });
    const csv = await exported('inventory');
    expect(csv).toContain("'=Gin (house)");
    const dry = await imported('inventory', csv);
    expect(dry.errors).toEqual([]);
    expect(dry.summary).toMatchObject({ create: 0, update: 0, invalid: 0 });
  });
});
