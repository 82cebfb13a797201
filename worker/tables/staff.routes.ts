import { Hono } from 'hono';
import { z } from 'zod';
import {
  EndSessionInput, MergeTabInput, TableNumber, MoveTabInput, RecordPaymentInput, TableSettingsAdminInput, VenueTablesInput, VoidLineInput,
  type StaffTablesResponse, type TableStateResponse, type VenueTablesResponse,
} from '../../shared/schemas/tables';
import { changedFields, describeWrite } from '../audit';
import { requireAdmin, requireStaff, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { venueHub } from '../live';
import { ownWriteReads, scopedVenueDatabase } from '../shards';
import { runTableCommand, staffActor } from './requests';
import { renewTableToken, replaceVenueTables, staffTables, updateTabSettings, venueTablesAnswer } from './venue-tables';
import { refusal } from '../lib/errors';
import { keepsGuestReads } from '../menu';

const SessionParam = z.object({ id: z.string().min(1).max(100) });
const TableNumberParam = z.object({ number: TableNumber });
const ShareParam = SessionParam.extend({ shareId: z.string().min(1).max(100) });
const LineParam = SessionParam.extend({ orderItemId: z.coerce.number().int().positive() });

const answer = (outcome: { table: TableStateResponse['table']; you: string | null }): TableStateResponse => ({ table: outcome.table, you: outcome.you });

/**
 * The staff Tables screen (docs/product.md §12.6): the venue's tabs, recording payments, and the actions on a tab.
 * Every write here is audited (the back-office middleware, described by the change).
 */
export const staffTableRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .get('/', requireStaff, async (c) => {
    const venueId = scopedVenueId(c);
    const reads = ownWriteReads(c, await scopedVenueDatabase(c));
    const body = await staffTables(c.env, reads.db, venueId);
    reads.answerBookmark();
    return c.json(body satisfies StaffTablesResponse);
  })
  .post('/sessions/:id/shares/:shareId/payment', requireStaff, validate('param', ShareParam), validate('json', RecordPaymentInput), async (c) => {
    const { id, shareId } = c.req.valid('param');
    const venueId = scopedVenueId(c);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'record_payment', sessionId: id, shareId, method: c.req.valid('json').method }, await staffActor(c, venueId))));
  })
  .post('/sessions/:id/move', requireStaff, validate('param', SessionParam), validate('json', MoveTabInput), async (c) => {
    const { id } = c.req.valid('param');
    const venueId = scopedVenueId(c);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'move', sessionId: id, table: c.req.valid('json').table }, await staffActor(c, venueId))));
  })
  .post('/sessions/:id/merge', requireStaff, validate('param', SessionParam), validate('json', MergeTabInput), async (c) => {
    const { id } = c.req.valid('param');
    const venueId = scopedVenueId(c);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'merge', sessionId: id, intoSessionId: c.req.valid('json').into_session_id }, await staffActor(c, venueId))));
  })
  .post('/sessions/:id/lines/:orderItemId/void', requireStaff, validate('param', LineParam), validate('json', VoidLineInput), async (c) => {
    const { id, orderItemId } = c.req.valid('param');
    const venueId = scopedVenueId(c);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'void_line', sessionId: id, orderItemId, reason: c.req.valid('json').reason }, await staffActor(c, venueId))));
  })
  .post('/sessions/:id/end', requireStaff, validate('param', SessionParam), validate('json', EndSessionInput), async (c) => {
    const { id } = c.req.valid('param');
    const venueId = scopedVenueId(c);
    return c.json(answer(await runTableCommand(c, venueId, { type: 'end', sessionId: id, reason: c.req.valid('json').reason }, await staffActor(c, venueId))));
  });

/** The admin's tables and tab settings (docs/product.md §12.6). */
export const adminTableRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/', async (c) => c.json((await venueTablesAnswer(c.env, (await scopedVenueDatabase(c)).db, scopedVenueId(c))) satisfies VenueTablesResponse))
  .put('/', validate('json', VenueTablesInput), async (c) => {
    const venueId = scopedVenueId(c);
    const { db } = await scopedVenueDatabase(c);
    const { before, after } = await replaceVenueTables(db, venueId, c.req.valid('json').tables);
    describeWrite(c, { action: 'venue_tables.replace', targetType: 'venue', targetId: venueId, summary: `Set the venue's tables (${after.length})`, before: { tables: before }, after: { tables: after } });
    return c.json((await venueTablesAnswer(c.env, db, venueId)) satisfies VenueTablesResponse);
  })
  .put('/settings', validate('json', TableSettingsAdminInput), async (c) => {
    const venueId = scopedVenueId(c);
    const database = await scopedVenueDatabase(c);
    const { before, after } = await updateTabSettings(database, c.get('db'), venueId, c.req.valid('json'));
    describeWrite(c, { action: 'venue.tab_settings', targetType: 'venue', targetId: venueId, summary: 'Changed the tab settings', ...changedFields(before, after) });
    // The hub's next idle check follows the new hours.
    c.executionCtx.waitUntil(venueHub(c.env, venueId).closeIdleTables(venueId).catch(() => 0));
    return c.json((await venueTablesAnswer(c.env, database.db, venueId)) satisfies VenueTablesResponse);
  })
  // A new QR code for one table (docs/decisions/237): the printed ones stop opening or joining its tab.
  .post('/:number/token', validate('param', TableNumberParam), async (c) => {
    const venueId = scopedVenueId(c);
    const { db } = await scopedVenueDatabase(c);
    const { number } = c.req.valid('param');
    const renewed = await renewTableToken(db, venueId, number);
    if (!renewed) throw refusal(404, 'table_not_found', { table: number });
    describeWrite(c, { action: 'venue_table.new_code', targetType: 'venue_table', targetId: `${venueId}:${number}`, summary: `New QR code for table ${number}: the printed ones stop working`, before: { token_version: renewed.before }, after: { token_version: renewed.after } });
    return c.json((await venueTablesAnswer(c.env, db, venueId)) satisfies VenueTablesResponse);
  });
