import { Hono } from 'hono';
import { AuditLogQuery } from '../../shared/schemas/audit';
import { listAuditEntries } from './read';
import { requireAdmin, requireSuperadmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';

/** Every venue's audit log, for super admins, with filters (mounted at /api/super/audit-log). */
export const superAuditRoutes = new Hono<AppContext>()
  .get('/', requireSuperadmin, validate('query', AuditLogQuery), async (c) => c.json(await listAuditEntries(c.get('db'), c.req.valid('query'))));

/** The caller's own venue's audit log, for its admins (mounted at /api/admin/audit-log). */
export const adminAuditRoutes = new Hono<AppContext>()
  .get('/', requireAdmin, validate('query', AuditLogQuery), async (c) =>
    c.json(await listAuditEntries(c.get('db'), { ...c.req.valid('query'), venueId: scopedVenueId(c) })));
