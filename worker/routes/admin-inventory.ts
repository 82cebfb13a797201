import { Hono } from 'hono';
import { InventoryItemInput } from '../../shared/schemas/admin';
import { IdParam } from '../../shared/schemas/common';
import { createInventoryItem, deleteInventoryItem, listInventory, updateInventoryItem } from '../admin/inventory';
import { requireAdmin, scopedVenueId, staffCaller } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';

const actorOf = (caller: ReturnType<typeof staffCaller>) => caller.impersonatorId ?? caller.userId;

/** Admin inventory tab (back-office §7 inventory_items), always the caller's venue. */
export const adminInventoryRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/', async (c) => c.json({ items: await listInventory(c.get('db'), scopedVenueId(c)) }))
  .post('/', validate('json', InventoryItemInput), async (c) => {
    const item = await createInventoryItem(c.get('db'), scopedVenueId(c), actorOf(staffCaller(c)), c.req.valid('json'));
    return c.json({ item }, 201);
  })
  .put('/:id', validate('param', IdParam), validate('json', InventoryItemInput), async (c) => {
    const item = await updateInventoryItem(c.get('db'), scopedVenueId(c), actorOf(staffCaller(c)), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ item });
  })
  .delete('/:id', validate('param', IdParam), async (c) => {
    await deleteInventoryItem(c.get('db'), scopedVenueId(c), c.req.valid('param').id);
    return c.json({ success: true });
  });
