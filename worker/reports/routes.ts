import { Hono, type Context } from 'hono';
import { NightReportQuery } from '../../shared/schemas/reports';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { scopedVenueDatabase } from '../shards';
import { getVenueProfile } from '../venues';
import { csvResponse } from '../imports';
import { tonightsBusinessDay, nightReport } from './night';
import { nightReportCsv } from './night-csv';

/** One business day's report, tonight's when the query names none (docs/decisions/236). */
async function reportOf(c: Context<AppContext>, day: string | undefined) {
  const { db } = await scopedVenueDatabase(c);
  const venue = await getVenueProfile(db, scopedVenueId(c));
  return { venue, report: await nightReport(db, c.get('db'), venue, day ?? tonightsBusinessDay(venue)) };
}

/** Close of night (docs/product.md §11.11): one business day, as JSON for the screen or as one CSV. */
export const adminReportRoutes = new Hono<AppContext>()
  .use(requireAdmin)
  .get('/night', validate('query', NightReportQuery), async (c) => c.json((await reportOf(c, c.req.valid('query').day)).report))
  .get('/night.csv', validate('query', NightReportQuery), async (c) => {
    const { venue, report } = await reportOf(c, c.req.valid('query').day);
    return csvResponse(nightReportCsv(report), `close-of-night-${venue.slug}-${report.day}.csv`);
  });
