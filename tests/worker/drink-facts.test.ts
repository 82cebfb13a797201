// A drink's allergens and "contains alcohol" are facts of its recipe (docs/decisions/238): kept
// true through the admin's recipe edits, the super admin's ingredient edits and merges, and the
// migration that backfilled them.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveDrinkFacts } from '../../shared/drink-facts';
import { DrinkDetailResponse, DrinkList } from '../../shared/schemas/drink';
import { DEMO_EMAILS, mintToken } from './auth-helpers';
import { call } from './helpers';

let admin: string;
let superadmin: string;
const ingredient = async (name: string) => (await env.DB.prepare('SELECT id FROM ingredients WHERE name = ?').bind(name).first<{ id: string }>())!.id;

beforeAll(async () => {
  [admin, superadmin] = await Promise.all([mintToken(DEMO_EMAILS.admin), mintToken('superadmin@barhop.dev')]);
});

const guestDrink = async (id: string) => DrinkDetailResponse.parse((await call('GET', `/api/drinks/${id}?slug=artisan-bar`)).json).drink;
const guestMenuEntry = async (id: string) => DrinkList.parse((await call('GET', '/api/drinks?slug=artisan-bar')).json).drinks.find((d) => d.id === id)!;

/** Every drink in the database against its recipe: the invariant the whole product relies on. */
async function disagreeingDrinks() {
  const { results: drinks } = await env.DB.prepare('SELECT id, name, category, allergens, extra_allergens, contains_alcohol FROM menu_drinks')
    .all<{ id: string; name: string; category: string; allergens: string; extra_allergens: string; contains_alcohol: number }>();
  const { results: lines } = await env.DB.prepare(
    'SELECT di.menu_drink_id, i.category, i.allergens FROM drink_ingredients di LEFT JOIN ingredients i ON i.id = di.ingredient_id',
  ).all<{ menu_drink_id: string; category: string | null; allergens: string | null }>();
  return drinks.filter((d) => {
    const facts = deriveDrinkFacts({
      category: d.category, extraAllergens: JSON.parse(d.extra_allergens),
      lines: lines.filter((l) => l.menu_drink_id === d.id).map((l) => ({ ingredient: l.category === null ? null : { category: l.category, allergens: JSON.parse(l.allergens!) } })),
    });
    return JSON.stringify(facts.allergens) !== d.allergens || facts.containsAlcohol !== Boolean(d.contains_alcohol);
  }).map((d) => d.name);
}

