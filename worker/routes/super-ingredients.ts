import { Hono } from 'hono';
import { IdParam } from '../../shared/schemas/common';
import { BulkMergeBody, CreateFromStringBody, IngredientUpdateBody, MergeBody } from '../../shared/schemas/super';
import { requireSuperadmin } from '../auth/middleware';
import type { AppContext } from '../env';
import { listCanonicalIngredients, updateCanonicalIngredient } from '../ingredients/catalogue';
import { bulkMerge, createFromUnmatched, listUnmatched, mergeUnmatched } from '../ingredients/normalize';
import { validate } from '../lib/validate';

/**
 * Ingredient normalisation and the canonical catalogue (mounted at /api/super). In the merge and
 * create paths `{id}` is the id of an unmatched ingredient string.
 */
export const superIngredientRoutes = new Hono<AppContext>()
  .get('/unmatched-ingredients', requireSuperadmin, async (c) => {
    return c.json({ ingredients: await listUnmatched(c.get('db')) });
  })
  .get('/ingredients', requireSuperadmin, async (c) => {
    return c.json({ ingredients: await listCanonicalIngredients(c.get('db')) });
  })
  .post('/ingredients/bulk-merge', requireSuperadmin, validate('json', BulkMergeBody), async (c) => {
    const { ingredientIds, target_ingredient_id } = c.req.valid('json');
    return c.json(await bulkMerge(c.get('db'), ingredientIds, target_ingredient_id));
  })
  .put('/ingredients/:id', requireSuperadmin, validate('param', IdParam), validate('json', IngredientUpdateBody), async (c) => {
    return c.json({ ingredient: await updateCanonicalIngredient(c.get('db'), c.req.valid('param').id, c.req.valid('json')) });
  })
  .post('/ingredients/:id/merge', requireSuperadmin, validate('param', IdParam), validate('json', MergeBody), async (c) => {
    return c.json(await mergeUnmatched(c.get('db'), c.req.valid('param').id, c.req.valid('json').target_ingredient_id));
  })
  .post('/ingredients/:id/create', requireSuperadmin, validate('param', IdParam), validate('json', CreateFromStringBody), async (c) => {
    return c.json(await createFromUnmatched(c.get('db'), c.req.valid('param').id, c.req.valid('json')), 201);
  });
