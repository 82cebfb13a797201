// The audit log's writing side (docs/decisions/193). A back-office route describes what it changed
// with `describeWrite(c, …)`; one middleware then appends the entry after the response is known, so
// every back-office write is recorded exactly once, described or not, succeeded or refused.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { newId } from '../../shared/ids';
import { auditLog } from '../db/schema';
import type { AppContext, AuditDescription } from '../env';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The back office: venue admin, staff portal, super admin console, the AI settings, prompt and flavour rules. */
const BACK_OFFICE = /^\/api\/(admin|staff|super|ai\/(admin|global-prompt|flavor-rules))(\/|$)/;

/** What this request changed, for its audit entry; `before`/`after` hold only the fields that differ. */
export function describeWrite(c: Context<AppContext>, description: AuditDescription) {
  c.set('audit', description);
}

/** The fields of `after` whose value differs from `before`, as two small objects. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T, ignore: (keyof T)[] = []) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (ignore.includes(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return { before: was, after: now };
}

/**
 * Appends one entry per back-office write by a signed-in staff account (impersonating or not), and
 * per impersonated write anywhere. Refused writes are recorded too: the status says so.
 */
export const auditBackOfficeWrites = createMiddleware<AppContext>(async (c, next) => {
  await next();
  if (READ_METHODS.has(c.req.method)) return;
  const caller = c.get('caller');
  const described = c.get('audit');
  const path = new URL(c.req.url).pathname;
  const actor = caller?.kind === 'staff' ? caller : null;
  if (!actor) return;
  if (!described && !actor.impersonatorId && !BACK_OFFICE.test(path)) return;
  await c.get('db').insert(auditLog).values({
    id: newId(),
    actorUserId: actor.impersonatorId ?? actor.userId,
    actingRole: actor.role,
    // A super admin acting on a venue without impersonating names it in `restaurant_id` (by id or slug; kept as its id).
    restaurantId: described?.restaurantId !== undefined ? described.restaurantId : actor.restaurantId ?? c.get('namedVenueId') ?? null,
    impersonating: actor.impersonatorId !== null,
    method: c.req.method,
    path,
    status: c.res.status,
    action: described?.action ?? 'request',
    targetType: described?.targetType ?? null,
    targetId: described?.targetId ?? null,
    summary: described?.summary ?? null,
    reason: described?.reason ?? null,
    before: described?.before ?? null,
    after: described?.after ?? null,
  });
});
