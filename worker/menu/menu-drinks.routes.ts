import { Hono } from 'hono';
import { MenuBulkEdit } from '../../shared/schemas/imports';
import { AdminMenuDrinksQuery, AvailabilityUpdate, MenuDrinkInput, MenuDrinkPatch, NewCatalogueIngredient } from '../../shared/schemas/admin';
import { createCatalogueIngredient } from '../ingredients';
import { IdParam } from '../../shared/schemas/common';
import {
  bulkEditMenuDrinks, createMenuDrink, deleteMenuDrink, getMenuDrink, listIngredientOptions, listMenuDrinks, setAvailability, updateMenuDrink,
} from './menu-drinks';
import { changedFields, describeWrite } from '../audit';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { everyDeclaredDatabase, scopedVenueDatabase } from '../shards';
import { changesVenueMenu } from './menu-changes';

/**
 * Admin menu tab (docs/decisions/073): by name, or by display_order for the live dashboard.
 * PUT and PATCH are both partial. Diagnostics expect 401 here without credentials.
 */
export const adminMenuDrinkRoutes = new Hono<AppContext>()
  .use(changesVenueMenu)
  .use(requireAdmin)
  .get('/', validate('query', AdminMenuDrinksQuery), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    return c.json({ drinks: await listMenuDrinks(db, scopedVenueId(c), c.req.valid('query').order) });
  })
  // Bulk edit (docs/product.md §11.8): one price, category or switch for every drink selected.
  .post('/bulk', validate('json', MenuBulkEdit), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const input = c.req.valid('json');
    const updated = await bulkEditMenuDrinks(db, scopedVenueId(c), input);
    describeWrite(c, {
      action: 'menu_drink.bulk_update', targetType: 'venue', targetId: scopedVenueId(c),
      summary: `Changed ${updated} drink${updated === 1 ? '' : 's'} at once`, after: { ids: input.ids, price_cents: input.price_cents, category: input.category, enabled: input.enabled },
    });
    return c.json({ updated });
  })
  .get('/:id', validate('param', IdParam), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    return c.json({ drink: await getMenuDrink(db, scopedVenueId(c), c.req.valid('param').id) });
  })
  .post('/', validate('json', MenuDrinkInput), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const drink = await createMenuDrink(db, c.env, scopedVenueId(c), c.req.valid('json'));
    describeWrite(c, { action: 'menu_drink.create', targetType: 'menu_drink', targetId: drink.id, summary: `Added ${drink.name}`, after: drink });
    return c.json({ drink }, 201);
  })
  .on(['PUT', 'PATCH'], '/:id', validate('param', IdParam), validate('json', MenuDrinkPatch), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { before, drink } = await updateMenuDrink(db, c.env, scopedVenueId(c), c.req.valid('param').id, c.req.valid('json'));
    describeWrite(c, {
      action: 'menu_drink.update', targetType: 'menu_drink', targetId: drink.id, summary: `Edited ${drink.name}`,
      ...changedFields(before, drink, ['updated_at']),
    });
    return c.json({ drink });
  })
  .patch('/:id/availability', validate('param', IdParam), validate('json', AvailabilityUpdate), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const drink = await setAvailability(db, scopedVenueId(c), c.req.valid('param').id, c.req.valid('json').enabled);
    describeWrite(c, {
      action: 'menu_drink.availability', targetType: 'menu_drink', targetId: drink.id,
      summary: `${drink.enabled ? 'Enabled' : 'Disabled'} ${drink.name}`, before: { enabled: !drink.enabled }, after: { enabled: drink.enabled },
    });
    return c.json({ drink });
  })
  .delete('/:id', validate('param', IdParam), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const before = await deleteMenuDrink(db, c.env, scopedVenueId(c), c.req.valid('param').id);
    describeWrite(c, { action: 'menu_drink.delete', targetType: 'menu_drink', targetId: before.id, summary: `Deleted ${before.name}`, before: { name: before.name, price_cents: before.priceCents } });
    return c.json({ success: true });
  });

/**
 * Canonical ingredients for the recipe editor's and the inventory form's pickers; the inventory form may add one.
 * The catalogue is platform data with a copy on every database (docs/decisions/150): the picker reads the control
 * copy (a super admin may open it without naming a venue), and an addition is written to every copy, with one id.
 */
export const adminIngredientRoutes = new Hono<AppContext>()
  .use(changesVenueMenu)
  .get('/', requireAdmin, async (c) => c.json({ ingredients: await listIngredientOptions(c.get('db')) }))
  .post('/', requireAdmin, validate('json', NewCatalogueIngredient), async (c) => {
    const ingredient = await createCatalogueIngredient(everyDeclaredDatabase(c.env).map((database) => database.db), c.req.valid('json'));
    describeWrite(c, { action: 'ingredient.create', targetType: 'ingredient', targetId: ingredient.id, summary: `Added ${ingredient.name} to the catalogue`, after: ingredient });
    return c.json({ ingredient }, 201);
  });
