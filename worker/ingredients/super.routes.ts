import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { BulkMergeBody, CreateFromStringBody, IngredientUpdateBody, MergeBody } from '../../shared/schemas/super';
import { requireSuperadmin } from '../auth';
import type { AppContext } from '../env';
import { catalogueDatabases, listCanonicalIngredients, updateCanonicalIngredient } from './catalogue-edits';
import { bulkMerge, createFromUnmatched, listUnmatched, mergeUnmatched } from './normalize';
import { validate } from '../lib/validate';
import { describeWrite } from '../audit';

/**
 * Ingredient normalisation and the canonical catalogue (mounted at /api/super/ingredients). In the merge and
 * create paths `{id}` is the id of an unmatched ingredient string. The catalogue is written to every
 * database's copy and venue rows are read and moved on every venue database (worker/ingredients/catalogue.ts).
 */
export const superIngredientRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, async (c) => {
    return c.json({ ingredients: await listCanonicalIngredients(await catalogueDatabases(c.env)) });
  })
  .post('/bulk-merge', requireSuperadmin, validate('json', BulkMergeBody), async (c) => {
    const { ingredientIds, target_ingredient_id } = c.req.valid('json');
    const outcome = await bulkMerge(await catalogueDatabases(c.env), ingredientIds, target_ingredient_id);
    describeWrite(c, { action: 'ingredient.bulk_merge', targetType: 'ingredient', summary: outcome.message, after: { merged: outcome.merged, skipped: outcome.skipped } });
    return c.json(outcome);
  })
  .put('/:id', requireSuperadmin, validate('param', IdParam), validate('json', IngredientUpdateBody), async (c) => {
    const ingredient = await updateCanonicalIngredient(await catalogueDatabases(c.env), c.req.valid('param').id, c.req.valid('json'));
    describeWrite(c, { action: 'ingredient.update', targetType: 'ingredient', targetId: ingredient.id, summary: `Edited ${ingredient.name}`, after: c.req.valid('json') });
    return c.json({ ingredient });
  })
  .post('/:id/merge', requireSuperadmin, validate('param', IdParam), validate('json', MergeBody), async (c) => {
    const outcome = await mergeUnmatched(await catalogueDatabases(c.env), c.req.valid('param').id, c.req.valid('json').target_ingredient_id);
    describeWrite(c, {
      action: 'ingredient.merge', targetType: 'ingredient', targetId: outcome.target.id, restaurantId: null, summary: outcome.message,
      before: { raw_strings: [...new Set(outcome.resolved.map((r) => r.raw_string))] }, after: { ingredient: outcome.target.name, recipe_lines_updated: outcome.recipe_lines_updated },
    });
    return c.json(outcome);
  })
  .post('/:id/create', requireSuperadmin, validate('param', IdParam), validate('json', CreateFromStringBody), async (c) => {
    const outcome = await createFromUnmatched(await catalogueDatabases(c.env), c.req.valid('param').id, c.req.valid('json'));
    describeWrite(c, { action: 'ingredient.create', targetType: 'ingredient', targetId: outcome.ingredient.id, restaurantId: null, summary: outcome.message, after: outcome.ingredient });
    return c.json(outcome, 201);
  });

/** The ingredient strings no canonical ingredient matched yet (mounted at /api/super/unmatched-ingredients). */
export const superUnmatchedIngredientRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, async (c) => {
    return c.json({ ingredients: await listUnmatched(await catalogueDatabases(c.env)) });
  });
