// The Worker side of a table request (docs/decisions/231): who asks, which venue's hub holds the table, and the
// hub's outcome as the HTTP answer (its refusal in the error shape, the audit entry of a staff action or a host's
// removal, the D1 bookmark of its write).
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { newId } from '../../shared/ids';
import { describeWrite } from '../audit';
import { guestCaller, ownerKeyOf, requireStaff, staffCaller } from '../auth';
import { auditLog, tableSessions, users } from '../db/schema';
import type { AppContext } from '../env';
import { ApiError, refusal, unauthorized } from '../lib/errors';
import { venueHub } from '../live';
import { guestOwnerKeys } from '../orders';
import { everyVenueDatabase, sendBookmark, type VenueDatabase } from '../shards';
import type { TableActor, TableCommand, TableOutcome } from './commands';

type Located = { venueId: string; database: VenueDatabase };

/** Session id → its venue and database: a session never changes venue, so an isolate remembers it. */
const located = new Map<string, Located>();
const LOCATED_MAX = 10_000;

/** The venue and database of a table session, or a 404 in the contract's words. */
export async function locateSession(c: Context<AppContext>, sessionId: string): Promise<Located> {
  const known = located.get(sessionId);
  if (known) return known;
  const databases = await everyVenueDatabase(c.env);
  const found = await Promise.all(databases.map(async (database) => {
    const [row] = await database.db.select({ venueId: tableSessions.restaurantId }).from(tableSessions).where(eq(tableSessions.id, sessionId)).limit(1);
    return row ? { venueId: row.venueId, database } : null;
  }));
  const hit = found.find((f) => f !== null);
  if (!hit) throw refusal(404, 'table_session_not_found');
  if (located.size >= LOCATED_MAX) located.clear();
  located.set(sessionId, hit);
  return hit;
}

export function guestActor(c: Context<AppContext>): Extract<TableActor, { kind: 'guest' }> {
  const guest = guestCaller(c);
  return { kind: 'guest', ownerKey: ownerKeyOf(guest), ownerKeys: guestOwnerKeys(guest), sessionId: guest.sessionId, guestId: guest.guestId };
}

/** A staff caller of `venueId` (or a super admin): the same account checks as every staff route, tenancy by 404. */
export async function staffActor(c: Context<AppContext>, venueId: string): Promise<Extract<TableActor, { kind: 'staff' }>> {
  await requireStaff(c, async () => {});
  const caller = staffCaller(c);
  const anyVenue = caller.role === 'superadmin' && !caller.impersonatorId;
  if (!anyVenue && caller.restaurantId !== venueId) throw refusal(404, 'table_session_not_found');
  const userId = caller.impersonatorId ?? caller.userId;
  const [user] = await c.get('db').select({ name: users.displayName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { kind: 'staff', userId, name: user?.name || user?.email || 'Staff', role: caller.role };
}

/** A guest, or staff of the session's venue, whoever the token says. */
export async function anyActor(c: Context<AppContext>, venueId: string): Promise<TableActor> {
  const caller = c.get('caller');
  if (!caller) throw unauthorized('No session');
  return caller.kind === 'guest' ? guestActor(c) : staffActor(c, venueId);
}

/** Runs the command in the venue's hub and answers its outcome, or throws its refusal. */
export async function runTableCommand(c: Context<AppContext>, venueId: string, command: TableCommand, actor: TableActor) {
  const outcome = await venueHub(c.env, venueId).tableCommand(venueId, command, actor);
  if (outcome.shard) sendBookmark(c, outcome.shard, outcome.bookmark);
  if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.message, outcome.details);
  if (outcome.audit) await audit(c, venueId, actor, outcome.audit);
  return outcome as Extract<TableOutcome, { ok: true }>;
}

/**
 * Staff actions go to the audit log through the back-office middleware (worker/audit/record.ts); a host removing
 * someone is a guest, whom that middleware does not record, so the entry is written here, naming the host's key.
 */
async function audit(c: Context<AppContext>, venueId: string, actor: TableActor, description: NonNullable<Extract<TableOutcome, { ok: true }>['audit']>) {
  if (actor.kind === 'staff') {
    describeWrite(c, { ...description, restaurantId: venueId });
    return;
  }
  await c.get('db').insert(auditLog).values({
    id: newId(), actorUserId: actor.ownerKey, actingRole: 'table_host', restaurantId: venueId, impersonating: false,
    method: c.req.method, path: new URL(c.req.url).pathname, status: 200, action: description.action,
    targetType: description.targetType, targetId: description.targetId, summary: description.summary,
    before: description.before, after: description.after,
  });
}
