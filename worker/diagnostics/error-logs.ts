// The platform error log (server errors stored by the error handler, client runtime errors
// reported by the fallback screen) and its retention setting, honoured by the daily cleanup
// in worker/jobs/housekeeping.ts.
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_ERROR_RETENTION_DAYS, type ErrorLogEntry, type ErrorLogQuery } from '../../shared/schemas/super';
import { errorLogs, platformSettings, venues } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';

export const ERROR_RETENTION_KEY = 'error_log_retention_days';

const entryColumns = {
  id: errorLogs.id, level: errorLogs.level, source: errorLogs.source, requestId: errorLogs.requestId, method: errorLogs.method,
  route: errorLogs.route, restaurantId: errorLogs.restaurantId, venueName: venues.name, status: errorLogs.status,
  message: errorLogs.message, resolvedAt: errorLogs.resolvedAt, createdAt: errorLogs.createdAt,
};

type EntryRow = { [K in keyof typeof entryColumns]: (typeof entryColumns)[K]['_']['data'] | null };

function toEntry(r: EntryRow): ErrorLogEntry {
  return {
    id: r.id!, level: r.level!, source: r.source!, request_id: r.requestId, method: r.method, route: r.route,
    venue_id: r.restaurantId, venue_name: r.venueName, status: r.status, message: r.message!, resolved_at: r.resolvedAt, created_at: r.createdAt!,
  };
}

export async function listErrorLogs(db: Db, query: z.output<typeof ErrorLogQuery>) {
  const filters: SQL[] = [];
  if (query.level) filters.push(eq(errorLogs.level, query.level));
  if (query.source) filters.push(eq(errorLogs.source, query.source));
  if (query.resolved === 'true') filters.push(isNotNull(errorLogs.resolvedAt));
  if (query.resolved === 'false') filters.push(isNull(errorLogs.resolvedAt));
  const [rows, counts] = await Promise.all([
    db.select(entryColumns).from(errorLogs).leftJoin(venues, eq(venues.id, errorLogs.restaurantId))
      .where(filters.length ? and(...filters) : undefined).orderBy(desc(errorLogs.createdAt), desc(errorLogs.id)).limit(query.limit),
    db.select({
      critical: sql<number>`coalesce(sum(case when ${errorLogs.level} = 'critical' and ${errorLogs.resolvedAt} is null then 1 else 0 end), 0)`,
      warnings: sql<number>`coalesce(sum(case when ${errorLogs.level} = 'warning' and ${errorLogs.resolvedAt} is null then 1 else 0 end), 0)`,
      resolved: sql<number>`coalesce(sum(case when ${errorLogs.resolvedAt} is not null then 1 else 0 end), 0)`,
    }).from(errorLogs),
  ]);
  return { errors: rows.map(toEntry), counts: counts[0] ?? { critical: 0, warnings: 0, resolved: 0 } };
}

export async function setErrorResolved(db: Db, id: string, resolved: boolean): Promise<ErrorLogEntry> {
  const found = await db.update(errorLogs).set({ resolvedAt: resolved ? new Date().toISOString() : null })
    .where(eq(errorLogs.id, id)).returning({ id: errorLogs.id });
  if (found.length === 0) throw notFound('Error log entry not found');
  const [row] = await db.select(entryColumns).from(errorLogs).leftJoin(venues, eq(venues.id, errorLogs.restaurantId)).where(eq(errorLogs.id, id));
  return toEntry(row!);
}

export async function getErrorRetentionDays(db: Db): Promise<number> {
  const row = await db.query.platformSettings.findFirst({ where: eq(platformSettings.key, ERROR_RETENTION_KEY) });
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_ERROR_RETENTION_DAYS;
}

export async function setErrorRetentionDays(db: Db, days: number): Promise<number> {
  const updatedAt = new Date().toISOString();
  await db.insert(platformSettings).values({ key: ERROR_RETENTION_KEY, value: days, updatedAt })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: days, updatedAt } });
  return days;
}
