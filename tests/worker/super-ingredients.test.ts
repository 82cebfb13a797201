// Ingredient normalisation: merging, creating and bulk-merging unmatched strings re-points the
// recipe lines that used them, removes the strings from the list and teaches the alias.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { exactIngredientMatch, ingredientSimilarity, rankIngredientMatches } from '../../shared/ingredient-similarity';
import {
  BulkMergeOutcome, CanonicalIngredientList, CanonicalIngredientResponse, CreateOutcome, MergeOutcome, UnmatchedIngredientList,
} from '../../shared/schemas/super';
import { matchIngredientNames } from '../../worker/ingredients/matching';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../worker/db/schema';
import { mintToken } from './auth-helpers';
import { call, expectApiError } from './helpers';

let token: string;
beforeAll(async () => { token = await mintToken('superadmin@barhop.dev'); });

async function unmatched() {
  const res = await call('GET', '/api/super/unmatched-ingredients', { token });
  expect(res.status).toBe(200);
  return UnmatchedIngredientList.parse(res.json).ingredients;
}

const byRaw = async (raw: string) => {
  const row = (await unmatched()).find((i) => i.raw_string === raw);
  if (!row) throw new Error(`no unmatched "${raw}"`);
  return row;
};

const ingredientByName = (name: string) =>
  env.DB.prepare('SELECT id, name, aliases FROM ingredients WHERE name = ?').bind(name).first<{ id: string; name: string; aliases: string }>();

const lineOf = (unmatchedId: string) => env.DB.prepare(
  'SELECT di.ingredient_id FROM drink_ingredients di JOIN unmatched_ingredients u ON u.drink_ingredient_id = di.id WHERE u.id = ?',
).bind(unmatchedId).first<{ ingredient_id: string | null }>();

describe('string similarity (shared)', () => {
  it('ranks the canonical ingredient a typo or a measure note stands for first', () => {
    const catalogue = [
      { id: '1', name: 'Fresh lime juice' }, { id: '2', name: 'Fresh lemon juice' }, { id: '3', name: 'Angostura bitters' }, { id: '4', name: 'Lime' },
    ];
    expect(rankIngredientMatches('fresh lime jiuce', catalogue)[0]!.name).toBe('Fresh lime juice');
    expect(rankIngredientMatches('Angostura Bitters (dash)', catalogue)[0]!.name).toBe('Angostura bitters');
    expect(ingredientSimilarity('Carpano Antica', 'Sweet vermouth')).toBeLessThan(0.4);
    expect(exactIngredientMatch('ANGOSTURA  bitters', catalogue)?.id).toBe('3');
    expect(exactIngredientMatch('carpano', [{ id: '9', name: 'Sweet vermouth', aliases: ['Carpano'] }])?.id).toBe('9');
  });
});

describe('GET /api/super/unmatched-ingredients', () => {
  it('lists the open strings with venue, drink and ranked suggestions', async () => {
    const list = await unmatched();
    expect(list.length).toBeGreaterThanOrEqual(6);
    const typo = list.find((i) => i.raw_string === 'fresh lime jiuce')!;
    expect(typo.venue_slug).toBe('artisan-bar');
    expect(typo.menu_drink_name).toBeTruthy();
    expect(typo.suggestions[0]!.name).toBe('Fresh lime juice');
  });
});

describe('POST /api/super/ingredients/:id/merge', () => {
  it('points the recipe line at the target, adds the alias, and drops the string from the list', async () => {
    // "mint leaves (fresh)" is a name the catalogue does not know ("Carpano Antica" is a known alias of Sweet
    // vermouth, docs/decisions/238).
    const row = await byRaw('mint leaves (fresh)');
    const target = (await ingredientByName('Fresh mint'))!;
    expect((await lineOf(row.id))!.ingredient_id).toBeNull();

    const res = await call('POST', `/api/super/ingredients/${row.id}/merge`, { token, body: { target_ingredient_id: target.id } });
    expect(res.status).toBe(200);
    const outcome = MergeOutcome.parse(res.json);
    expect(outcome.target).toEqual({ id: target.id, name: 'Fresh mint' });
    expect(outcome.message).toBe('Merged "mint leaves (fresh)" into Fresh mint');
    expect(outcome.recipe_lines_updated).toBe(1);

    expect((await lineOf(row.id))!.ingredient_id).toBe(target.id);
    expect(JSON.parse((await ingredientByName('Fresh mint'))!.aliases)).toContain('mint leaves (fresh)');
    expect((await unmatched()).some((i) => i.id === row.id)).toBe(false);

    // A later recipe typed the same way matches by itself.
    const matches = await matchIngredientNames(drizzle(env.DB, { schema }), ['Mint  leaves (FRESH)', 'Something else entirely']);
    expect(matches.get('Mint  leaves (FRESH)')).toBe(target.id);
    expect(matches.get('Something else entirely')).toBeNull();
  });

  it('answers 409 for a string already resolved, 404 for unknown ids, 400 without a target — and changes nothing', async () => {
    const row = await byRaw('fresh lime jiuce');
    const target = (await ingredientByName('Fresh lime juice'))!;
    expectApiError(await call('POST', `/api/super/ingredients/${row.id}/merge`, { token, body: {} }), 400);
    expectApiError(await call('POST', `/api/super/ingredients/${row.id}/merge`, { token, body: { target_ingredient_id: 'nope' } }), 404);
    expectApiError(await call('POST', '/api/super/ingredients/nope/merge', { token, body: { target_ingredient_id: target.id } }), 404);
    expect((await lineOf(row.id))!.ingredient_id).toBeNull();
    expect((await unmatched()).some((i) => i.id === row.id)).toBe(true);

    const merged = await call('POST', `/api/super/ingredients/${row.id}/merge`, { token, body: { target_ingredient_id: target.id } });
    expect(merged.status).toBe(200);
    expectApiError(await call('POST', `/api/super/ingredients/${row.id}/merge`, { token, body: { target_ingredient_id: target.id } }), 409);
  });
});

