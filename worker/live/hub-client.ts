import { utcDay } from '../analytics';
import type { WorkerEnv } from '../env';
import type { ShardBinding } from '../shards';
import type { EndedSessions, VenueHub } from './venue-hub';

/** An outcome of the hub with the bookmark of the D1 write it made (docs/decisions/150). */
export type Bookmarked<T> = T & { shard: ShardBinding | null; bookmark: string | null };

/**
 * Each venue's hub id, derived from its name once per isolate and namespace rather than hashed again on every
 * request (docs/decisions/270). An id is a plain value, not tied to the request that made it.
 */
const hubIds = new WeakMap<object, Map<string, DurableObjectId>>();
/** Past this many venues the isolate starts its map over. */
const MAX_HUB_IDS = 10_000;

/** The venue's hub, typed for RPC. One Durable Object per venue, named by the venue id. */
export function venueHub(env: WorkerEnv, venueId: string) {
  const namespace = env.VENUE_HUB as unknown as DurableObjectNamespace<VenueHub>;
  let ids = hubIds.get(namespace);
  if (!ids) hubIds.set(namespace, (ids = new Map()));
  let id = ids.get(venueId);
  if (!id) {
    if (ids.size >= MAX_HUB_IDS) ids.clear();
    id = namespace.idFromName(venueId);
    ids.set(venueId, id);
  }
  return namespace.get(id);
}

/**
 * Tells the venue's hub that sessions ended, so their sockets close now rather than at the next
 * event's check (docs/decisions/166). A failure is logged, not raised: the session has ended
 * already, and the hub's own check before every delivery still holds.
 */
export async function closeEndedSockets(env: WorkerEnv, venueId: string | null, ended: EndedSessions) {
  if (!venueId) return;
  try {
    await venueHub(env, venueId).closeEndedSessions(ended);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'could not tell the venue hub about ended sessions', venue_id: venueId, error: String(err) }));
  }
}

/**
 * A change to the venue's orders or AI interactions made outside its hub (an AI suggestion stored, one linked to
 * an order, a refund): the hub recomputes the rollups of the UTC days of `instants` a few seconds later, as after
 * its own placements and status changes (docs/decisions/203). The answer does not wait for it; a failure is logged,
 * and the nightly run recomputes the last two days anyway.
 */
export function touchVenueRollups(env: WorkerEnv, ctx: Pick<ExecutionContext, 'waitUntil'>, venueId: string, instants: readonly string[]) {
  const days = [...new Set(instants.map(utcDay))];
  ctx.waitUntil(venueHub(env, venueId).touchRollupDays(venueId, days).catch((err: unknown) => {
    console.error(JSON.stringify({ level: 'error', message: 'could not mark the venue rollups', venue_id: venueId, error: String(err) }));
  }));
}
