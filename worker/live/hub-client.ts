import type { WorkerEnv } from '../env';
import type { VenueHub } from './venue-hub';

/** The venue's hub, typed for RPC. One Durable Object per venue, named by the venue id. */
export function venueHub(env: WorkerEnv, venueId: string) {
  const namespace = env.VENUE_HUB as unknown as DurableObjectNamespace<VenueHub>;
  return namespace.get(namespace.idFromName(venueId));
}
