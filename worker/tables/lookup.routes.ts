import { Hono } from 'hono';
import { z } from 'zod';
import { TableNumber, type TableLookup } from '../../shared/schemas/tables';
import { tableMessages } from '../../shared/tables';
import type { AppContext } from '../env';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { guestOwnerKeys } from '../orders/queries';
import { venueDatabase } from '../shards/directory';
import { findActiveVenue } from '../venues/service';
import { scanMayJoin } from './membership';
import { liveSessionAtQuery, venueTableQuery } from './queries';
import { tableMembers } from '../db/schema';
import { eq } from 'drizzle-orm';

const TableParam = z.object({ slug: z.string().min(1).max(100), number: TableNumber });

/**
 * Before a guest joins (docs/product.md §12.1): is table N one of the venue's, is a tab open there, and would a
 * scan join it now or does it take the host's code. No sign-in needed; with a guest token, says whether the
 * device is already at it.
 */
export const tableLookupRoutes = new Hono<AppContext>()
  .get('/:slug/tables/:number', validate('param', TableParam), async (c) => {
    const { slug, number } = c.req.valid('param');
    const { db } = await venueDatabase(c.env, slug);
    const venue = await findActiveVenue(db, slug);
    const [tables, live] = await db.batch([venueTableQuery(db, venue.id, number), liveSessionAtQuery(db, venue.id, number)]);
    const table = tables[0];
    if (!table) throw new ApiError(404, 'table_not_found', tableMessages.tableNotFound(number));
    const session = live[0];
    const caller = c.get('caller');
    const keys = caller?.kind === 'guest' ? guestOwnerKeys(caller) : [];
    const members = session ? await db.select().from(tableMembers).where(eq(tableMembers.sessionId, session.id)) : [];
    const mine = members.find((m) => m.leftAt === null && keys.includes(m.ownerKey));
    const body: TableLookup = {
      venue_id: venue.id,
      table: table.number,
      name: table.name,
      session: !session ? 'none' : mine || scanMayJoin({ members }, session.lastActivityAt, keys, Date.now()) ? 'joinable' : 'code_required',
      member_session_id: mine ? session!.id : null,
    };
    return c.json(body);
  });
