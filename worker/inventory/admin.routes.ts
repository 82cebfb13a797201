import { Hono } from 'hono';
import { InventoryItemInput, InventoryItemPatch } from '../../shared/schemas/admin';
import { IdParam } from '../../shared/schemas/common';
import { changedFields, describeWrite } from '../audit';
import { addInventoryItem, editInventoryItem, inventoryItemImpact, listAdminInventory, removeInventoryItem } from './items';
import { requireAdmin, scopedVenueId, staffCaller } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';
import { changesVenueMenu } from '../menu';

const actorOf = (caller: ReturnType<typeof staffCaller>) => caller.impersonatorId ?? caller.userId;

/** Admin inventory tab (docs/decisions/073), always the caller's venue. PUT and PATCH are both partial. */
export const adminInventoryRoutes = new Hono<AppContext>()
  .use(changesVenueMenu)
  .use(requireAdmin)
  .get('/', async (c) => c.json({ items: await listAdminInventory((await scopedVenueDatabase(c)).db, scopedVenueId(c)) }))
  .get('/:id/impact', validate('param', IdParam), async (c) =>
    c.json(await inventoryItemImpact((await scopedVenueDatabase(c)).db, scopedVenueId(c), c.req.valid('param').id)))
  .post('/', validate('json', InventoryItemInput), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const item = await addInventoryItem(db, scopedVenueId(c), actorOf(staffCaller(c)), c.req.valid('json'));
    describeWrite(c, { action: 'inventory_item.create', targetType: 'inventory_item', targetId: item.id, summary: `Added ${item.name}`, after: item });
    return c.json({ item }, 201);
  })
  .on(['PUT', 'PATCH'], '/:id', validate('param', IdParam), validate('json', InventoryItemPatch), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { before, item } = await editInventoryItem(db, scopedVenueId(c), actorOf(staffCaller(c)), c.req.valid('param').id, c.req.valid('json'));
    describeWrite(c, {
      action: 'inventory_item.update', targetType: 'inventory_item', targetId: item.id, summary: `Edited ${item.name}`,
      ...changedFields(before, item, ['updated_at', 'is_low_stock']),
    });
    return c.json({ item });
  })
  .delete('/:id', validate('param', IdParam), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const before = await removeInventoryItem(db, scopedVenueId(c), c.req.valid('param').id);
    describeWrite(c, { action: 'inventory_item.delete', targetType: 'inventory_item', targetId: before.id, summary: `Deleted ${before.name}`, before });
    return c.json({ success: true });
  });
