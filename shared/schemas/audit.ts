// The audit log as super admins and venue admins read it (GET /api/super/audit-log, GET /api/admin/audit-log).
import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 50;

export const AuditLogQuery = z.object({
  venue_id: z.string().trim().max(100).optional(),
  actor_id: z.string().trim().max(100).optional(),
  action: z.string().trim().max(60).optional(),
  impersonating: z.enum(['true', 'false']).optional(),
  since: z.string().trim().max(40).optional(),
  until: z.string().trim().max(40).optional(),
  /** The previous page's `next_before`. */
  before: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.output<typeof AuditLogQuery>;

/** One entry: who (actor), acting as whom (role at venue, impersonating), what (action, summary, before/after), when. */
export const AuditEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_user_id: z.string(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  acting_role: z.string(),
  impersonating: z.boolean(),
  venue_id: z.string().nullable(),
  venue_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  summary: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogPage = z.object({ entries: z.array(AuditEntry), next_before: z.string().nullable() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
