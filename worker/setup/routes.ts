import { Hono } from 'hono';
import type { SetupChecklist } from '../../shared/schemas/setup';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { scopedVenueDatabase } from '../shards';
import { setupChecklist } from './checklist';

/** The admin dashboard's setup checklist (mounted at /api/admin/setup). */
export const adminSetupRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, async (c) => {
    const { db } = await scopedVenueDatabase(c);
    return c.json(await setupChecklist(c.get('db'), db, scopedVenueId(c)) satisfies SetupChecklist);
  });