describe('allergens and alcohol follow the recipe', () => {
  it('the seeded menus agree with their recipes, and the Mai Tai says tree nuts', async () => {
    expect(await disagreeingDrinks()).toEqual([]);
    const maiTai = await env.DB.prepare("SELECT allergens, contains_alcohol FROM menu_drinks WHERE name = 'Mai Tai' LIMIT 1").first<{ allergens: string; contains_alcohol: number }>();
    expect(JSON.parse(maiTai!.allergens)).toContain('tree nuts');
  });

  it('the seeded Negroni\'s "Carpano Antica" line is sweet vermouth: guests see sulphites and no unchecked-allergen warning', async () => {
    const negroni = DrinkList.parse((await call('GET', '/api/drinks?slug=artisan-bar')).json).drinks.find((d) => d.name === 'Negroni')!;
    const drink = await guestDrink(negroni.id);
    expect(drink.unchecked_ingredients).toEqual([]);
    expect(drink.allergens).toContain('sulphites');
  });

  it('a recipe typed with a branded sweet vermouth ("Carpano Antica", "Cocchi Vermouth di Torino", "Punt e Mes") lists sulphites as known', async () => {
    const gin = await ingredient('London dry gin');
    for (const brand of ['Carpano Antica', 'Cocchi Vermouth di Torino', 'Punt e Mes']) {
      const created = await call('POST', '/api/admin/menu-drinks', { token: admin, body: {
        name: `Negroni with ${brand}`, price_cents: 1200, category: 'cocktail',
        recipe: [{ ingredient_id: gin, quantity: 30, unit: 'ml' }, { raw_name: brand, quantity: 30, unit: 'ml' }],
      } });
      expect(created.status, created.text).toBe(201);
      const drink = await guestDrink(created.json.drink.id as string);
      expect(drink.unchecked_ingredients, brand).toEqual([]);
      expect(drink.allergens, brand).toContain('sulphites');
    }
  });

  it('adding Amaretto to a recipe makes "tree nuts" and alcohol appear on the guest drink; removing it takes them away', async () => {
    const [lime, syrup, amaretto] = await Promise.all([ingredient('Fresh lime juice'), ingredient('Simple syrup'), ingredient('Amaretto')]);
    const plain = [{ ingredient_id: lime, quantity: 25, unit: 'ml' }, { ingredient_id: syrup, quantity: 20, unit: 'ml' }];
    const created = await call('POST', '/api/admin/menu-drinks', { token: admin, body: { name: 'House Sour Test', price_cents: 1000, category: 'cocktail', recipe: plain } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.drink.id as string;
    expect(await guestDrink(id)).toMatchObject({ allergens: [], contains_alcohol: false });

    const withAmaretto = await call('PUT', `/api/admin/menu-drinks/${id}`, {
      token: admin, body: { name: 'House Sour Test', price_cents: 1000, category: 'cocktail', recipe: [...plain, { ingredient_id: amaretto, quantity: 30, unit: 'ml' }] },
    });
    expect(withAmaretto.json.drink).toMatchObject({ allergens: ['tree nuts'], contains_alcohol: true });
    expect(await guestDrink(id)).toMatchObject({ allergens: ['tree nuts'], contains_alcohol: true });
    expect(await guestMenuEntry(id)).toMatchObject({ allergens: ['tree nuts'], contains_alcohol: true });

    await call('PUT', `/api/admin/menu-drinks/${id}`, { token: admin, body: { name: 'House Sour Test', price_cents: 1000, category: 'cocktail', recipe: plain } });
    expect(await guestDrink(id)).toMatchObject({ allergens: [], contains_alcohol: false });
    expect(await disagreeingDrinks()).toEqual([]);
  });

  it("the admin's own allergens are added to the recipe's and kept until the admin changes them", async () => {
    const lime = await ingredient('Fresh lime juice');
    const created = await call('POST', '/api/admin/menu-drinks', {
      token: admin, body: { name: 'Sesame Fizz Test', price_cents: 900, category: 'mocktail', extra_allergens: ['sesame'], recipe: [{ ingredient_id: lime, quantity: 25, unit: 'ml' }] },
    });
    const id = created.json.drink.id as string;
    expect(await guestDrink(id)).toMatchObject({ allergens: ['sesame'], contains_alcohol: false });
    // An edit that does not name extra_allergens leaves them as they are.
    await call('PUT', `/api/admin/menu-drinks/${id}`, { token: admin, body: { name: 'Sesame Fizz Test', price_cents: 950, category: 'mocktail' } });
    expect((await guestDrink(id)).allergens).toEqual(['sesame']);
    await call('PUT', `/api/admin/menu-drinks/${id}`, { token: admin, body: { name: 'Sesame Fizz Test', price_cents: 950, category: 'mocktail', extra_allergens: [] } });
    expect((await guestDrink(id)).allergens).toEqual([]);
  });

  it("a super admin's change to an ingredient's allergens reaches every drink poured with it", async () => {
    const coconut = await ingredient('Coconut cream');
    const before = await env.DB.prepare("SELECT id FROM menu_drinks d WHERE EXISTS (SELECT 1 FROM drink_ingredients di WHERE di.menu_drink_id = d.id AND di.ingredient_id = ?)")
      .bind(coconut).all<{ id: string }>();
    expect(before.results.length).toBeGreaterThan(0);
    const res = await call('PUT', `/api/super/ingredients/${coconut}`, { token: superadmin, body: { allergens: ['coconut'] } });
    expect(res.status, res.text).toBe(200);
    for (const { id } of before.results) {
      const row = await env.DB.prepare('SELECT allergens FROM menu_drinks WHERE id = ?').bind(id).first<{ allergens: string }>();
      expect(JSON.parse(row!.allergens)).toContain('coconut');
    }
    expect(await disagreeingDrinks()).toEqual([]);
  });

  it('merging an unmatched recipe line into an ingredient gives its drinks that ingredient\'s allergens', async () => {
    const bitters = await ingredient('Angostura bitters');
    await call('PUT', `/api/super/ingredients/${bitters}`, { token: superadmin, body: { allergens: ['test-merge'] } });
    const row = await env.DB.prepare("SELECT id, menu_drink_id FROM unmatched_ingredients WHERE raw_string = 'Angostura Bitters (dash)' AND resolved_at IS NULL").first<{ id: string; menu_drink_id: string }>();
    const drinkBefore = await env.DB.prepare('SELECT allergens FROM menu_drinks WHERE id = ?').bind(row!.menu_drink_id).first<{ allergens: string }>();
    expect(JSON.parse(drinkBefore!.allergens)).not.toContain('test-merge');
    const merged = await call('POST', `/api/super/ingredients/${row!.id}/merge`, { token: superadmin, body: { target_ingredient_id: bitters } });
    expect(merged.status, merged.text).toBe(200);
    const drinkAfter = await env.DB.prepare('SELECT allergens FROM menu_drinks WHERE id = ?').bind(row!.menu_drink_id).first<{ allergens: string }>();
    expect(JSON.parse(drinkAfter!.allergens)).toContain('test-merge');
    expect(await disagreeingDrinks()).toEqual([]);
  });

  it('migration 0002 backfills allergens and alcohol from the recipe and keeps what the recipe cannot say', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0002_'))!;
    const backfill = migration.queries.filter((q) => /^\s*(--[^\n]*\n\s*)*UPDATE/i.test(q));
    expect(backfill.length).toBe(4);
    // The state before the migration: allergens typed by hand (one the recipe does not carry), alcohol unknown.
    await env.DB.prepare("UPDATE menu_drinks SET allergens = '[\"sulphites\",\"typed-by-hand\"]', extra_allergens = '[]', contains_alcohol = 1 WHERE name = 'Virgin Piña Colada'").run();
    await env.DB.prepare("UPDATE menu_drinks SET allergens = '[]', extra_allergens = '[]', contains_alcohol = 0 WHERE name = 'Mai Tai'").run();
    for (const query of backfill) await env.DB.prepare(query).run();
    const colada = await env.DB.prepare("SELECT allergens, extra_allergens, contains_alcohol FROM menu_drinks WHERE name = 'Virgin Piña Colada' LIMIT 1").first<{ allergens: string; extra_allergens: string; contains_alcohol: number }>();
    expect(JSON.parse(colada!.extra_allergens)).toEqual(['sulphites', 'typed-by-hand']);
    expect(colada!.contains_alcohol).toBe(0);
    const maiTai = await env.DB.prepare("SELECT allergens, contains_alcohol FROM menu_drinks WHERE name = 'Mai Tai' LIMIT 1").first<{ allergens: string; contains_alcohol: number }>();
    expect(JSON.parse(maiTai!.allergens)).toEqual(['tree nuts']);
    expect(maiTai!.contains_alcohol).toBe(1);
    expect(await disagreeingDrinks()).toEqual([]);
  });
});
