// The audit log's reading side (docs/decisions/193): newest first, filtered, 50 a page with a cursor.
import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { AuditEntry, AuditLogQuery } from '../../shared/schemas/audit';
import { auditLog, users, venues } from '../db/schema';
import type { Db } from '../env';
import { badRequest } from '../lib/errors';

const actor = alias(users, 'actor');

export async function listAuditEntries(db: Db, query: AuditLogQuery & { venueId?: string }) {
  const filters: SQL[] = [];
  const venueId = query.venueId ?? query.venue_id;
  if (venueId) filters.push(eq(auditLog.restaurantId, venueId));
  if (query.actor_id) filters.push(eq(auditLog.actorUserId, query.actor_id));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.impersonating !== undefined) filters.push(eq(auditLog.impersonating, query.impersonating === 'true'));
  if (query.since) filters.push(gte(auditLog.createdAt, query.since));
  if (query.until) filters.push(lte(auditLog.createdAt, query.until));
  if (query.before) {
    const [createdAt, id] = query.before.split('|');
    if (!createdAt || !id) throw badRequest('Invalid request', [{ path: 'before', message: 'Unknown page cursor' }]);
    filters.push(or(lt(auditLog.createdAt, createdAt), and(eq(auditLog.createdAt, createdAt), lt(auditLog.id, id)))!);
  }
  const rows = await db.select({ entry: auditLog, actorEmail: actor.email, actorName: actor.displayName, venueName: venues.name })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(venues, eq(venues.id, auditLog.restaurantId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit);
  const entries: AuditEntry[] = rows.map(({ entry: e, actorEmail, actorName, venueName }) => ({
    id: e.id, created_at: e.createdAt, actor_user_id: e.actorUserId, actor_email: actorEmail, actor_name: actorName,
    acting_role: e.actingRole, impersonating: e.impersonating, venue_id: e.restaurantId, venue_name: venueName,
    action: e.action, target_type: e.targetType, target_id: e.targetId, summary: e.summary, reason: e.reason, before: e.before, after: e.after,
    method: e.method, path: e.path, status: e.status,
  }));
  const last = entries[entries.length - 1];
  return { entries, next_before: entries.length === query.limit && last ? `${last.created_at}|${last.id}` : null };
}
