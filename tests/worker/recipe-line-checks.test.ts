// Back-office readings (docs/decisions/238): an imported line the catalogue knows by its words ("1 sprig Mint") is
// matched, and an unmatched line the owner confirmed free of allergens no longer warns guests.
import { describe, expect, it } from 'vitest';
import { DrinkList } from '../../shared/schemas/drink';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call } from './helpers';

const guestMenuEntry = async (name: string) => DrinkList.parse((await call('GET', '/api/drinks?slug=artisan-bar')).json).drinks.find((d) => d.name === name)!;

describe('recipe lines the catalogue knows, and lines the owner checked', () => {
  it('an imported "1 sprig Mint" is matched to the catalogue\'s Fresh mint: no warning for guests', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const csv = 'name,price,category,description,enabled,featured,recipe\nGarden Smash,11.00,cocktail,Gin and mint,yes,no,"50 ml London dry gin; 1 sprig Mint; 20 ml Fresh lime juice"';
    const res = await call('POST', '/api/admin/imports/menu', { token: admin, body: { csv, dry_run: false } });
    expect(res.status, res.text).toBe(200);
    const drink = await guestMenuEntry('Garden Smash');
    expect(drink.unchecked_ingredients).toEqual([]);
    const admins = (await call('GET', '/api/admin/menu-drinks?limit=200', { token: admin })).json.drinks as { name: string; recipe: { raw_name: string; ingredient_name: string; ingredient_id: string | null }[] }[];
    const mint = admins.find((d) => d.name === 'Garden Smash')!.recipe.find((l) => l.raw_name === 'Mint')!;
    expect(mint.ingredient_id).not.toBeNull();
    expect(mint.ingredient_name).toBe('Fresh mint');
  });

  it('an unmatched line the owner confirms has no allergens stops the guests\' warning; unconfirmed it stays', async () => {
    const admin = await mintToken(DEMO_EMAILS.admin);
    const line = (raw: string, confirmed: boolean) => ({ raw_name: raw, quantity: 2, unit: 'dash', is_optional: false, no_allergens_confirmed: confirmed });
    const created = await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
      name: 'House Tonic Highball', price_cents: 1000, category: 'cocktail',
      recipe: [{ raw_name: 'London dry gin', quantity: 50, unit: 'ml' }, line('House celery tincture', true), line('Smoked bark syrup', false)],
    } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.drink.unchecked_ingredients).toEqual(['Smoked bark syrup']);
    expect(created.json.drink.recipe.map((l: { no_allergens_confirmed: boolean }) => l.no_allergens_confirmed)).toEqual([false, true, false]);
    expect((await guestMenuEntry('House Tonic Highball')).unchecked_ingredients).toEqual(['Smoked bark syrup']);
  });
});
