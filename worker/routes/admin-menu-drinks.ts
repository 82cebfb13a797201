import { Hono } from 'hono';
import { AdminMenuDrinksQuery, AvailabilityUpdate, MenuDrinkInput } from '../../shared/schemas/admin';
import { IdParam } from '../../shared/schemas/common';
import {
  createMenuDrink, deleteMenuDrink, getMenuDrink, listIngredientOptions, listMenuDrinks, setAvailability, updateMenuDrink,
} from '../admin/menu-drinks';
import { requireAdmin, scopedVenueId } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';

/**
 * Admin menu tab (back-office §7 menu_drinks): by name, or by display_order for the live dashboard.
 * Diagnostics expect 401 here without credentials.
 */
export const adminMenuDrinkRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/', validate('query', AdminMenuDrinksQuery), async (c) =>
    c.json({ drinks: await listMenuDrinks(c.get('db'), scopedVenueId(c), c.req.valid('query').order) }))
  .get('/:id', validate('param', IdParam), async (c) =>
    c.json({ drink: await getMenuDrink(c.get('db'), scopedVenueId(c), c.req.valid('param').id) }))
  .post('/', validate('json', MenuDrinkInput), async (c) =>
    c.json({ drink: await createMenuDrink(c.get('db'), scopedVenueId(c), c.req.valid('json')) }, 201))
  .put('/:id', validate('param', IdParam), validate('json', MenuDrinkInput), async (c) =>
    c.json({ drink: await updateMenuDrink(c.get('db'), c.env, scopedVenueId(c), c.req.valid('param').id, c.req.valid('json')) }))
  .patch('/:id/availability', validate('param', IdParam), validate('json', AvailabilityUpdate), async (c) =>
    c.json({ drink: await setAvailability(c.get('db'), scopedVenueId(c), c.req.valid('param').id, c.req.valid('json').is_available) }))
  .delete('/:id', validate('param', IdParam), async (c) => {
    await deleteMenuDrink(c.get('db'), c.env, scopedVenueId(c), c.req.valid('param').id);
    return c.json({ success: true });
  });

/** Canonical ingredients for the recipe editor's picker. */
export const adminIngredientRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, async (c) => c.json({ ingredients: await listIngredientOptions(c.get('db')) }));