describe('POST /api/super/ingredients/:id/create', () => {
  it('creates a canonical ingredient from the string and moves its recipe line there', async () => {
    const row = (await unmatched()).find((i) => i.venue_slug === 'rooftop-lounge')!;
    const res = await call('POST', `/api/super/ingredients/${row.id}/create`, { token, body: { name: `${row.raw_string} (house)`, category: 'other' } });
    expect(res.status).toBe(201);
    const created = CreateOutcome.parse(res.json);
    expect(created.ingredient.name).toBe(`${row.raw_string.charAt(0).toUpperCase()}${row.raw_string.slice(1)} (house)`);
    expect(created.ingredient.aliases).toEqual([row.raw_string]);
    expect((await lineOf(row.id))!.ingredient_id).toBe(created.ingredient.id);
    expect((await unmatched()).some((i) => i.id === row.id)).toBe(false);
  });

  it('refuses to create a duplicate of an existing ingredient (409) and leaves the string open', async () => {
    const row = (await unmatched())[0]!;
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM ingredients').first<{ n: number }>();
    const res = await call('POST', `/api/super/ingredients/${row.id}/create`, { token, body: { name: 'sweet VERMOUTH' } });
    expect(expectApiError(res, 409).message).toMatch(/already exists/);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM ingredients').first<{ n: number }>()).toEqual(before);
    expect((await unmatched()).some((i) => i.id === row.id)).toBe(true);
  });
});

describe('POST /api/super/ingredients/bulk-merge', () => {
  it('without a target merges each string into its best suggestion above the threshold and reports the rest', async () => {
    const list = await unmatched();
    const ids = list.map((i) => i.id);
    const confident = list.filter((i) => i.suggestions[0]?.kind === 'merge' && i.suggestions[0].score >= 0.6);
    const res = await call('POST', '/api/super/ingredients/bulk-merge', { token, body: { ingredientIds: [...ids, 'missing-id'] } });
    expect(res.status).toBe(200);
    const outcome = BulkMergeOutcome.parse(res.json);
    expect(outcome.merged.map((m) => m.id).sort()).toEqual(confident.map((i) => i.id).sort());
    for (const m of outcome.merged) {
      expect(m.target_name).toBe(list.find((i) => i.id === m.id)!.suggestions[0]!.name);
      expect((await lineOf(m.id))!.ingredient_id).toBe(m.target_id);
    }
    expect(outcome.skipped).toContainEqual({ id: 'missing-id', raw_string: null, reason: 'Not found' });
    expect(outcome.message).toMatch(/^Merged \d+ ingredient strings? into /);
    const remaining = (await unmatched()).map((i) => i.id);
    for (const m of outcome.merged) expect(remaining).not.toContain(m.id);
  });

  it('with a target merges every chosen string into it', async () => {
    const list = await unmatched();
    expect(list.length).toBeGreaterThan(0);
    const target = (await ingredientByName('Simple syrup'))!;
    const res = await call('POST', '/api/super/ingredients/bulk-merge', { token, body: { ingredientIds: list.map((i) => i.id), target_ingredient_id: target.id } });
    const outcome = BulkMergeOutcome.parse(res.json);
    expect(outcome.merged).toHaveLength(list.length);
    expect(outcome.merged.every((m) => m.target_name === 'Simple syrup')).toBe(true);
    expect(await unmatched()).toEqual([]);
    const aliases = JSON.parse((await ingredientByName('Simple syrup'))!.aliases) as string[];
    expect(aliases).toEqual(expect.arrayContaining(list.map((i) => i.raw_string)));
  });

  it('rejects an empty selection', async () => {
    expectApiError(await call('POST', '/api/super/ingredients/bulk-merge', { token, body: { ingredientIds: [] } }), 400);
  });
});

describe('canonical ingredients', () => {
  it('lists and edits an ingredient; a name already used by another ingredient is a 409', async () => {
    const list = CanonicalIngredientList.parse((await call('GET', '/api/super/ingredients', { token })).json).ingredients;
    const gin = list.find((i) => i.name === 'London dry gin')!;
    expect(gin.recipe_lines).toBeGreaterThan(0);
    const res = await call('PUT', `/api/super/ingredients/${gin.id}`, {
      token, body: { flavors: ['Herbal', 'Citrus', 'Herbal'], allergens: [], unit_volume_ml: 750, aliases: ['Dry gin', ' dry  GIN ', 'London dry gin'] },
    });
    expect(res.status).toBe(200);
    const updated = CanonicalIngredientResponse.parse(res.json).ingredient;
    expect(updated.flavors).toEqual(['Herbal', 'Citrus']);
    expect(updated.unit_volume_ml).toBe(750);
    expect(updated.aliases).toEqual(['Dry gin']);

    expectApiError(await call('PUT', `/api/super/ingredients/${gin.id}`, { token, body: { name: 'Sweet vermouth' } }), 409);
    expectApiError(await call('PUT', `/api/super/ingredients/${gin.id}`, { token, body: { unit: 'barrel' } }), 400);
    const after = (await env.DB.prepare('SELECT name, unit FROM ingredients WHERE id = ?').bind(gin.id).first())!;
    expect(after).toEqual({ name: 'London dry gin', unit: gin.unit });
  });
});
