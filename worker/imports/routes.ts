import { Hono } from 'hono';
import { ImportRequest, OrdersExportQuery } from '../../shared/schemas/imports';
import { describeWrite } from '../audit';
import { requireAdmin, scopedVenueId, staffCaller } from '../auth';
import type { AppContext } from '../env';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';
import { getVenueProfile } from '../venues';
import { csvResponse, toCsv } from './csv';
import { importInventory, inventoryCsvRows, INVENTORY_COLUMNS } from './inventory-import';
import { importMenu, MENU_COLUMNS, menuCsvRows } from './menu-import';
import { exportRange, ORDER_COLUMNS, ordersCsvRows } from './orders-export';
import type { ImportResult } from '../../shared/schemas/imports';
import { changesVenueMenu } from '../menu';

/** A write that would leave bad rows out without the owner's say: refused with every row's error, nothing written. */
function refuseUnconfirmed(result: ImportResult) {
  if (result.dry_run || result.applied) return;
  throw new ApiError(422, 'import_has_errors', `${result.errors.length} problem${result.errors.length === 1 ? '' : 's'} in the file: nothing was imported`, result.errors);
}

const summaryText = (what: string, r: ImportResult) => `Imported ${what}: ${r.summary.create} added, ${r.summary.update} changed${r.summary.invalid ? `, ${r.summary.invalid} rows left out` : ''}`;

const checkText = (what: string, r: ImportResult) => `Checked a CSV of ${what}: ${r.rows.length} rows readable, ${r.summary.invalid} with problems; nothing written`;

/** CSV import with a dry run (docs/product.md §11.8, docs/decisions/212). */
export const adminImportRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .use(changesVenueMenu)
  .post('/menu', validate('json', ImportRequest), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const result = await importMenu(db, c.env, scopedVenueId(c), c.req.valid('json'));
    refuseUnconfirmed(result);
    describeWrite(c, result.applied
      ? { action: 'menu.import', targetType: 'venue', targetId: scopedVenueId(c), summary: summaryText('the menu', result), after: result.summary }
      : { action: 'menu.import_check', targetType: 'venue', targetId: scopedVenueId(c), summary: checkText('the menu', result), after: result.summary });
    return c.json(result);
  })
  .post('/inventory', validate('json', ImportRequest), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const caller = staffCaller(c);
    const result = await importInventory(db, scopedVenueId(c), caller.impersonatorId ?? caller.userId, c.req.valid('json'));
    refuseUnconfirmed(result);
    describeWrite(c, result.applied
      ? { action: 'inventory.import', targetType: 'venue', targetId: scopedVenueId(c), summary: summaryText('inventory', result), after: result.summary }
      : { action: 'inventory.import_check', targetType: 'venue', targetId: scopedVenueId(c), summary: checkText('inventory', result), after: result.summary });
    return c.json(result);
  });

/** CSV downloads of the menu, the inventory and the orders of whole business days. */
export const adminExportRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/menu.csv', async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const venue = await getVenueProfile(db, scopedVenueId(c));
    return csvResponse(toCsv([...MENU_COLUMNS], await menuCsvRows(db, venue.id)), `menu-${venue.slug}.csv`);
  })
  .get('/inventory.csv', async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const venue = await getVenueProfile(db, scopedVenueId(c));
    return csvResponse(toCsv([...INVENTORY_COLUMNS], await inventoryCsvRows(db, venue.id)), `inventory-${venue.slug}.csv`);
  })
  .get('/orders.csv', validate('query', OrdersExportQuery), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const venue = await getVenueProfile(db, scopedVenueId(c));
    const query = c.req.valid('query');
    const { from, to } = exportRange(venue, query.from, query.to);
    return csvResponse(toCsv(ORDER_COLUMNS, await ordersCsvRows(db, venue, from, to)), `orders-${venue.slug}-${from}-to-${to}.csv`);
  });
