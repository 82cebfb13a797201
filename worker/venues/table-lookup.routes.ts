import { Hono } from 'hono';
import { z } from 'zod';
import { TableLookupQuery, TableNumber, type TableLookup } from '../../shared/schemas/tables';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { guestOwnerKeys } from '../orders';
import { venueDatabase } from '../shards';
import { findActiveVenue } from './service';
import { countJoinAttempt, presentAt, scanMayJoin } from '../tables';
import { tableMembers } from '../db/schema';
import { eq } from 'drizzle-orm';

const TableParam = z.object({ slug: z.string().min(1).max(100), number: TableNumber });

/**
 * Before a guest joins (docs/product.md §12.1): with the table's QR token (`t`) or the live tab's code, is a tab
 * open there, and would a scan join it now or does it take the host's code. A table number alone answers 403
 * "Scan the code on your table" (docs/decisions/237). With a guest token, says whether the device is already at it.
 */
export const tableLookupRoutes = new Hono<AppContext>()
  .get('/:slug/tables/:number', validate('param', TableParam), validate('query', TableLookupQuery), async (c) => {
    const { slug, number } = c.req.valid('param');
    const proof = c.req.valid('query');
    const { db } = await venueDatabase(c.env, slug);
    const venue = await findActiveVenue(db, slug);
    const givesBack = await countJoinAttempt(c, { venueId: venue.id, table: number });
    const { table, session } = await presentAt(c, db, venue.id, number, { token: proof.t, code: proof.code });
    await givesBack();
    const caller = c.get('caller');
    const keys = caller?.kind === 'guest' ? guestOwnerKeys(caller) : [];
    const members = session ? await db.select().from(tableMembers).where(eq(tableMembers.sessionId, session.id)) : [];
    const mine = members.find((m) => m.leftAt === null && !m.pending && keys.includes(m.ownerKey));
    const body: TableLookup = {
      venue_id: venue.id,
      table: table.number,
      name: table.name,
      session: !session ? 'none' : mine || scanMayJoin({ members }, session.lastActivityAt, keys, Date.now()) ? 'joinable' : 'code_required',
      member_session_id: mine ? session!.id : null,
    };
    return c.json(body);
  });
