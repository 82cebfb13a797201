import { Hono } from 'hono';
import { NightReportQuery } from '../../shared/schemas/reports';
import { requireAdmin, scopedVenueId } from '../auth/middleware';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards/venue-scope';
import { getVenueProfile } from '../admin/venue-profile';
import { csvResponse } from '../imports/csv';
import { lastFinishedBusinessDay, nightReport } from './night';
import { nightReportCsv } from './night-csv';

/** Close of night (docs/product.md §11.11): one business day, the last finished one by default, as JSON or CSV. */
export const adminReportRoutes = new Hono<AppContext>()
  .get('/night', requireAdmin, validate('query', NightReportQuery), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const venue = await getVenueProfile(db, scopedVenueId(c));
    const { day, format } = c.req.valid('query');
    const report = await nightReport(db, c.get('db'), venue, day ?? lastFinishedBusinessDay(venue));
    if (format === 'csv') return csvResponse(nightReportCsv(report), `close-of-night-${venue.slug}-${report.day}.csv`);
    return c.json(report);
  });
