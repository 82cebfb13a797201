import type { WorkerEnv } from '../env';
import type { EndedSessions, VenueHub } from './venue-hub';

/** The venue's hub, typed for RPC. One Durable Object per venue, named by the venue id. */
export function venueHub(env: WorkerEnv, venueId: string) {
  const namespace = env.VENUE_HUB as unknown as DurableObjectNamespace<VenueHub>;
  return namespace.get(namespace.idFromName(venueId));
}

/**
 * Tells the venue's hub that sessions ended, so their sockets close now rather than at the next
 * event's check (docs/decisions/106). A failure is logged, not raised: the session has ended
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
