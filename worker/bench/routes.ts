import { Hono } from 'hono';
import { D1InsertQuery, D1WriteOnceBody, D1WriteOnceQuery } from '../../shared/schemas/bench';
import { requireGuest, requireSuperadmin } from '../auth';
import { runD1InsertLoop, writeOncePlacementBatch } from './d1-insert';
import { isDemoMode, type AppContext } from '../env';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';

/**
 * Bench-only routes (bench/, docs/decisions/176): they exist in demo mode only (local, never
 * in production, where DEMO_MODE is off and they answer 404 to everyone). The ceiling needs a super
 * admin; the floor takes a guest token as placement does (a token check, no database read) and
 * writes to bench venues only. A function, so that a production build, which never calls it, leaves the
 * module out (docs/decisions/194).
 */
export const devBenchRoutes = () => new Hono<AppContext>()
  .use(async (c, next) => {
    if (!isDemoMode(c.env)) throw notFound('Not found');
    await next();
  })
  .post('/d1-insert', requireSuperadmin, validate('query', D1InsertQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await runD1InsertLoop(c.get('db'), q.venue, q.n, q.parallel));
  })
  .post('/d1-write-once', requireGuest, validate('query', D1WriteOnceQuery), validate('json', D1WriteOnceBody), async (c) =>
    c.json(await writeOncePlacementBatch(c.get('db'), c.req.valid('query').venue)));
